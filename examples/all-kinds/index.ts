// Every resource kind in one program: a Postgres source and a webhook source feed a Snowflake destination
// through pipelines; a transform cleans the orders into its own topic; a tag groups the team's objects next to
// the service's Development tag (found with a lookup); a read-only project key lets a dashboard watch it all; a
// Kafka user lets analytics read the orders topics directly, and a client credential lets CI read the service.
//
// Run it against the local API server (`npx pulumi-streamkap local` prints the endpoint and credentials), or
// against your account:
//   pulumi config set streamkap:clientId <id> && pulumi config set --secret streamkap:secret <secret>
import * as pulumi from "@pulumi/pulumi";
import * as streamkap from "pulumi-streamkap";

const config = new pulumi.Config();
const stack = pulumi.getStack();

// A custom tag for this team's objects; pipelines also keep the service's Development tag.
const team = new streamkap.Tag("team", {
  name: `team-orders-${stack}`,
  description: "Objects of the orders team",
  types: ["pipelines", "sources", "transforms"],
});
const development = streamkap.getTags({ name: "Development", system: true }).then((tags) => tags.map((tag) => tag.id));
const pipelineTags = pulumi.all([team.id, development]).apply(([teamId, system]) => [teamId, ...system]);

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
  tags: [team.id],
});

// The storefront posts cart and checkout events; the URL and API key are generated (the key stays secret).
const storefront = new streamkap.WebhookSource("storefront-hooks", {
  topics: ["carts", "checkouts"],
  defaultTopic: "carts",
  addDeleteField: true,
  tags: [team.id],
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

const cleanOrdersTopic = new streamkap.Topic("clean-orders", { name: `clean-orders-${stack}`, partitions: 3 });

// Drops orders without a total; the unit test runs against each new version before it is deployed.
const paidOrders = [
  { id: 1, customer_id: 7, total: 42.5 },
  { id: 2, customer_id: 9, total: 12 },
];
const cleanOrders = new streamkap.Transform("clean-orders", {
  type: "map_filter",
  inputTopicPattern: pulumi.interpolate`source_${orders.id}\\.public\\.orders`,
  outputTopicPattern: cleanOrdersTopic.name,
  implementation: {
    language: "JAVASCRIPT",
    valueTransform: [
      "function _streamkap_transform(valueObject, keyObject, topic, timestamp) {",
      "  return valueObject.total > 0 ? valueObject : null;",
      "}",
    ].join("\n"),
  },
  unitTest: {
    name: "keeps paid orders",
    input: paidOrders.map((value) => ({ value })),
    expectedOutput: paidOrders.map((value) => ({ value })),
  },
  deploy: true,
  replayWindow: "24h",
});

const ordersPipeline = new streamkap.Pipeline("orders-to-warehouse", {
  source: orders,
  destination: warehouse,
  topics: ["public.orders", "public.customers"],
  tags: pipelineTags,
  // Change the trigger (a ticket number reads well) to replay the warehouse from a time, once.
  offsetReset: { trigger: config.get("replayTicket") ?? "none", to: { timestamp: "2026-01-01T00:00:00Z" } },
});
const storefrontPipeline = new streamkap.Pipeline("storefront-to-warehouse", {
  source: storefront.id,
  destination: warehouse,
  tags: pipelineTags,
});

// A dashboard may read pipelines and topics, nothing more; its credentials are secret outputs.
const dashboard = new streamkap.ProjectKey("dashboard", {
  description: "Read-only access for the operations dashboard",
  permissions: config.getObject<string[]>("dashboardPermissions") ?? ["pipelines:read", "topics:read"],
});

// Analytics reads the orders topics with its own Kafka client, from the office network only.
const analytics = new streamkap.KafkaUser("analytics", {
  username: `analytics-${stack}`.toLowerCase().slice(0, 24).replace(/-+$/, ""), // 1–24 lowercase characters
  password: config.getSecret("analyticsKafkaPassword") ?? pulumi.secret("local-demo-kafka-password"),
  allowedIps: ["203.0.113.0/24"],
  acls: [
    { topic: "source_", operation: "READ", patternType: "PREFIXED" },
    { topic: "analytics-", operation: "READ", patternType: "PREFIXED", resource: "GROUP" },
  ],
});

// CI reads the service with a credential of its own (the viewer role); its secret is shown once and kept.
const ci = new streamkap.ClientCredential("ci", { roles: ["viewer"], description: `CI checks (${stack})` });

export const teamTagId = team.id;
export const ordersPipelineId = ordersPipeline.id;
export const storefrontPipelineId = storefrontPipeline.id;
export const storefrontUrl = storefront.url;
export const storefrontApiKey = storefront.apiKey;
export const transformLiveVersion = cleanOrders.liveVersion;
export const transformJobStatus = cleanOrders.jobStatus;
export const dashboardClientId = dashboard.clientId;
export const dashboardClientSecret = dashboard.clientSecret;
export const analyticsBootstrap = analytics.kafkaProxyEndpoint;
export const ciClientId = ci.clientId;
export const ciClientSecret = ci.secret;
