// Conformance: pipelines ("GET /pipelines/{id}", notes' Pipelines), topics (notes' Topics), tags (notes' Tags),
// service isolation and call counters.
import { call, createDestination, createSource, startWithClient, token, Client } from "./helpers";
import type { LocalServer } from "../../server";

let server: LocalServer;
let client: Client;
beforeAll(async () => ({ server, client } = await startWithClient()));
afterAll(() => server.close());

async function pipelineParts(prefix: string) {
  const s = await createSource(client, `${prefix}-src`);
  const d = await createDestination(client, `${prefix}-dst`);
  return {
    s,
    d,
    body: {
      name: `${prefix}-pipe`,
      source: { id: s.id, name: s.name, connector: "postgresql", topics: ["public.orders"] },
      destination: { id: d.id, name: d.name, connector: "postgresql" },
      snapshot_new_tables: true,
      transforms: [],
      topic_auto_discovery_transforms: [],
      created_from: "terraform",
    },
  };
}

describe("Pipelines", () => {
  test("POST /pipelines answers the Pipeline object; empty tags get the Development system tag", async () => {
    const { s, body } = await pipelineParts("p1");
    const r = await client.post("/pipelines", body);
    expect(r.status).toBe(200);
    const p = r.body;
    expect(p).toMatchObject({ name: "p1-pipe", snapshot_new_tables: true });
    expect(p).not.toHaveProperty("created_from"); // S22: taken on create, in no documented answer
    expect(p.topic_ids).toEqual([`source_${s.id}.public.orders`]);
    expect(p.topics).toEqual(["public.orders"]);
    expect(p.source.id).toBe(s.id);
    expect(p.periodic_audit).toEqual({ topics: [], timestamp_column: "", interval_minutes: 0 });
    const tags = await client.get("/tags");
    const dev = tags.body.tags.find((t: { name: string }) => t.name === "Development");
    expect(p.tags).toEqual([dev.id]);
  });

  test("GET /pipelines/{id} answers the envelope; result: [] once deleted", async () => {
    const { body } = await pipelineParts("p2");
    const p = (await client.post("/pipelines", body)).body;
    expect((await client.get(`/pipelines/${p.id}`)).body.result[0].id).toBe(p.id);
    expect((await client.del(`/pipelines/${p.id}`)).status).toBe(200);
    expect((await client.get(`/pipelines/${p.id}`)).body.result).toEqual([]);
  });

  test("a duplicate pipeline name answers 409", async () => {
    const { body } = await pipelineParts("p3");
    await client.post("/pipelines", body);
    const r = await client.post("/pipelines", body);
    expect(r.status).toBe(409);
    expect(typeof r.body.detail).toBe("string");
  });

  test("an unknown source or destination answers 422 naming source.id / destination.id", async () => {
    const { body } = await pipelineParts("p4");
    const r1 = await client.post("/pipelines", { ...body, source: { ...body.source, id: "nope" } });
    expect(r1.status).toBe(422);
    expect(r1.body.detail[0].loc).toEqual(["body", "source", "id"]);
    const r2 = await client.post("/pipelines", { ...body, destination: { ...body.destination, id: "nope" } });
    expect(r2.body.detail[0].loc).toEqual(["body", "destination", "id"]);
  });

  test("topics must belong to the source", async () => {
    const { body } = await pipelineParts("p5");
    const r = await client.post("/pipelines", { ...body, source: { ...body.source, topics: ["public.nope"] } });
    expect(r.status).toBe(422);
    expect(r.body.detail[0].loc).toEqual(["body", "source", "topics", 0]);
  });

  test("deleting a source used by a pipeline answers 409 naming the pipeline", async () => {
    const { s, body } = await pipelineParts("p6");
    await client.post("/pipelines", body);
    const r = await client.del(`/sources/${s.id}`);
    expect(r.status).toBe(409);
    expect(r.body.detail).toContain("p6-pipe");
  });

  test("PUT /pipelines/{id} replaces the topics", async () => {
    const { body } = await pipelineParts("p7");
    const p = (await client.post("/pipelines", body)).body;
    const { created_from: _ignored, ...update } = body;
    const r = await client.put(`/pipelines/${p.id}`, {
      ...update,
      source: { ...body.source, topics: ["public.orders", "public.customers"] },
    });
    expect(r.status).toBe(200);
    expect(r.body.topics).toEqual(["public.orders", "public.customers"]);
  });
});

describe("Topics", () => {
  test("POST /topics creates a topic with id, name, entity, num_partitions, serialization, warnings", async () => {
    const r = await client.post("/topics", { topic_name: "events.raw_v1", num_partitions: 3 });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: "events.raw_v1", name: "events.raw_v1", num_partitions: 3 });
    expect(r.body.entity).toBeDefined();
    expect(r.body.serialization).toBeDefined();
    expect(r.body.warnings.length).toBe(1);
  });

  test("topic_name is 1–249 characters", async () => {
    expect((await client.post("/topics", { topic_name: "" })).status).toBe(422);
    expect((await client.post("/topics", { topic_name: "t".repeat(250) })).status).toBe(422);
    expect((await client.post("/topics", { topic_name: "t".repeat(249) })).status).toBe(200);
  });

  test("cleanup_policy is delete | compact | delete,compact", async () => {
    const r = await client.post("/topics", { topic_name: "cp", cleanup_policy: "archive" });
    expect(r.status).toBe(422);
    expect(r.body.detail[0].loc).toEqual(["body", "cleanup_policy"]);
  });

  test("partitions can only grow", async () => {
    await client.post("/topics", { topic_name: "grow", num_partitions: 2 });
    const up = await client.put("/topics/grow", { payload: { partition_count: 4 } });
    expect(up.status).toBe(200);
    expect(up.body.kafka.partitions.count).toBe(4);
    const down = await client.put("/topics/grow", { payload: { partition_count: 1 } });
    expect(down.status).toBe(400);
    expect(down.body.detail).toBe("New partition count (1) must be greater than the current count (4)");
    expect((await client.get("/topics/grow")).body.kafka.partitions.count).toBe(4);
  });

  test("DELETE /topics/{id} removes it; unknown ids answer 404", async () => {
    await client.post("/topics", { topic_name: "short-lived" });
    expect((await client.del("/topics/short-lived")).status).toBe(200);
    expect((await client.get("/topics/short-lived")).status).toBe(404);
  });

  test("GET /topics/details lists created and source-derived topics with entity filters and paging", async () => {
    const s = await createSource(client, "topic-list-src");
    const r = await client.get(`/topics/details?entity_type=sources&entity_id=${s.id}`);
    expect(r.body.total).toBe(2);
    expect(r.body.result.map((t: { id: string }) => t.id)).toContain(`source_${s.id}.public.orders`);
    const paged = await client.get("/topics/details?page_size=1");
    expect(paged.body).toMatchObject({ page_size: 1, has_next: true });
  });
});

describe("Tags", () => {
  test("GET /tags answers {tags: [...]} with Development and Production system tags", async () => {
    const r = await client.get("/tags");
    const names = r.body.tags.filter((t: { system: boolean }) => t.system).map((t: { name: string }) => t.name);
    expect(names).toEqual(["Development", "Production"]);
    expect(Object.keys(r.body.tags[0]).sort()).toEqual(["custom", "description", "id", "name", "system", "type"]);
  });

  test("a duplicate tag name answers 400", async () => {
    expect((await client.post("/tags", { name: "team-a", type: ["pipelines"] })).status).toBe(200);
    expect((await client.post("/tags", { name: "team-a", type: ["pipelines"] })).status).toBe(400);
  });

  test("system tags cannot be deleted", async () => {
    const dev = (await client.get("/tags")).body.tags.find((t: { name: string }) => t.name === "Development");
    expect((await client.del(`/tags/${dev.id}`)).status).toBe(400);
  });
});

describe("Services", () => {
  test("objects of one service are invisible to another", async () => {
    const other = await server.createService("other");
    const otherClient = new Client(server.baseUrl, await token(server, other.clientId, other.secret));
    const s = await createSource(client, "isolated-src");
    expect((await otherClient.get(`/sources/${s.id}`)).body.result).toEqual([]);
    expect((await otherClient.get("/sources")).body.total).toBe(0);
    expect((await otherClient.del(`/sources/${s.id}`)).status).toBe(404);
    const who = await otherClient.get("/auth/whoami");
    expect(who.body.service_id).toBe(other.serviceId);
    // Same names are free in another service.
    expect((await createSource(otherClient, "isolated-src")).name).toBe("isolated-src");
  });
});

describe("Local stats", () => {
  test("stats() and GET /_local/stats count every API call in order; reset clears them", async () => {
    server.resetStats();
    await client.get("/sources?page=1");
    await call(server.baseUrl, "GET", "/auth/whoami");
    const calls = server.stats().calls;
    expect(calls).toEqual([
      { method: "GET", path: "/sources", query: "page=1", status: 200, serviceId: server.serviceId },
      { method: "GET", path: "/auth/whoami", status: 401 },
    ]);
    const http = await client.get("/_local/stats");
    expect(http.body.calls).toHaveLength(2);
    await client.post("/_local/stats/reset");
    expect(server.stats().calls).toEqual([]);
  });
});
