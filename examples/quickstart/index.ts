// Quickstart: a Postgres source feeding a Snowflake destination through one pipeline, plus a topic.
// Run it with `npm run demo` (against the local API server), or point it at your own account:
//   pulumi config set streamkap:clientId <id> && pulumi config set --secret streamkap:secret <secret>
import * as pulumi from "@pulumi/pulumi";
import * as streamkap from "pulumi-streamkap";

const config = new pulumi.Config();

const orders = new streamkap.PostgresqlSource("orders-db", {
  databaseHostname: config.get("dbHost") ?? "db.internal.example.com",
  databasePort: config.getNumber("dbPort") ?? 5432,
  databaseUser: "streamkap",
  databasePassword: config.getSecret("dbPassword") ?? "local-demo-password", // stored as a secret either way
  databaseDbname: "shop",
  schemaIncludeList: "public",
  tableIncludeList: "public.orders,public.customers",
});

const warehouse = new streamkap.SnowflakeDestination("warehouse", {
  snowflakeUrlName: "acme-analytics.snowflakecomputing.com",
  snowflakeUserName: "STREAMKAP",
  snowflakePrivateKey: config.getSecret("snowflakeKey") ?? "local-demo-private-key",
  snowflakeDatabaseName: "ANALYTICS",
  snowflakeSchemaName: "RAW",
});

const pipeline = new streamkap.Pipeline("orders-to-warehouse", {
  source: orders,
  destination: warehouse,
  topics: ["public.orders", "public.customers"],
});

const events = new streamkap.Topic("events", { name: `events-${pulumi.getStack()}`, partitions: 3 });

export const sourceId = orders.id;
export const sourceStatus = orders.connectorStatus;
export const destinationId = warehouse.id;
export const pipelineId = pipeline.id;
export const pipelineTopics = pipeline.topicIds;
export const topicId = events.id;
