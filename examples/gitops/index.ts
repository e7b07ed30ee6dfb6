// GitOps: one program, three stacks (dev, staging, prod). Everything that differs between environments is stack
// config in Pulumi.<stack>.yaml, so promoting a change is a pull request that edits code or one of those files;
// the workflow in .github/workflows previews it on the pull request and applies it on merge.
//
// Lifecycle operations are config too: raise `snapshotGeneration` in Pulumi.prod.yaml to re-snapshot prod's
// tables, change `restartTrigger` to restart its source, set `sourceState: paused` to pause it.
//
// Secrets are never in the YAML files in plaintext: set them per stack with
//   pulumi config set --secret dbPassword <password>
//   pulumi config set --secret snowflakeKey <private key>
// and give the provider its credentials with `pulumi config set streamkap:clientId` / `--secret streamkap:secret`
// or the STREAMKAP_CLIENT_ID / STREAMKAP_SECRET environment variables (what the workflow does).
import * as pulumi from "@pulumi/pulumi";
import * as streamkap from "pulumi-streamkap";

const config = new pulumi.Config();
const stack = pulumi.getStack();

/** The tables to capture, as the source names them: `public.orders,public.customers`. */
const tables = config
  .require("tables")
  .split(",")
  .map((table) => table.trim())
  .filter(Boolean);

const snapshotGeneration = config.getNumber("snapshotGeneration");

const orders = new streamkap.PostgresqlSource("orders-db", {
  databaseHostname: config.require("dbHost"),
  databasePort: config.getNumber("dbPort") ?? 5432,
  databaseUser: "streamkap",
  databasePassword: config.requireSecret("dbPassword"),
  databaseDbname: "shop",
  schemaIncludeList: "public",
  tableIncludeList: tables.join(","),
  // Larger environments snapshot with more parallel readers and bigger chunks.
  streamkapSnapshotParallelism: config.getNumber("snapshotParallelism"),
  streamkapSnapshotChunkSizeBytes: config.getNumber("snapshotChunkSizeBytes"),
  state: config.get("sourceState") as streamkap.ConnectorState | undefined,
  restartTrigger: config.get("restartTrigger"),
  snapshot:
    snapshotGeneration === undefined
      ? undefined
      : {
          generation: snapshotGeneration,
          type: (config.get("snapshotType") ?? "incremental") as "incremental" | "blocking",
        },
});

const warehouse = new streamkap.SnowflakeDestination("warehouse", {
  snowflakeUrlName: config.require("snowflakeAccount"),
  snowflakeUserName: "STREAMKAP",
  snowflakePrivateKey: config.requireSecret("snowflakeKey"),
  snowflakeDatabaseName: config.require("snowflakeDatabase"),
  snowflakeSchemaName: "RAW",
  // Changing the ingestion mode replaces the destination: the preview comment flags it as a data-loss risk.
  ingestionMode: config.get("ingestionMode") as "upsert" | "append" | undefined,
});

new streamkap.Pipeline("orders-to-warehouse", {
  source: orders,
  destination: warehouse,
  topics: tables,
  snapshotNewTables: config.getBoolean("snapshotNewTables") ?? false,
});

// Paid orders only, on a topic of their own: partitions grow with the environment (they can only grow).
const cleanOrdersTopic = new streamkap.Topic("clean-orders", {
  name: `clean-orders-${stack}`,
  partitions: config.getNumber("cleanOrdersPartitions") ?? 1,
});

const cleanOrders = new streamkap.MapFilterTransform("clean-orders", {
  inputTopicPattern: pulumi.interpolate`source_${orders.id}\\.public\\.orders`,
  outputTopicPattern: cleanOrdersTopic.name,
  parallelism: config.getNumber("transformParallelism"),
  implementation: {
    language: "JAVASCRIPT",
    valueTransform: "function _streamkap_transform(value, key, topic, ts) { return value.total > 0 ? value : null; }",
  },
  unitTest: {
    name: "keeps paid orders",
    input: [{ value: { id: 1, total: 42.5 } }],
    expectedOutput: [{ value: { id: 1, total: 42.5 } }],
  },
  deploy: true,
});

export const sourceId = orders.id;
export const sourceStatus = orders.connectorStatus;
export const destinationId = warehouse.id;
export const cleanOrdersTopicName = cleanOrdersTopic.name;
export const transformLiveVersion = cleanOrders.liveVersion;
