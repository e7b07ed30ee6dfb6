/**
 * Bad input, offline: for every resource kind and every class of mistake (wrong type, unknown key, number out of
 * range, value outside an enum, over-long name, mutually exclusive inputs), `check` fails naming the input and
 * the rule. Each case is a valid resource with one mistake, so the failure is that mistake's. Where a kind has
 * no input of a class, the table says so instead of inventing one. (tests/engine/bad-input.test.ts shows the
 * same failures through a real preview, and that nothing is sent.)
 */
import { checkInputs } from "../../provider/engine/check";
import type { JsonObject } from "../../provider/engine/kind";
import { kindNamed, kinds } from "../../provider/kinds";

const ruleClasses = [
  "wrong type",
  "unknown key",
  "out of range",
  "enum",
  "over-long name",
  "mutually exclusive",
] as const;
type RuleClass = (typeof ruleClasses)[number];

/** One mistake: the change to a valid resource, and the input and rule the failure must name. */
interface Mistake {
  change: JsonObject;
  property: string;
  reason: RegExp;
}

interface KindCases {
  /** A resource of the kind that passes check. */
  valid: JsonObject;
  /** Per rule class, the mistakes to test, or why the kind has no input of that class. */
  cases: Record<RuleClass, Mistake[] | { none: string }>;
}

const long = (length: number) => "n".repeat(length);

const postgresConfig = {
  "database.hostname.user.defined": "db.internal.example.com",
  "database.port.user.defined": 5432,
  "database.user": "streamkap",
  "database.password": "matrix-password",
  "database.dbname": "shop",
  "schema.include.list": "public",
  "table.include.list.user.defined": "public.orders",
};
const snowflakeConfig = {
  "snowflake.url.name": "acme.snowflakecomputing.com",
  "snowflake.user.name": "STREAMKAP",
  "snowflake.private.key": "matrix-key",
  "snowflake.database.name": "ANALYTICS",
  "snowflake.schema.name": "RAW",
};

const table: Record<string, KindCases> = {
  source: {
    valid: { name: "orders-db", connector: "postgresql", config: postgresConfig },
    cases: {
      "wrong type": [
        { change: { readyTimeoutSeconds: "600" }, property: "readyTimeoutSeconds", reason: /must be a number/ },
        {
          change: { config: { ...postgresConfig, "database.port.user.defined": "5432x" } },
          property: "config",
          reason: /`config\["database\.port\.user\.defined"\]` must be a whole number/,
        },
      ],
      "unknown key": [
        { change: { stat: "paused" }, property: "stat", reason: /`stat` is not an input .*did you mean `state`\?/ },
        {
          change: { config: { ...postgresConfig, "databse.user": "x" } },
          property: "config",
          reason: /`config\["databse\.user"\]` is not a setting .*did you mean "database\.user"\?/,
        },
        {
          // Far from every key: no guess, the connector's settings instead.
          change: { config: { ...postgresConfig, "database.prot": "5432" } },
          property: "config",
          reason:
            /`config\["database\.prot"\]` is not a setting of the postgresql source connector, whose settings are: .*database\.port\.user\.defined, .*`unlistedSettings`/,
        },
      ],
      "out of range": [
        {
          change: { config: { ...postgresConfig, "database.port.user.defined": 70000 } },
          property: "config",
          reason: /`config\["database\.port\.user\.defined"\]` must be between 1 and 65535/,
        },
        { change: { readyTimeoutSeconds: 0 }, property: "readyTimeoutSeconds", reason: /must be at least 1/ },
      ],
      enum: [
        {
          change: { state: "sleeping" },
          property: "state",
          reason: /`state`: must be one of running, paused, stopped/,
        },
        {
          change: { config: { ...postgresConfig, "database.sslmode": "sometimes" } },
          property: "config",
          reason: /`config\["database\.sslmode"\]` must be one of require, disable/,
        },
      ],
      "over-long name": [{ change: { name: long(256) }, property: "name", reason: /must be at most 255 characters/ }],
      "mutually exclusive": [
        {
          change: {
            snapshot: { generation: 1, type: "blocking", filters: [{ table: "public.orders", where: "id > 5" }] },
          },
          property: "snapshot",
          reason: /`snapshot\.filters` work with incremental snapshots only/,
        },
      ],
    },
  },
  destination: {
    valid: { name: "warehouse", connector: "snowflake", config: snowflakeConfig },
    cases: {
      "wrong type": [
        { change: { tags: "team-a" }, property: "tags", reason: /`tags`: must be a list/ },
        {
          change: { config: { ...snowflakeConfig, "snowflake.database.name": true } },
          property: "config",
          reason: /`config\["snowflake\.database\.name"\]` must be a string/,
        },
      ],
      "unknown key": [
        {
          change: { config: { ...snowflakeConfig, "snowflake.private.kye": "x" } },
          property: "config",
          reason: /did you mean "snowflake\.private\.key"\?/,
        },
      ],
      "out of range": [
        {
          change: { config: { ...snowflakeConfig, "consumer.override.max.poll.records": 0 } },
          property: "config",
          reason: /must be between 1 and 100000/,
        },
      ],
      enum: [
        {
          change: { config: { ...snowflakeConfig, "ingestion.mode": "merge" } },
          property: "config",
          reason: /`config\["ingestion\.mode"\]` must be one of upsert, append/,
        },
      ],
      "over-long name": [{ change: { name: long(256) }, property: "name", reason: /must be at most 255 characters/ }],
      "mutually exclusive": {
        none: "a destination has no inputs that exclude each other (a `snapshot`, which only sources take, is refused)",
      },
    },
  },
  "source:postgresql": {
    valid: {
      name: "orders-db",
      databaseHostname: "db.internal.example.com",
      databasePort: 5432,
      databaseUser: "streamkap",
      databasePassword: "matrix-password",
      databaseDbname: "shop",
      schemaIncludeList: "public",
      tableIncludeList: "public.orders",
    },
    cases: {
      "wrong type": [
        {
          change: { databasePort: "5432" },
          property: "databasePort",
          reason: /`databasePort`: must be a whole number/,
        },
      ],
      "unknown key": [
        {
          change: { databsePort: 5432 },
          property: "databsePort",
          reason: /`databsePort` is not an input of a postgresql source; did you mean `databasePort`\?/,
        },
      ],
      "out of range": [
        {
          change: { databasePort: 70000 },
          property: "databasePort",
          reason: /`databasePort`: must be between 1 and 65535/,
        },
        {
          change: { streamkapSnapshotParallelism: 11 },
          property: "streamkapSnapshotParallelism",
          reason: /must be between 1 and 10/,
        },
      ],
      enum: [
        {
          change: { databaseSslmode: "sometimes" },
          property: "databaseSslmode",
          reason: /must be one of require, disable/,
        },
      ],
      "over-long name": [{ change: { name: long(256) }, property: "name", reason: /must be at most 255 characters/ }],
      "mutually exclusive": [
        {
          change: { snapshot: { generation: 1, type: "blocking", surrogateKey: "id" } },
          property: "snapshot",
          reason: /`snapshot\.surrogateKey` applies to incremental snapshots only/,
        },
      ],
    },
  },
  "destination:snowflake": {
    valid: {
      name: "warehouse",
      snowflakeUrlName: "acme.snowflakecomputing.com",
      snowflakeUserName: "STREAMKAP",
      snowflakePrivateKey: "matrix-key",
      snowflakeDatabaseName: "ANALYTICS",
      snowflakeSchemaName: "RAW",
    },
    cases: {
      "wrong type": [
        { change: { snowflakeDatabaseName: 7 }, property: "snowflakeDatabaseName", reason: /must be a string/ },
      ],
      "unknown key": [
        {
          change: { snowflakePrivatKey: "x" },
          property: "snowflakePrivatKey",
          reason: /did you mean `snowflakePrivateKey`\?/,
        },
      ],
      "out of range": [
        {
          change: { consumerOverrideMaxPollRecords: 100001 },
          property: "consumerOverrideMaxPollRecords",
          reason: /must be between 1 and 100000/,
        },
      ],
      enum: [
        { change: { ingestionMode: "merge" }, property: "ingestionMode", reason: /must be one of upsert, append/ },
      ],
      "over-long name": [{ change: { name: long(256) }, property: "name", reason: /must be at most 255 characters/ }],
      "mutually exclusive": { none: "a Snowflake destination has no inputs that exclude each other" },
    },
  },
  pipeline: {
    valid: { name: "orders-to-warehouse", sourceId: "src-1", destinationId: "dst-1" },
    cases: {
      "wrong type": [
        { change: { snapshotNewTables: "yes" }, property: "snapshotNewTables", reason: /must be true or false/ },
      ],
      "unknown key": [{ change: { topcs: ["public.orders"] }, property: "topcs", reason: /did you mean `topics`\?/ }],
      "out of range": { none: "a pipeline has no numeric inputs" },
      enum: { none: "a pipeline has no input with a fixed set of values (besides `onDrift`, common to all kinds)" },
      "over-long name": [{ change: { name: long(256) }, property: "name", reason: /must be at most 255 characters/ }],
      "mutually exclusive": { none: "a pipeline has no inputs that exclude each other" },
    },
  },
  topic: {
    valid: { name: "events", partitions: 3 },
    cases: {
      "wrong type": [{ change: { partitions: "3" }, property: "partitions", reason: /`partitions`: must be a number/ }],
      "unknown key": [{ change: { partitons: 3 }, property: "partitons", reason: /did you mean `partitions`\?/ }],
      "out of range": [
        { change: { partitions: 0 }, property: "partitions", reason: /`partitions`: must be at least 1/ },
        { change: { replicationFactor: 11 }, property: "replicationFactor", reason: /must be at most 10/ },
      ],
      enum: [
        {
          change: { cleanupPolicy: "forever" },
          property: "cleanupPolicy",
          reason: /must be one of delete, compact, delete,compact/,
        },
      ],
      "over-long name": [
        { change: { name: long(250) }, property: "name", reason: /must be at most 249 characters/ },
        { change: { name: "my events" }, property: "name", reason: /may hold only letters, digits/ },
      ],
      "mutually exclusive": {
        none: "a topic has no inputs that exclude each other (`minInsyncReplicas` above `replicationFactor` is refused)",
      },
    },
  },
  transform: {
    valid: { name: "clean-orders", type: "map_filter", inputTopicPattern: "orders", outputTopicPattern: "clean" },
    cases: {
      "wrong type": [{ change: { parallelism: "2" }, property: "parallelism", reason: /must be a number/ }],
      "unknown key": [
        {
          change: { implementation: { language: "JAVASCRIPT", valueTransform: "x", keyTransfrom: "y" } },
          property: "implementation",
          reason: /`keyTransfrom` is not allowed in `implementation`; did you mean `keyTransform`\?/,
        },
        { change: { implementaton: {} }, property: "implementaton", reason: /did you mean `implementation`\?/ },
      ],
      "out of range": [
        { change: { parallelism: 21 }, property: "parallelism", reason: /`parallelism` must be between 1 and 20/ },
        { change: { deployTimeoutSeconds: 5 }, property: "deployTimeoutSeconds", reason: /must be at least 10/ },
      ],
      enum: [
        { change: { type: "reshape" }, property: "type", reason: /`type`: must be one of fan_out, sql_join/ },
        { change: { replayWindow: "1y" }, property: "replayWindow", reason: /must be one of 0, 7d, 3d, 24h, 10m/ },
      ],
      "over-long name": [{ change: { name: long(256) }, property: "name", reason: /must be at most 255 characters/ }],
      "mutually exclusive": [
        {
          change: { config: { "transforms.input.topic.pattern": "other" } },
          property: "config",
          reason: /`config\["transforms\.input\.topic\.pattern"\]` is set by `inputTopicPattern`/,
        },
      ],
    },
  },
  "transform:map_filter": {
    valid: { name: "clean-orders", inputTopicPattern: "orders", outputTopicPattern: "clean" },
    cases: {
      "wrong type": [{ change: { parallelism: "2" }, property: "parallelism", reason: /must be a number/ }],
      "unknown key": [
        { change: { inputFormatt: "Json" }, property: "inputFormatt", reason: /did you mean `inputFormat`\?/ },
      ],
      "out of range": [{ change: { parallelism: 21 }, property: "parallelism", reason: /must be between 1 and 20/ }],
      enum: [
        {
          change: { inputFormat: "Xml" },
          property: "inputFormat",
          reason: /`inputFormat` must be one of Any, Avro, Json/,
        },
        {
          change: { implementation: { language: "SQL", valueTransform: "select 1" } },
          property: "implementation",
          reason: /`implementation\.language` must be PYTHON or JAVASCRIPT for `map_filter` transforms/,
        },
      ],
      "over-long name": [{ change: { name: long(256) }, property: "name", reason: /must be at most 255 characters/ }],
      "mutually exclusive": {
        none: "a typed transform has no `config` map to clash with its inputs",
      },
    },
  },
  projectKey: {
    valid: { name: "ci" },
    cases: {
      "wrong type": [{ change: { roles: "role_admin" }, property: "roles", reason: /`roles`: must be a list/ }],
      "unknown key": [
        {
          change: { kafkaAccess: { username: "ci", pasword: "long-enough-1" } },
          property: "kafkaAccess",
          reason: /`pasword` is not allowed in `kafkaAccess`; did you mean `password`\?/,
        },
        { change: { descripton: "x" }, property: "descripton", reason: /did you mean `description`\?/ },
      ],
      "out of range": { none: "a project key has no numeric inputs" },
      enum: [{ change: { toolProfile: "admin" }, property: "toolProfile", reason: /must be one of full, read-only/ }],
      "over-long name": [{ change: { name: long(101) }, property: "name", reason: /must be at most 100 characters/ }],
      "mutually exclusive": [
        {
          change: { roles: ["role_admin"], permissions: ["sources:read"] },
          property: "permissions",
          reason: /`roles` and `permissions` cannot both be set/,
        },
      ],
    },
  },
  webhookSource: {
    valid: { name: "hooks" },
    cases: {
      "wrong type": [
        { change: { addDeleteField: "yes" }, property: "addDeleteField", reason: /must be true or false/ },
      ],
      "unknown key": [{ change: { topcs: ["orders"] }, property: "topcs", reason: /did you mean `topics`\?/ }],
      "out of range": [
        { change: { keyVersion: -1 }, property: "keyVersion", reason: /`keyVersion`: must be at least 0/ },
      ],
      enum: [{ change: { format: "xml" }, property: "format", reason: /`format`: must be one of json, string/ }],
      "over-long name": [{ change: { name: long(256) }, property: "name", reason: /must be at most 255 characters/ }],
      "mutually exclusive": {
        none: "a webhook source has no inputs that exclude each other (a `defaultTopic` outside `topics` is refused)",
      },
    },
  },
  tag: {
    valid: { name: "team-a" },
    cases: {
      "wrong type": [{ change: { types: "source" }, property: "types", reason: /`types`: must be a list/ }],
      "unknown key": [{ change: { descriptin: "x" }, property: "descriptin", reason: /did you mean `description`\?/ }],
      "out of range": { none: "a tag has no numeric inputs" },
      enum: [
        { change: { types: ["queue"] }, property: "types", reason: /`types\.0`: must be one of sources, destinations/ },
      ],
      "over-long name": [{ change: { name: long(256) }, property: "name", reason: /must be at most 255 characters/ }],
      "mutually exclusive": { none: "a tag has no inputs that exclude each other" },
    },
  },
  kafkaUser: {
    valid: { username: "analytics", password: "matrix-kafka-password", acls: [{ topic: "orders", operation: "READ" }] },
    cases: {
      "wrong type": [
        {
          change: { schemaRegistry: "yes" },
          property: "schemaRegistry",
          reason: /`schemaRegistry`: must be true or false/,
        },
      ],
      "unknown key": [{ change: { usename: "x" }, property: "usename", reason: /did you mean `username`\?/ }],
      "out of range": [
        {
          change: { allowedIps: ["10.0.0.0/40"] },
          property: "allowedIps",
          reason: /`allowedIps\.0`: must end in a prefix length from 0 to 32/,
        },
        { change: { password: "short" }, property: "password", reason: /`password`: must be at least 12 characters/ },
      ],
      enum: [
        {
          change: { acls: [{ topic: "orders", operation: "READ", patternType: "GLOB" }] },
          property: "acls",
          reason: /`acls\.0\.patternType`: must be LITERAL or PREFIXED/,
        },
      ],
      "over-long name": [
        { change: { username: long(25) }, property: "username", reason: /must be at most 24 characters/ },
      ],
      "mutually exclusive": { none: "a Kafka user has no inputs that exclude each other" },
    },
  },
  alertSubscriber: {
    valid: {
      subscriberId: "oncall",
      email: "oncall@example.com",
      preferences: [{ alert: "connector_status", channels: ["email"] }],
    },
    cases: {
      "wrong type": [
        { change: { preferences: "all" }, property: "preferences", reason: /`preferences`: must be a list/ },
      ],
      "unknown key": [{ change: { emails: "x" }, property: "emails", reason: /did you mean `email`\?/ }],
      "out of range": [
        {
          change: { preferences: [{ alert: "lag", channels: [] }] },
          property: "preferences",
          reason: /`preferences\.0\.channels`: must list at least one channel/,
        },
      ],
      enum: [
        {
          change: { preferences: [{ alert: "lag", channels: ["pager"] }] },
          property: "preferences",
          reason: /`preferences\.0\.channels\.0`: must be one of email, slack/,
        },
      ],
      "over-long name": [
        { change: { subscriberId: long(256) }, property: "subscriberId", reason: /must be at most 255 characters/ },
      ],
      "mutually exclusive": [
        {
          change: { preferences: [{ alert: "lag", channels: ["email"], entityIds: ["p1"] }] },
          property: "preferences",
          reason: /`preferences\.0\.entityIds` needs `entityType`/,
        },
      ],
    },
  },
  clientCredential: {
    valid: { roles: ["viewer"] },
    cases: {
      "wrong type": [{ change: { roles: "viewer" }, property: "roles", reason: /`roles`: must be a list/ }],
      "unknown key": [{ change: { descripton: "x" }, property: "descripton", reason: /did you mean `description`\?/ }],
      "out of range": [{ change: { roles: [] }, property: "roles", reason: /must list at least one role/ }],
      enum: { none: "roles are the service's own: they are checked against GET /auth/roles at create" },
      "over-long name": [
        { change: { description: long(1001) }, property: "description", reason: /must be at most 1000 characters/ },
      ],
      "mutually exclusive": { none: "a client credential has no inputs that exclude each other" },
    },
  },
};

const check = (kind: string, inputs: JsonObject) => checkInputs(kindNamed(kind), undefined, inputs).failures;

describe.each(Object.entries(table))("%s", (kind, { valid, cases }) => {
  test("the valid resource passes", () => {
    expect(check(kind, valid)).toEqual([]);
  });

  const mistakes = ruleClasses.flatMap((rule) => {
    const entry = cases[rule];
    return Array.isArray(entry) ? entry.map((mistake) => [rule, mistake] as const) : [];
  });
  test.each(mistakes)("%s: %j", (_rule, { change, property, reason }) => {
    const failures = check(kind, { ...valid, ...change });
    expect(failures).toEqual([expect.objectContaining({ property, reason: expect.stringMatching(reason) })]);
  });
});

test("every kind answers every class of mistake: a case, or the reason it has none", () => {
  for (const { cases } of Object.values(table)) {
    for (const rule of ruleClasses) {
      const entry = cases[rule];
      expect(Array.isArray(entry) ? entry.length > 0 : entry.none.length > 0).toBe(true);
    }
  }
});

test("the table covers every resource kind the provider registers", () => {
  expect(Object.keys(table)).toEqual(expect.arrayContaining(Object.keys(kinds)));
  // Typed kinds share their generic kind's rules; one of each family stands for all of them.
  expect(Object.keys(table)).toEqual(
    expect.arrayContaining(["source:postgresql", "destination:snowflake", "transform:map_filter"]),
  );
});
