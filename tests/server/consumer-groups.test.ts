// Consumer groups (DOCS reset-consumer-group-offsets: body `{topics, strategy, timestamp?, offset?}`): a destination's
// group reads its pipelines' topics; its offsets can be reset only while the destination is paused or stopped, and
// a reset holds until the destination runs again. Group names and answer shapes: docs/real-api.md.
import { request } from "undici";

import type { LocalServer } from "../../server";
import { type Client, createDestination, eventually, startWithClient } from "./helpers";

let server: LocalServer;
let client: Client;
beforeAll(async () => ({ server, client } = await startWithClient()));
afterAll(() => server.close());

interface Group {
  group_id: string;
  state: string;
  lag: number;
  topics: Array<{ topic: string; current_offset: number; log_end_offset: number; lag: number }>;
}

let destinationId: string;
let topicId: string;
let group: string;

async function write(url: string, key: string, count: number): Promise<void> {
  for (let index = 0; index < count; index++) {
    const answer = await request(url, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": key },
      body: JSON.stringify({ order: index }),
    });
    await answer.body.text();
    if (answer.statusCode >= 300) throw new Error(`webhook answered ${answer.statusCode}`);
  }
}

const read = async () => (await client.get(`/consumer-groups/${group}`)).body as Group;
const status = async () => (await client.get(`/destinations/${destinationId}`)).body.result[0].connector_status;

beforeAll(async () => {
  const hook = await client.post("/sources", {
    name: "cg-hook",
    connector: "webhook",
    config: { "topic.include.list.user.defined": "default_topic" },
  });
  const plain = (await client.get(`/sources/${hook.body.id}?secret_returned=true`)).body.result[0];
  const destination = await createDestination(client, "cg-dest");
  destinationId = destination.id;
  topicId = `source_${hook.body.id}.default_topic`;
  const pipeline = await client.post("/pipelines", {
    name: "cg-pipe",
    source: { id: hook.body.id, name: "cg-hook", connector: "webhook", topics: ["default_topic"] },
    destination: { id: destination.id, name: "cg-dest", connector: "postgresql" },
    transforms: [],
    topic_auto_discovery_transforms: [],
  });
  if (pipeline.status !== 200) throw new Error(JSON.stringify(pipeline.body));
  await eventually(status, (value) => value === "Active");
  await write(plain.config["webhook.url"], plain.config["api.key"], 5);
  group = `connect-destination_${destinationId}`;
});

test("the destination's group lists its pipelines' topics; running, it is at the end of each", async () => {
  const list = (await client.get("/consumer-groups")).body as Group[];
  expect(list.map((item) => item.group_id)).toContain(group);
  expect(await read()).toMatchObject({
    group_id: group,
    state: "Stable",
    lag: 0,
    topics: [{ topic: topicId, current_offset: 5, log_end_offset: 5, lag: 0 }],
  });
  expect((await client.get("/consumer-groups/connect-destination_nope")).status).toBe(404);
});

test("topic metrics count what was written, and a topic a pipeline reads as read", async () => {
  const source = topicId.slice("source_".length, topicId.indexOf("."));
  const listed = await client.get(`/topics/details?entity_id=${source}`);
  const entity = listed.body.result[0].entity as { topic_ids: string[]; topic_db_ids: string[] };
  const dbId = entity.topic_db_ids[entity.topic_ids.indexOf(topicId)];
  const metrics = await client.post("/topics/table_metrics", {
    entities: [
      { id: source, entity_type: "sources", connector: "webhook", topic_ids: [topicId], topic_db_ids: [dbId] },
    ],
  });
  expect(metrics.body[source][topicId]).toMatchObject({ messages_in: 5, messages_out: 5, lag: 0 });
  expect(metrics.body[source][topicId].bytes_in).toBeGreaterThan(0);
});

test("a reset while the destination runs is refused with 409, and nothing changes", async () => {
  const refused = await client.post(`/consumer-groups/${group}/reset-offsets`, {
    topics: [topicId],
    strategy: "earliest",
  });
  expect(refused.status).toBe(409);
  expect(refused.body.detail).toContain("pause or stop destination 'cg-dest'");
  expect((await read()).lag).toBe(0);
});

test("paused, the group can be reset to the earliest offset, a given offset, or a time; resuming reads to the end", async () => {
  expect((await client.call("PUT", `/destinations/${destinationId}/pause`)).status).toBe(200);
  await eventually(status, (value) => value === "Paused");
  expect((await read()).state).toBe("Empty");

  const earliest = await client.post(`/consumer-groups/${group}/reset-offsets`, {
    topics: [topicId],
    strategy: "earliest",
  });
  expect(earliest.status).toBe(200);
  expect(earliest.body.topics).toEqual([{ topic: topicId, partition: 0, previous_offset: 5, new_offset: 0 }]);
  expect(await read()).toMatchObject({ lag: 5, topics: [{ current_offset: 0, lag: 5 }] });

  await client.post(`/consumer-groups/${group}/reset-offsets`, { topics: [topicId], strategy: "offset", offset: 3 });
  expect((await read()).topics[0]?.current_offset).toBe(3);
  await client.post(`/consumer-groups/${group}/reset-offsets`, { topics: [topicId], strategy: "offset", offset: 99 });
  expect((await read()).topics[0]?.current_offset).toBe(5);
  await client.post(`/consumer-groups/${group}/reset-offsets`, {
    topics: [topicId],
    strategy: "timestamp",
    timestamp: Date.now() - 60_000,
  });
  expect((await read()).topics[0]?.current_offset).toBe(0);

  expect((await client.call("PUT", `/destinations/${destinationId}/resume`)).status).toBe(200);
  await eventually(status, (value) => value === "Active");
  expect(await read()).toMatchObject({ state: "Stable", lag: 0 });
});

test("bad reset bodies are 422s naming the field; an unknown topic is a 404", async () => {
  expect((await client.call("PUT", `/destinations/${destinationId}/pause`)).status).toBe(200);
  await eventually(status, (value) => value === "Paused");
  const noTopics = await client.post(`/consumer-groups/${group}/reset-offsets`, { strategy: "latest" });
  expect(noTopics.status).toBe(422);
  expect(noTopics.body.detail[0].loc).toEqual(["body", "topics"]);
  const badStrategy = await client.post(`/consumer-groups/${group}/reset-offsets`, {
    topics: [topicId],
    strategy: "first",
  });
  expect(badStrategy.body.detail[0].loc).toEqual(["body", "strategy"]);
  const noTimestamp = await client.post(`/consumer-groups/${group}/reset-offsets`, {
    topics: [topicId],
    strategy: "timestamp",
  });
  expect(noTimestamp.status).toBe(422);
  expect(noTimestamp.body.detail[0].loc).toEqual(["body", "timestamp"]);
  const unknown = await client.post(`/consumer-groups/${group}/reset-offsets`, {
    topics: ["nope"],
    strategy: "latest",
  });
  expect(unknown.status).toBe(404);
});
