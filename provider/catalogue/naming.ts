/**
 * The PascalCase name of a connector or transform code, from which the SDK's typed classes are named
 * (`PostgresqlSource`, `SqlServerAwsDestination`, `EnrichAsyncTransform`). Shared at run time by the generator
 * (scripts/gen-connectors) and by `pulumi-streamkap export`, which writes those class names.
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
  return (
    pascalNames[code] ??
    code
      .split("_")
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join("")
  );
}
