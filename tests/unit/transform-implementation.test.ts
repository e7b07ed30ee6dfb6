/**
 * A transform's implementation offline: which members each type takes and needs, and the wire form each one is
 * written in, read back without phantom drift.
 */
import {
  holdsSubset,
  implementationRules,
  implementationWire,
  liveImplementation,
  type TransformImplementation,
} from "../../provider/kinds/transform-implementation";

const table = (name: string) => ({
  name,
  topicMatcherRegex: `.*${name}$`,
  createTableSql: `create table if not exists \`${name}\` (id INT)`,
});
const reasons = (type: string, implementation: TransformImplementation, unitTest = false) =>
  implementationRules(type, implementation, unitTest).map((failure) => failure.reason);

test("members of another type's form are refused, naming what the type takes", () => {
  expect(reasons("map_filter", { language: "JAVASCRIPT", valueTransform: "x", joinSql: "SELECT 1" })).toEqual([
    "`implementation.joinSql` is not for `map_filter` transforms, which take `valueTransform`, `keyTransform`, `topicTransform`",
  ]);
  expect(reasons("topic_router", { language: "JAVASCRIPT", valueTransform: "x" })).toContain(
    "`implementation.valueTransform` is not for `topic_router` transforms, which take no implementation",
  );
});

test("a SQL form names each member it needs", () => {
  expect(reasons("rollup", { rollupSql: "SELECT 1" })).toEqual([
    "`implementation.inputTables` is required for `rollup` transforms (with `inputTables`, `rollupSql`, `keyFields`, `sourceIdleTimeoutMs`, `stateTtlMs`)",
    "`implementation.keyFields` is required for `rollup` transforms (with `inputTables`, `rollupSql`, `keyFields`, `sourceIdleTimeoutMs`, `stateTtlMs`)",
  ]);
});

test("code needs its language; a language alone is fine; a quoted, IF NOT EXISTS create is read", () => {
  expect(reasons("map_filter", { valueTransform: "x" })).toEqual([
    "`implementation.language` is required with code: `JAVASCRIPT` or `PYTHON`",
  ]);
  expect(reasons("map_filter", { language: "PYTHON" })).toEqual([]);
  expect(reasons("enrich", { mainTable: table("a"), lookupTable: table("b"), enrichSql: "SELECT 1" })).toEqual([]);
});

test("two tables of one name are refused, whatever their case", () => {
  expect(reasons("enrich", { mainTable: table("a"), lookupTable: table("A"), enrichSql: "SELECT 1" })).toEqual([
    "`implementation.lookupTable.name` is `A` again, as `implementation.mainTable.name`",
  ]);
});

test("each SQL form round-trips through its wire form to the program's own value", () => {
  const forms: Array<[string, TransformImplementation]> = [
    ["enrich", { mainTable: table("a"), lookupTable: table("b"), enrichSql: "SELECT 1" }],
    [
      "rollup",
      { inputTables: [table("a")], rollupSql: "SELECT 1", keyFields: ["k"], stateTtlMs: 5, sourceIdleTimeoutMs: 0 },
    ],
    ["sql_join", { inputTables: [table("a"), table("b")], joinSql: "SELECT 1", keyFields: ["k"], stateTtlMs: 7 }],
  ];
  for (const [type, implementation] of forms) {
    const wire = implementationWire(type, implementation, undefined);
    expect(wire).not.toHaveProperty("value_transform");
    expect(liveImplementation(type, wire, implementation)).toBe(implementation);
  }
  expect(implementationWire("sql_join", forms[2][1], undefined)).toMatchObject({
    stateTtlMs: "7",
    joinSQL: "SELECT 1",
  });
  expect(implementationWire("map_filter", { language: "PYTHON" }, undefined)).toBeUndefined();
});

describe("27.2: a SQL implementation the service added defaults to is no drift (TF base_test.go TestIsImplementationSubset)", () => {
  const declared = { inputTables: [], rollupSql: "SELECT 1", keyFields: ["id"] };
  test.each([
    ["the service added defaults", { ...declared, sourceIdleTimeoutMs: 30000, stateTtlMs: 86400000 }, true],
    ["the service holds exactly it", declared, true],
    ["a declared value differs", { ...declared, rollupSql: "SELECT 2", sourceIdleTimeoutMs: 30000 }, false],
    ["a declared key is missing", { rollupSql: "SELECT 1", keyFields: ["id"] }, false],
    ["a nested value differs", { ...declared, inputTables: [{ name: "products" }] }, false],
  ])("%s", (_case, live, same) => {
    expect(holdsSubset(declared, live)).toBe(same);
  });

  test("nested tables match key by key", () => {
    const part = { inputTables: [{ name: "orders", topicMatcherRegex: ".*orders$" }] };
    const whole = { inputTables: [{ name: "orders", topicMatcherRegex: ".*orders$", extra: 1 }], stateTtlMs: 1 };
    expect(holdsSubset(part, whole)).toBe(true);
    expect(holdsSubset({ inputTables: [{ name: "orders" }] }, { inputTables: [{ name: "products" }] })).toBe(false);
  });

  test("liveImplementation keeps the program's value when the service only added defaults", () => {
    const prior = { inputTables: [], rollupSql: "SELECT 1", keyFields: ["id"] };
    const live = {
      inputTables: [],
      rollupSQL: "SELECT 1",
      keyFields: ["id"],
      sourceIdleTimeoutMs: 30000,
      stateTTLMs: 86400000,
    };
    expect(liveImplementation("rollup", live, prior)).toBe(prior);
    expect(liveImplementation("rollup", { ...live, rollupSQL: "SELECT 2" }, prior)).toMatchObject({
      rollupSql: "SELECT 2",
    });
  });
});

test("27.10: enrich_async's async settings go with its code, and are refused for other code types", () => {
  const code = { language: "JAVASCRIPT" as const, valueTransform: "x", asyncTimeoutMs: 5000, asyncCapacity: 20 };
  expect(reasons("enrich_async", code)).toEqual([]);
  expect(implementationWire("enrich_async", code, undefined)).toMatchObject({
    async_timeout_ms: 5000,
    async_capacity: 20,
  });
  expect(reasons("map_filter", code)).toEqual([
    "`implementation.asyncTimeoutMs` is not for `map_filter` transforms, which take `valueTransform`, `keyTransform`, `topicTransform`",
    "`implementation.asyncCapacity` is not for `map_filter` transforms, which take `valueTransform`, `keyTransform`, `topicTransform`",
  ]);
});
