// Issue 13: the topic endpoints answer in the real service's shapes (TF internal/api/topic.go:21-152; DOCS
// list-all-topics and create-topic), with the real filters and the FastAPI 422 for a value outside an enum.
import { createSource, eventually, startWithClient, type Client } from "./helpers";
import type { LocalServer } from "../../server";

let server: LocalServer;
let client: Client;
beforeAll(async () => ({ server, client } = await startWithClient()));
afterAll(() => server.close());

const hold = (id: string) => client.post(`/_local/sources/${id}/snapshot/hold`);
const release = (id: string) => client.post(`/_local/sources/${id}/snapshot/release`);
const ids = (answer: { body: { result: Array<{ id: string }> } }) => answer.body.result.map((t) => t.id);

test("V11: GET /topics/{id} answers TopicDetailsWithKafka: kafka.partitions.count and kafka.configs, no flat fields", async () => {
  await client.post("/topics", { topic_name: "v11.events", num_partitions: 3, cleanup_policy: "compact" });
  const r = await client.get("/topics/v11.events?detailed=true");
  expect(r.status).toBe(200);
  expect(r.body).toMatchObject({
    id: "v11.events",
    name: "v11.events",
    tags: [],
    entity: { entity_type: "manual" },
    kafka: { partitions: { count: 3 }, configs: { "cleanup.policy": "compact", "retention.ms": 604_800_000 } },
    serialization: { key_format: expect.any(String), value_format: expect.any(String), schema_registry_enabled: false },
  });
  // "the backend does not return a top-level partition_count" (TF topic.go:27-29), nor the other invented fields.
  for (const invented of ["num_partitions", "partition_count", "cleanup_policy", "entity_type", "snapshot_status"]) {
    expect(r.body).not.toHaveProperty(invented);
  }
});

test("S20: a console change of the partition count shows at kafka.partitions.count", async () => {
  await client.post("/topics", { topic_name: "s20.grow", num_partitions: 2 });
  expect((await client.put("/topics/s20.grow", { payload: { partition_count: 5 } })).status).toBe(200);
  expect((await client.get("/topics/s20.grow")).body.kafka.partitions.count).toBe(5);
  // An update needs partition_count or tags (TF topic.go:154-160).
  expect((await client.put("/topics/s20.grow", { payload: {} })).status).toBe(422);
});

test("S21: /topics/details items are {id, name, entity{entity_type, entity_id, …}, prefix, serialization}", async () => {
  const s = await createSource(client, "s21-src");
  const r = await client.get(`/topics/details?entity_id=${s.id}`);
  expect(r.body.result).toHaveLength(2);
  const item = r.body.result.find((t: { name: string }) => t.name === "public.orders");
  // TF internal/api/topic.go TopicDetails and topic_test.go:95-118 add the recent message counts.
  expect(Object.keys(item).sort()).toEqual([
    "entity",
    "id",
    "messages_30d",
    "messages_7d",
    "name",
    "prefix",
    "serialization",
  ]);
  expect(item).toMatchObject({
    id: `source_${s.id}.public.orders`,
    name: "public.orders",
    entity: {
      entity_type: "sources",
      entity_id: s.id,
      name: "s21-src",
      connector: "postgresql",
      topic_ids: expect.arrayContaining([`source_${s.id}.public.orders`, `source_${s.id}.public.customers`]),
      // One database id per topic id, in the same order (TF internal/api/topic.go:47-55).
      topic_db_ids: [expect.stringMatching(/^[0-9a-f]{24}$/), expect.stringMatching(/^[0-9a-f]{24}$/)],
    },
    serialization: { key_format: "avro", value_format: "avro", schema_registry_enabled: true },
  });
});

test("V12: entity_type takes the real plural values and `manual`; anything else answers 422", async () => {
  const s = await createSource(client, "v12-src");
  await client.post("/topics", { topic_name: "v12.manual" });
  const sources = await client.get(`/topics/details?entity_type=sources&entity_id=${s.id}`);
  expect(ids(sources).sort()).toEqual([`source_${s.id}.public.customers`, `source_${s.id}.public.orders`]);
  const manual = await client.get("/topics/details?entity_type=manual&partial_name=v12");
  expect(ids(manual)).toEqual(["v12.manual"]);
  const both = await client.get(`/topics/details?entity_type=sources,manual&partial_name=v12`);
  expect(ids(both)).toEqual(["v12.manual"]);
  expect(ids(await client.get(`/topics/details?entity_type=transforms&entity_id=${s.id}`))).toEqual([]);

  for (const old of ["source", "topic", "transform"]) {
    const r = await client.get(`/topics/details?entity_type=${old}`);
    expect(r.status).toBe(422);
    expect(r.body.detail[0].loc).toEqual(["query", "entity_type"]);
  }
});

test("17: snapshot state is a filter of /topics/details (running, pending, completed, failed, cancelled)", async () => {
  const s = await createSource(client, "snap-filter-src");
  // Sources start after statusDelayMs; a snapshot needs the source Active.
  await eventually(
    () => client.get(`/sources/${s.id}`),
    (r) => r.body.result[0].connector_status === "Active",
  );
  expect(ids(await client.get(`/topics/details?entity_id=${s.id}&snapshot=running,pending`))).toEqual([]);
  await hold(s.id);
  expect((await client.post("/sources/snapshot", { source_id: s.id, topic_names: ["public.orders"] })).status).toBe(
    200,
  );
  const orders = `source_${s.id}.public.orders`;
  expect(ids(await client.get(`/topics/details?entity_id=${s.id}&snapshot=running,pending`))).toEqual([orders]);
  expect(ids(await client.get(`/topics/details?entity_id=${s.id}&snapshot=completed`))).toEqual([]);
  await release(s.id);
  expect(ids(await client.get(`/topics/details?entity_id=${s.id}&snapshot=completed`))).toEqual([orders]);
  expect(ids(await client.get(`/topics/details?entity_id=${s.id}&snapshot=running,pending`))).toEqual([]);
  const bad = await client.get(`/topics/details?snapshot=started`);
  expect(bad.status).toBe(422);
  expect(bad.body.detail[0].loc).toEqual(["query", "snapshot"]);
});

test("POST /topics answers the documented create shape: num_partitions and replication_factor at the top", async () => {
  const r = await client.post("/topics", { topic_name: "created.shape", num_partitions: 4 });
  expect(r.status).toBe(200);
  expect(Object.keys(r.body).sort()).toEqual(
    ["entity", "id", "name", "num_partitions", "prefix", "replication_factor", "serialization", "warnings"].sort(),
  );
  expect(r.body).toMatchObject({ id: "created.shape", num_partitions: 4, entity: { entity_type: "manual" } });
});
