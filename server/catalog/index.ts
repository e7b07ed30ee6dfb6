// Lookup over the connector catalogue: which connector codes exist per kind, and what each config key allows.
import { CATALOG_DATA } from "./data";
import type { RawField } from "./types";

export type ConnectorKind = "source" | "destination";

export interface CatalogField {
  key: string;
  type: string;
  required: boolean;
  secret: boolean;
  default?: string | number | boolean;
  enum?: readonly string[];
  range?: readonly [number, number];
}

export interface CatalogConnector {
  kind: string;
  code: string;
  displayName: string;
  fields: ReadonlyMap<string, CatalogField>;
}

// Display names the console shows; codes not listed fall back to a title-cased code.
const DISPLAY_NAMES: Record<string, string> = {
  alloydb: "AlloyDB",
  azblob: "Azure Blob Storage",
  bigquery: "BigQuery",
  clickhouse: "ClickHouse",
  cockroachdb: "CockroachDB",
  databricks: "Databricks",
  db2: "Db2",
  documentdb: "DocumentDB",
  dynamodb: "DynamoDB",
  elasticsearch: "Elasticsearch",
  gcs: "Google Cloud Storage",
  httpsink: "HTTP Sink",
  iceberg: "Apache Iceberg",
  informix: "Informix",
  kafka: "Kafka",
  kafkadirect: "Kafka Direct",
  mariadb: "MariaDB",
  mongodb: "MongoDB",
  mongodbhosted: "MongoDB (self-hosted)",
  motherduck: "MotherDuck",
  mysql: "MySQL",
  oracle: "Oracle",
  oracleaws: "Oracle (AWS RDS)",
  pinecone: "Pinecone",
  planetscale: "PlanetScale",
  postgresql: "PostgreSQL",
  r2: "Cloudflare R2",
  redis: "Redis",
  redshift: "Redshift",
  s3: "Amazon S3",
  salesforce_webhook: "Salesforce Webhook",
  shopify_webhook: "Shopify Webhook",
  snowflake: "Snowflake",
  sqlserver: "SQL Server",
  sqlserveraws: "SQL Server (AWS RDS)",
  starburst: "Starburst",
  stripe_webhook: "Stripe Webhook",
  supabase: "Supabase",
  vitess: "Vitess",
  weaviate: "Weaviate",
  webhook: "Webhook",
  zendesk_webhook: "Zendesk Webhook",
};

function titleCase(code: string): string {
  return code
    .split("_")
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}

function toField(raw: RawField): CatalogField {
  return {
    key: raw.key,
    type: raw.t ?? "string",
    required: raw.r === 1,
    secret: raw.s === 1,
    default: raw.d,
    enum: raw.e,
    range: raw.g && raw.g.length === 2 ? [raw.g[0], raw.g[1]] : undefined,
  };
}

const BY_KIND = new Map<string, Map<string, CatalogConnector>>();
for (const raw of CATALOG_DATA) {
  const byCode = BY_KIND.get(raw.kind) ?? new Map<string, CatalogConnector>();
  BY_KIND.set(raw.kind, byCode);
  byCode.set(raw.code, {
    kind: raw.kind,
    code: raw.code,
    displayName: DISPLAY_NAMES[raw.code] ?? titleCase(raw.code),
    fields: new Map(raw.fields.map((f) => [f.key, toField(f)])),
  });
}

export function findConnector(kind: string, code: string): CatalogConnector | undefined {
  return BY_KIND.get(kind)?.get(code);
}

export function connectorCodes(kind: string): string[] {
  return [...(BY_KIND.get(kind)?.keys() ?? [])].sort();
}

// Transform kinds: api.md's enum plus the codes the catalogue knows (rollup, topic_router).
export const TRANSFORM_TYPES = [
  "fan_out",
  "sql_join",
  "enrich",
  "enrich_async",
  "map_filter",
  "toast_handling",
  "un_nesting",
  "rollup",
  "topic_router",
] as const;

/**
 * The config key that lists the tables (or collections, or webhook topics) a source captures. One generic rule:
 * the first catalogue key named `*.include.list.user.defined` among table/collection/topic/endpoint lists.
 */
export function topicListKey(connector: CatalogConnector): string | undefined {
  const preferred = [
    "table.include.list.user.defined",
    "collection.include.list.user.defined",
    "topic.include.list.user.defined",
    "endpoint.include.list.user.defined",
  ];
  return preferred.find((k) => connector.fields.has(k));
}
