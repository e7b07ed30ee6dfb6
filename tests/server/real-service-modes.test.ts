// The real service's behaviours the local server imitates on request (faults/spec.ts, docs/local-server.md
// "Modes"): Kafka Connect's transient failures shortly after a create, a long `Pending Update`, slow asynchronous
// deletes, reads lagging a create; and the wire facts of sources and destinations that every mode shares.
import { call, createDestination, createSource, eventually, PG_SOURCE_CONFIG, startWithClient } from "./helpers";
import { parseFaultSpec } from "../../server/faults/spec";

/** The texts the reference client retries on (TF internal/api/retry.go:15-57). */
const kafkaConnectTransient =
  /Kafka Connect API call failed with status code (404|409|500)|rebalance|timed out on all nodes/i;

export const SNOWFLAKE_CONFIG = {
  "snowflake.url.name": "acme.snowflakecomputing.com",
  "snowflake.user.name": "loader",
  "snowflake.private.key": "-----BEGIN PRIVATE KEY-----abc",
  "snowflake.database.name": "DW",
  "snowflake.schema.name": "CDC",
};

describe("Modes in the fault spec", () => {
  test("V17: the spec takes kc, kc-window, kc-status, pending-update, slow-delete and read-lag", () => {
    const spec = parseFaultSpec("kc=0.5,kc-window=3s,kc-status=409;pending-update=2s;slow-delete=4s,read-lag=150ms");
    expect(spec.kafkaConnect).toEqual({ p: 0.5, windowMs: 3000, status: 409 });
    expect(spec).toMatchObject({ pendingUpdateMs: 2000, slowDeleteMs: 4000, readLagMs: 150 });
    expect(() => parseFaultSpec("kc=2")).toThrow(/probability/);
    expect(() => parseFaultSpec("kc-status=200")).toThrow(/kc-status/);
  });
});

describe("Kafka Connect transient failures (kc=P)", () => {
  test("V17: changes right after a create fail with Kafka Connect's texts; reads and creates do not", async () => {
    const { server, client } = await startWithClient({ faults: "kc=1,kc-window=10m" });
    try {
      const source = await createSource(client, "kc-source"); // the create itself goes through
      expect((await client.get(`/sources/${source.id}`)).status).toBe(200);
      const put = await client.put(`/sources/${source.id}`, {
        name: "kc-source",
        connector: "postgresql",
        config: PG_SOURCE_CONFIG,
      });
      expect(put.status).toBe(400);
      expect(typeof put.body.detail).toBe("string");
      expect(put.body.detail).toMatch(kafkaConnectTransient);
      expect(put.headers["x-request-id"]).toBeDefined();
      expect((await client.put(`/sources/${source.id}/pause`)).body.detail).toMatch(kafkaConnectTransient);
      expect((await client.post(`/sources/${source.id}/restart`)).body.detail).toMatch(kafkaConnectTransient);
      expect((await client.del(`/sources/${source.id}`)).body.detail).toMatch(kafkaConnectTransient);
      // Nothing was changed by the refused calls.
      expect((await client.get(`/sources/${source.id}`)).body.result[0].connector_status).not.toBe("Paused");
    } finally {
      await server.close();
    }
  });

  test("V17: once the window after the create has passed, changes go through", async () => {
    const { server, client } = await startWithClient({ faults: "kc=1,kc-window=150ms,kc-status=500" });
    try {
      const source = await createSource(client, "kc-later");
      const first = await client.put(`/sources/${source.id}/pause`);
      expect(first.status).toBe(500);
      const later = await eventually(
        () => client.put(`/sources/${source.id}/pause`),
        (answer) => answer.status === 200,
      );
      expect(later.status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe("Pending Update (pending-update=D)", () => {
  test("a write with wait=false leaves the connector Pending Update for the configured time, then Active", async () => {
    const { server, client } = await startWithClient({ faults: "pending-update=300ms" });
    try {
      const created = await client.post("/sources?wait=false", {
        name: "slow-update",
        connector: "postgresql",
        config: PG_SOURCE_CONFIG,
      });
      expect(created.body.connector_status).toBe("Pending Update");
      const active = await eventually(
        () => client.get(`/sources/${created.body.id}`),
        (answer) => answer.body.result[0].connector_status === "Active",
      );
      expect(active.body.result[0].connector_status).toBe("Active");
      const updated = await client.put(`/sources/${created.body.id}?wait=false`, {
        name: "slow-update",
        connector: "postgresql",
        config: { ...PG_SOURCE_CONFIG, "database.port.user.defined": 6543 },
      });
      expect(updated.body.connector_status).toBe("Pending Update");
      const settled = await eventually(
        () => client.get(`/sources/${created.body.id}`),
        (answer) => answer.body.result[0].connector_status !== "Pending Update",
      );
      expect(settled.body.result[0].connector_status).toBe("Active");
    } finally {
      await server.close();
    }
  });
});

describe("Slow deletes (slow-delete=D)", () => {
  test("7: DELETE ?wait=false answers at once and the object lingers; without wait=false the answer waits", async () => {
    const { server, client } = await startWithClient({ faults: "slow-delete=400ms" });
    try {
      const quick = await createDestination(client, "delete-quick");
      expect((await client.del(`/destinations/${quick.id}?wait=false`)).status).toBe(200);
      expect((await client.get(`/destinations/${quick.id}`)).body.result).toHaveLength(1); // still being torn down
      const gone = await eventually(
        () => client.get(`/destinations/${quick.id}`),
        (answer) => answer.body.result.length === 0,
      );
      expect(gone.body.result).toEqual([]);

      const held = await createDestination(client, "delete-held");
      expect((await client.del(`/destinations/${held.id}`)).status).toBe(200);
      // The answer came only once the teardown was done: the object is already gone.
      expect((await client.get(`/destinations/${held.id}`)).body.result).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

describe("Reads lagging a create (read-lag=D)", () => {
  test("B14: GET by id answers an empty result for a while after the create, then the object", async () => {
    const { server, client } = await startWithClient({ faults: "read-lag=300ms" });
    try {
      const source = await createSource(client, "lagging");
      expect((await client.get(`/sources/${source.id}`)).body.result).toEqual([]);
      const seen = await eventually(
        () => client.get(`/sources/${source.id}`),
        (answer) => answer.body.result.length === 1,
      );
      expect(seen.body.result[0].name).toBe("lagging");
    } finally {
      await server.close();
    }
  });
});

describe("Object config values", () => {
  test("V3: a map-typed key is taken and answered as an object, in reads and on list pages", async () => {
    const { server, client } = await startWithClient();
    try {
      const mapping = { "public.orders": "ORDERS_DEDUPED" };
      const created = await client.post("/destinations", {
        name: "snowflake-map",
        connector: "snowflake",
        config: { ...SNOWFLAKE_CONFIG, "auto.qa.dedupe.table.mapping": mapping },
      });
      expect(created.status).toBe(200);
      const read = await client.get(`/destinations/${created.body.id}`);
      expect(read.body.result[0].config["auto.qa.dedupe.table.mapping"]).toEqual(mapping);
      const listed = await client.get("/destinations?page_size=100");
      expect(listed.body.result[0].config["auto.qa.dedupe.table.mapping"]).toEqual(mapping);
    } finally {
      await server.close();
    }
  });
});

describe("Admin headers", () => {
  test("B1: X-Admin-Tenant-Id and X-Admin-Service-Id are recorded in the call stats", async () => {
    const { server, client } = await startWithClient();
    try {
      await call(server.baseUrl, "GET", "/sources", {
        token: client.token,
        headers: { "x-admin-tenant-id": "tenant-9", "x-admin-service-id": "service-9" },
      });
      expect(server.stats().calls).toContainEqual(
        expect.objectContaining({ path: "/sources", admin: { tenantId: "tenant-9", serviceId: "service-9" } }),
      );
    } finally {
      await server.close();
    }
  });
});
