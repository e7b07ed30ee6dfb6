// Pipelines as the real service speaks them (audit rows 18-21, S9, S10, B7, B8, V15): pretty topic names,
// tags that null keeps and [] clears, transform items of the real shape replaced by PUT, asynchronous deletes.
import { createDestination, createSource, eventually, startWithClient, type Client, type Json } from "./helpers";
import type { LocalServer } from "../../server";

let server: LocalServer;
let client: Client;
/** A server whose deletes take far longer than any of these tests, to look at a pipeline while it is deleted. */
let slow: { server: LocalServer; client: Client };

beforeAll(async () => {
  ({ server, client } = await startWithClient());
  slow = await startWithClient({ deleteDelayMs: 60_000 });
});
afterAll(async () => {
  await server.close();
  await slow.server.close();
});

const writeQuery = "?secret_returned=true&wait=false";

async function pipelineParts(prefix: string, api: Client = client) {
  const s = await createSource(api, `${prefix}-src`);
  const d = await createDestination(api, `${prefix}-dst`);
  return {
    s,
    body: {
      name: `${prefix}-pipe`,
      source: { id: s.id, name: s.name, connector: "postgresql", topics: ["public.orders"] },
      destination: { id: d.id, name: d.name, connector: "postgresql" },
      snapshot_new_tables: false,
      transforms: [],
      topic_auto_discovery_transforms: [],
      created_from: "terraform",
    } as Record<string, Json>,
  };
}

async function transform(api: Client, name: string): Promise<Json> {
  const r = await api.post("/transforms", {
    transform: "map_filter",
    config: {
      "transforms.name": name,
      "transforms.input.topic.pattern": "orders.*",
      "transforms.output.topic.pattern": "clean.$1",
      "transforms.input.serialization.format": "Any",
    },
  });
  expect(r.status).toBe(200);
  return r.body;
}

const tagIds = async (api: Client) => {
  const tags = (await api.get("/tags")).body.tags as Array<{ id: string; name: string }>;
  return Object.fromEntries(tags.map((tag) => [tag.name, tag.id]));
};

test("18: source.topics are pretty names; the service makes the topic ids source_<id>.<table> itself", async () => {
  const { s, body } = await pipelineParts("t18");
  const r = await client.post(`/pipelines${writeQuery}`, body);
  expect(r.status).toBe(200);
  expect(r.body.topic_ids).toEqual([`source_${s.id}.public.orders`]);
  expect(r.body.topics).toEqual(["public.orders"]);
});

test("S9: a full topic id sent in source.topics is refused with a 422 that says topics go by name", async () => {
  const { s, body } = await pipelineParts("s9");
  const source = body.source as Record<string, Json>;
  const r = await client.post(`/pipelines${writeQuery}`, {
    ...body,
    source: { ...source, topics: [`source_${s.id}.public.orders`] },
  });
  expect(r.status).toBe(422);
  expect(r.body.detail[0].loc).toEqual(["body", "source", "topics", 0]);
  expect(r.body.detail[0].msg).toContain("not by topic id");
});

test("S10: GET answers the full source whose topics are the pipeline's own, by pretty name", async () => {
  const { s, body } = await pipelineParts("s10");
  const p = (await client.post(`/pipelines${writeQuery}`, body)).body;
  const [live] = (await client.get(`/pipelines/${p.id}?secret_returned=true`)).body.result;
  expect(live.source).toMatchObject({ id: s.id, name: s.name, connector: "postgresql", topics: ["public.orders"] });
  expect(live).toMatchObject({ topic_ids: [`source_${s.id}.public.orders`], topics: ["public.orders"] });
});

test("B8: tags left out get Development on create and are kept on update; [] clears them", async () => {
  const tags = await tagIds(client);
  const { body } = await pipelineParts("b8");
  const { tags: _none, ...untagged } = body;
  const p = (await client.post(`/pipelines${writeQuery}`, untagged)).body;
  expect(p.tags).toEqual([tags.Development]);

  const { created_from: _origin, ...update } = untagged;
  const production = await client.put(`/pipelines/${p.id}${writeQuery}`, { ...update, tags: [tags.Production] });
  expect(production.body.tags).toEqual([tags.Production]);
  expect((await client.put(`/pipelines/${p.id}${writeQuery}`, update)).body.tags).toEqual([tags.Production]);
  expect((await client.put(`/pipelines/${p.id}${writeQuery}`, { ...update, tags: null })).body.tags).toEqual([
    tags.Production,
  ]);
  expect((await client.put(`/pipelines/${p.id}${writeQuery}`, { ...update, tags: [] })).body.tags).toEqual([]);
  const bare = await pipelineParts("b8-bare");
  expect((await client.post(`/pipelines${writeQuery}`, { ...bare.body, tags: [] })).body.tags).toEqual([]);
});

test("V15: transform items keep the real shape {id, name, start_time, topic_id, topic} and a PUT replaces them", async () => {
  const t = await transform(client, "v15-t");
  const { s, body } = await pipelineParts("v15");
  const item = {
    id: t.id,
    name: t.name,
    start_time: null,
    topic_id: `source_${s.id}.public.orders`,
    topic: "public.orders",
  };
  const rule = { transform_id: t.id, regex: "clean\\..*" };
  const p = (
    await client.post(`/pipelines${writeQuery}`, {
      ...body,
      transforms: [item],
      topic_auto_discovery_transforms: [rule],
    })
  ).body;
  expect(p.transforms).toEqual([item]);
  expect(p.topic_auto_discovery_transforms).toEqual([rule]);

  const { created_from: _origin, transforms: _t, topic_auto_discovery_transforms: _r, ...update } = body;
  const kept = (await client.put(`/pipelines/${p.id}${writeQuery}`, update)).body;
  expect(kept).toMatchObject({ transforms: [item], topic_auto_discovery_transforms: [rule] });
  const wiped = (
    await client.put(`/pipelines/${p.id}${writeQuery}`, {
      ...update,
      transforms: [],
      topic_auto_discovery_transforms: [],
    })
  ).body;
  expect(wiped).toMatchObject({ transforms: [], topic_auto_discovery_transforms: [] });

  const unknown = await client.post(`/pipelines${writeQuery}`, {
    ...body,
    name: "v15-other",
    transforms: [{ ...item, id: "000000000000000000000000" }],
  });
  expect(unknown.status).toBe(422);
  expect(unknown.body.detail[0].loc).toEqual(["body", "transforms", 0, "id"]);
});

test("21: DELETE with wait=false answers at once; the pipeline lingers with its name, not its source, then is gone", async () => {
  const { s, body } = await pipelineParts("t21", slow.client);
  const p = (await slow.client.post(`/pipelines${writeQuery}`, body)).body;
  expect((await slow.client.del(`/pipelines/${p.id}${writeQuery}`)).status).toBe(200);

  expect((await slow.client.get(`/pipelines/${p.id}`)).body.result.map((it: Json) => it.id)).toEqual([p.id]);
  const again = await slow.client.post(`/pipelines${writeQuery}`, body);
  expect(again.status).toBe(409);
  expect(again.body.detail).toContain("A pipeline with name 't21-pipe' already exists");
  const { created_from: _origin, ...update } = body;
  expect((await slow.client.put(`/pipelines/${p.id}${writeQuery}`, update)).status).toBe(409);
  // Its source is free at once (as the reference client destroys: pipeline, then its connectors, all wait=false).
  expect((await slow.client.del(`/sources/${s.id}${writeQuery}`)).status).toBe(200);

  // On a server with a short delete delay, the same sequence ends with the pipeline gone and the name free.
  const fast = await pipelineParts("t21-fast");
  const q = (await client.post(`/pipelines${writeQuery}`, fast.body)).body;
  await client.del(`/pipelines/${q.id}${writeQuery}`);
  const gone = await eventually(
    () => client.get(`/pipelines/${q.id}`),
    (r) => r.body.result.length === 0,
  );
  expect(gone.body.result).toEqual([]);
  expect((await client.post(`/pipelines${writeQuery}`, fast.body)).status).toBe(200);
});

test("21: DELETE without wait=false answers once the teardown is done", async () => {
  const { body } = await pipelineParts("t21-wait");
  const p = (await client.post(`/pipelines${writeQuery}`, body)).body;
  expect((await client.del(`/pipelines/${p.id}`)).status).toBe(200);
  expect((await client.get(`/pipelines/${p.id}`)).body.result).toEqual([]);
});

test("27.11: a DynamoDB table's topic is `default.<table>`, and a pipeline naming it so is accepted", async () => {
  const source = await client.post("/sources", {
    name: "dynamo-warehouse",
    connector: "dynamodb",
    config: {
      "aws.region": "us-west-2",
      "aws.access.key.id": "AKIAEXAMPLE",
      "aws.secret.key": "secret-key-example",
      "s3.export.bucket.name": "streamkap-export",
      "table.include.list.user.defined": "warehouse-test-2",
    },
  });
  expect(source.status).toBe(200);
  const d = await createDestination(client, "dynamo-dest");
  const pipeline = await client.post(`/pipelines${writeQuery}`, {
    name: "dynamo-pipe",
    source: {
      id: source.body.id,
      name: "dynamo-warehouse",
      connector: "dynamodb",
      topics: ["default.warehouse-test-2"],
    },
    destination: { id: d.id, name: d.name, connector: "postgresql" },
    snapshot_new_tables: true,
    transforms: [],
    topic_auto_discovery_transforms: [],
  });
  expect(pipeline.status).toBe(200);
  const topics = await client.get(`/topics/details?entity_id=${source.body.id}`);
  expect(topics.body.result.map((topic: { id: string }) => topic.id)).toEqual([
    `source_${source.body.id}.default.warehouse-test-2`,
  ]);
});
