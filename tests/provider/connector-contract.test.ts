/**
 * The provider's source and destination calls against the local server in its real-service modes, through the
 * same functions the dynamic provider runs for create, read, update and delete (no pulumi engine: each case is one
 * call sequence, and the engine tests cover the rest). Each test names the audit row it pins.
 */
import { type LocalServer, type LocalServerOptions, startLocalServer } from "../../server";
import { StreamkapClient } from "../../provider/client/client";
import { connectorRecord } from "../../provider/client/responses";
import { createObject, deleteObject, readObject, updateObject } from "../../provider/engine/operations";
import { findByName } from "../../provider/engine/lookup";
import type { JsonObject, KindContext } from "../../provider/engine/kind";
import { connectorKind } from "../../provider/kinds/connector";
import { resolveSettings } from "../../provider/settings";
import { ServiceApi } from "../harness/api";

const source = connectorKind("source");
const destination = connectorKind("destination");

const sourceConfig = {
  "database.hostname.user.defined": "db.internal.example.com",
  "database.port.user.defined": 5432,
  "database.user": "streamkap",
  "database.password": "contract-password-7c1d",
  "database.dbname": "shop",
  "schema.include.list": "public",
  "table.include.list.user.defined": "public.orders",
};

const snowflakeConfig = {
  "snowflake.url.name": "acme.snowflakecomputing.com",
  "snowflake.user.name": "STREAMKAP",
  "snowflake.private.key": "contract-private-key-2f0a",
  "snowflake.database.name": "ANALYTICS",
  "snowflake.schema.name": "RAW",
};

const servers: LocalServer[] = [];
afterAll(async () => Promise.all(servers.map((server) => server.close())));

async function start(
  options: LocalServerOptions = {},
  settings: Record<string, string> = {},
): Promise<{ server: LocalServer; context: KindContext; api: ServiceApi }> {
  const server = await startLocalServer({ statusDelayMs: 30, deleteDelayMs: 30, ...options });
  servers.push(server);
  const config: Record<string, string> = {
    "streamkap:endpoint": server.baseUrl,
    "streamkap:clientId": server.clientId,
    "streamkap:secret": server.secret,
    ...settings,
  };
  const client = new StreamkapClient(resolveSettings((key) => config[key], {}));
  return { server, context: { client, createdFrom: "api", label: "contract test" }, api: new ServiceApi(server) };
}

function sourceInputs(name: string, extra: JsonObject = {}): JsonObject {
  return { name, connector: "postgresql", config: { ...sourceConfig }, readyTimeoutSeconds: 30, ...extra };
}

describe("object config values", () => {
  const mapping = { "public.orders": "ORDERS_DEDUPED", "public.customers": "CUSTOMERS_DEDUPED" };

  test("S5: a destination with a map-typed key as an object is created, read back without drift, and updated", async () => {
    const { context } = await start();
    const inputs = {
      name: "snowflake-object",
      connector: "snowflake",
      config: { ...snowflakeConfig, "auto.qa.dedupe.table.mapping": mapping },
      readyTimeoutSeconds: 30,
    };
    const created = await createObject(destination as never, context, inputs);
    const read = await readObject(destination as never, context, created.id, created.outs);
    expect(read.id).toBe(created.id);
    expect((read.inputs?.config as JsonObject)["auto.qa.dedupe.table.mapping"]).toEqual(mapping);
    const changed = { ...inputs, config: { ...inputs.config, "auto.qa.dedupe.table.mapping": { a: "B" } } };
    const updated = await updateObject(destination as never, context, created.id, changed, created.outs);
    expect(updated.connectorStatus).toBe("Active");
  });

  test("S5: the object and its JSON text are the same value: a console edit to the text form is no drift", async () => {
    const { context, api } = await start();
    const inputs = {
      name: "snowflake-text",
      connector: "snowflake",
      config: { ...snowflakeConfig, "auto.qa.dedupe.table.mapping": mapping },
    };
    const created = await createObject(destination as never, context, inputs);
    await api.request("PUT", `/destinations/${created.id}`, {
      name: "snowflake-text",
      connector: "snowflake",
      config: { ...snowflakeConfig, "auto.qa.dedupe.table.mapping": JSON.stringify(mapping) },
    });
    const read = await readObject(destination as never, context, created.id, created.outs);
    expect((read.inputs?.config as JsonObject)["auto.qa.dedupe.table.mapping"]).toEqual(mapping);
  });

  test("S5: one object-valued item on a list page does not hide the object looked up by name", async () => {
    const { context, api } = await start();
    await api.request("POST", "/destinations", {
      name: "warehouse-with-map",
      connector: "snowflake",
      config: { ...snowflakeConfig, "auto.qa.dedupe.table.mapping": mapping },
    });
    await api.request("POST", "/destinations", {
      name: "warehouse",
      connector: "snowflake",
      config: { ...snowflakeConfig, "auto.qa.dedupe.table.mapping": mapping },
    });
    const found = await findByName(destination as never, context, "warehouse");
    expect(found.map((item) => (item as { name: string }).name)).toEqual(["warehouse"]);
  });
});

test("S7: integer topic ids, which the documented Source schema allows, are read as strings", () => {
  const parsed = connectorRecord.parse({ id: "s1", topic_ids: [7, "source_s1.public.orders"], topics: [3] });
  expect(parsed.topic_ids).toEqual(["7", "source_s1.public.orders"]);
  expect(parsed.topics).toEqual(["3"]);
});

describe("Kafka Connect transient failures", () => {
  test("B2: an update and lifecycle calls made right after a create are retried until Kafka Connect takes them", async () => {
    const { server, context } = await start({ faults: "kc=1,kc-window=1500ms" });
    const created = await createObject(source as never, context, sourceInputs("kc-update"));
    const changed = sourceInputs("kc-update", {
      config: { ...sourceConfig, "database.port.user.defined": 6543 },
      state: "paused",
    });
    const outs = await updateObject(source as never, context, created.id, changed, created.outs);
    expect(outs.connectorStatus).toBe("Paused");
    const refused = server.stats().calls.filter((call) => call.status === 400);
    expect(refused.length).toBeGreaterThan(0); // the failures really happened, and were retried
  });

  test("B2: a delete right after a create is retried until Kafka Connect takes it", async () => {
    const { context, api } = await start({ faults: "kc=1,kc-window=1500ms" });
    const created = await createObject(source as never, context, sourceInputs("kc-delete"));
    await deleteObject(source as never, context, created.id);
    expect(await api.list("/sources")).toEqual([]);
  });

  test("B2: a Kafka Connect failure that outlasts the retry budget names the call, the service's text and what to do", async () => {
    const { context } = await start({ faults: "kc=1,kc-window=10m" }, { "streamkap:retryBudgetMs": "1500" });
    const created = await createObject(source as never, context, sourceInputs("kc-stuck"));
    const failure = deleteObject(source as never, context, created.id);
    await expect(failure).rejects.toThrow(/DELETE \/sources\/\w+ answered 400 \(request id [^)]+\): .*Kafka Connect/);
    await expect(failure).rejects.toThrow(/Kafka Connect stayed busy.*streamkap:retryBudgetMs/);
  });
});

test("7: a delete is sent with wait=false, so a slow Kafka Connect teardown never holds a call past its deadline", async () => {
  const { context, api } = await start(
    { faults: "slow-delete=2500ms" },
    { "streamkap:callTimeoutMs": "1000", "streamkap:retryBudgetMs": "1500" },
  );
  const created = await createObject(source as never, context, sourceInputs("slow-delete"));
  await deleteObject(source as never, context, created.id);
  expect(await api.list("/sources")).toEqual([]);
});

test("B9: a lookup by name reads every page of partial matches", async () => {
  const { context, api } = await start();
  for (let i = 0; i < 101; i++) {
    const name = `orders-${String(i).padStart(3, "0")}`;
    await api.request("POST", "/sources", { name, connector: "postgresql", config: sourceConfig });
  }
  await api.request("POST", "/sources", { name: "orders", connector: "postgresql", config: sourceConfig });
  const firstPage = await api.request<{ result: Array<{ name: string }> }>(
    "GET",
    "/sources?partial_name=orders&page=1&page_size=100",
  );
  expect(firstPage.result.map((item) => item.name)).not.toContain("orders"); // past page 1: the case at hand
  const found = await findByName(source as never, context, "orders");
  expect(found.map((item) => (item as { name: string }).name)).toEqual(["orders"]);
});

test("B1: the admin impersonation headers reach the service on every call, the token request included", async () => {
  const { server, context } = await start(
    {},
    { "streamkap:adminTenantId": "tenant-admin-1", "streamkap:adminServiceId": "service-admin-2" },
  );
  await createObject(source as never, context, sourceInputs("admin-headers"));
  const calls = server.stats().calls;
  expect(calls.length).toBeGreaterThan(1);
  for (const call of calls) {
    expect(call.admin).toEqual({ tenantId: "tenant-admin-1", serviceId: "service-admin-2" });
  }
});

test("B14: a connector just created that reads as missing for a while is waited for, not called deleted", async () => {
  const { context } = await start({ faults: "read-lag=600ms" });
  const created = await createObject(source as never, context, sourceInputs("read-lag"));
  expect(created.outs.connectorStatus).toBe("Active");
});

test("V5: a connector being deleted reads with a real status, and the delete waits until it is gone", async () => {
  const { context, api } = await start({ faults: "slow-delete=500ms" });
  const created = await createObject(source as never, context, sourceInputs("deleting"));
  await api.request("DELETE", `/sources/${created.id}?wait=false`);
  const [lingering] = await api.list<{ connector_status: string }>("/sources");
  expect(lingering.connector_status).toBe("Active");
  await deleteObject(source as never, context, created.id); // already being deleted: waits for the end
  expect(await api.list("/sources")).toEqual([]);
});

describe("S22: create recovery without created_from in answers", () => {
  test("S22: an orphan an interrupted run made under the derived name is taken over", async () => {
    const { context, api } = await start();
    const orphan = await api.request<{ id: string }>("POST", "/sources", {
      name: "orders-db-abc1234",
      connector: "postgresql",
      config: sourceConfig,
      created_from: "api",
    });
    const inputs = sourceInputs("orders-db-abc1234", { nameSeed: "orders-db" });
    const created = await createObject(source as never, context, inputs);
    expect(created.id).toBe(orphan.id);
  });

  test("S22: a same-named object made in the console is not taken over, even holding the same settings", async () => {
    const { context, api } = await start();
    await api.request("POST", "/sources", {
      name: "orders-db-def5678",
      connector: "postgresql",
      config: sourceConfig,
      created_from: "web",
    });
    const inputs = sourceInputs("orders-db-def5678", { nameSeed: "orders-db" });
    await expect(createObject(source as never, context, inputs)).rejects.toThrow(/already exists in this service/);
  });
});

test("B10: a lifecycle operation that Kafka Connect takes longer than callTimeoutMs to perform is waited for", async () => {
  const { context } = await start(
    { faults: "latency=1500ms,path=/sources/*/pause" },
    { "streamkap:callTimeoutMs": "1000", "streamkap:retryBudgetMs": "4000" },
  );
  const created = await createObject(source as never, context, sourceInputs("slow-pause"));
  const paused = sourceInputs("slow-pause", { state: "paused" });
  const outs = await updateObject(source as never, context, created.id, paused, created.outs);
  expect(outs.connectorStatus).toBe("Paused");
});
