/**
 * Bad input through a real `pulumi preview`: a bad resource of every kind (through the SDK classes, as a
 * JavaScript program would write them, which no compiler checks), each with several mistakes. The preview fails,
 * prints every mistake of the resource, naming the input and the rule, each with its code, and sends nothing to the service, not even
 * for a token. (tests/unit/check-matrix.test.ts covers each kind × rule class offline.)
 *
 * One preview per resource: the engine stops a preview at the first resource whose check fails (it prints all of
 * that resource's failures, and nothing about the resources after it), so resources cannot share a preview, but
 * all the mistakes of one resource can.
 *
 * Unknown top-level keys reach the provider only where the SDK class passes its arguments on (`Topic`); the
 * other classes pick their known arguments, so nested unknown keys stand in for them here.
 */
import { callsDuring } from "../harness/calls";
import { scenario } from "../harness/scenario";
import { leakedSecrets } from "../harness/secrets";

const long = (length: number) => "n".repeat(length);
const password = "bad-input-password-5e1d";
const privateKey = "bad-input-private-key-77c2";

const postgres = {
  databaseHostname: "db.internal.example.com",
  databaseUser: "streamkap",
  databasePassword: password,
  databaseDbname: "shop",
  schemaIncludeList: "public",
  tableIncludeList: "public.orders",
};
const snowflake = {
  snowflakeUrlName: "acme.snowflakecomputing.com",
  snowflakeUserName: "STREAMKAP",
  snowflakePrivateKey: privateKey,
  snowflakeDatabaseName: "ANALYTICS",
  snowflakeSchemaName: "RAW",
};
const postgresConfig = {
  "database.hostname.user.defined": "db.internal.example.com",
  "database.user": "streamkap",
  "database.password": password,
  "database.dbname": "shop",
  "schema.include.list": "public",
  "table.include.list.user.defined": "public.orders",
};

/** Each bad resource, and every reason its preview must print (the input, then the rule). */
const badResources: Array<{ type: string; name: string; args: Record<string, unknown>; reasons: string[] }> = [
  {
    type: "PostgresqlSource",
    name: "pg-bad",
    args: { ...postgres, name: long(256), databaseHostname: 5, databasePort: 70000, databaseSslmode: "sometimes" },
    reasons: [
      "`name`: must be at most 255 characters",
      "`databaseHostname`: must be a string",
      "`databasePort`: must be between 1 and 65535",
      "`databaseSslmode`: must be one of require, disable",
    ],
  },
  {
    type: "PostgresqlSource",
    name: "pg-exclusive",
    args: { ...postgres, snapshot: { generation: 1, type: "blocking", surrogateKey: "id" } },
    reasons: ["`snapshot.surrogateKey` applies to incremental snapshots only"],
  },
  {
    type: "Source",
    name: "generic-bad",
    args: {
      connector: "postgresql",
      config: { ...postgresConfig, "database.port.user.defined": "5432x", "databse.user": "u" },
      state: "sleeping",
      readyTimeoutSeconds: 0,
    },
    reasons: [
      '`config["database.port.user.defined"]` must be a whole number',
      '`config["databse.user"]` is not a setting of the postgresql source connector; did you mean "database.user"?',
      "`state`: must be one of running, paused, stopped",
      "`readyTimeoutSeconds`: must be at least 1",
    ],
  },
  {
    type: "SnowflakeDestination",
    name: "sf-bad",
    args: { ...snowflake, snowflakeDatabaseName: 7, ingestionMode: "merge", consumerOverrideMaxPollRecords: 0 },
    reasons: [
      "`snowflakeDatabaseName`: must be a string",
      "`ingestionMode`: must be one of upsert, append",
      "`consumerOverrideMaxPollRecords`: must be between 1 and 100000",
    ],
  },
  {
    type: "Destination",
    name: "generic-dest-bad",
    args: {
      connector: "snowflake",
      config: {
        "snowflake.url.name": "acme.snowflakecomputing.com",
        "snowflake.user.name": "STREAMKAP",
        "snowflake.private.kye": privateKey,
        "snowflake.database.name": "ANALYTICS",
        "snowflake.schema.name": "RAW",
        "ingestion.mode": "merge",
      },
    },
    reasons: [
      '`config["snowflake.private.kye"]` is not a setting of the snowflake destination connector; did you mean "snowflake.private.key"?',
      '`config["ingestion.mode"]` must be one of upsert, append',
    ],
  },
  {
    type: "Pipeline",
    name: "pipe-bad",
    args: { name: long(256), source: "src-1", destination: "dst-1", snapshotNewTables: "yes" },
    reasons: ["`name`: must be at most 255 characters", "`snapshotNewTables`: must be true or false"],
  },
  {
    type: "Topic",
    name: "topic-bad",
    args: { name: "my events", partitions: 0, cleanupPolicy: "forever", partitons: 3, replicationFactor: "2" },
    reasons: [
      "`name`: may hold only letters, digits, `.`, `_` and `-` (Kafka topic names)",
      "`partitions`: must be at least 1",
      "`cleanupPolicy`: must be one of delete, compact, delete,compact",
      "`partitons` is not an input of a topic; did you mean `partitions`?",
      "`replicationFactor`: must be a number",
    ],
  },
  {
    type: "Transform",
    name: "transform-bad",
    args: {
      type: "map_filter",
      inputTopicPattern: "orders",
      outputTopicPattern: "clean-orders",
      parallelism: 21,
      replayWindow: "1y",
      implementation: { language: "JAVASCRIPT", valueTransform: "return value;", keyTransfrom: "return key;" },
      config: { "transforms.input.topic.pattern": "other" },
    },
    reasons: [
      "`parallelism` must be between 1 and 20",
      "`replayWindow`: must be one of 0, 7d, 3d, 24h, 10m",
      "`keyTransfrom` is not allowed in `implementation`; did you mean `keyTransform`?",
      '`config["transforms.input.topic.pattern"]` is set by `inputTopicPattern`; set it there instead',
    ],
  },
  {
    type: "MapFilterTransform",
    name: "typed-transform-bad",
    args: { inputTopicPattern: "orders", outputTopicPattern: "clean-orders", inputFormat: "Xml", parallelism: "2" },
    reasons: ["`inputFormat` must be one of Any, Avro, Json", "`parallelism`: must be a number"],
  },
  {
    type: "ProjectKey",
    name: "key-bad",
    args: {
      name: long(101),
      roles: ["role_admin"],
      permissions: ["sources:read"],
      toolProfile: "admin",
      kafkaAccess: { username: "ci", pasword: "long-enough-password" },
    },
    reasons: [
      "`name`: must be at most 100 characters",
      "`toolProfile`: must be one of full, read-only, agent-operator, infra-admin",
      "`pasword` is not allowed in `kafkaAccess`; did you mean `password`?",
      "`roles` and `permissions` cannot both be set",
    ],
  },
  {
    type: "WebhookSource",
    name: "hook-bad",
    args: { name: long(256), format: "xml", addDeleteField: "yes", keyVersion: -1 },
    reasons: [
      "`name`: must be at most 255 characters",
      "`format`: must be one of json, string",
      "`addDeleteField`: must be true or false",
      "`keyVersion`: must be at least 0",
    ],
  },
  {
    type: "Tag",
    name: "tag-bad",
    args: { name: long(256), types: ["queue"], description: 5 },
    reasons: [
      "`name`: must be at most 255 characters",
      "`types.0`: must be one of sources, destinations, pipelines, transforms, topics, services, users, tenant",
      "`description`: must be a string",
    ],
  },
];

const world = scenario("bad-input", { server: { statusDelayMs: 20, deleteDelayMs: 20 }, config: { resources: "[]" } });

test.each(badResources.map((resource) => [resource.type, resource.name, resource] as const))(
  "%s %s: preview fails naming each input and rule, prints no secret, and sends nothing",
  async (_type, _name, { type, name, args, reasons }) => {
    await world.project.setConfig({ resources: JSON.stringify([{ type, name, args }]) });
    let printed = "";
    const calls = await callsDuring(world.server, async () => {
      printed = (await world.project.failingPreview()).message;
    });
    expect(calls).toEqual([]);
    const section = diagnosticsOf(printed, name);
    for (const reason of reasons) expect(section).toContain(reason);
    // Each with its code, which docs/errors.md explains.
    const errorLines = section.split("\n").filter((line) => line.includes("error: "));
    expect(errorLines.filter((line) => !line.trimEnd().endsWith("[STREAMKAP_ERR_INVALID_INPUT]"))).toEqual([]);
    expect(leakedSecrets(printed, [password, privateKey])).toEqual([]);
  },
);

/** What the preview's summary says about one resource: the lines under its `Diagnostics:` heading. */
function diagnosticsOf(output: string, name: string): string {
  const lines = output.split("\n");
  const start = lines.findIndex((line) => line.trim().endsWith(`(${name}):`));
  if (start < 0) throw new Error(`no diagnostics for ${name} in:\n${output}`);
  const end = lines.findIndex((line, index) => index > start && !line.startsWith("    "));
  return lines.slice(start + 1, end < 0 ? undefined : end).join("\n");
}
