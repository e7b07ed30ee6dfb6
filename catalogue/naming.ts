/**
 * The names a connector or transform code is known by: its PascalCase word, from which the SDK's typed classes
 * are named (`PostgresqlSource`, `SqlServerAwsDestination`, `EnrichAsyncTransform`; the generator and `export`
 * write them), and its display name, as the Streamkap console shows it (the SDK docs and the local server's
 * `connector_display_name` use it).
 */

/** PascalCase for codes whose words the plain rule (split on `_`) cannot see. */
const pascalNames: Readonly<Record<string, string>> = {
  alloydb: "AlloyDb",
  azblob: "AzureBlob",
  bigquery: "BigQuery",
  clickhouse: "ClickHouse",
  cockroachdb: "CockroachDb",
  documentdb: "DocumentDb",
  dynamodb: "DynamoDb",
  httpsink: "HttpSink",
  kafkadirect: "KafkaDirect",
  mariadb: "MariaDb",
  mongodb: "MongoDb",
  mongodbhosted: "MongoDbHosted",
  motherduck: "MotherDuck",
  oracleaws: "OracleAws",
  planetscale: "PlanetScale",
  sqlserver: "SqlServer",
  sqlserveraws: "SqlServerAws",
};

/** `postgresql` → `Postgresql`, `sqlserveraws` → `SqlServerAws`, `enrich_async` → `EnrichAsync`. */
export function pascalName(code: string): string {
  return pascalNames[code] ?? capitalizedWords(code).join("");
}

const classWords = { source: "Source", destination: "Destination", transform: "Transform" } as const;

/**
 * The SDK's class for a catalogue entry, which is also its token (`streamkap:index:<class>`): `sqlserveraws`
 * source → `SqlServerAwsSource`, `map_filter` transform → `MapFilterTransform`.
 */
export function typedClassName(kind: keyof typeof classWords, code: string): string {
  return `${pascalName(code)}${classWords[kind]}`;
}

/** How the Streamkap console names connectors whose title-cased code would be wrong. */
const displayNames: Readonly<Record<string, string>> = {
  alloydb: "AlloyDB",
  azblob: "Azure Blob Storage",
  bigquery: "BigQuery",
  clickhouse: "ClickHouse",
  cockroachdb: "CockroachDB",
  documentdb: "DocumentDB",
  dynamodb: "DynamoDB",
  gcs: "Google Cloud Storage",
  httpsink: "HTTP Sink",
  iceberg: "Apache Iceberg",
  kafkadirect: "Kafka Direct",
  mariadb: "MariaDB",
  mongodb: "MongoDB",
  mongodbhosted: "MongoDB (self-hosted)",
  motherduck: "MotherDuck",
  mysql: "MySQL",
  oracleaws: "Oracle (AWS RDS)",
  planetscale: "PlanetScale",
  postgresql: "PostgreSQL",
  r2: "Cloudflare R2",
  s3: "Amazon S3",
  sqlserver: "SQL Server",
  sqlserveraws: "SQL Server (AWS RDS)",
};

/** `postgresql` → `PostgreSQL`, `salesforce_webhook` → `Salesforce Webhook`. */
export function displayName(code: string): string {
  return displayNames[code] ?? capitalizedWords(code).join(" ");
}

/** The words of a code, each capitalized: `enrich_async` → `["Enrich", "Async"]`. */
function capitalizedWords(code: string): string[] {
  return code.split("_").map((word) => word.charAt(0).toUpperCase() + word.slice(1));
}

/**
 * The type names of settings many connectors share with the same allowed values: the package schema (and every
 * SDK made from it) has one enum for each, by this name. A setting not listed here is typed per connector
 * (`RedisSourceMode`). A listed setting whose values come to differ in one connector stops the schema generator,
 * so that connector's setting gets a name of its own on purpose.
 */
export const sharedSettingTypeNames: Readonly<Record<string, string>> = {
  "transforms.OversizedRecords.oversized.field.behavior": "OversizedFieldBehavior",
  "transforms.MarkColumnsAsRequired.null.sentinel.mode": "NullSentinelMode",
  "schema.evolution": "SchemaEvolutionMode",
  "binary.handling.mode": "BinaryHandlingMode",
  "insert.mode": "InsertMode",
  "primary.key.mode.user.defined": "PrimaryKeyMode",
  "ingestion.mode": "IngestionMode",
  "file.compression.type": "FileCompressionType",
  "camel.source.payload.router.unknown.type.behavior": "UnknownPayloadTypeBehavior",
};
