/**
 * The quickstart as a Pulumi YAML program (examples/yaml), run for real (issue #17): the engine runs it through
 * Pulumi YAML's language host and the Streamkap provider plugin the project names by path (`plugins.providers`, so
 * nothing needs to be on PATH), against the local API server. Up, a
 * no-op preview with no API call, refresh, destroy: the same objects as the TypeScript quickstart's, and nothing
 * left after.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

import { type LocalServer, startLocalServer } from "../../server";
import { ServiceApi } from "../harness/api";
import { callsDuring } from "../harness/calls";
import { runPulumi, runPulumiOk } from "../harness/process";
import { TestProject } from "../harness/project";
import { leakedSecrets } from "../harness/secrets";

const repoRoot = path.resolve(__dirname, "../../..");
let server: LocalServer;
let api: ServiceApi;
let project: TestProject;

beforeAll(async () => {
  server = await startLocalServer({ statusDelayMs: 30, deleteDelayMs: 30, topicDiscoveryDelayMs: 30 });
  api = new ServiceApi(server);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-yaml-"));
  const program = fs.readFileSync(path.join(repoRoot, "examples", "yaml", "Pulumi.yaml"), "utf8");
  const pluginPath = "      path: ../../bin\n";
  if (!program.includes(pluginPath)) throw new Error("examples/yaml/Pulumi.yaml no longer names the plugin's path");
  fs.writeFileSync(
    path.join(dir, "Pulumi.yaml"),
    program.replace(pluginPath, `      path: ${path.join(repoRoot, "bin")}\n`),
  );
  project = await TestProject.fromDirectory(dir, server);
});

afterAll(async () => {
  project?.dispose();
  await server?.close();
});

test("up makes the quickstart's source, destination, pipeline and topic through the plugin", async () => {
  const up = await runPulumiOk(project, ["up", "--yes", "--skip-preview"]);
  expect(up.stdout).not.toContain("pulumi-resource-streamkap from $PATH");
  const outputs = JSON.parse((await runPulumiOk(project, ["stack", "output", "--json"])).stdout);
  expect(outputs).toMatchObject({ sourceStatus: "Active" });
  expect([...outputs.pipelineTopics].sort()).toEqual(
    [`source_${outputs.sourceId}.public.customers`, `source_${outputs.sourceId}.public.orders`].sort(),
  );
  const [source] = await api.list<{ id: string; connector: string }>("/sources");
  expect(source).toMatchObject({ id: outputs.sourceId, connector: "postgresql" });
  expect(await api.list("/destinations")).toHaveLength(1);
  expect(await api.request("GET", `/topics/${outputs.topicId}?detailed=true`)).toMatchObject({
    kafka: { partitions: { count: 3 } },
  });
  expect(leakedSecrets(project.stateFile(), ["local-demo-password", "local-demo-private-key"])).toEqual([]);
});

test("a second preview shows no change and makes no API call; refresh finds nothing changed", async () => {
  let preview: { code: number | null; stdout: string } = { code: 1, stdout: "" };
  const calls = await callsDuring(server, async () => {
    preview = await runPulumi(project, ["preview", "--json"]);
  });
  expect(preview.code).toBe(0);
  expect(JSON.parse(preview.stdout).changeSummary).toEqual({ same: 5 });
  expect(calls).toEqual([]);
  const refresh = await runPulumiOk(project, ["refresh", "--yes", "--skip-preview"]);
  expect(refresh.stdout).not.toContain("changed outside Pulumi");
});

test("destroy leaves nothing on the server", async () => {
  await runPulumiOk(project, ["destroy", "--yes", "--skip-preview"]);
  expect(await api.list("/sources")).toEqual([]);
  expect(await api.list("/destinations")).toEqual([]);
  expect(await api.list("/pipelines")).toEqual([]);
});
