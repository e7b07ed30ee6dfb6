/**
 * sdk-gen/, the provider plugin's SDKs (issue #17), as Pulumi itself makes and reads them: Pulumi's schema binder (the
 * code `pulumi package gen-sdk` runs) accepts schema.json; the committed Node.js, Python, Go and .NET SDKs are exactly
 * what Pulumi's generators make from it today (`npm run generate`; the Node.js classes register with stack traces
 * off, the one change made to the generators' output: scripts/quiet-registration.ts); and each but .NET compiles: the TypeScript
 * type-checks, the Python byte-compiles, the Go module builds against the Pulumi Go SDK with the go.sum it carries.
 * (No .NET toolchain is reachable from this project's machines, so the C# is generated, not compiled.)
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";

import { generatedFiles, generateSdks, goEnv, pulumiGoVersion, schemaTool, sdkGenDir } from "../../scripts/gen-sdks";

const run = promisify(execFile);
const repoRoot = path.resolve(__dirname, "../../..");
const regenerate = "Run `npm run generate` and commit schema.json and sdk-gen/.";
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-sdk-gen-"));

afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** What a failed command printed, or `ok`. */
async function outcome(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  return run(command, args, { ...options, maxBuffer: 16 << 20 }).then(
    () => "ok",
    (error: Error & { stdout?: string; stderr?: string }) => `${error.message}\n${error.stdout}\n${error.stderr}`,
  );
}

test("Pulumi's schema binder accepts schema.json", async () => {
  const { stdout } = await run(schemaTool(), [path.join(repoRoot, "schema.json")]);
  expect(stdout).toMatch(/^streamkap: 66 resources, \d+ types$/m);
});

test("sdk-gen/ holds exactly what Pulumi's generators make from schema.json today", () => {
  const fresh = path.join(scratch, "fresh");
  generateSdks(fresh);
  // go.mod and go.sum are `go mod tidy`'s; the build below holds them to the code.
  const compared = (dir: string) => generatedFiles(dir).filter((file) => !file.endsWith("go.mod"));
  expect({ files: compared(sdkGenDir), fix: regenerate }).toEqual({ files: compared(fresh), fix: regenerate });
  const stale = compared(fresh).filter(
    (file) => !fs.readFileSync(path.join(fresh, file)).equals(fs.readFileSync(path.join(sdkGenDir, file))),
  );
  expect({ stale, fix: regenerate }).toEqual({ stale: [], fix: regenerate });
  expect(fs.existsSync(path.join(sdkGenDir, "python", "pulumi_streamkap", "kafka_user.py"))).toBe(true);
  expect(fs.existsSync(path.join(sdkGenDir, "go", "streamkap", "kafkaUser.go"))).toBe(true);
  expect(fs.readFileSync(path.join(sdkGenDir, "dotnet", "KafkaUser.cs"), "utf8")).toContain(
    "public partial class KafkaUser : global::Pulumi.CustomResource",
  );
});

test("the Node.js SDK type-checks", async () => {
  const tsc = path.join(repoRoot, "node_modules", "typescript", "bin", "tsc");
  expect(await outcome(process.execPath, [tsc, "--noEmit", "-p", path.join(sdkGenDir, "nodejs")])).toBe("ok");
});

test("the Python SDK byte-compiles", async () => {
  const env = { ...process.env, PYTHONPYCACHEPREFIX: path.join(scratch, "pycache") };
  expect(await outcome("python3", ["-m", "compileall", "-q", path.join(sdkGenDir, "python")], { env })).toBe("ok");
});

test("the Go SDK builds against the Pulumi Go SDK of the CLI's version, with the go.sum it carries", async () => {
  const module = path.join(sdkGenDir, "go", "streamkap");
  expect(fs.readFileSync(path.join(module, "go.mod"), "utf8")).toContain(
    `github.com/pulumi/pulumi/sdk/v3 ${pulumiGoVersion()}`,
  );
  expect(await outcome("go", ["build", "./..."], { cwd: module, env: goEnv("-mod=readonly") })).toBe("ok");
});
