/**
 * docs/from-terraform.md runs as written: every shell block of the walkthrough not marked "not runnable" runs in
 * order with bash, in a directory holding a state the official provider wrote (the with-credential fixture), as a
 * user's Terraform directory would, against a local server opened on the objects that state names. What the
 * commands need from the user's machine comes from the environment: the API address and credentials (the doc's
 * `<client id>` and `<secret>` placeholders are filled in), a logged-in file backend, and answers yes to Pulumi's
 * prompts (PULUMI_SKIP_CONFIRMATIONS). Two steps differ, and only because this machine is not a user's:
 * `npx pulumi-streamkap` finds this checkout's command, and `npm install` in the TypeScript project links this
 * checkout's node_modules (the package is not on the npm registry from here). The walkthrough's `up`s make no
 * mutating call.
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

import { type LocalServer, startLocalServer } from "../../server";
import { codeBlocks, repoRoot } from "../harness/doc-blocks";

const fixture = path.join(repoRoot, "tests", "fixtures", "terraform", "with-credential");
const doc = fs.readFileSync(path.join(repoRoot, "docs", "from-terraform.md"), "utf8");
const runnable = codeBlocks(doc).filter(
  (block) => block.lang === "sh" && !block.before.startsWith("<!-- not runnable"),
);

let server: LocalServer;
let workDir: string;
let terraformDir: string;

beforeAll(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), "from-terraform-doc-"));
  fs.cpSync(path.join(fixture, "data"), path.join(workDir, "data"), { recursive: true });
  server = await startLocalServer({ dataDir: path.join(workDir, "data"), statusDelayMs: 20, deleteDelayMs: 20 });
  terraformDir = path.join(workDir, "terraform");
  fs.mkdirSync(terraformDir);
  fs.copyFileSync(path.join(fixture, "terraform.tfstate"), path.join(terraformDir, "terraform.tfstate"));
  // `npx pulumi-streamkap` resolves the command from the nearest node_modules/.bin: this checkout's.
  fs.symlinkSync(path.join(repoRoot, "node_modules"), path.join(terraformDir, "node_modules"), "dir");
  fs.mkdirSync(path.join(workDir, "state"));
});

afterAll(async () => {
  await server?.close();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

/** What the user's shell would have: the pulumi CLI and the provider plugin on PATH, a backend, the API. */
function userEnvironment(): NodeJS.ProcessEnv {
  const bin = process.env.PULUMI_STREAMKAP_PULUMI_BIN;
  if (!bin) throw new Error("PULUMI_STREAMKAP_PULUMI_BIN is not set: run the tests with `npm test`");
  return {
    ...process.env,
    PATH: [path.join(repoRoot, "bin"), bin, process.env.PATH ?? ""].join(path.delimiter),
    PULUMI_BACKEND_URL: `file://${path.join(workDir, "state")}`,
    PULUMI_CONFIG_PASSPHRASE: "doc-passphrase",
    PULUMI_HOME: path.join(workDir, "pulumi-home"),
    PULUMI_SKIP_CONFIRMATIONS: "true",
    PULUMI_SKIP_UPDATE_CHECK: "true",
    STREAMKAP_HOST: server.baseUrl,
  };
}

/** The block as this machine runs it: placeholders filled in, and `npm install` linking this checkout's packages. */
function asRunHere(code: string): string {
  return code
    .replace("<client id>", server.clientId)
    .replace("<secret>", server.secret)
    .replace(/^npm install$/m, `ln -s ${JSON.stringify(path.join(repoRoot, "node_modules"))} node_modules`);
}

test("the walkthrough has its steps as shell blocks, and the Terraform-only ones say why they do not run here", () => {
  const commands = runnable.map((block) => block.code).join("\n");
  expect(commands).toContain("npx pulumi-streamkap from-terraform terraform.tfstate --out ./streamkap");
  expect(commands).toContain("pulumi up --stack prod");
  expect(commands).toContain("--language python");
  expect(commands).toContain("--language yaml");
});

/** Runs a block with bash, without blocking the event loop: the local server answers from this process. */
function runBlock(code: string, env: NodeJS.ProcessEnv): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["-euo", "pipefail", "-c", code], { cwd: terraformDir, env });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, output }));
  });
}

test("every runnable block of docs/from-terraform.md succeeds, in order, and no up changes the service", async () => {
  const env = userEnvironment();
  for (const block of runnable) {
    server.resetStats();
    // One shell session, as the user's: what a block exports, the next has; each starts in the Terraform directory.
    const session = path.join(workDir, "session.sh");
    const [file, dir] = [JSON.stringify(session), JSON.stringify(terraformDir)];
    const code = `if [ -f ${file} ]; then . ${file}; fi\ncd ${dir}\n${asRunHere(block.code)}\nexport -p > ${file}`;
    const run = await runBlock(code, env);
    if (run.status !== 0) {
      throw new Error(`docs/from-terraform.md:${block.line} exited ${run.status}:\n${block.code}\n${run.output}`);
    }
    const writes = server
      .stats()
      .calls.filter((call) => call.method !== "GET" && call.path !== "/auth/access-token")
      .map((call) => `${call.method} ${call.path}`);
    expect({ block: block.line, writes }).toEqual({ block: block.line, writes: [] });
  }
  // The walkthrough's projects exist as it says: TypeScript, YAML and Python beside the Terraform state.
  for (const file of ["streamkap/index.ts", "streamkap-yaml/Pulumi.yaml", "streamkap-python/__main__.py"]) {
    expect(fs.existsSync(path.join(terraformDir, file))).toBe(true);
  }
});
