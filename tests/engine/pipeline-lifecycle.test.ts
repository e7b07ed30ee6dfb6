/**
 * The walking skeleton, end to end with the real Pulumi engine against the local API server over HTTP:
 * a Postgres source → Snowflake destination pipeline with a topic.
 */
import { callsDuring, previewCalls } from "../harness/calls";
import { TestProject } from "../harness/project";
import { scenario } from "../harness/scenario";
import { leakedSecrets } from "../harness/secrets";

type Live = Record<string, unknown> & { id: string; name: string; config: Record<string, unknown> };

const world = scenario("pipeline", { server: { statusDelayMs: 50, deleteDelayMs: 200 } });

test("up creates the source, destination, pipeline and topic, each sent with created_from", async () => {
  const result = await world.project.up();
  expect(result.summary.result).toBe("succeeded");

  const sources = await world.api.list<Live>("/sources");
  const destinations = await world.api.list<Live>("/destinations");
  const pipelines = await world.api.list<Live>("/pipelines");
  expect(sources).toHaveLength(1);
  expect(destinations).toHaveLength(1);
  expect(pipelines).toHaveLength(1);
  expect(sources[0]).toMatchObject({ connector: "postgresql" });
  expect(destinations[0]).toMatchObject({ connector: "snowflake" });
  expect(await world.api.createdFrom("/sources", sources[0].id)).toBe("api");
  expect(await world.api.createdFrom("/destinations", destinations[0].id)).toBe("api");
  // No answer carries `created_from` (audit S22); the server's request log shows what the create sent.
  const log = await world.api.request<{ requests: { method: string; path: string; bodyKeys: string[][] }[] }>(
    "GET",
    "/_local/requests",
  );
  const pipelineCreate = log.requests.find((request) => request.method === "POST" && request.path === "/pipelines");
  expect(pipelineCreate?.bodyKeys).toContainEqual(["created_from"]);
  expect(pipelines[0]).toMatchObject({
    source: { id: sources[0].id },
    destination: { id: destinations[0].id },
  });
  expect(sources[0].name).toMatch(/^orders-db-[a-z0-9]{7}$/);

  const topic = await world.api.request<Record<string, unknown>>(
    "GET",
    `/topics/${encodeURIComponent(String(result.outputs.topicId.value))}`,
  );
  expect(JSON.stringify(topic)).toContain('"events"');
  expect(result.outputs.pipelineTopicIds.value).toEqual([
    `source_${sources[0].id}.public.orders`,
    `source_${sources[0].id}.public.customers`,
  ]);
});

test("no secret reaches the state file in plaintext", async () => {
  const state = world.project.stateFile();
  expect(state).toContain("database.password"); // the key is there; only its value is encrypted
  expect(leakedSecrets(state, ["fixture-db-password-7f3a", "fixture-private-key-91c2", world.server.secret])).toEqual(
    [],
  );
});

test("a second preview shows no changes and makes no API call", async () => {
  const { changeSummary, calls } = await previewCalls(world.server, world.project);
  expect(changeSummary).toEqual({ same: 5 });
  expect(calls).toEqual([]);
});

test("changing one config value previews as an update of that property and applies it", async () => {
  await world.project.setConfig({ port: "6543" });
  const preview = await world.project.preview();
  const step = preview.steps.find((candidate) => candidate.name === "orders-db");
  expect(step).toMatchObject({ op: "update", diffs: ["config"] });
  expect(Object.keys(step?.detailedDiff ?? {})).toEqual([expect.stringContaining("database.port.user.defined")]);
  expect(preview.result.changeSummary).toEqual({ same: 4, update: 1 });

  await world.project.up();
  const [source] = await world.api.list<Live>("/sources");
  expect(source.config["database.port.user.defined"]).toBe("6543");
});

test("changing the connector type previews as a replace and applies it with no duplicate", async () => {
  const before = (await world.api.list<Live>("/sources"))[0];
  await world.project.setConfig({ sourceConnector: "mysql" });
  const preview = await world.project.preview();
  const step = preview.steps.find((candidate) => candidate.name === "orders-db" && candidate.op === "replace");
  expect(step?.replaceKeys).toContain("connector");

  await world.project.up();
  const sources = await world.api.list<Live>("/sources");
  expect(sources).toHaveLength(1);
  expect(sources[0]).toMatchObject({ connector: "mysql" });
  expect(sources[0].id).not.toBe(before.id);
  const [pipeline] = await world.api.list<Live>("/pipelines");
  expect(pipeline).toMatchObject({ source: { id: sources[0].id } });
});

test("a replacement that keeps a fixed name deletes the old source first", async () => {
  await world.project.setConfig({ sourceName: "orders-fixed" });
  await world.project.up();
  await world.project.setConfig({ sourceConnector: "postgresql" });
  await world.project.up();

  const sources = await world.api.list<Live>("/sources");
  expect(sources).toHaveLength(1);
  expect(sources[0]).toMatchObject({ name: "orders-fixed", connector: "postgresql" });
  expect((await world.project.preview()).result.changeSummary).toEqual({ same: 5 });
});

test("destroy leaves the server empty", async () => {
  const topicIds = (await world.project.stack.outputs()).topicId.value as string;
  await world.project.destroy();
  expect(await world.api.list("/sources")).toEqual([]);
  expect(await world.api.list("/destinations")).toEqual([]);
  expect(await world.api.list("/pipelines")).toEqual([]);
  await expect(world.api.request("GET", `/topics/${encodeURIComponent(topicIds)}`)).rejects.toThrow(/404/);
});

test("a missing required field fails in preview, names the field, and sends nothing", async () => {
  const bad = await TestProject.create("pipeline", world.server, { omitKey: "database.user" });
  try {
    let failure: { message: string; diagnostics: string[] } | undefined;
    const calls = await callsDuring(world.server, async () => (failure = await bad.failingPreview()));
    const printed = [failure?.message, ...(failure?.diagnostics ?? [])].join("\n");
    expect(printed).toContain('`config["database.user"]` is required by the postgresql source connector');
    expect(printed).not.toContain("fixture-db-password-7f3a");
    expect(calls).toEqual([]);
  } finally {
    bad.dispose();
  }
});
