/**
 * The quickstart as a Go program (examples/go), run for real (issue #17): the engine builds it with `go build`
 * through a Go language host (scripts/toolchain.sh provides one) against the generated Go SDK (sdk-gen/go/streamkap)
 * as a user gets it: required at the release's version from a Go module proxy (scripts/go-module-proxy.ts, read
 * through GOPROXY=file://…) rather than by a `replace` of the checkout, and runs it with the Streamkap provider
 * plugin on PATH, against the local API server. Up, a no-op preview with no API call, refresh, destroy: the same objects as the YAML and TypeScript quickstarts', and nothing left after. A
 * program that does not compile says why.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

import { goModulePath, sdkGenDir } from "../../scripts/gen-sdks";
import { writeGoModuleProxy } from "../../scripts/go-module-proxy";
import { packageVersion } from "../../scripts/package-version";
import { startLocalServer } from "../../server";
import { ServiceApi } from "../harness/api";
import { callsDuring } from "../harness/calls";
import { pluginOnPath, runPulumi } from "../harness/process";
import { TestProject } from "../harness/project";
import { schemaExamples } from "../harness/schema-examples";
import { quickstartProgramTests, type QuickstartWorld } from "../harness/quickstart-program";
import { goProjectFromProxy } from "../harness/released-sdks";

// The toolchain's module and build caches, read-only go.mod, the module proxy first: after the first build of a
// machine (a minute or more for the Pulumi SDK) each `pulumi` command only relinks the program.
// Filled in beforeAll; the tests below are declared with this object.
const env: NodeJS.ProcessEnv = {};
const world = {} as QuickstartWorld;
const version = `v${packageVersion()}`;
let proxy: string | undefined;

/** `go` in the project's directory with the test's environment; its output. */
const go = (args: string[]): string =>
  execFileSync("go", args, { cwd: world.project?.dir, env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

beforeAll(async () => {
  world.server = await startLocalServer({ statusDelayMs: 30, deleteDelayMs: 30, topicDiscoveryDelayMs: 30 });
  world.api = new ServiceApi(world.server);
  // The SDK as the release publishes it (scripts/release.ts writes the same proxy).
  proxy = writeGoModuleProxy(
    fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-goproxy-")),
    goModulePath,
    packageVersion(),
    path.join(sdkGenDir, "go", "streamkap"),
  );
  const made = goProjectFromProxy(proxy, packageVersion());
  Object.assign(env, made.env, pluginOnPath);
  world.project = await TestProject.fromDirectory(made.dir, world.server);
});

afterAll(async () => {
  if (proxy) fs.rmSync(proxy, { recursive: true, force: true });
  world.project?.dispose();
  await world.server?.close();
});

quickstartProgramTests(world, {
  env,
  afterUp: (up, outputs) => {
    expect(up.stdout).toContain("using pulumi-resource-streamkap from $PATH");
    expect(outputs.topicId).toContain(`events-${world.project.stack.name}`);
  },
});

test("the program built against the SDK from the module proxy, not the checkout", () => {
  const module = JSON.parse(go(["list", "-m", "-json", goModulePath])) as {
    Version?: string;
    Replace?: unknown;
    Dir?: string;
  };
  expect(module).toMatchObject({ Version: version });
  expect(module.Replace).toBeUndefined();
  expect(module.Dir).toBe(path.join(env.GOMODCACHE as string, `${goModulePath}@${version}`));
  expect(fs.readFileSync(path.join(world.project.dir, "go.sum"), "utf8")).toContain(`${goModulePath} ${version} h1:`);
});

test("a program that does not compile fails with the compiler's message and calls nothing", async () => {
  const main = path.join(world.project.dir, "main.go");
  fs.writeFileSync(main, fs.readFileSync(main, "utf8").replace("NewPostgresqlSource", "NewPostgresSource"));
  let preview: { code: number | null; stdout: string; stderr: string } = { code: 0, stdout: "", stderr: "" };
  const calls = await callsDuring(world.server, async () => {
    preview = await runPulumi(world.project, ["preview"], env);
  });
  expect(preview.code).not.toBe(0);
  expect(preview.stdout + preview.stderr).toMatch(/go build.*failed/);
  expect(preview.stdout + preview.stderr).toContain("undefined: streamkap.NewPostgresSource");
  expect(calls).toEqual([]);
});

test("every Go example of the schema's resources compiles against the SDK from the module proxy", () => {
  const dir = path.join(world.project.dir, "examples");
  for (const [className, programs] of schemaExamples()) {
    fs.mkdirSync(path.join(dir, className.toLowerCase()), { recursive: true });
    fs.writeFileSync(path.join(dir, className.toLowerCase(), "main.go"), programs.go ?? "");
  }
  try {
    // vet type-checks each program as the compiler does, without linking 66 executables.
    expect(go(["vet", "./examples/..."])).toBe("");
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 600_000);
