/**
 * The SDK's typed class for a connector code, e.g. `sqlserveraws` source → `SqlServerAwsSource`.
 *
 * The generator names the classes (scripts/gen-connectors/naming.ts `pascalName`), but scripts/ is not part of the
 * installed package, so the rule is repeated here. tests/unit/export-model.test.ts holds the two together: it
 * compares this with the generator for every catalogue connector, and compiles a program using every class.
 */
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

/** `postgresql` → `Postgresql`, `sqlserveraws` → `SqlServerAws`, `salesforce_webhook` → `SalesforceWebhook`. */
export function pascalName(code: string): string {
  return (
    pascalNames[code] ??
    code
      .split("_")
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join("")
  );
}

export function typedClassName(kind: "source" | "destination", code: string): string {
  return `${pascalName(code)}${kind === "source" ? "Source" : "Destination"}`;
}
