/**
 * `pulumi-streamkap export` as a command: its flags, what it says when credentials are missing or wrong, that it
 * never overwrites an earlier export's stack file by accident, and what it prints while and after it reads.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

import { parseExportArgs } from "../../cli/export/args";
import { type ExportIo, runExportCommand } from "../../cli/export/command";
import { type LocalServer, startLocalServer } from "../../server";

let server: LocalServer;
const dirs: string[] = [];

beforeAll(async () => {
  server = await startLocalServer({ statusDelayMs: 10 });
});

afterAll(async () => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  await server?.close();
});

function outDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-export-command-"));
  dirs.push(dir);
  return path.join(dir, "infra");
}

/** Runs the command in-process, collecting what it prints. */
async function run(argv: string[], env: NodeJS.ProcessEnv, interactive = false) {
  const printed = { stdout: "", stderr: "" };
  const io: ExportIo = {
    stdout: (text) => (printed.stdout += text),
    stderr: (text) => (printed.stderr += text),
    interactive,
    env,
  };
  await runExportCommand(argv, io);
  return printed;
}

const credentials = (): NodeJS.ProcessEnv => ({
  STREAMKAP_HOST: server.baseUrl,
  STREAMKAP_CLIENT_ID: server.clientId,
  STREAMKAP_SECRET: server.secret,
});

test("flags: defaults, and a secret is never taken from the command line", () => {
  expect(parseExportArgs(["--out", "./infra/streamkap prod"])).toEqual({
    out: "./infra/streamkap prod",
    prefix: "",
    adopt: false,
    stack: "dev",
    project: "streamkap-prod",
    endpoint: undefined,
    clientId: undefined,
    force: false,
  });
  expect(
    parseExportArgs(["--out=x", "--prefix", "prod-", "--adopt", "--stack=prod", "--client-id", "c"]),
  ).toMatchObject({ out: "x", prefix: "prod-", adopt: true, stack: "prod", clientId: "c" });
  expect(() => parseExportArgs(["--out", "x", "--secret", "s3cr3t"])).toThrow(/read only from STREAMKAP_SECRET/);
  expect(() => parseExportArgs(["--prefix", "p"])).toThrow(/--out DIR is required/);
  expect(() => parseExportArgs(["--out", "x", "--stack", "a b"])).toThrow(/--stack must be a stack name/);
  expect(parseExportArgs(["--help"])).toBe("help");
});

test("without credentials it says which environment variables to set", async () => {
  await expect(run(["--out", outDir()], {})).rejects.toThrow(
    /set STREAMKAP_CLIENT_ID \(or --client-id\) and STREAMKAP_SECRET, or STREAMKAP_PROJECT_KEY/,
  );
});

test("refused credentials: the error names what was being read and the call", async () => {
  const env = { ...credentials(), STREAMKAP_SECRET: "not-the-secret" };
  await expect(run(["--out", outDir()], env)).rejects.toThrow(
    /export could not read the service's tags: The service refused the credentials \(POST \/auth\/access-token answered 401/,
  );
});

test("it never overwrites an earlier export unless told to, and says so before reading anything", async () => {
  const out = outDir();
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, "Pulumi.dev.yaml"), "encryptionsalt: keep-me\n");
  server.resetStats();
  await expect(run(["--out", out], credentials())).rejects.toThrow(
    /already holds Pulumi\.dev\.yaml; write into an empty directory, or pass --force/,
  );
  expect(server.stats().calls).toEqual([]);
  expect(fs.readFileSync(path.join(out, "Pulumi.dev.yaml"), "utf8")).toBe("encryptionsalt: keep-me\n");

  await run(["--out", out, "--force"], credentials());
  expect(fs.readFileSync(path.join(out, "Pulumi.dev.yaml"), "utf8")).toContain("infra:namePrefix");
});

test("progress goes to stderr, one line per kind (rewritten in place on a terminal); the result to stdout", async () => {
  const plain = await run(["--out", outDir()], credentials());
  expect(plain.stderr).toBe(
    ["tags… 2", "topics… 0", "sources… 0", "destinations… 0", "transforms… 0", "pipelines… 0", "Kafka users… 0", ""]
      .map((line) => (line ? `reading ${line}` : ""))
      .join("\n"),
  );
  expect(plain.stdout).toMatch(/^Wrote a Pulumi program with 0 resources to .*infra/);
  expect(plain.stdout).toContain("pulumi config set --secret streamkap:secret '<the API client secret>'");

  const terminal = await run(["--out", outDir()], credentials(), true);
  expect(terminal.stderr.startsWith("\rreading tags… 2\n\rreading topics… 0\n")).toBe(true);
});
