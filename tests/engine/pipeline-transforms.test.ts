/**
 * A pipeline routed through transforms (Terraform's `transforms` and `topic_auto_discovery_transforms`), with the
 * real engine against the local server: the wire items the reference client sends, drift, detaching, offline
 * rules, and the lineage a reviewer sees in the pull-request summary.
 */
import { callsDuring, previewCalls } from "../harness/calls";
import { TestProject } from "../harness/project";
import { scenario } from "../harness/scenario";
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

const world = scenario("pipeline-transforms", {
  server: { statusDelayMs: 50, deleteDelayMs: 100 },
  config: { links, rules },
});

async function onlyPipeline(): Promise<LivePipeline> {
  const pipelines = await world.api.list<LivePipeline>("/pipelines");
  expect(pipelines).toHaveLength(1);
  return pipelines[0];
}

async function outputIds(): Promise<{ clean: string; router: string }> {
  const outputs = await world.project.stack.outputs();
  return { clean: String(outputs.cleanId.value), router: String(outputs.routerId.value) };
}

test("up links the transforms as the reference client does: one item per topic, the transform's own topic id", async () => {
  const result = await world.project.up();
  expect(result.summary.result).toBe("succeeded");
  const ids = await outputIds();
  const [clean] = (await world.api.request<{ result: LiveTransform[] }>("GET", `/transforms/${ids.clean}`)).result;
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
  const { changeSummary, calls } = await previewCalls(world.server, world.project);
  expect(changeSummary).toEqual({ same: 6 });
  expect(calls).toEqual([]);
});

test("transforms detached in the console are drift: refresh reports it, preview shows it, up attaches them again", async () => {
  const live = await onlyPipeline();
  await world.api.request("PUT", `/pipelines/${live.id}`, {
    name: live.name,
    source: live.source,
    destination: live.destination,
    snapshot_new_tables: live.snapshot_new_tables,
    tags: live.tags,
    transforms: [],
    topic_auto_discovery_transforms: [],
  });
  const refreshed = await world.project.refresh();
  expect(refreshed.diagnostics.join("\n")).toMatch(/transforms/);

  const preview = await world.project.preview();
  const step = preview.steps.find((candidate) => candidate.name === "orders-to-warehouse");
  expect(step?.op).toBe("update");
  expect([...(step?.diffs ?? [])].sort()).toEqual(["topicAutoDiscovery", "transforms"]);

  await world.project.up();
  const ids = await outputIds();
  const after = await onlyPipeline();
  expect(after.transforms.map((item) => [item.id, item.topic])).toEqual([[ids.clean, "orders-clean"]]);
  expect(after.topic_auto_discovery_transforms).toEqual([{ transform_id: ids.router, regex: "^customers-.*" }]);
});

test("a transform that was never deployed is linked under the source's topic id; its topics read back unchanged", async () => {
  await world.project.setConfig({
    links: JSON.stringify([
      { transform: "clean", topics: ["orders-clean"] },
      { transform: "router", topics: ["eu.customers", "us.customers"] },
    ]),
  });
  await world.project.up();
  const ids = await outputIds();
  const pipeline = await onlyPipeline();
  const routed = pipeline.transforms.filter((item) => item.id === ids.router);
  expect(routed.map((item) => [item.topic_id, item.topic])).toEqual([
    [`source_${pipeline.source.id}.eu.customers`, "eu.customers"],
    [`source_${pipeline.source.id}.us.customers`, "us.customers"],
  ]);
  expect((await world.project.preview()).result.changeSummary).toEqual({ same: 6 });
});

test("leaving the transforms out of the program leaves them attached through an update", async () => {
  await world.project.setConfig({ snapshotNewTables: "false" });
  await world.project.removeConfig("links");
  await world.project.removeConfig("rules");
  await world.project.up();
  const pipeline = await onlyPipeline();
  expect(pipeline.snapshot_new_tables).toBe(false);
  expect(pipeline.transforms).toHaveLength(3);
  expect(pipeline.topic_auto_discovery_transforms).toHaveLength(1);
});

test("`[]` detaches every transform and removes every rule", async () => {
  await world.project.setConfig({ links: "none", rules: "none" });
  await world.project.up();
  const pipeline = await onlyPipeline();
  expect(pipeline.transforms).toEqual([]);
  expect(pipeline.topic_auto_discovery_transforms).toEqual([]);
});

test("the pull-request summary draws source → topic → transform → topic → pipeline → destination", async () => {
  await world.project.setConfig({ links, rules });
  const summary = await prSummary(await previewJson(world.project));
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
  await world.project.destroy();
  expect(await world.api.list("/pipelines")).toEqual([]);
  expect(await world.api.list("/transforms")).toEqual([]);
});

test("a topic listed twice and a regex that does not compile fail in preview, naming each, sending nothing", async () => {
  const bad = await TestProject.create("pipeline-transforms", world.server, {
    links: JSON.stringify([
      { transform: "clean", topics: ["a", "a"] },
      { transform: "clean", topics: ["b"] },
    ]),
    rules: JSON.stringify([{ transform: "router", regex: "customers-(" }]),
  });
  try {
    let failure: { message: string; diagnostics: string[] } | undefined;
    const calls = await callsDuring(world.server, async () => (failure = await bad.failingPreview()));
    const printed = [failure?.message, ...(failure?.diagnostics ?? [])].join("\n");
    expect(printed).toContain("`transforms[0].topics` lists `a` more than once");
    expect(printed).toContain("`topicAutoDiscovery[0].regex` is not a regular expression");
    expect(calls).toEqual([]);
  } finally {
    bad.dispose();
  }
});
