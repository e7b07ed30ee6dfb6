/**
 * `npm run demo`: the quickstart end to end against the local API server, with the real pulumi CLI.
 * Starts the server, deploys examples/quickstart, shows what now exists on the server, checks that a second
 * preview has nothing to change, destroys everything, checks the server is empty, and stops the server.
 * Nothing is written to the repository: state, stack config and PULUMI_HOME live in a temporary directory.
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

import { startLocalServer, type LocalServer } from "../server";
import { readScriptCommandLine, scriptCommand } from "./script-command-line";

const repoRoot = path.resolve(__dirname, "../..");
const stack = "demo";

function step(message: string): void {
  process.stdout.write(`\n\x1b[1m▶ ${message}\x1b[0m\n`);
}

/**
 * Runs pulumi in the repository root (its Pulumi.yaml is the quickstart); fails the demo when it fails.
 * Asynchronous on purpose: the local API server runs in this process and must keep answering meanwhile.
 */
function pulumi(env: NodeJS.ProcessEnv, args: string[], input?: string): Promise<void> {
  process.stdout.write(`$ pulumi ${args.join(" ")}\n`);
  return new Promise((resolve, reject) => {
    const child = spawn("pulumi", args, { cwd: repoRoot, env, stdio: ["pipe", "inherit", "inherit"] });
    child.stdin.end(input ?? "");
    child.on("error", (error) =>
      reject(new Error(`could not run pulumi (${error.message}); run the demo with \`npm run demo\``)),
    );
    child.on("close", (code) =>
      code === 0 ? resolve() : reject(new Error(`\`pulumi ${args[0]}\` failed with exit code ${code}`)),
    );
  });
}

async function inventory(server: LocalServer): Promise<Record<string, Array<Record<string, unknown>>>> {
  const auth = await fetch(`${server.baseUrl}/auth/access-token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ client_id: server.clientId, secret: server.secret }),
  });
  const { accessToken } = (await auth.json()) as { accessToken: string };
  const get = async (pathname: string): Promise<Array<Record<string, unknown>>> => {
    const answer = await fetch(`${server.baseUrl}${pathname}`, { headers: { authorization: `Bearer ${accessToken}` } });
    return ((await answer.json()) as { result: Array<Record<string, unknown>> }).result;
  };
  return {
    sources: await get("/sources?page_size=100"),
    destinations: await get("/destinations?page_size=100"),
    pipelines: await get("/pipelines?page_size=100"),
    topics: (await get("/topics/details?page_size=100")).filter((topic) => !String(topic.id).startsWith("source_")),
  };
}

function printInventory(objects: Record<string, Array<Record<string, unknown>>>): void {
  for (const [kind, items] of Object.entries(objects)) {
    process.stdout.write(`  ${kind}: ${items.length === 0 ? "none" : ""}\n`);
    for (const item of items) {
      const details = [
        item.connector && `connector=${String(item.connector)}`,
        item.connector_status && `status=${String(item.connector_status)}`,
        item.created_from && `created_from=${String(item.created_from)}`,
        Array.isArray(item.topics) && item.topics.length > 0 && `topics=${item.topics.join(",")}`,
      ].filter(Boolean);
      process.stdout.write(`    - ${String(item.name ?? item.id)} (${details.join(", ")})\n`);
    }
  }
}

async function main(): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-demo-"));
  const configFile = path.join(work, `Pulumi.${stack}.yaml`);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PULUMI_BACKEND_URL: `file://${path.join(work, "state")}`,
    PULUMI_CONFIG_PASSPHRASE: "demo-passphrase",
    PULUMI_HOME: path.join(work, "pulumi-home"),
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
  };
  fs.mkdirSync(path.join(work, "state"));

  step("Starting the local Streamkap API server");
  const server = await startLocalServer({ statusDelayMs: 500, deleteDelayMs: 300 });
  process.stdout.write(`  management API at ${server.baseUrl}, webhooks at ${server.webhookBaseUrl}\n`);
  process.stdout.write(
    `  web console at ${server.consoleUrl} (client id ${server.clientId}, secret ${server.secret})\n`,
  );
  try {
    const withConfig = ["--stack", stack, "--config-file", configFile];
    step("Creating a stack (file backend in a temporary directory, passphrase-encrypted secrets)");
    await pulumi(env, ["stack", "init", stack, "--non-interactive"]);
    await pulumi(env, ["config", "set", "streamkap:endpoint", server.baseUrl, ...withConfig]);
    await pulumi(env, ["config", "set", "streamkap:clientId", server.clientId, ...withConfig]);
    // The secret goes through standard input, never the command line.
    await pulumi(env, ["config", "set", "--secret", "streamkap:secret", ...withConfig], server.secret);

    step("pulumi up: a Postgres source → Snowflake destination pipeline, and a topic");
    await pulumi(env, ["up", "--yes", "--non-interactive", "--skip-preview", ...withConfig]);

    step("What now exists on the server");
    printInventory(await inventory(server));

    step("pulumi preview: the code and the service agree, so nothing may change");
    await pulumi(env, ["preview", "--non-interactive", "--expect-no-changes", ...withConfig]);

    if (keep) {
      step(`Look around: ${server.consoleUrl} (sign in with the client id and secret above)`);
      await pressEnter("Press Enter to destroy the stack and stop the server.");
    }

    step("pulumi destroy");
    await pulumi(env, ["destroy", "--yes", "--non-interactive", "--skip-preview", ...withConfig]);

    step("What is left on the server");
    const left = await inventory(server);
    printInventory(left);
    const remaining = Object.values(left).reduce((count, items) => count + items.length, 0);
    if (remaining > 0) throw new Error(`${remaining} objects are still on the server after destroy`);
  } finally {
    step("Stopping the local API server");
    await server.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
  process.stdout.write("\n\x1b[32mDemo finished: created, verified with a no-change preview, destroyed.\x1b[0m\n");
}

const usage = `Usage: npm run demo -- [options]
  --keep               stop before the destroy: the server stays up, for a look in its web console, until Enter
  --help, --version    this usage; the package's version`;

/** `npm run demo -- --keep`: the server stays up after the preview, for a look in the console, until Enter. */
const keep =
  readScriptCommandLine(scriptCommand("scripts/demo.ts", usage, { keep: { type: "boolean" } })).keep === true;

function pressEnter(prompt: string): Promise<void> {
  process.stdout.write(`  ${prompt}\n`);
  return new Promise((resolve) => {
    process.stdin.resume();
    process.stdin.once("data", () => {
      process.stdin.pause();
      resolve();
    });
    process.stdin.once("end", () => resolve());
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`\n\x1b[31mDemo failed: ${error instanceof Error ? error.message : String(error)}\x1b[0m\n`);
  process.exitCode = 1;
});
