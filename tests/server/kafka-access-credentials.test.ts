// Kafka users, client credentials and topic metrics as the reference client speaks to them (TF
// internal/api/kafka_user.go, client_credential.go, topic.go GetTopicTableMetrics) and the API reference
// documents them (DOCS create-client-credential: `role_ids` required, at least one).
import type { LocalServer } from "../../server";
import { type Client, startWithClient, token, Client as ApiClient } from "./helpers";

let server: LocalServer;
let client: Client;
beforeAll(async () => ({ server, client } = await startWithClient()));
afterAll(() => server.close());

const users = "/kafka-access/kafka-users";
const password = "kafka-user-password-51d0";

describe("Kafka users", () => {
  test("POST creates a user; the answer and every later read carry the proxy endpoints and never the password", async () => {
    const created = await client.post(users, {
      username: "analytics",
      password,
      whitelist_ips: "10.0.0.0/8,192.168.1.7",
      kafka_acls: [{ topic_name: "orders", operation: "READ", resource_pattern_type: "LITERAL" }],
      is_create_schema_registry: true,
      created_from: "terraform",
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      username: "analytics",
      whitelist_ips: "10.0.0.0/8,192.168.1.7",
      kafka_proxy_endpoint: expect.stringMatching(/:\d+$/),
      schema_proxy_endpoint: expect.stringMatching(/^https:\/\//),
      kafka_acls: [{ topic_name: "orders", operation: "READ", resource_pattern_type: "LITERAL", resource: "TOPIC" }],
      is_create_schema_registry: true,
    });

    const list = await client.get(users);
    expect(list.status).toBe(200);
    expect(Array.isArray(list.body)).toBe(true);
    expect(list.body).toEqual([created.body]);
    expect(JSON.stringify(list.body)).not.toContain(password);
  });

  test("PUT changes ACLs and the whitelist in place; a left-out password or whitelist is kept", async () => {
    const changed = await client.call("PUT", `${users}/analytics`, {
      kafka_acls: [{ topic_name: "orders_", operation: "ALL", resource_pattern_type: "PREFIXED", resource: "GROUP" }],
      is_create_schema_registry: false,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      whitelist_ips: "10.0.0.0/8,192.168.1.7",
      schema_proxy_endpoint: "",
      kafka_acls: [{ topic_name: "orders_", operation: "ALL", resource_pattern_type: "PREFIXED", resource: "GROUP" }],
    });
    const cleared = await client.call("PUT", `${users}/analytics`, { whitelist_ips: "", kafka_acls: [] });
    expect(cleared.body).toMatchObject({ whitelist_ips: "", kafka_acls: [] });
  });

  test("bad input is a 422 naming the field, and never echoes the password", async () => {
    const bad = await client.post(users, {
      username: "Bad_Name",
      password: "short-secret",
      whitelist_ips: "10.0.0.0/33,not-an-ip",
      kafka_acls: [{ topic_name: "orders", operation: "EAT", resource_pattern_type: "GLOB" }],
    });
    expect(bad.status).toBe(422);
    const locations = bad.body.detail.map((item: { loc: unknown[] }) => item.loc.join("."));
    expect(locations).toEqual(
      expect.arrayContaining([
        "body.username",
        "body.whitelist_ips",
        "body.kafka_acls.0.operation",
        "body.kafka_acls.0.resource_pattern_type",
      ]),
    );
    expect(JSON.stringify(bad.body)).toContain("'10.0.0.0/33' has a prefix length outside 0-32");
    expect(JSON.stringify(bad.body)).toContain("'not-an-ip' is not an IP address or CIDR range");

    const shortPassword = await client.post(users, { username: "ok-name", password: "too-short" });
    expect(shortPassword.status).toBe(422);
    expect(shortPassword.body.detail[0].loc).toEqual(["body", "password"]);
    expect(JSON.stringify(shortPassword.body)).not.toContain("too-short");
  });

  test("a username is unique per service: a second create is a 409, and nothing changes", async () => {
    const again = await client.post(users, { username: "analytics", password: "another-password-77" });
    expect(again.status).toBe(409);
    expect((await client.get(users)).body).toHaveLength(1);
  });

  test("DELETE answers 200 and the user is gone; a second DELETE or PUT is a 404", async () => {
    expect((await client.del(`${users}/analytics`)).status).toBe(200);
    expect((await client.get(users)).body).toEqual([]);
    expect((await client.del(`${users}/analytics`)).status).toBe(404);
    expect((await client.call("PUT", `${users}/analytics`, { kafka_acls: [] })).status).toBe(404);
  });
});

describe("Kafka users of project keys", () => {
  test("a project key's Kafka user is listed with the others, and changed or deleted only through its key", async () => {
    const key = await client.post("/project-keys", {
      name: "pk-kafka",
      kafka_config: {
        username: "pk-reader",
        kafka_acls: [{ topic_name: "orders", operation: "READ", resource_pattern_type: "LITERAL" }],
      },
    });
    expect(key.status).toBe(200);
    const listed = (await client.get(users)).body as Array<{ username: string; kafka_acls: unknown[] }>;
    expect(listed.find((user) => user.username === "pk-reader")?.kafka_acls).toEqual([
      { topic_name: "orders", operation: "READ", resource_pattern_type: "LITERAL", resource: "TOPIC" },
    ]);
    const changed = await client.call("PUT", `${users}/pk-reader`, { kafka_acls: [] });
    expect(changed.status).toBe(409);
    expect(changed.body.detail).toContain("belongs to project key 'pk-kafka'");
    expect((await client.del(`${users}/pk-reader`)).status).toBe(409);
  });

  test("a username is taken whichever holds it: a Kafka user's by a key, a key's by a Kafka user", async () => {
    expect((await client.post(users, { username: "pk-reader", password: "another-password-77" })).status).toBe(409);
    await client.post(users, { username: "plain-user", password: "plain-user-password-1" });
    const clash = await client.post("/project-keys", { name: "pk-clash", kafka_config: { username: "plain-user" } });
    expect(clash.status).toBe(422);
    expect(clash.body.detail[0].loc).toEqual(["body", "kafka_config", "username"]);
  });

  test("a project key's ACLs are checked as a Kafka user's are", async () => {
    const bad = await client.post("/project-keys", {
      name: "pk-bad-acl",
      kafka_config: {
        username: "pk-bad",
        kafka_acls: [{ topic_name: "orders", operation: "EAT", resource_pattern_type: "LITERAL" }],
      },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(["body", "kafka_config", "kafka_acls", 0, "operation"]);
  });
});

describe("Client credentials", () => {
  test("a create without role_ids, or with none, is a 422 naming `role_ids`", async () => {
    const missing = await client.post("/auth/client-credentials", { description: "no roles" });
    expect(missing.status).toBe(422);
    expect(missing.body.detail[0]).toMatchObject({ loc: ["body", "role_ids"], type: "missing" });
    const empty = await client.post("/auth/client-credentials", { role_ids: [] });
    expect(empty.status).toBe(422);
    expect(empty.body.detail[0]).toMatchObject({ loc: ["body", "role_ids"], type: "too_short" });
  });

  test("the secret is shown once: the create answer has it, the list masks it, PATCH changes the description", async () => {
    const created = await client.post("/auth/client-credentials", {
      role_ids: ["role_viewer"],
      description: "dashboards",
      service_id: server.serviceId,
      created_from: "terraform",
    });
    expect(created.status).toBe(200);
    expect(created.body.secret).toMatch(/^[\w-]{16,}$/); // base64url: a dash may come anywhere
    expect(created.body.roles.map((role: { id: string }) => role.id)).toEqual(["role_viewer"]);
    const viewer = new ApiClient(server.baseUrl, await token(server, created.body.client_id, created.body.secret));
    expect((await viewer.get("/sources")).status).toBe(200);

    const patched = await client.call("PATCH", `/auth/client-credentials/${created.body.client_id}`, {
      description: "dashboards and alerts",
    });
    expect(patched.body).toMatchObject({ description: "dashboards and alerts", secret: "********" });
    const listed = (await client.get("/auth/client-credentials")).body.find(
      (item: { client_id: string }) => item.client_id === created.body.client_id,
    );
    expect(listed).toMatchObject({ description: "dashboards and alerts", secret: "********" });
  });
});

describe("Topic metrics", () => {
  test("POST /topics/table_metrics answers entity → topic → counters; a topic the caller lacks is left out", async () => {
    const hook = await client.post("/sources", {
      name: "metrics-hook",
      connector: "webhook",
      config: { "topic.names": ["default_topic"] },
    });
    const topicId = hook.body.topic_ids?.[0] ?? `source_${hook.body.id}.default_topic`;
    // Each topic's database id, as /topics/details lists it beside its id (TF datasource topic_metrics docs).
    const listed = await client.get(`/topics/details?entity_id=${hook.body.id}`);
    const entity = listed.body.result[0].entity as { topic_ids: string[]; topic_db_ids: string[] };
    const dbId = entity.topic_db_ids[entity.topic_ids.indexOf(topicId)];
    const answer = await client.post("/topics/table_metrics", {
      entities: [
        {
          id: hook.body.id,
          entity_type: "sources",
          connector: "webhook",
          topic_ids: [topicId, "no-such-topic"],
          topic_db_ids: [dbId, "000000000000000000000000"],
        },
      ],
      time_interval: 1,
      time_unit: "hours",
    });
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body)).toEqual([hook.body.id]);
    expect(Object.keys(answer.body[hook.body.id])).toEqual([topicId]);
    expect(answer.body[hook.body.id][topicId]).toMatchObject({ messages_in: 0, bytes_in: 0, lag: 0 });

    const badType = await client.post("/topics/table_metrics", {
      entities: [{ id: "x", entity_type: "pipelines", connector: "", topic_ids: [], topic_db_ids: [] }],
    });
    expect(badType.status).toBe(422);
    expect(badType.body.detail[0].loc).toEqual(["body", "entities", 0, "entity_type"]);
  });

  test("27.5: topic ids without their database ids are refused with 422, naming topic_db_ids", async () => {
    const answer = await client.post("/topics/table_metrics", {
      entities: [{ id: "x", entity_type: "sources", connector: "webhook", topic_ids: ["t"], topic_db_ids: [] }],
    });
    expect(answer.status).toBe(422);
    expect(answer.body.detail[0].loc).toEqual(["body", "entities", 0, "topic_db_ids"]);
  });

  test("N10: an entity whose id is `__proto__` is in the answer like any other", async () => {
    const answer = await client.post("/topics/table_metrics", {
      entities: [
        { id: "__proto__", entity_type: "sources", connector: "webhook", topic_ids: [], topic_db_ids: [] },
        { id: "constructor", entity_type: "sources", connector: "webhook", topic_ids: [], topic_db_ids: [] },
      ],
    });
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual(["__proto__", "constructor"]);
  });
});
