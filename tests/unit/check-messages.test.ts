/**
 * How `check` words bad input: every problem of a resource at once, the input's path as the program writes it,
 * the rule in plain words, never the value (it may be a secret), and nothing about values not known until `up`.
 */
import { checkInputs } from "../../provider/engine/check";
import type { JsonObject } from "../../provider/engine/kind";
import { unknownValue } from "../../provider/engine/values";
import { kindNamed } from "../../provider/kinds";
import { check as runtimeCheck } from "../../provider/runtime";

const reasons = (kind: string, inputs: JsonObject, olds?: JsonObject) =>
  checkInputs(kindNamed(kind), olds, inputs).failures.map((failure) => failure.reason);

const postgres = {
  name: "orders-db",
  databaseHostname: "db.internal.example.com",
  databaseUser: "streamkap",
  databasePassword: "pw-7f3a-never-shown",
  databaseDbname: "shop",
  schemaIncludeList: "public",
  tableIncludeList: "public.orders",
};

test("one check reports every problem of a resource, schema and catalogue rules alike", () => {
  expect(
    reasons("source:postgresql", {
      ...postgres,
      name: "n".repeat(300), // schema
      databsePort: 5432, // schema: unknown input
      databaseSslmode: "sometimes", // schema: enum
      databasePort: 70000, // a port's range, checked by the kind's rules
    }),
  ).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^`name`: must be at most 255 characters$/),
      expect.stringMatching(/^`databsePort` is not an input .* did you mean `databasePort`\?$/),
      expect.stringMatching(/^`databaseSslmode`: must be one of require, disable$/),
      expect.stringMatching(/^`databasePort`: must be between 1 and 65535$/),
    ]),
  );
});

test("a generic connector's config is checked against the catalogue even when another input is wrong", () => {
  const failures = reasons("source", {
    name: "orders-db",
    connector: "postgresql",
    stat: "paused",
    config: {
      "database.hostname.user.defined": "h",
      "database.port.user.defined": 70000,
      "database.user": "u",
      "database.password": "p",
      "database.dbname": "d",
      "schema.include.list": "public",
      "table.include.list.user.defined": "public.orders",
    },
  });
  expect(failures).toEqual([
    "`stat` is not an input of a source; did you mean `state`?",
    '`config["database.port.user.defined"]` must be between 1 and 65535',
  ]);
});

test("a problem is not reported twice when the input that broke the schema also breaks a rule", () => {
  const failures = reasons("source:postgresql", { ...postgres, databaseHostname: 42 });
  expect(failures).toEqual(["`databaseHostname`: must be a string"]);
});

test("no reason quotes the value it refuses", () => {
  const secret = "pw-7f3a-never-shown";
  const all = [
    ...reasons("source:postgresql", { ...postgres, databasePassword: 12345678, databaseSslmode: secret }),
    ...reasons("source", { name: "s", connector: "postgresql", config: { "database.passwrd": secret } }),
    ...reasons("projectKey", { name: "ci", kafkaAccess: { username: "ci", password: "short" } }),
    ...reasons("topic", { name: secret, partitions: 1, customConfigs: { "a.b": 5 } as never }),
  ];
  expect(all.length).toBeGreaterThanOrEqual(5);
  for (const reason of all) {
    expect(reason).not.toContain(secret);
    expect(reason).not.toContain("12345678");
    expect(reason).not.toContain("short");
  }
});

test("paths read as the program writes them", () => {
  expect(reasons("tag", { name: "t", types: ["sources", "queue"] })).toEqual([
    "`types.1`: must be one of sources, destinations, pipelines, transforms, topics, services, users, tenant",
  ]);
  expect(reasons("topic", { name: "t", customConfigs: { "retention.ms": 5 } as never })).toEqual([
    '`customConfigs["retention.ms"]`: must be a string',
  ]);
  expect(
    reasons("source:postgresql", {
      ...postgres,
      snapshot: { generation: 1, type: "incremental", filters: [{ table: "public.orders", wher: "id > 1" }] },
    }),
  ).toEqual(expect.arrayContaining(["`wher` is not allowed in `snapshot.filters.0`; did you mean `where`?"]));
});

test("a missing required input is named as required, whatever its type", () => {
  expect(reasons("transform", { name: "t", inputTopicPattern: "a", outputTopicPattern: "b" })).toEqual([
    "`type` is required",
  ]);
  expect(reasons("source:postgresql", { ...postgres, databaseUser: undefined as never })).toEqual([
    "`databaseUser` is required",
  ]);
});

test("a value given as a union of types says which types it may take", () => {
  // An object is a value too: map-typed keys take one (TF internal/resource/connector/base.go:852-880).
  expect(reasons("source", { name: "s", connector: "custom", config: { "some.key": { nested: true } } })).toEqual([]);
  expect(reasons("source", { name: "s", connector: "custom", config: { "some.key": null } })).toEqual([
    '`config["some.key"]`: must be a string, a number, true or false, a list or an object',
  ]);
});

test("values not known until `up` are not judged in preview", () => {
  expect(
    reasons("topic", { name: unknownValue, partitions: unknownValue, replicationFactor: 2, minInsyncReplicas: 3 }),
  ).toEqual([
    "`minInsyncReplicas` must not exceed `replicationFactor`: there cannot be more in-sync copies than copies",
  ]);
  expect(reasons("topic", { name: "t", replicationFactor: unknownValue, minInsyncReplicas: 3 })).toEqual([]);
});

test("the runtime hands the engine reasons without a property, so the engine never prints the value, each with its code", async () => {
  const outcome = await runtimeCheck("source:postgresql", undefined, { ...postgres, databasePassword: 12345678 });
  expect(outcome.failures).toEqual([
    { property: "", reason: "`databasePassword`: must be a string [STREAMKAP_ERR_INVALID_INPUT]" },
  ]);
});

test("27.6: a setting the service dropped is refused with a note to remove it, in the generic and typed classes", () => {
  const config = {
    "database.hostname.user.defined": "sql.example.com",
    "database.user": "streamkap",
    "database.password": "pw-never-shown",
    "database.dbname": "shop",
    "schema.include.list": "dbo",
    "table.include.list.user.defined": "dbo.orders",
    "streamkap.snapshot.large.table.threshold": 1000,
  };
  expect(reasons("source", { name: "sql", connector: "sqlserveraws", config })).toContain(
    '`config["streamkap.snapshot.large.table.threshold"]` is no longer a setting of the sqlserveraws source ' +
      "connector: the service dropped it (Terraform provider 3.0.0-beta.22). Remove it from the program",
  );
  // The typed class has no input for it any more: the name is refused as unknown.
  const typed = reasons("source:sqlserveraws", { name: "sql", snapshotLargeTableThreshold: 1000 });
  expect(typed.join("\n")).toContain("snapshotLargeTableThreshold");
});
