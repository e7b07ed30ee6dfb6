/**
 * S5 end to end: map-typed config keys (Snowflake `auto.qa.dedupe.table.mapping`) given as an object or as JSON
 * text go through create, a quiet second preview, refresh without drift, a console edit between the two forms
 * that is no drift, lookups over a list page holding object values, and destroy.
 */
import { scenario } from "../harness/scenario";

type Live = { id: string; name: string; connector: string; config: Record<string, unknown> };

const mapping = { "public.orders": "ORDERS_DEDUPED", "public.customers": "CUSTOMERS_DEDUPED" };

const world = scenario("object-config", {
  server: { statusDelayMs: 50, deleteDelayMs: 50 },
  config: { lookup: "true" },
});

test("S5: up creates destinations whose map-typed key is an object or its JSON text", async () => {
  const result = await world.project.up();
  expect(result.summary.result).toBe("succeeded");
  const outputs = await world.project.stack.outputs();
  expect(outputs.typedMapping.value).toEqual(mapping);
  expect(outputs.listed.value).toHaveLength(2); // getDestinations read a page of object-valued items
  const typed = (await world.api.request<{ result: Live[] }>("GET", `/destinations/${String(outputs.typedId.value)}`))
    .result[0];
  expect(typed.config["auto.qa.dedupe.table.mapping"]).toEqual(mapping);
});

test("S5: a second preview and a refresh show no change", async () => {
  expect((await world.project.preview()).result.changeSummary).toEqual({ same: 3 });
  await world.project.refresh();
  expect((await world.project.preview()).result.changeSummary).toEqual({ same: 3 });
});

test("S5: a console edit from the object to its JSON text is no drift", async () => {
  const outputs = await world.project.stack.outputs();
  const id = String(outputs.typedId.value);
  const live = (await world.api.request<{ result: Live[] }>("GET", `/destinations/${id}?secret_returned=true`))
    .result[0];
  await world.api.request("PUT", `/destinations/${id}`, {
    name: live.name,
    connector: "snowflake",
    config: { ...live.config, "auto.qa.dedupe.table.mapping": JSON.stringify(mapping) },
  });
  await world.project.refresh();
  expect((await world.project.preview()).result.changeSummary).toEqual({ same: 3 });
});

test("S5: destroy leaves nothing", async () => {
  await world.project.destroy();
  expect(await world.api.list("/destinations")).toEqual([]);
});
