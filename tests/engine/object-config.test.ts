/**
 * S5 end to end: map-typed config keys (Snowflake `auto.qa.dedupe.table.mapping`) given as an object or as JSON
 * text go through create, a quiet second preview, refresh without drift, a console edit between the two forms
 * that is no drift, lookups over a list page holding object values, and destroy.
 */
import { type LocalServer, startLocalServer } from "../../server";
import { ServiceApi } from "../harness/api";
import { TestProject } from "../harness/project";

type Live = { id: string; name: string; connector: string; config: Record<string, unknown> };

const mapping = { "public.orders": "ORDERS_DEDUPED", "public.customers": "CUSTOMERS_DEDUPED" };

let server: LocalServer;
let api: ServiceApi;
let project: TestProject;

beforeAll(async () => {
  server = await startLocalServer({ statusDelayMs: 50, deleteDelayMs: 50 });
  api = new ServiceApi(server);
  project = await TestProject.create("object-config", server, { lookup: "true" });
});

afterAll(async () => {
  project?.dispose();
  await server?.close();
});

test("S5: up creates destinations whose map-typed key is an object or its JSON text", async () => {
  const result = await project.up();
  expect(result.summary.result).toBe("succeeded");
  const outputs = await project.stack.outputs();
  expect(outputs.typedMapping.value).toEqual(mapping);
  expect(outputs.listed.value).toHaveLength(2); // getDestinations read a page of object-valued items
  const typed = (await api.request<{ result: Live[] }>("GET", `/destinations/${String(outputs.typedId.value)}`))
    .result[0];
  expect(typed.config["auto.qa.dedupe.table.mapping"]).toEqual(mapping);
});

test("S5: a second preview and a refresh show no change", async () => {
  expect((await project.preview()).result.changeSummary).toEqual({ same: 3 });
  await project.refresh();
  expect((await project.preview()).result.changeSummary).toEqual({ same: 3 });
});

test("S5: a console edit from the object to its JSON text is no drift", async () => {
  const outputs = await project.stack.outputs();
  const id = String(outputs.typedId.value);
  const live = (await api.request<{ result: Live[] }>("GET", `/destinations/${id}?secret_returned=true`)).result[0];
  await api.request("PUT", `/destinations/${id}`, {
    name: live.name,
    connector: "snowflake",
    config: { ...live.config, "auto.qa.dedupe.table.mapping": JSON.stringify(mapping) },
  });
  await project.refresh();
  expect((await project.preview()).result.changeSummary).toEqual({ same: 3 });
});

test("S5: destroy leaves nothing", async () => {
  await project.destroy();
  expect(await api.list("/destinations")).toEqual([]);
});
