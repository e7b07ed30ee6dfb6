/**
 * The SQL transforms (`enrich`, `rollup`, `sql_join`) with their structured implementations, and a code transform
 * that declares only its language, with the real engine against the local server: the implementation reaches the
 * service in the reference provider's `implementation_json` shape, reads back without drift, a console edit is
 * drift, and the offline rules name each mistake.
 */
import { callsDuring, previewCalls } from "../harness/calls";
import { TestProject } from "../harness/project";
import { scenario } from "../harness/scenario";

interface LiveTransform {
  id: string;
  transform_type: string;
  config: Record<string, unknown>;
  implementation: Record<string, unknown> | null;
  version: number;
}

const world = scenario("sql-transforms", { server: { statusDelayMs: 50, deleteDelayMs: 100 } });

async function transform(output: string): Promise<LiveTransform> {
  const id = String((await world.project.stack.outputs())[output].value);
  const [live] = (await world.api.request<{ result: LiveTransform[] }>("GET", `/transforms/${id}`)).result;
  return live;
}

const ordersTable = {
  name: "orders",
  topicMatcherRegex: ".*orders$",
  createTableSQL:
    "CREATE TABLE orders (order_id STRING PRIMARY KEY, customer_id STRING, location_id STRING, amount INT)",
};

test("up writes each SQL implementation in the reference provider's shape", async () => {
  await world.project.up();
  const enrich = await transform("enrichId");
  expect(enrich.implementation).toMatchObject({
    mainTable: ordersTable,
    lookupTable: { name: "locations", topicMatcherRegex: ".*locations$" },
    enrichSQL: expect.stringContaining("JOIN locations"),
  });
  expect(enrich.implementation).not.toHaveProperty("value_transform");

  const rollup = await transform("rollupId");
  expect(rollup.implementation).toMatchObject({
    inputTables: [ordersTable],
    rollupSQL: expect.stringContaining("GROUP BY customer_id"),
    keyFields: ["customer_id"],
    sourceIdleTimeoutMs: 30_000,
    stateTTLMs: 86_400_000,
  });

  const join = await transform("joinId");
  expect(join.implementation).toMatchObject({
    inputTables: [ordersTable, expect.objectContaining({ name: "customers" })],
    joinSQL: expect.stringContaining("JOIN customers"),
    keyFields: ["order_id"],
    stateTtlMs: "604800000",
  });
});

test("a transform's tags are sent on create and read back; a transform without them has the service's (none)", async () => {
  const outputs = await world.project.stack.outputs();
  expect((await transform("rollupId")) as unknown as { tags: string[] }).toMatchObject({
    tags: [outputs.teamId.value],
  });
  expect(outputs.joinTags.value).toEqual([]);
});

test("a language alone sets the config's language and writes no implementation", async () => {
  const python = await transform("pythonId");
  expect(python.config["transforms.language"]).toBe("Python");
  expect(python.version).toBe(0);
});

test("a second preview shows no changes and makes no API call; refresh finds no drift", async () => {
  const { changeSummary, calls } = await previewCalls(world.server, world.project);
  expect(changeSummary).toEqual({ same: 6 });
  expect(calls).toEqual([]);
  const { diagnostics } = await world.project.refresh();
  expect(diagnostics.join("\n")).not.toMatch(/changed outside Pulumi/);
  expect((await world.project.preview()).result.changeSummary).toEqual({ same: 6 });
});

test("27.2: a rollup leaving the service's defaults unset has no drift after refresh; up writes no version", async () => {
  await world.project.setConfig({ rollupTimeouts: "unset" });
  await world.project.up();
  const stored = await transform("rollupId");
  // The service fills in its own defaults (TF base_test.go:96-97).
  expect(stored.implementation).toMatchObject({ sourceIdleTimeoutMs: 30_000, stateTTLMs: 86_400_000 });
  const { diagnostics } = await world.project.refresh();
  expect(diagnostics.join("\n")).not.toMatch(/changed outside Pulumi/);
  expect((await world.project.preview()).result.changeSummary).toEqual({ same: 6 });
  await world.project.up();
  expect((await transform("rollupId")).version).toBe(stored.version);
  await world.project.removeConfig("rollupTimeouts");
});

test("a query edited in the console is drift of `implementation`; up writes the program's back", async () => {
  const rollup = await transform("rollupId");
  await world.api.request("PUT", `/transforms/${rollup.id}/implementation_details`, {
    transform_id: rollup.id,
    implementation: { ...rollup.implementation, rollupSQL: "SELECT customer_id, COUNT(*) AS n FROM orders GROUP BY 1" },
  });
  await world.project.refresh();
  const preview = await world.project.preview();
  const step = preview.steps.find((candidate) => candidate.name === "daily-sales");
  expect(step).toMatchObject({ op: "update", diffs: ["implementation"] });

  await world.project.up();
  expect((await transform("rollupId")).implementation).toMatchObject({
    rollupSQL: expect.stringContaining("SUM(amount)"),
  });
});

test("changing the query writes a new version", async () => {
  const before = (await transform("rollupId")).version;
  await world.project.setConfig({
    rollupSql: "SELECT customer_id, MAX(amount) AS top FROM orders GROUP BY customer_id",
  });
  await world.project.up();
  const after = await transform("rollupId");
  expect(after.version).toBe(before + 1);
  expect(after.implementation).toMatchObject({ rollupSQL: expect.stringContaining("MAX(amount)") });
});

test("tags set in the console on a transform whose tags the program leaves out stay; `[]` removes the program's", async () => {
  const join = await transform("joinId");
  const teamId = String((await world.project.stack.outputs()).teamId.value);
  await world.api.request("PUT", "/transforms", {
    id: join.id,
    config: join.config,
    implementation: join.implementation,
    tags: [teamId],
  });
  await world.project.setConfig({ rollupTags: "none" });
  await world.project.up();
  expect(((await transform("joinId")) as unknown as { tags: string[] }).tags).toEqual([teamId]);
  expect(((await transform("rollupId")) as unknown as { tags: string[] }).tags).toEqual([]);
});

test("destroy removes every transform", async () => {
  await world.project.destroy();
  expect(await world.api.list("/transforms")).toEqual([]);
});

test.each([
  [
    "enrich",
    ["`implementation.lookupTable.createTableSql` must create the table `locations` (`CREATE TABLE locations (…)`)"],
  ],
  ["rollup", ["`implementation.keyFields` lists `customer_id` more than once"]],
  [
    "join",
    [
      "`implementation.inputTables` must list at least two tables: a join reads two or more",
      "`unitTest` runs code, and a `sql_join` transform is SQL",
    ],
  ],
])("a broken %s implementation fails in preview, naming each mistake, and sends nothing", async (which, reasons) => {
  const bad = await TestProject.create("sql-transforms", world.server, { bad: which });
  try {
    let failure: { message: string; diagnostics: string[] } | undefined;
    const calls = await callsDuring(world.server, async () => (failure = await bad.failingPreview()));
    const printed = [failure?.message, ...(failure?.diagnostics ?? [])].join("\n");
    for (const reason of reasons) expect(printed).toContain(reason);
    expect(calls).toEqual([]);
  } finally {
    bad.dispose();
  }
});
