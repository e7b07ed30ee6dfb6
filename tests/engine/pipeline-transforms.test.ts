/**
 * A pipeline routed through transforms (Terraform's `transforms` and `topic_auto_discovery_transforms`), with the
 * real engine against the local server: the wire items the reference client sends, drift, detaching, offline
 * rules, and the lineage a reviewer sees in the pull-request summary.
 */
import { type LocalServer, startLocalServer } from "../../server";
import { ServiceApi } from "../harness/api";
import { callsDuring, previewCalls } from "../harness/calls";
import { TestProject } from "../harness/project";
import { nodeId, previewJson, prSummary } from "../harness/pr-summary";

interface LivePipeline {
  id: string;
  name: string;
  source: { id: string; name: string; connector: string; topics: string[] };
  destination: { id: string; name: string; connector: string };
  snapshot_new_tables: boolean;
  tags: string[];
  transforms: Array<{ id: string; name: string; start_time: string | null; topic_id: string; topic: string }>;
  topic_auto_discovery_transforms: Array<{ transform_id: string; regex: string }>;
}
interface LiveTransform {
  id: string;
  name: string;
  topic_ids: string[];
  topics: string[];
}

const links = JSON.stringify([{ transform: "clean", topics: ["orders-clean"] }]);
const rules = JSON.stringify([{ transform: "router", regex: "^customers-.*" }]);

let server: LocalServer;
let api: ServiceApi;
let project: TestProject;

beforeAll(async () => {
  server = await startLocalServer({ statusDelayMs: 50, deleteDelayMs: 100 });
  api = new ServiceApi(server);
  project = await TestProject.create("pipeline-transforms", server, { links, rules });
});

afterAll(async () => {
  project?.dispose();
  await server?.close();
});

async function onlyPipeline(): Promise<LivePipeline> {
  const pipelines = await api.list<LivePipeline>("/pipelines");
  expect(pipelines).toHaveLength(1);
  return pipelines[0];
}

async function outputIds(): Promise<{ clean: string; router: string }> {
  const outputs = await project.stack.outputs();
  return { clean: String(outputs.cleanId.value), router: String(outputs.routerId.value) };
}

test("up links the transforms as the reference client does: one item per topic, the transform's own topic id", async () => {
  const result = await project.up();
  expect(result.summary.result).toBe("succeeded");
  const ids = await outputIds();
  const [clean] = (await api.request<{ result: LiveTransform[] }>("GET", `/transforms/${ids.clean}`)).result;
  expect(clean.topics).toEqual(["orders-clean"]);

  const pipeline = await onlyPipeline();
  expect(pipeline.transforms).toEqual([
    {
      id: ids.clean,
      name: clean.name,
      start_time: expect.anything(),
      topic_id: clean.topic_ids[0],
      topic: "orders-clean",
    },
  ]);
  expect(pipeline.transforms[0].topic_id).toMatch(new RegExp(`^transform_${ids.clean}_\\d+\\.orders-clean$`));
  expect(pipeline.topic_auto_discovery_transforms).toEqual([{ transform_id: ids.router, regex: "^customers-.*" }]);
  expect(result.outputs.linked.value).toEqual([{ transformId: ids.clean, topics: ["orders-clean"] }]);
  // Left out of the program: outputs hold what the service decided.
  expect(result.outputs.cleanParallelism.value).toBe(5);
  expect(result.outputs.pipelineTags.value).toEqual(pipeline.tags);
  expect(pipeline.tags).toHaveLength(1);
});

test("a second preview shows no changes and makes no API call", async () => {
  const { changeSummary, calls } = await previewCalls(server, project);
  expect(changeSummary).toEqual({ same: 6 });
  expect(calls).toEqual([]);
});

test("transforms detached in the console are drift: refresh reports it, preview shows it, up attaches them again", async () => {
  const live = await onlyPipeline();
  await api.request("PUT", `/pipelines/${live.id}`, {
    name: live.name,
    source: live.source,
    destination: live.destination,
    snapshot_new_tables: live.snapshot_new_tables,
    tags: live.tags,
    transforms: [],
    topic_auto_discovery_transforms: [],
  });
  const refreshed = await project.refresh();
  expect(refreshed.diagnostics.join("\n")).toMatch(/transforms/);

  const preview = await project.preview();
  const step = preview.steps.find((candidate) => candidate.name === "orders-to-warehouse");
  expect(step?.op).toBe("update");
  expect([...(step?.diffs ?? [])].sort()).toEqual(["topicAutoDiscovery", "transforms"]);

  await project.up();
  const ids = await outputIds();
  const after = await onlyPipeline();
  expect(after.transforms.map((item) => [item.id, item.topic])).toEqual([[ids.clean, "orders-clean"]]);
  expect(after.topic_auto_discovery_transforms).toEqual([{ transform_id: ids.router, regex: "^customers-.*" }]);
});

test("a transform that was never deployed is linked under the source's topic id; its topics read back unchanged", async () => {
  await project.setConfig({
    links: JSON.stringify([
      { transform: "clean", topics: ["orders-clean"] },
      { transform: "router", topics: ["eu.customers", "us.customers"] },
    ]),
  });
  await project.up();
  const ids = await outputIds();
  const pipeline = await onlyPipeline();
  const routed = pipeline.transforms.filter((item) => item.id === ids.router);
  expect(routed.map((item) => [item.topic_id, item.topic])).toEqual([
    [`source_${pipeline.source.id}.eu.customers`, "eu.customers"],
    [`source_${pipeline.source.id}.us.customers`, "us.customers"],
  ]);
  expect((await project.preview()).result.changeSummary).toEqual({ same: 6 });
});

test("leaving the transforms out of the program leaves them attached through an update", async () => {
  await project.setConfig({ snapshotNewTables: "false" });
  await project.removeConfig("links");
  await project.removeConfig("rules");
  await project.up();
  const pipeline = await onlyPipeline();
  expect(pipeline.snapshot_new_tables).toBe(false);
  expect(pipeline.transforms).toHaveLength(3);
  expect(pipeline.topic_auto_discovery_transforms).toHaveLength(1);
});

test("`[]` detaches every transform and removes every rule", async () => {
  await project.setConfig({ links: "none", rules: "none" });
  await project.up();
  const pipeline = await onlyPipeline();
  expect(pipeline.transforms).toEqual([]);
  expect(pipeline.topic_auto_discovery_transforms).toEqual([]);
});

test("the pull-request summary draws source → topic → transform → topic → pipeline → destination", async () => {
  await project.setConfig({ links, rules });
  const summary = await prSummary(await previewJson(project));
  const mermaid = summary.slice(
    summary.indexOf("```mermaid"),
    summary.indexOf("```", summary.indexOf("```mermaid") + 3),
  );
  const transform = nodeId(mermaid, '[/"clean<br/>MapFilterTransform"/]');
  const output = nodeId(mermaid, '(["orders-clean<br/>CREATED"])');
  const pipeline = nodeId(mermaid, '{{"orders-to-warehouse<br/>Pipeline<br/>UPDATED"}}');
  const router = nodeId(mermaid, '[/"router<br/>TopicRouterTransform"/]');
  const discovered = nodeId(mermaid, '(["/^customers-.*/<br/>CREATED"])');
  expect(mermaid).toContain(`${transform} --> ${output}`);
  expect(mermaid).toContain(`${output} --> ${pipeline}`);
  expect(mermaid).toContain(`${router} -.-> ${discovered}`);
  expect(mermaid).toContain(`${discovered} -.-> ${pipeline}`);
});

test("destroy removes the pipeline, its transforms and its ends", async () => {
  await project.destroy();
  expect(await api.list("/pipelines")).toEqual([]);
  expect(await api.list("/transforms")).toEqual([]);
});

test("a topic listed twice and a regex that does not compile fail in preview, naming each, sending nothing", async () => {
  const bad = await TestProject.create("pipeline-transforms", server, {
    links: JSON.stringify([
      { transform: "clean", topics: ["a", "a"] },
      { transform: "clean", topics: ["b"] },
    ]),
    rules: JSON.stringify([{ transform: "router", regex: "customers-(" }]),
  });
  try {
    let failure: { message: string; diagnostics: string[] } | undefined;
    const calls = await callsDuring(server, async () => (failure = await bad.failingPreview()));
    const printed = [failure?.message, ...(failure?.diagnostics ?? [])].join("\n");
    expect(printed).toContain("`transforms[0].topics` lists `a` more than once");
    expect(printed).toContain("`topicAutoDiscovery[0].regex` is not a regular expression");
    expect(calls).toEqual([]);
  } finally {
    bad.dispose();
  }
});
