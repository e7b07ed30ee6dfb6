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
import { type LocalServer, startLocalServer } from "../../server";
import { ServiceApi } from "../harness/api";
import { callsDuring } from "../harness/calls";
import { runPulumi, runPulumiOk } from "../harness/process";
import { TestProject } from "../harness/project";
import { leakedSecrets } from "../harness/secrets";

const repoRoot = path.resolve(__dirname, "../../..");
const example = path.join(repoRoot, "examples", "go");
// The toolchain's module and build caches, read-only go.mod: the program builds from its committed go.sum, and after
// the first build of a machine (a minute or more for the Pulumi SDK) each `pulumi` command only relinks it.
const env = {
  ...goEnv("-mod=readonly"),
  PATH: `${path.join(repoRoot, "bin")}${path.delimiter}${process.env.PATH ?? ""}`,
};
let server: LocalServer;
let api: ServiceApi;
let project: TestProject;

beforeAll(async () => {
  server = await startLocalServer({ statusDelayMs: 30, deleteDelayMs: 30, topicDiscoveryDelayMs: 30 });
  api = new ServiceApi(server);
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
  project = await TestProject.fromDirectory(dir, server);
});

afterAll(async () => {
  project?.dispose();
  await server?.close();
});

test("up makes the quickstart's source, destination, pipeline and topic through the plugin", async () => {
  const up = await runPulumiOk(project, ["up", "--yes", "--skip-preview"], env);
  expect(up.stdout).toContain("using pulumi-resource-streamkap from $PATH");
  const outputs = JSON.parse((await runPulumiOk(project, ["stack", "output", "--json"], env)).stdout);
  expect(outputs).toMatchObject({ sourceStatus: "Active" });
  expect([...outputs.pipelineTopics].sort()).toEqual(
    [`source_${outputs.sourceId}.public.customers`, `source_${outputs.sourceId}.public.orders`].sort(),
  );
  const [source] = await api.list<{ id: string; connector: string }>("/sources");
  expect(source).toMatchObject({ id: outputs.sourceId, connector: "postgresql" });
  expect(await api.list("/destinations")).toHaveLength(1);
  expect(await api.list("/pipelines")).toHaveLength(1);
  expect(await api.request("GET", `/topics/${outputs.topicId}?detailed=true`)).toMatchObject({
    kafka: { partitions: { count: 3 } },
  });
  expect(outputs.topicId).toContain(`events-${project.stack.name}`);
  expect(leakedSecrets(project.stateFile(), ["local-demo-password", "local-demo-private-key"])).toEqual([]);
});

test("a second preview shows no change and makes no API call; refresh finds nothing changed", async () => {
  let preview: { code: number | null; stdout: string; stderr: string } = { code: 1, stdout: "", stderr: "" };
  const calls = await callsDuring(server, async () => {
    preview = await runPulumi(project, ["preview", "--json"], env);
  });
  expect(preview).toMatchObject({ code: 0 });
  expect(JSON.parse(preview.stdout).changeSummary).toEqual({ same: 5 });
  expect(calls).toEqual([]);
  const refresh = await runPulumiOk(project, ["refresh", "--yes", "--skip-preview"], env);
  expect(refresh.stdout).not.toContain("changed outside Pulumi");
});

test("destroy leaves nothing on the server", async () => {
  await runPulumiOk(project, ["destroy", "--yes", "--skip-preview"], env);
  expect(await api.list("/sources")).toEqual([]);
  expect(await api.list("/destinations")).toEqual([]);
  expect(await api.list("/pipelines")).toEqual([]);
});

test("a program that does not compile fails with the compiler's message and calls nothing", async () => {
  const main = path.join(project.dir, "main.go");
  fs.writeFileSync(main, fs.readFileSync(main, "utf8").replace("NewPostgresqlSource", "NewPostgresSource"));
  let preview: { code: number | null; stdout: string; stderr: string } = { code: 0, stdout: "", stderr: "" };
  const calls = await callsDuring(server, async () => {
    preview = await runPulumi(project, ["preview"], env);
  });
  expect(preview.code).not.toBe(0);
  expect(preview.stdout + preview.stderr).toMatch(/go build.*failed/);
  expect(preview.stdout + preview.stderr).toContain("undefined: streamkap.NewPostgresSource");
  expect(calls).toEqual([]);
});
