// Quickstart: a Postgres source feeding a Snowflake destination through one pipeline, plus a topic.
// Run it with `npm run demo` (against the local API server), or point it at your own account:
//   pulumi config set streamkap:clientId <id> && pulumi config set --secret streamkap:secret <secret>
import * as pulumi from "@pulumi/pulumi";
import * as streamkap from "pulumi-streamkap";

const config = new pulumi.Config();

const orders = new streamkap.Source("orders-db", {
  connector: "postgresql",
  config: {
    "database.hostname.user.defined": config.get("dbHost") ?? "db.internal.example.com",
    "database.port.user.defined": config.getNumber("dbPort") ?? 5432,
    "database.user": "streamkap",
    "database.password": config.getSecret("dbPassword") ?? pulumi.secret("local-demo-password"),
    "database.dbname": "shop",
    "schema.include.list": "public",
    "table.include.list.user.defined": "public.orders,public.customers",
  },
});

const warehouse = new streamkap.Destination("warehouse", {
  connector: "snowflake",
  config: {
    "snowflake.url.name": "acme-analytics.snowflakecomputing.com",
    "snowflake.user.name": "STREAMKAP",
    "snowflake.private.key": config.getSecret("snowflakeKey") ?? pulumi.secret("local-demo-private-key"),
    "snowflake.database.name": "ANALYTICS",
    "snowflake.schema.name": "RAW",
  },
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
