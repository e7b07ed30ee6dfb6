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

/** A shared enum that a key names only for one set of allowed values (the key means other things elsewhere). */
export interface SharedTypeForValues {
  name: string;
  values: readonly string[];
}

/**
 * One enum per meaning: the type names of settings that connectors share with the same allowed values, by config
 * key. The package schema (and every SDK made from it) has one enum for each name, and keys that mean the same
 * (`snapshot.gtid` and `snapshot.read.only.user.defined`, both Yes or No) share it. A key whose values differ by
 * connector lists a name per set of values. A setting not listed here is typed per connector (`RedisSourceMode`);
 * a listed one whose values come to differ in one connector stops the schema generator, and the schema test
 * refuses two enums with the same values, so every new sharing is named here on purpose.
 */
export const sharedSettingTypeNames: Readonly<Record<string, string | readonly SharedTypeForValues[]>> = {
  "transforms.OversizedRecords.oversized.field.behavior": "OversizedFieldBehavior",
  "transforms.MarkColumnsAsRequired.null.sentinel.mode": "NullSentinelMode",
  "schema.evolution": "SchemaEvolutionMode",
  "binary.handling.mode": "BinaryHandlingMode",
  "insert.mode": "InsertMode",
  "insert.mode.user.defined": "InsertMode",
  "primary.key.mode.user.defined": "PrimaryKeyMode",
  "ingestion.mode": "IngestionMode",
  "file.compression.type": "FileCompressionType",
  "camel.source.payload.router.unknown.type.behavior": "UnknownPayloadTypeBehavior",
  "database.sslmode": "SslMode",
  "post.processors": "PostProcessor",
  "snapshot.gtid": "YesNo",
  "snapshot.read.only.user.defined": "YesNo",
  "cursor.oversize.handling.mode": "CursorOversizeHandlingMode",
  "transforms.unwrap.document.encoding": "UnwrapDocumentEncoding",
  "transforms.unwrap.array.encoding": [{ name: "UnwrapArrayEncoding", values: ["array", "array_string", "string"] }],
  "database.connectionTimeZone": "ConnectionTimeZone",
  "document.id.strategy.user.defined": "DocumentIdStrategy",
  "vitess.tablet.type": "VitessTabletType",
  "aws.s3.region": [
    {
      name: "AwsS3Region",
      values: [
        ...["ap-northeast-1", "ap-northeast-2", "ap-south-1", "ap-southeast-1", "ap-southeast-2", "ca-central-1"],
        ...["cn-north-1", "eu-central-1", "eu-west-1", "eu-west-2", "sa-east-1", "us-east-1", "us-east-2"],
        ...["us-gov-west-1", "us-west-1", "us-west-2"],
      ],
    },
  ],
  "format.user.defined": [
    { name: "FileFormat", values: ["CSV", "JSON Array", "JSON Lines", "Parquet"] },
    // R2 writes what S3 does.
    { name: "S3FileFormat", values: ["JSON Array", "JSON Lines", "Parquet"] },
  ],
};

/** The shared enum type name for a setting's key and allowed values, if it has one. */
export function sharedSettingTypeName(key: string, values: readonly string[]): string | undefined {
  const entry = sharedSettingTypeNames[key];
  if (entry === undefined || typeof entry === "string") return entry;
  const sorted = [...values].sort().join("\n");
  return entry.find((candidate) => [...candidate.values].sort().join("\n") === sorted)?.name;
}
