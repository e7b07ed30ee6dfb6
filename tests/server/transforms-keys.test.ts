// Conformance: api.md "POST /transforms", "PUT .../deploy-job-preview/{version_id}", "GET /auth/client-credentials"
// and the notes' Transforms and Project keys.
import { call, eventually, startWithClient, token, Client } from "./helpers";
import type { LocalServer } from "../../server";

let server: LocalServer;
let client: Client;
beforeAll(async () => ({ server, client } = await startWithClient()));
afterAll(() => server.close());

const mapFilter = (name: string) => ({
  transform: "map_filter",
  config: {
    "transforms.name": name,
    "transforms.input.topic.pattern": "orders.*",
    "transforms.output.topic.pattern": "clean.$1",
    "transforms.input.serialization.format": "Any",
  },
  created_from: "terraform",
});

describe("Transforms", () => {
  test("POST /transforms answers the Transform object", async () => {
    const r = await client.post("/transforms", mapFilter("t1"));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ name: "t1", transform_type: "map_filter", version: 0 });
    expect(r.body).not.toHaveProperty("created_from"); // S22: taken on create, in no documented answer
    expect(r.body.config["transforms.input.serialization.format"]).toBe("Any");
  });

  test("the transform type must be one of the documented kinds; a duplicate name answers 422", async () => {
    expect((await client.post("/transforms", { ...mapFilter("t2"), transform: "nope" })).status).toBe(422);
    await client.post("/transforms", mapFilter("t3"));
    expect((await client.post("/transforms", mapFilter("t3"))).status).toBe(422);
  });

  test("update by body id, delete by query id", async () => {
    const t = (await client.post("/transforms", mapFilter("t4"))).body;
    const cfg = { ...mapFilter("t4-renamed").config };
    const u = await client.put("/transforms", { id: t.id, config: cfg });
    expect(u.body.name).toBe("t4-renamed");
    expect((await client.put("/transforms", { id: "000000000000000000000000", config: cfg })).status).toBe(404);
    expect((await client.del(`/transforms?id=${t.id}`)).status).toBe(200);
    const gone = await eventually(
      () => client.get(`/transforms/${t.id}`),
      (r) => r.body.result.length === 0,
    );
    expect(gone.body.result).toEqual([]);
  });

  test("implementation versions, unit tests, preview and live deploys, job status", async () => {
    const t = (await client.post("/transforms", mapFilter("t5"))).body;
    expect((await client.put(`/transforms/${t.id}/deploy-job-preview/1`)).status).toBe(404); // no version 1 yet
    const impl = {
      language: "JAVASCRIPT",
      value_transform: "function f(v){return v}",
      key_transform: "",
      topic_transform: "",
      unit_test: {
        test_name: "id",
        input__json: [{ topic: "a", value: { x: 1 } }],
        output__json: [{ topic: "a", value: { x: 1 } }],
      },
    };
    const put = await client.put(`/transforms/${t.id}/implementation_details`, {
      transform_id: t.id,
      implementation: impl,
    });
    expect(put.body.version_id).toBe("1"); // a string, as the body's (DOCS put-transforms-implementation-details)
    const test = await client.put(`/transforms/${t.id}/run-unit-tests/1`);
    expect(test.body.unit_test.is_success).toBe(true);

    const preview = await client.put(`/transforms/${t.id}/deploy-job-preview/1?replay_window=24h`);
    expect(preview.body).toMatchObject({ language: "JAVASCRIPT", value_transform: impl.value_transform });
    const live = await client.put(`/transforms/${t.id}/deploy-job-live/no-version`);
    expect(live.status).toBe(200);
    const status = await eventually(
      () => client.get(`/transforms/${t.id}/job_status`),
      (r) => r.body.status === "RUNNING",
    );
    expect(status.body).toMatchObject({ id: t.id, status: "RUNNING" });
    const got = (await client.get(`/transforms/${t.id}`)).body.result[0];
    expect(got).toMatchObject({ preview_version: "1", live_version: "1" });
  });

  test("a unit test compares records as values, whatever order their keys came in", async () => {
    const t = (await client.post("/transforms", mapFilter("t6"))).body;
    const impl = {
      language: "JAVASCRIPT",
      value_transform: "function f(v){return v}",
      key_transform: "",
      topic_transform: "",
    };
    // Records compare as values: the same record with its keys in another order passes (a plugin SDK's program
    // reaches the service through protobuf maps, which keep no key order); another value fails, with a diff.
    const reordered = {
      ...impl,
      unit_test: {
        test_name: "order",
        input__json: [{ topic: "a", value: { x: 1, y: 2 } }],
        output__json: [{ value: { y: 2, x: 1 }, topic: "a" }],
      },
    };
    await client.put(`/transforms/${t.id}/implementation_details`, { transform_id: t.id, implementation: reordered });
    expect((await client.put(`/transforms/${t.id}/run-unit-tests/1`)).body.unit_test.is_success).toBe(true);
    const differing = {
      ...impl,
      unit_test: { ...reordered.unit_test, output__json: [{ topic: "a", value: { x: 2 } }] },
    };
    await client.put(`/transforms/${t.id}/implementation_details`, { transform_id: t.id, implementation: differing });
    const failed = (await client.put(`/transforms/${t.id}/run-unit-tests/2`)).body.unit_test;
    expect({ success: failed.is_success, diff: failed.text_diff }).toEqual({
      success: false,
      diff: "result differs from output__json",
    });
  });
});

describe("Project keys", () => {
  test("the credential file is shown once and masked after; it works as project_key", async () => {
    const r = await client.post("/project-keys", {
      name: "ci-key",
      role_ids: ["role_viewer"],
      kafka_config: { username: "ci" },
    });
    expect(r.status).toBe(200);
    const file = r.body;
    expect(file.api.client_secret).not.toBe("********");
    expect(file.kafka.password).not.toBe("********");
    const read = await client.get(`/project-keys/${file.project_key_id}`);
    // V13: the documented read carries no credentials at all, only the client id and a masked hint.
    expect(read.body).not.toHaveProperty("credentials");
    expect(read.body).toMatchObject({ api_client_id: file.api.client_id, kafka_username: "ci" });
    expect(JSON.stringify(read.body)).not.toContain(file.api.client_secret);
    const list = await client.get("/project-keys");
    expect(Array.isArray(list.body)).toBe(true);
    for (const form of [JSON.stringify(file), Buffer.from(JSON.stringify(file)).toString("base64")]) {
      const t = await call(server.baseUrl, "POST", "/auth/access-token", { body: { project_key: form } });
      expect(t.status).toBe(200);
      const who = await call(server.baseUrl, "GET", "/auth/whoami", { token: t.body.accessToken });
      expect(who.body).toMatchObject({ token_type: "project_key", project_key_id: file.project_key_id });
    }
  });

  test("role_ids and permission_ids are never both given; name is 1–100 characters", async () => {
    expect(
      (await client.post("/project-keys", { name: "both", role_ids: ["role_admin"], permission_ids: ["tags:read"] }))
        .status,
    ).toBe(422);
    expect((await client.post("/project-keys", { name: "n".repeat(101) })).status).toBe(422);
  });

  test("PATCH sets the permissions as given, and answers 400 while the key is creating", async () => {
    const k = (await client.post("/project-keys", { name: "patch-key", permission_ids: ["tags:read"] })).body;
    const id = k.project_key_id;
    expect(
      (await client.call("PATCH", `/project-keys/${id}`, { permission_ids: ["tags:read", "tags:write"] })).status,
    ).toBe(400);
    await eventually(
      () => client.get(`/project-keys/${id}`),
      (r) => r.body.status === "active",
    );
    expect(
      (await client.call("PATCH", `/project-keys/${id}`, { permission_ids: ["tags:read", "tags:write"] })).status,
    ).toBe(200);
    // openapi-digest §9: only API and Kafka capabilities are "only added"; the list itself is set as given.
    expect((await client.call("PATCH", `/project-keys/${id}`, { permission_ids: ["tags:write"] })).status).toBe(200);
  });
});

describe("Client credentials", () => {
  test("GET /auth/client-credentials answers an array of ClientCredential; POST issues a working one", async () => {
    const created = await client.post("/auth/client-credentials", { description: "ci", role_ids: ["role_admin"] });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ description: "ci", service_id: server.serviceId, created_by_user: null });
    expect(created.body.roles[0]).toHaveProperty("permissions");
    const t = await token(server, created.body.client_id, created.body.secret);
    const other = new Client(server.baseUrl, t);
    expect((await other.get("/auth/whoami")).body.service_id).toBe(server.serviceId);
    const list = await client.get("/auth/client-credentials");
    const mine = list.body.find((c: { client_id: string }) => c.client_id === created.body.client_id);
    expect(mine.secret).toBe("********");
    for (const f of ["created_by_user", "client_id", "roles", "service_id", "secret"]) expect(mine).toHaveProperty(f);
  });
});
