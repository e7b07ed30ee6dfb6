// Conformance: sources and destinations (api.md "Resources and fields", "POST /sources", "GET /sources",
// "GET /destinations/{id}", notes' "Sources and destinations" and "Config history").
import {
  createDestination,
  createSource,
  eventually,
  PG_DEST_CONFIG,
  PG_SOURCE_CONFIG,
  startWithClient,
  type Client,
} from "./helpers";
import type { LocalServer } from "../../server";

/** The documented Source/Destination `connector_status` enum (DOCS) and the transient `Pending Update`. */
const connectorStatuses = [
  "Active",
  "Paused",
  "Stopped",
  "Broken",
  "Starting",
  "Unassigned",
  "Unknown",
  "Pending",
  "Pending Update",
];

let server: LocalServer;
let client: Client;
beforeAll(async () => ({ server, client } = await startWithClient()));
afterAll(() => server.close());

describe("Sources and destinations", () => {
  test("POST /sources answers the Source object with every documented field", async () => {
    const s = await createSource(client, "fields-source");
    for (const f of ["name", "connector", "id", "connector_display_name", "created_timestamp", "sub_id", "tenant_id"]) {
      expect(typeof s[f]).toBe("string");
    }
    expect(s.service_id).toBe(server.serviceId);
    expect(typeof s.config).toBe("object");
    expect(Array.isArray(s.topic_ids)).toBe(true);
    expect(typeof s.topic_map).toBe("object");
    expect(Array.isArray(s.topics)).toBe(true);
    expect(s.tasks.every((t: unknown) => Number.isInteger(t))).toBe(true);
    expect(typeof s.connector_status).toBe("string");
    expect(typeof s.task_statuses).toBe("object");
  });

  test("destinations have the same fields except service_id", async () => {
    const d = await createDestination(client, "fields-dest");
    expect(d).not.toHaveProperty("service_id");
    expect(d.connector_display_name).toBe("PostgreSQL");
  });

  test("S22: created_from is taken on create (terraform|web|api, default api) but in no answer, as documented", async () => {
    const r = await client.post("/sources", {
      name: "tf-src",
      connector: "postgresql",
      config: PG_SOURCE_CONFIG,
      created_from: "terraform",
    });
    expect(r.status).toBe(200);
    expect(r.body).not.toHaveProperty("created_from");
    expect((await client.get(`/sources/${r.body.id}`)).body.result[0]).not.toHaveProperty("created_from");
    expect((await client.get("/sources?page_size=100")).body.result[0]).not.toHaveProperty("created_from");
    // Kept all the same: the first config-history version names it as its origin.
    const history = await client.get(`/sources/${r.body.id}/config-history`);
    expect(history.body.result[0].origin).toBe("terraform");
    const bad = await client.post("/sources", {
      name: "x1",
      connector: "postgresql",
      config: PG_SOURCE_CONFIG,
      created_from: "cli",
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(["body", "created_from"]);
  });

  test("config values come back as strings with catalogue defaults filled in", async () => {
    const s = await createSource(client, "strings-source");
    expect(s.config["database.port.user.defined"]).toBe("5432");
    expect(s.config["database.sslmode"]).toBe("require");
    expect(s.config["heartbeat.enabled"]).toBe("true");
  });

  test("secret keys are masked unless secret_returned=true", async () => {
    const s = await createSource(client, "secret-source");
    expect(s.config["database.password"]).toBe("********");
    const plain = await client.get(`/sources/${s.id}?secret_returned=true`);
    expect(plain.body.result[0].config["database.password"]).toBe("hunter2");
    const masked = await client.get(`/sources/${s.id}`);
    expect(masked.body.result[0].config["database.password"]).toBe("********");
  });

  test("missing required config keys answer 422 at body.config.<key>", async () => {
    const r = await client.post("/sources", {
      name: "missing",
      connector: "postgresql",
      config: { "database.user": "u" },
    });
    expect(r.status).toBe(422);
    expect(r.body.detail).toContainEqual(
      expect.objectContaining({ loc: ["body", "config", "database.hostname.user.defined"], type: "missing" }),
    );
  });

  test("unknown values of an enum key answer 422", async () => {
    const r = await client.post("/sources", {
      name: "enum",
      connector: "postgresql",
      config: { ...PG_SOURCE_CONFIG, "database.sslmode": "maybe" },
    });
    expect(r.status).toBe(422);
    expect(r.body.detail[0]).toMatchObject({ loc: ["body", "config", "database.sslmode"], type: "enum" });
  });

  test("an unknown connector code answers 422", async () => {
    const r = await client.post("/destinations", { name: "u", connector: "webhook", config: {} });
    expect(r.status).toBe(422);
    expect(r.body.detail[0].loc).toEqual(["body", "connector"]);
  });

  test("name is required, non-empty and at most 255 characters", async () => {
    for (const name of ["", "n".repeat(256)]) {
      const r = await client.post("/sources", { name, connector: "postgresql", config: PG_SOURCE_CONFIG });
      expect(r.status).toBe(422);
      expect(r.body.detail[0].loc).toEqual(["body", "name"]);
    }
  });

  test("V16: a duplicate source name answers 422 with the service's text detail", async () => {
    await createSource(client, "dup-source");
    const r = await client.post("/sources", { name: "dup-source", connector: "postgresql", config: PG_SOURCE_CONFIG });
    expect(r.status).toBe(422);
    expect(r.body.detail).toBe("Validation error: A source with name 'dup-source' already exists");
  });

  test("source topics derive from the table include list as source_<id>.<schema.table>", async () => {
    const s = await createSource(client, "topics-source");
    expect(s.topic_ids).toEqual([`source_${s.id}.public.orders`, `source_${s.id}.public.customers`]);
    expect(s.topics).toEqual(["public.orders", "public.customers"]);
  });

  test("connector_status is Starting after create, then Active", async () => {
    const s = await createSource(client, "status-source");
    expect(s.connector_status).toBe("Starting");
    const later = await eventually(
      () => client.get(`/sources/${s.id}`),
      (r) => r.body.result[0].connector_status === "Active",
    );
    expect(later.body.result[0].connector_status).toBe("Active");
    expect(later.body.result[0].task_statuses["0"].state).toBe("RUNNING");
  });

  test("desired_state Paused ends Paused", async () => {
    const s = await createSource(client, "desired-paused", { desired_state: "Paused" });
    const later = await eventually(
      () => client.get(`/sources/${s.id}`),
      (r) => r.body.result[0].connector_status === "Paused",
    );
    expect(later.body.result[0].connector_status).toBe("Paused");
  });

  test("GET by id answers the envelope with one item", async () => {
    const s = await createSource(client, "get-one");
    const r = await client.get(`/sources/${s.id}`);
    expect(r.body).toMatchObject({ page: 1, total: 1, has_next: false });
    expect(r.body.result[0].id).toBe(s.id);
  });

  test("GET by id of an unknown object answers result: []", async () => {
    const r = await client.get("/destinations/000000000000000000000000");
    expect(r.status).toBe(200);
    expect(r.body.result).toEqual([]);
  });

  test("PUT replaces the managed config; list values replace", async () => {
    const s = await createSource(client, "put-source");
    const r = await client.put(`/sources/${s.id}`, {
      name: "put-source-renamed",
      connector: "postgresql",
      config: { ...PG_SOURCE_CONFIG, "table.include.list.user.defined": "public.items" },
    });
    expect(r.status).toBe(200);
    expect(r.body.name).toBe("put-source-renamed");
    expect(r.body.topics).toEqual(["public.items"]);
  });

  test("kc_cluster_id: null for the default cluster; kept from create, moved by a PUT naming one, kept by a PUT without", async () => {
    const plain = await createSource(client, "cluster-default");
    expect(plain.kc_cluster_id).toBeNull();
    const pinned = await client.post("/destinations", {
      name: "cluster-pinned",
      connector: "postgresql",
      config: PG_DEST_CONFIG,
      kc_cluster_id: "kc-east-2",
    });
    expect(pinned.status).toBe(200);
    expect(pinned.body.kc_cluster_id).toBe("kc-east-2");
    expect((await client.get(`/destinations/${pinned.body.id}`)).body.result[0].kc_cluster_id).toBe("kc-east-2");
    expect((await client.get("/destinations?partial_name=cluster-pinned")).body.result[0].kc_cluster_id).toBe(
      "kc-east-2",
    );
    const moved = await client.put(`/destinations/${pinned.body.id}`, {
      name: "cluster-pinned",
      connector: "postgresql",
      config: PG_DEST_CONFIG,
      kc_cluster_id: "kc-west-1",
    });
    expect(moved.body.kc_cluster_id).toBe("kc-west-1");
    // The reference client leaves the field out for the default cluster (`omitempty`): the connector stays.
    const without = await client.put(`/destinations/${pinned.body.id}`, {
      name: "cluster-pinned",
      connector: "postgresql",
      config: PG_DEST_CONFIG,
    });
    expect(without.body.kc_cluster_id).toBe("kc-west-1");
    const empty = await client.post("/sources", {
      name: "cluster-empty",
      connector: "postgresql",
      config: PG_SOURCE_CONFIG,
      kc_cluster_id: "",
    });
    expect(empty.body.kc_cluster_id).toBeNull();
    const wrong = await client.post("/sources", {
      name: "x",
      connector: "postgresql",
      config: PG_SOURCE_CONFIG,
      kc_cluster_id: 7,
    });
    expect(wrong.status).toBe(422);
  });

  test("PUT with a different connector answers 422", async () => {
    const s = await createSource(client, "put-connector");
    const r = await client.put(`/sources/${s.id}`, { name: "x", connector: "mysql", config: PG_SOURCE_CONFIG });
    expect(r.status).toBe(422);
    expect(r.body.detail[0].loc).toEqual(["body", "connector"]);
  });

  test("V5: DELETE ?wait=false is asynchronous: the object stays visible with a real status, then disappears", async () => {
    const d = await createDestination(client, "async-delete");
    const r = await client.del(`/destinations/${d.id}?wait=false`);
    expect(r.status).toBe(200);
    expect(r.body.id).toBe(d.id);
    const during = await client.get(`/destinations/${d.id}`);
    expect(connectorStatuses).toContain(during.body.result[0].connector_status);
    expect(during.body.result[0].connector_status).not.toBe("Deleting");
    const dup = await client.post("/destinations", { name: "async-delete", connector: "postgresql", config: {} });
    expect(dup.status).toBe(422);
    const gone = await eventually(
      () => client.get(`/destinations/${d.id}`),
      (x) => x.body.result.length === 0,
    );
    expect(gone.body.result).toEqual([]);
  });

  test("lists answer {result, page, page_size, total, has_next} with paging and filters", async () => {
    for (let i = 0; i < 3; i++) await createSource(client, `paged-${i}`);
    const p1 = await client.get("/sources?partial_name=PAGED-&page_size=2&sort=name");
    expect(p1.body).toMatchObject({ page: 1, page_size: 2, total: 3, has_next: true });
    expect(p1.body.result.map((s: { name: string }) => s.name)).toEqual(["paged-0", "paged-1"]);
    const p2 = await client.get("/sources?partial_name=paged-&page_size=2&page=2&sort=name&sort_dir=asc");
    expect(p2.body.has_next).toBe(false);
    const desc = await client.get("/sources?partial_name=paged-&sort=name&sort_dir=desc");
    expect(desc.body.result[0].name).toBe("paged-2");
    const byConnector = await client.get("/sources?connector=mysql");
    expect(byConnector.body.total).toBe(0);
  });

  test("page_size above 100 answers 422", async () => {
    const r = await client.get("/sources?page_size=101");
    expect(r.status).toBe(422);
    expect(r.body.detail[0].loc).toEqual(["query", "page_size"]);
  });
});

describe("Config history", () => {
  test("create is version 1 with origin created_from; PUT appends a version with origin api", async () => {
    const s = await createSource(client, "history-source", { created_from: "terraform" });
    await client.put(`/sources/${s.id}`, {
      name: s.name,
      connector: "postgresql",
      config: { ...PG_SOURCE_CONFIG, "database.port.user.defined": 6543 },
    });
    const h = await client.get(`/sources/${s.id}/config-history`);
    expect(h.body.total).toBe(2);
    const [latest, first] = h.body.result;
    expect(first).toMatchObject({ version: 1, origin: "terraform", actor: server.clientId });
    expect(latest.origin).toBe("api");
    expect(latest.changes).toEqual([{ key: "database.port.user.defined", old_value: "5432", new_value: "6543" }]);
    expect(typeof latest.summary).toBe("string");
  });

  test("X-Local-Origin and X-Local-Actor simulate an edit in the web console", async () => {
    const s = await createSource(client, "web-edit");
    await client.put(
      `/sources/${s.id}`,
      { name: s.name, connector: "postgresql", config: { ...PG_SOURCE_CONFIG, "database.password": "new" } },
      { "X-Local-Origin": "web", "X-Local-Actor": "alice@example.com" },
    );
    const h = await client.get(`/sources/${s.id}/config-history`);
    expect(h.body.result[0]).toMatchObject({ origin: "web", actor: "alice@example.com" });
    expect(h.body.result[0].changes).toEqual([
      { key: "database.password", old_value: "********", new_value: "********" },
    ]);
  });

  test("compare-to-original diffs the first and current version", async () => {
    const s = await createSource(client, "compare-source");
    await client.put(`/sources/${s.id}`, {
      name: s.name,
      connector: "postgresql",
      config: { ...PG_SOURCE_CONFIG, "database.dbname": "other" },
    });
    const r = await client.get(`/sources/${s.id}/config-history/compare-to-original`);
    expect(r.body).toEqual({
      original_version: 1,
      current_version: 2,
      changes: [{ key: "database.dbname", original_value: "app", current_value: "other" }],
    });
  });

  test("a masked secret sent back keeps the stored value and adds no version", async () => {
    const s = await createSource(client, "mask-roundtrip");
    await client.put(`/sources/${s.id}`, { name: s.name, connector: "postgresql", config: s.config });
    const h = await client.get(`/sources/${s.id}/config-history`);
    expect(h.body.total).toBe(1);
    const plain = await client.get(`/sources/${s.id}?secret_returned=true`);
    expect(plain.body.result[0].config["database.password"]).toBe("hunter2");
  });
});
