/**
 * sdk-gen/, the provider plugin's SDKs (issue #17), as Pulumi itself makes and reads them: Pulumi's schema binder (the
 * code `pulumi package gen-sdk` runs) accepts schema.json; the committed Node.js, Python, Go and .NET SDKs are exactly
 * what Pulumi's generators make from it today (`npm run generate`; the Node.js classes register with stack traces
 * off, the one change made to the generators' output: scripts/quiet-registration.ts); and each but .NET compiles: the TypeScript
 * type-checks, the Python byte-compiles, the Go module builds against the Pulumi Go SDK with the go.sum it carries.
 * (No .NET toolchain is reachable from this project's machines, so the C# is generated, not compiled.) Every
 * resource carries its example in the five languages of the Registry, and the TypeScript ones type-check against
 * the Node.js SDK (the other languages' are run in python-program, go-program and yaml-program.test.ts).
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";

import { exampleLanguages } from "../../scripts/gen-schema/examples";
import { generatedFiles, generateSdks, goEnv, pulumiGoVersion, schemaTool, sdkGenDir } from "../../scripts/gen-sdks";
import { schemaExamples } from "../harness/schema-examples";

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

test("every resource's description carries its example in TypeScript, Python, Go, C# and YAML", () => {
  const examples = schemaExamples();
  expect(examples.size).toBe(66);
  const missing = [...examples].flatMap(([className, programs]) =>
    exampleLanguages
      .filter(({ language }) => programs[language] === undefined)
      .map(({ language }) => `${className}: ${language}`),
  );
  expect(missing).toEqual([]);
  // The C# names the package's classes in full: the generator's alias of the namespace's last part, `Pulumi`, would
  // clash with Pulumi's own namespace.
  expect(examples.get("Pipeline")?.csharp).toContain('new Streamkap.Pulumi.Pipeline("ordersToWarehouse"');
  expect([...examples.values()].filter((programs) => programs.csharp?.includes("using Pulumi = "))).toEqual([]);
});

test("every TypeScript example type-checks against the Node.js SDK as a program of its own", async () => {
  const dir = path.join(scratch, "typescript-examples");
  fs.mkdirSync(dir, { recursive: true });
  const files: string[] = [];
  for (const [className, programs] of schemaExamples()) {
    fs.writeFileSync(path.join(dir, `${className}.ts`), programs.typescript ?? "");
    files.push(`${className}.ts`);
  }
  // Each file a module of its own, @streamkap/pulumi the SDK's sources, everything else from this checkout.
  fs.symlinkSync(path.join(repoRoot, "node_modules"), path.join(dir, "node_modules"), "dir");
  const compilerOptions = {
    strict: true,
    noEmit: true,
    target: "ES2022",
    module: "nodenext",
    moduleResolution: "nodenext",
    moduleDetection: "force",
    skipLibCheck: true,
    types: ["node"],
    paths: { "@streamkap/pulumi": [path.join(sdkGenDir, "nodejs", "index.ts")] },
  };
  fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions, files }));
  const tsc = path.join(repoRoot, "node_modules", "typescript", "bin", "tsc");
  expect(await outcome(process.execPath, [tsc, "-p", dir])).toBe("ok");
});
