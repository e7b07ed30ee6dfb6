/**
 * Type-level tests of the generated connector classes: compiled by the normal `tsc` build, never run. Each
 * `@ts-expect-error` line must fail to compile; if it ever compiles, the build fails with "Unused
 * '@ts-expect-error' directive".
 */
import * as pulumi from "@pulumi/pulumi";
import * as streamkap from "pulumi-streamkap";

const postgres: streamkap.PostgresqlSourceArgs = {
  databaseHostname: "db.internal",
  databaseUser: "streamkap",
  databasePassword: pulumi.secret("from-config"),
  databaseDbname: "shop",
  schemaIncludeList: "public",
  tableIncludeList: "public.orders",
};

const snowflake: streamkap.SnowflakeDestinationArgs = {
  snowflakeUrlName: "acme.snowflakecomputing.com",
  snowflakeUserName: "STREAMKAP",
  snowflakePrivateKey: "a plain string is accepted: the class stores it as a secret",
  snowflakeDatabaseName: "ANALYTICS",
  snowflakeSchemaName: "RAW",
};

/** Never called: the checks are in the types. */
export function typedConnectorTypeChecks(): void {
  const source = new streamkap.PostgresqlSource("ok", { ...postgres, databasePort: 5432, databaseSslmode: "disable" });
  const destination = new streamkap.SnowflakeDestination("ok", { ...snowflake, ingestionMode: "upsert" });

  // Allowed values are a union of literals, also through Inputs.
  new streamkap.SnowflakeDestination("enum-output", { ...snowflake, ingestionMode: pulumi.output("append" as const) });
  // @ts-expect-error "merge" is not an ingestion mode
  new streamkap.SnowflakeDestination("bad-enum", { ...snowflake, ingestionMode: "merge" });

  // @ts-expect-error a misspelled setting is not an argument
  new streamkap.PostgresqlSource("typo", { ...postgres, databasePrt: 5432 });

  // @ts-expect-error an integer setting takes a number, not text
  new streamkap.PostgresqlSource("text-port", { ...postgres, databasePort: "5432" });

  const { databaseDbname: _dbname, ...withoutDbname } = postgres;
  // @ts-expect-error a required setting cannot be left out
  new streamkap.PostgresqlSource("missing", withoutDbname);

  // @ts-expect-error the generic connector's `config` map is not an argument of a typed class
  new streamkap.PostgresqlSource("generic", { ...postgres, config: {} });

  // Outputs carry the setting's type; optional settings may be undefined.
  const mode: pulumi.Output<"upsert" | "append" | undefined> = destination.ingestionMode;
  const host: pulumi.Output<string> = source.databaseHostname;
  // @ts-expect-error the port output is a number
  const port: pulumi.Output<string | undefined> = source.databasePort;
  // The generic connector's common outputs are there, its `connector` and `config` are not.
  const status: pulumi.Output<string> = source.connectorStatus;
  const state: pulumi.Output<streamkap.ConnectorState | undefined> = destination.state;
  // @ts-expect-error a typed connector has no `config` output: its settings are outputs of their own
  const config = source.config;
  const typed: streamkap.TypedSource = source;
  // Still a resource for resource options.
  new streamkap.Pipeline("after", { source: source.id, destination: destination.id }, { dependsOn: [source] });

  // @ts-expect-error a destination is never snapshotted
  new streamkap.SnowflakeDestination("snap", { ...snowflake, snapshot: { generation: 1, type: "blocking" } });
  new streamkap.PostgresqlSource("snap", {
    ...postgres,
    snapshot: { generation: 1, type: "blocking" },
    state: "paused",
  });

  // Transform configs are typed the same way.
  const enrich: streamkap.EnrichTransformConfig = { transformsLanguage: "SQL", transformsInputJobParallelism: 5 };
  // @ts-expect-error an enrich transform is written in SQL only
  const python: streamkap.EnrichTransformConfig = { transformsLanguage: "Python" };
  const key: "transforms.language" = streamkap.transformConfigKeys.enrich.transformsLanguage;

  void [mode, host, port, status, state, config, typed, enrich, python, key];
}
