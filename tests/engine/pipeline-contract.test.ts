/**
 * The pipeline over the real contract (audit rows 18, 20, 21, S9, B7, B8, V18), with the real Pulumi engine against
 * the local server. A relay in front of the server notes the request lines, to hold them against the URLs the
 * reference client sends (TF internal/api/pipeline.go:84,199,225).
 */
import { type LocalServer, startLocalServer } from "../../server";
import { ServiceApi } from "../harness/api";
import { TestProject } from "../harness/project";
import { type RequestRecorder, startRecorder } from "../harness/recorder";

type Live = Record<string, unknown> & { id: string; name: string };
interface LivePipeline extends Live {
  source: { id: string; name: string; connector: string; topics: string[] };
  destination: { id: string; name: string; connector: string };
  topic_ids: string[];
  tags: string[];
  snapshot_new_tables: boolean;
  transforms: Array<Record<string, unknown>>;
  topic_auto_discovery_transforms: Array<Record<string, unknown>>;
}

const writeQuery = "?secret_returned=true&wait=false";

let server: LocalServer;
let recorder: RequestRecorder;
let api: ServiceApi;
let project: TestProject;
let tags: Record<string, string>;

beforeAll(async () => {
  // Deletes linger long enough that a client which does not wait for them trips over the pipeline's name.
  server = await startLocalServer({ statusDelayMs: 50, deleteDelayMs: 1_000 });
  recorder = await startRecorder(server.baseUrl);
  api = new ServiceApi(server);
  project = await TestProject.create(
    "pipeline",
    { ...server, baseUrl: recorder.baseUrl },
    {
      pipelineTopics: "public.orders",
      pipelineName: "orders-pipe",
    },
  );
  const answer = await api.request<{ tags: Array<{ id: string; name: string }> }>("GET", "/tags");
  tags = Object.fromEntries(answer.tags.map((tag) => [tag.name, tag.id]));
});

afterAll(async () => {
  project?.dispose();
  await recorder?.close();
  await server?.close();
});

async function onlyPipeline(): Promise<LivePipeline> {
  const pipelines = await api.list<LivePipeline>("/pipelines");
  expect(pipelines).toHaveLength(1);
  return pipelines[0];
}

/** What someone changes in the console: the pipeline as it is, with `change` over it. */
async function editInConsole(change: Record<string, unknown>): Promise<void> {
  const live = await onlyPipeline();
  await api.request("PUT", `/pipelines/${live.id}`, {
    name: live.name,
    source: {
      id: live.source.id,
      name: live.source.name,
      connector: live.source.connector,
      topics: live.source.topics,
    },
    destination: { id: live.destination.id, name: live.destination.name, connector: live.destination.connector },
    snapshot_new_tables: live.snapshot_new_tables,
    tags: live.tags,
    transforms: live.transforms,
    topic_auto_discovery_transforms: live.topic_auto_discovery_transforms,
    ...change,
  });
}

test("18: up creates the pipeline with its topics by table name, sent with secret_returned=true&wait=false", async () => {
  recorder.reset();
  const result = await project.up();
  expect(result.summary.result).toBe("succeeded");
  expect(recorder.lines).toContain(`POST /pipelines${writeQuery}`);

  const pipeline = await onlyPipeline();
  expect(pipeline.source.topics).toEqual(["public.orders"]);
  expect(pipeline.topic_ids).toEqual([`source_${pipeline.source.id}.public.orders`]);
  expect(result.outputs.pipelineTopicNames.value).toEqual(["public.orders"]);
  expect((await project.preview()).result.changeSummary).toEqual({ same: 5 });
});

test("B8: a pipeline created without tags has the Development tag", async () => {
  expect((await onlyPipeline()).tags).toEqual([tags.Development]);
});

test("B8: tags set in the console stay through an up that changes the pipeline", async () => {
  await editInConsole({ tags: [tags.Production] });
  await project.setConfig({ snapshotNewTables: "true" });
  recorder.reset();
  await project.up();

  const pipeline = await onlyPipeline();
  expect(recorder.lines).toContain(`PUT /pipelines/${pipeline.id}${writeQuery}`);
  expect(pipeline).toMatchObject({ snapshot_new_tables: true, tags: [tags.Production] });
  expect((await project.preview()).result.changeSummary).toEqual({ same: 5 });
});

test("20: transforms attached in the console stay through an up that changes the pipeline", async () => {
  const transform = await api.request<Live>("POST", "/transforms", {
    transform: "map_filter",
    config: {
      "transforms.name": "clean-orders",
      "transforms.input.topic.pattern": "orders.*",
      "transforms.output.topic.pattern": "clean.$1",
      "transforms.input.serialization.format": "Any",
    },
  });
  const { source } = await onlyPipeline();
  const item = {
    id: transform.id,
    name: transform.name,
    start_time: null,
    topic_id: `source_${source.id}.public.orders`,
    topic: "public.orders",
  };
  const rule = { transform_id: transform.id, regex: "clean\\..*" };
  await editInConsole({ transforms: [item], topic_auto_discovery_transforms: [rule] });

  await project.setConfig({ snapshotNewTables: "false" });
  await project.up();
  expect(await onlyPipeline()).toMatchObject({
    snapshot_new_tables: false,
    transforms: [item],
    topic_auto_discovery_transforms: [rule],
  });
});

test("S9: topics written as full topic ids reach the service as table names", async () => {
  await project.setConfig({ topicsAsIds: "true", pipelineTopics: "public.orders,public.customers" });
  const result = await project.up();
  expect(result.summary.result).toBe("succeeded");
  const pipeline = await onlyPipeline();
  expect(pipeline.source.topics).toEqual(["public.orders", "public.customers"]);
  expect(result.outputs.pipelineTopicNames.value).toEqual(["public.orders", "public.customers"]);
  expect((await project.preview()).result.changeSummary).toEqual({ same: 5 });
});

test("21, B7: a replacement under the same name deletes the old pipeline with wait=false and waits until it is gone", async () => {
  const before = await onlyPipeline();
  await project.setConfig({ pipelineDestination: "lake" });
  recorder.reset();
  const result = await project.up();
  expect(result.summary.result).toBe("succeeded");

  const after = await onlyPipeline();
  expect(after.id).not.toBe(before.id);
  expect(after.name).toBe(before.name);
  const lines = recorder.lines;
  const deleted = lines.indexOf(`DELETE /pipelines/${before.id}${writeQuery}`);
  const created = lines.indexOf(`POST /pipelines${writeQuery}`);
  expect(deleted).toBeGreaterThanOrEqual(0);
  expect(created).toBeGreaterThan(deleted);
  // In between, the old pipeline was read until the service no longer had it.
  expect(lines.slice(deleted, created)).toContain(`GET /pipelines/${before.id}`);
});

test("V18: destroy takes the pipeline down before its source and destinations, waiting out its teardown", async () => {
  await project.destroy();
  expect(await api.list("/pipelines")).toEqual([]);
  expect(await api.list("/sources")).toEqual([]);
  expect(await api.list("/destinations")).toEqual([]);
});
