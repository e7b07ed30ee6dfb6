/**
 * The quickstart as a Go program (examples/go), run for real (issue #17): the engine builds it with `go build`
 * through a Go language host (scripts/toolchain.sh provides one) against the generated Go SDK (sdk-gen/go/streamkap)
 * and runs it with the Streamkap provider plugin on PATH, against the local API server. Up, a no-op preview with no
 * API call, refresh, destroy: the same objects as the YAML and TypeScript quickstarts', and nothing left after. A
 * program that does not compile says why.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

import { goEnv, goModulePath, sdkGenDir } from "../../scripts/gen-sdks";
import { startLocalServer } from "../../server";
import { ServiceApi } from "../harness/api";
import { callsDuring } from "../harness/calls";
import { pluginOnPath, runPulumi } from "../harness/process";
import { TestProject } from "../harness/project";
import { quickstartProgramTests, type QuickstartWorld } from "../harness/quickstart-program";

const repoRoot = path.resolve(__dirname, "../../..");
const example = path.join(repoRoot, "examples", "go");
// The toolchain's module and build caches, read-only go.mod: the program builds from its committed go.sum, and after
// the first build of a machine (a minute or more for the Pulumi SDK) each `pulumi` command only relinks it.
const env = {
  ...goEnv("-mod=readonly"),
  ...pluginOnPath,
};
const world = {} as QuickstartWorld;

beforeAll(async () => {
  world.server = await startLocalServer({ statusDelayMs: 30, deleteDelayMs: 30, topicDiscoveryDelayMs: 30 });
  world.api = new ServiceApi(world.server);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-go-"));
  for (const file of ["Pulumi.yaml", "main.go", "go.sum"])
    fs.copyFileSync(path.join(example, file), path.join(dir, file));
  // The example points at the SDK by a path relative to itself; the copy must point at the same directory.
  const goMod = fs.readFileSync(path.join(example, "go.mod"), "utf8");
  const replaced = goMod.replace(
    /=> \.\.\/\.\.\/sdk-gen\/go\/streamkap$/m,
    `=> ${path.join(sdkGenDir, "go", "streamkap")}`,
  );
  if (replaced === goMod) throw new Error(`examples/go/go.mod no longer replaces ${goModulePath} by ../../sdk-gen`);
  fs.writeFileSync(path.join(dir, "go.mod"), replaced);
  world.project = await TestProject.fromDirectory(dir, world.server);
});

afterAll(async () => {
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
