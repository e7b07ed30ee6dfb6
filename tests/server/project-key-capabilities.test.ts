// Conformance: openapi-digest §9 (project keys). A key may be API-only (roles or permissions), Kafka-only
// (kafka_config) or both; a Kafka-only key cannot be exchanged for a token (§2). PATCH takes `role_ids` /
// `permission_ids`, which on a Kafka-only key add API access and answer `new_api_credentials` (secret shown once);
// "can only be added" is said of the API and Kafka capabilities, not of the role list.
import { call, eventually, startWithClient, Client } from "./helpers";
import type { LocalServer } from "../../server";

let server: LocalServer;
let client: Client;
beforeAll(async () => ({ server, client } = await startWithClient()));
afterAll(() => server.close());

const masked = "********";

async function activeKey(body: Record<string, unknown>) {
  const made = await client.post("/project-keys", body);
  expect(made.status).toBe(200);
  const id = made.body.project_key_id as string;
  await eventually(
    () => client.get(`/project-keys/${id}`),
    (r) => r.body.status === "active",
  );
  return { id, file: made.body };
}

const tokenStatus = async (body: Record<string, string>) =>
  (await call(server.baseUrl, "POST", "/auth/access-token", { body })).status;

test("a key made with kafka_config alone is Kafka-only: no role, no API client, and its file gets no token", async () => {
  const { id, file } = await activeKey({ name: "kafka-only", kafka_config: { username: "kafka-only" } });
  expect(file.api).toBeNull();
  expect(file.kafka).toMatchObject({ username: "kafka-only" });
  const read = await client.get(`/project-keys/${id}`);
  expect(read.body).toMatchObject({ roles: [], api_client_id: null, api_client_id_masked_secret: null });
  expect(await tokenStatus({ project_key: JSON.stringify(file) })).toBe(401);
});

test("a key with neither roles, permissions nor Kafka access is refused, naming role_ids", async () => {
  const refused = await client.post("/project-keys", { name: "nothing" });
  expect(refused.status).toBe(422);
  expect(refused.body.detail[0].loc).toEqual(["body", "role_ids"]);
  expect((await client.get("/project-keys")).body.map((key: { name: string }) => key.name)).not.toContain("nothing");
});

test("PATCH role_ids on a Kafka-only key adds API access and answers new_api_credentials, shown once", async () => {
  const { id } = await activeKey({ name: "gains-api", kafka_config: { username: "gains-api" } });
  const patched = await client.call("PATCH", `/project-keys/${id}`, { role_ids: ["role_viewer"] });
  expect(patched.status).toBe(200);
  const api = patched.body.new_api_credentials;
  expect(api).toMatchObject({ client_id: expect.any(String), client_secret: expect.any(String) });
  expect(api.client_secret).not.toBe(masked);
  expect(patched.body.roles.map((role: { id: string }) => role.id)).toEqual(["role_viewer"]);
  expect(patched.body.api_client_id).toBe(api.client_id);
  expect(await tokenStatus({ client_id: api.client_id, secret: api.client_secret })).toBe(200);

  // Shown once: a later read has the client id only, and a later PATCH of the roles answers no new credentials.
  const read = await client.get(`/project-keys/${id}`);
  expect(JSON.stringify(read.body)).not.toContain(api.client_secret);
  const again = await client.call("PATCH", `/project-keys/${id}`, { role_ids: ["role_developer"] });
  expect(again.status).toBe(200);
  expect(again.body).not.toHaveProperty("new_api_credentials");
  expect(again.body.api_client_id).toBe(api.client_id);
});

test("PATCH permission_ids on a Kafka-only key adds API access as well", async () => {
  const { id } = await activeKey({ name: "gains-perms", kafka_config: { username: "gains-perms" } });
  const patched = await client.call("PATCH", `/project-keys/${id}`, { permission_ids: ["tags:read"] });
  expect(patched.status).toBe(200);
  expect(patched.body.new_api_credentials).toMatchObject({ client_id: expect.any(String) });
});

test("PATCH that drops a role or a permission is accepted and sets the list as given; the key keeps its client", async () => {
  const { id, file } = await activeKey({ name: "drops", role_ids: ["role_viewer", "role_developer"] });
  const dropped = await client.call("PATCH", `/project-keys/${id}`, { role_ids: ["role_developer"] });
  expect(dropped.status).toBe(200);
  expect(dropped.body.roles.map((role: { id: string }) => role.id)).toEqual(["role_developer"]);
  expect(dropped.body).not.toHaveProperty("new_api_credentials");
  expect(await tokenStatus({ client_id: file.api.client_id, secret: file.api.client_secret })).toBe(200);

  const perms = await activeKey({ name: "drops-perms", permission_ids: ["tags:read", "tags:write"] });
  const fewer = await client.call("PATCH", `/project-keys/${perms.id}`, { permission_ids: ["tags:read"] });
  expect(fewer.status).toBe(200);
});

test("PATCH switching from roles to permissions replaces the grant: the key's roles are gone", async () => {
  const { id, file } = await activeKey({ name: "switches", role_ids: ["role_viewer"] });
  const switched = await client.call("PATCH", `/project-keys/${id}`, { permission_ids: ["tags:read"] });
  expect(switched.status).toBe(200);
  expect(switched.body.roles).toEqual([]);
  const signedIn = new Client(
    server.baseUrl,
    (await call(server.baseUrl, "POST", "/auth/access-token", { body: { project_key: JSON.stringify(file) } })).body
      .accessToken,
  );
  expect((await signedIn.get("/tags")).status).toBe(200);
  expect((await signedIn.get("/sources")).status).toBe(403);
});

test("PATCH with an empty role list is refused: a key's API access cannot be taken away", async () => {
  const { id } = await activeKey({ name: "empty-list", role_ids: ["role_viewer"] });
  expect((await client.call("PATCH", `/project-keys/${id}`, { role_ids: [] })).status).toBe(422);
});
