// Roles and permissions (findings F5 and F8 of the local-server review): every authenticated route needs the
// permission server/http/permissions.ts names for it, secrets follow the write permission, nobody grants more than it
// holds, and the last admin credential of a service stays.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { call, createDestination, createSource, eventually, startWithClient, token, Client } from "./helpers";
import { managementRoutes, startLocalServer, type LocalServer } from "../../server";
import { authorize, routePermissions, routeKey, startupCredential } from "../../server/http/permissions";
import { allPermissions } from "../../server/domain/roles";
import { Store } from "../../server/state/store";

const TIMINGS = {
  statusDelayMs: 10,
  deleteDelayMs: 10,
  pendingUpdateMs: 10,
  readLagMs: 0,
  topicDiscoveryDelayMs: 10,
  tokenTtlSeconds: 60,
  snapshotDurationMs: 20,
};

let server: LocalServer;
let admin: Client;
beforeAll(async () => ({ server, client: admin } = await startWithClient()));
afterAll(() => server.close());

/** A logged-in project key with the given capabilities, made by the admin. */
async function keyClient(name: string, caps: { role_ids?: string[]; permission_ids?: string[] }) {
  const r = await admin.post("/project-keys", { name, ...caps });
  if (r.status !== 200) throw new Error(`create key: ${r.status} ${JSON.stringify(r.body)}`);
  const t = await call(server.baseUrl, "POST", "/auth/access-token", { body: { project_key: JSON.stringify(r.body) } });
  if (t.status !== 200) throw new Error(`key login: ${t.status} ${JSON.stringify(t.body)}`);
  // A key can be changed only once active; waiting keeps PATCH answers about permissions, not status.
  await eventually(
    () => admin.get(`/project-keys/${r.body.project_key_id}`),
    (a) => a.body.status === "active",
  );
  return { id: r.body.project_key_id as string, client: new Client(server.baseUrl, t.body.accessToken as string) };
}

/** A logged-in client credential with the given roles, made by the admin. */
async function credentialClient(roles: string[]) {
  const r = await admin.post("/auth/client-credentials", { description: roles.join(","), role_ids: roles });
  if (r.status !== 200) throw new Error(`create credential: ${r.status} ${JSON.stringify(r.body)}`);
  return {
    clientId: r.body.client_id as string,
    client: new Client(server.baseUrl, await token(server, r.body.client_id, r.body.secret)),
  };
}

function expectForbidden(r: { status: number; body: { detail?: unknown } }, permission: string) {
  expect(r.status).toBe(403);
  expect(typeof r.body.detail).toBe("string");
  expect(r.body.detail).toContain(`'${permission}'`);
}

describe("the permission table", () => {
  test("every registered route has a permission entry, and every entry is a registered route", () => {
    const registered = managementRoutes().map((r) => routeKey(r.method, r.url));
    const missing = registered.filter((k) => !(k in routePermissions));
    expect(missing).toEqual([]);
    const stale = Object.keys(routePermissions).filter((k) => !registered.includes(k));
    expect(stale).toEqual([]);
  });

  test("entries name published permissions; only token-only routes need none", () => {
    const tokenOnly = Object.keys(routePermissions).filter((k) => routePermissions[k] === null);
    expect(tokenOnly.sort()).toEqual(
      [
        "POST /auth/access-token",
        "POST /auth/access-token/refresh",
        "GET /auth/whoami",
        "GET /auth/roles",
        "GET /auth/permissions",
      ].sort(),
    );
    const unknown = Object.values(routePermissions).filter((p) => p !== null && !allPermissions.includes(p));
    expect(unknown).toEqual([]);
    for (const r of managementRoutes().filter((d) => d.auth === false)) {
      expect(routePermissions[routeKey(r.method, r.url)]).toBeNull();
    }
  });

  test("a route without an entry is refused, not let through", () => {
    const store = new Store(TIMINGS);
    const cred = startupCredential(store);
    const caller = { serviceId: cred.serviceId, tenantId: "", clientId: cred.clientId, projectKeyId: null };
    expect(authorize(store, caller, "GET", "/sources", {})).toBeUndefined();
    expect(authorize(store, caller, "GET", "/not-in-the-table", {})).toContain("has no permission defined");
  });
});

describe("F5: roles and permissions are enforced", () => {
  test("F5: a viewer key cannot create, delete, read secrets, mint or escalate", async () => {
    const source = await createSource(admin, "f5-viewer-src");
    const { id: keyId, client: viewer } = await keyClient("f5-viewer", { role_ids: ["role_viewer"] });

    // Reads work, and the token-only routes need nothing more.
    expect((await viewer.get("/sources")).status).toBe(200);
    expect((await viewer.get(`/sources/${source.id}`)).body.result[0].config["database.password"]).not.toBe("hunter2");
    for (const path of ["/auth/whoami", "/auth/roles", "/auth/permissions"]) {
      expect((await viewer.get(path)).status).toBe(200);
    }

    const create = await viewer.post("/sources", { name: "nope", connector: "postgresql", config: {} });
    expectForbidden(create, "sources:write");
    expect(create.body.detail).toContain("POST /sources");
    expectForbidden(await viewer.del(`/sources/${source.id}`), "sources:write");
    expectForbidden(await viewer.put(`/sources/${source.id}/pause`), "sources:write");
    expectForbidden(await viewer.post("/tags", { name: "t", type: ["general"] }), "tags:write");
    expect((await admin.get(`/sources/${source.id}`)).body.result).toHaveLength(1);

    // Secrets: not one value, neither by id nor in a list.
    const secretOne = await viewer.get(`/sources/${source.id}?secret_returned=true`);
    expectForbidden(secretOne, "sources:write");
    expect(secretOne.body.detail).toContain("secret_returned=true");
    expectForbidden(await viewer.get("/sources?secret_returned=true"), "sources:write");
    expect(JSON.stringify(secretOne.body)).not.toContain("hunter2");

    // Minting and escalation.
    expectForbidden(await viewer.post("/auth/client-credentials", { role_ids: ["role_admin"] }), "credentials:write");
    expectForbidden(
      await viewer.post("/project-keys", { name: "mine", role_ids: ["role_admin"] }),
      "project_keys:write",
    );
    expectForbidden(
      await viewer.call("PATCH", `/project-keys/${keyId}`, { role_ids: ["role_viewer", "role_admin"] }),
      "project_keys:write",
    );
    expect((await admin.get(`/project-keys/${keyId}`)).body.roles.map((r: { id: string }) => r.id)).toEqual([
      "role_viewer",
    ]);

    // The service's default admin credential stays.
    expectForbidden(await viewer.del(`/auth/client-credentials/${server.clientId}`), "credentials:write");
    expect((await token(server, server.clientId, server.secret)).length).toBeGreaterThan(0);
  });

  test("F5: a sources:read key reads sources and nothing else", async () => {
    const { client } = await keyClient("f5-sources-read", { permission_ids: ["sources:read"] });
    expect((await client.get("/sources")).status).toBe(200);
    expectForbidden(await client.get("/destinations"), "destinations:read");
    expectForbidden(await client.get("/pipelines"), "pipelines:read");
    expectForbidden(await client.get("/auth/client-credentials"), "credentials:read");
    expectForbidden(await client.get("/sources?secret_returned=true"), "sources:write");
    // HEAD reveals what GET would, so it needs the same permission.
    expect((await client.call("HEAD", "/sources")).status).toBe(200);
    expect((await client.call("HEAD", "/destinations")).status).toBe(403);
  });

  test("F5: whoever may change an area sees its secrets; the admin as before", async () => {
    await createSource(admin, "f5-dev-src");
    const dest = await createDestination(admin, "f5-dev-dest");
    const { client: dev } = await credentialClient(["role_developer"]);
    const mine = await createSource(dev, "f5-dev-own");
    expect((await dev.get(`/sources/${mine.id}?secret_returned=true`)).body.result[0].config["database.password"]).toBe(
      "hunter2",
    );
    expect((await dev.get(`/destinations/${dest.id}?secret_returned=true`)).status).toBe(200);
    expect((await dev.del(`/sources/${mine.id}`)).status).toBe(200);
    // A developer manages pipelines, not credentials or project keys.
    expectForbidden(await dev.post("/auth/client-credentials", { role_ids: ["role_developer"] }), "credentials:write");
    expectForbidden(
      await dev.post("/project-keys", { name: "dev-key", role_ids: ["role_viewer"] }),
      "project_keys:write",
    );
    expect(
      (await admin.get(`/sources?secret_returned=true&partial_name=f5-dev-src`)).body.result[0].config,
    ).toMatchObject({ "database.password": "hunter2" });
  });

  test("F5: no escalation: a key may grant only what it holds", async () => {
    const { id, client: keeper } = await keyClient("f5-keeper", {
      permission_ids: [
        "project_keys:read",
        "project_keys:write",
        "credentials:read",
        "credentials:write",
        "sources:read",
      ],
    });
    // Within what it holds: allowed.
    expect((await keeper.post("/project-keys", { name: "f5-narrow", permission_ids: ["sources:read"] })).status).toBe(
      200,
    );

    const wider = await keeper.post("/project-keys", { name: "f5-wider", permission_ids: ["sources:write"] });
    expect(wider.status).toBe(403);
    expect(wider.body.detail).toContain("cannot grant permission 'sources:write'");
    // No roles given grants no role at all (openapi-digest §9: a Kafka-only key exists); nothing to check here.
    const cred = await keeper.post("/auth/client-credentials", { role_ids: ["role_admin"] });
    expect(cred.status).toBe(403);
    expect(cred.body.detail).toContain("cannot grant role 'role_admin'");
    const noRoles = await keeper.post("/auth/client-credentials", { description: "no roles given" });
    expect(noRoles.status).toBe(422);
    expect(noRoles.body.detail[0]).toMatchObject({ loc: ["body", "role_ids"], type: "missing" });
    const viewerCred = await keeper.post("/auth/client-credentials", { role_ids: ["role_viewer"] });
    expect(viewerCred.status).toBe(403);
    expect(viewerCred.body.detail).toMatch(/cannot grant role 'role_viewer': it includes permission '\w+:read'/);

    const self = await keeper.call("PATCH", `/project-keys/${id}`, { role_ids: ["role_admin"] });
    expect(self.status).toBe(403);
    expect(self.body.detail).toContain("cannot grant role 'role_admin'");
    expect((await admin.get(`/project-keys/${id}`)).body.roles).toEqual([]);
    // Adding something it already holds to a key is no grant beyond its own.
    expect(
      (
        await keeper.call("PATCH", `/project-keys/${id}`, {
          permission_ids: [
            "project_keys:read",
            "project_keys:write",
            "credentials:read",
            "credentials:write",
            "sources:read",
          ],
        })
      ).status,
    ).toBe(200);
  });

  test("F5: a deleted project key's token can do nothing", async () => {
    const { id, client } = await keyClient("f5-gone", { role_ids: ["role_viewer"] });
    expect((await client.get("/sources")).status).toBe(200);
    expect((await admin.del(`/project-keys/${id}`)).status).toBe(200);
    // The delete completes asynchronously; from then on the key's token is refused.
    const after = await eventually(
      () => client.get("/sources"),
      (r) => r.status !== 200,
    );
    expect([401, 403]).toContain(after.status);
  });
});

describe("F8: the last admin credential of a service stays", () => {
  test("F8: the last admin credential cannot be deleted; a restart on the same --data starts", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sk-authz-"));
    try {
      const first = await startLocalServer({ dataDir: dir, statusDelayMs: 10 });
      const root = new Client(first.baseUrl, await token(first, first.clientId, first.secret));
      const viewer = (await root.post("/auth/client-credentials", { description: "viewer", role_ids: ["role_viewer"] }))
        .body;
      const second = (await root.post("/auth/client-credentials", { description: "admin 2", role_ids: ["role_admin"] }))
        .body;
      // Another admin exists, so the default one may go.
      expect((await root.del(`/auth/client-credentials/${first.clientId}`)).status).toBe(200);
      const other = new Client(first.baseUrl, await token(first, second.client_id, second.secret));
      const last = await other.del(`/auth/client-credentials/${second.client_id}`);
      expect(last.status).toBe(409);
      expect(last.body.detail).toContain("last admin credential");
      // A non-admin credential is not protected by the rule.
      expect((await other.del(`/auth/client-credentials/${viewer.client_id}`)).status).toBe(200);
      await first.close();

      const again = await startLocalServer({ dataDir: dir });
      try {
        expect(again.clientId).toBe(second.client_id);
        const t = await token(again, again.clientId, again.secret);
        expect((await call(again.baseUrl, "GET", "/sources", { token: t })).status).toBe(200);
      } finally {
        await again.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("F8: data left without any admin credential gets a fresh one at start", () => {
    const store = new Store(TIMINGS);
    for (const c of Object.values(store.state.credentials)) delete store.state.credentials[c.clientId];
    store.addCredential(store.state.defaultServiceId, "viewer", ["viewer"]);
    const cred = startupCredential(store);
    expect(cred.roles).toEqual(["admin"]);
    expect(cred.serviceId).toBe(store.state.defaultServiceId);
    expect(startupCredential(store).clientId).toBe(cred.clientId);
  });
});

describe("N1: a project key's Kafka access is a Kafka user, with the same permission and rules", () => {
  const acl = { topic_name: "*", operation: "ALL", resource_pattern_type: "LITERAL", resource: "CLUSTER" };

  test("a caller holding only project_keys:* cannot make a Kafka user through POST /project-keys", async () => {
    const { client } = await keyClient("n1-keys-only", { permission_ids: ["project_keys:read", "project_keys:write"] });
    const refused = await client.post("/project-keys", {
      name: "n1-sneaky",
      permission_ids: ["project_keys:read"],
      kafka_config: { username: "sneaky", password: "long-enough-password", kafka_acls: [acl] },
    });
    expectForbidden(refused, "kafka_access:write");
    const users = (await admin.get("/kafka-access/kafka-users")).body as Array<{ username: string }>;
    expect(users.map((user) => user.username)).not.toContain("sneaky");
  });

  test.each([
    ["a username outside the Kafka-user rule", { username: "EVIL/../User", password: "long-enough-password" }],
    ["a password shorter than 12 characters", { username: "short-pw", password: "short123" }],
    [
      "a whitelist entry that is no address",
      { username: "bad-ip", password: "long-enough-password", whitelist_ips: "not-an-ip" },
    ],
  ])("%s is refused with 422, as POST /kafka-access/kafka-users refuses it", async (_case, config) => {
    const refused = await admin.post("/project-keys", { name: `n1-${config.username.length}`, kafka_config: config });
    expect(refused.status).toBe(422);
    expect(refused.body.detail[0].loc.slice(0, 2)).toEqual(["body", "kafka_config"]);
  });
});

describe("27.1: PATCH /project-keys/{id} changes a key in place (DOCS update-project-key)", () => {
  test("name, tool profile, the Kafka user's ACLs, addresses and password; Kafka access added once", async () => {
    const made = await admin.post("/project-keys", { name: "patch-me", role_ids: ["role_viewer"] });
    const id = made.body.project_key_id as string;
    await eventually(
      () => admin.get(`/project-keys/${id}`),
      (answer) => answer.body.status === "active",
    );
    const added = await admin.call("PATCH", `/project-keys/${id}`, {
      name: "patched",
      tool_profile: "read-only",
      kafka_config: { username: "patched-user", password: "first-password-123" },
    });
    expect(added.status).toBe(200);
    // The new Kafka password is shown once, beside the key's detail.
    expect(added.body).toMatchObject({ name: "patched", tool_profile: "read-only", kafka_username: "patched-user" });
    expect(added.body.new_kafka_credentials).toMatchObject({
      username: "patched-user",
      password: "first-password-123",
    });

    const changed = await admin.call("PATCH", `/project-keys/${id}`, {
      kafka_acls: [{ topic_name: "orders", operation: "READ", resource_pattern_type: "LITERAL", resource: "TOPIC" }],
      whitelist_ips: "10.0.0.0/8",
      kafka_password: "second-password-456",
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ whitelist_ips: "10.0.0.0/8", kafka_acls: [{ topic_name: "orders" }] });
    expect(changed.body).not.toHaveProperty("new_kafka_credentials");

    const again = await admin.call("PATCH", `/project-keys/${id}`, {
      kafka_config: { username: "second-user", password: "third-password-789" },
    });
    expect(again.status).toBe(400);
    expect(again.body.detail).toContain("has Kafka access already");
  });
});

describe("N6: /_local diagnostics are the caller's service's", () => {
  test("another service's admin sees and resets only its own calls; the default service's admin sees all", async () => {
    const other = await server.createService("n6-other");
    const otherAdmin = new Client(server.baseUrl, await token(server, other.clientId, other.secret));
    expect((await otherAdmin.get("/tags")).status).toBe(200);
    expect((await admin.get("/tags")).status).toBe(200);

    const theirs = (await otherAdmin.get("/_local/stats")).body.calls as Array<{ serviceId?: string }>;
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((call) => call.serviceId === other.serviceId)).toBe(true);
    const theirRequests = (await otherAdmin.get("/_local/requests")).body.requests as Array<{ serviceId?: string }>;
    expect(theirRequests.every((request) => request.serviceId === other.serviceId)).toBe(true);

    expect((await otherAdmin.post("/_local/stats/reset")).status).toBe(200);
    const all = (await admin.get("/_local/stats")).body.calls as Array<{ serviceId?: string }>;
    expect(all.some((call) => call.serviceId === server.serviceId)).toBe(true);
    expect(all.some((call) => call.serviceId === other.serviceId)).toBe(false);
  });
});
