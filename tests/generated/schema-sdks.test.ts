/**
 * schema.json as Pulumi itself reads it (issue #17): Pulumi's schema binder, the code `pulumi package gen-sdk`
 * runs, accepts it, and Pulumi's code generators write SDKs from it for Node.js, Python and Go that compile: the
 * Python files byte-compile and the Go module builds against the Pulumi Go SDK of the CLI's version. The tool is
 * tools/pulumi-cli/cmd/streamkap-schema, built by scripts/toolchain.sh.
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const repoRoot = path.resolve(__dirname, "../../..");
const schema = path.join(repoRoot, "schema.json");
const out = fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-sdks-"));

afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

function tool(): string {
  const bin = process.env.PULUMI_STREAMKAP_SCHEMA_TOOL;
  if (!bin || !fs.existsSync(bin)) {
    throw new Error(
      "streamkap-schema is missing: run the tests with `npm test` on a machine with Go (scripts/toolchain.sh)",
    );
  }
  return bin;
}

/** The Pulumi version the tools are built at (tools/pulumi-cli/go.mod), which the Go SDK must match. */
function pulumiVersion(): string {
  const goMod = fs.readFileSync(path.join(repoRoot, "tools", "pulumi-cli", "go.mod"), "utf8");
  const version = /github\.com\/pulumi\/pulumi\/sdk\/v3 (v[0-9.]+)/.exec(goMod)?.[1];
  if (!version) throw new Error("tools/pulumi-cli/go.mod names no pulumi sdk version");
  return version;
}

test("Pulumi's schema binder accepts schema.json", async () => {
  const { stdout } = await run(tool(), [schema]);
  expect(stdout).toMatch(/^streamkap: 66 resources, \d+ types$/m);
});

test("Pulumi's generators write the Node.js, Python and Go SDKs, one module per resource", async () => {
  const { stdout } = await run(tool(), [schema, out, "nodejs", "python", "go"], { maxBuffer: 16 << 20 });
  expect(stdout).toMatch(/^nodejs: \d+ files$/m);
  expect(fs.existsSync(path.join(out, "nodejs", "kafkaUser.ts"))).toBe(true);
  expect(fs.existsSync(path.join(out, "python", "pulumi_streamkap", "kafka_user.py"))).toBe(true);
  expect(fs.existsSync(path.join(out, "go", "streamkap", "kafkaUser.go"))).toBe(true);
});

test("the Python SDK byte-compiles", async () => {
  const result = await run("python3", ["-m", "compileall", "-q", path.join(out, "python")]).then(
    () => "compiles",
    (error: Error & { stdout?: string; stderr?: string }) => `${error.message}\n${error.stdout}\n${error.stderr}`,
  );
  expect(result).toBe("compiles");
});

test("the Go SDK builds against the Pulumi Go SDK", async () => {
  const module = path.join(out, "go", "streamkap");
  fs.writeFileSync(
    path.join(module, "go.mod"),
    `module github.com/streamkap-com/pulumi-streamkap/sdk-gen/go/streamkap\n\ngo 1.25\n\nrequire github.com/pulumi/pulumi/sdk/v3 ${pulumiVersion()}\n`,
  );
  fs.copyFileSync(path.join(repoRoot, "tools", "pulumi-cli", "go.sum"), path.join(module, "go.sum"));
  const cache = process.env.PULUMI_STREAMKAP_CACHE ?? path.join(os.homedir(), ".cache", "pulumi-streamkap");
  const env = {
    ...process.env,
    GOMODCACHE: path.join(cache, "gomod"),
    GOCACHE: path.join(cache, "gobuild"),
    GOFLAGS: "-mod=mod",
    CGO_ENABLED: "0",
  };
  const result = await run("go", ["build", "./..."], { cwd: module, env, maxBuffer: 16 << 20 }).then(
    () => "builds",
    (error: Error & { stderr?: string }) => `${error.message}\n${error.stderr}`,
  );
  expect(result).toBe("builds");
});
