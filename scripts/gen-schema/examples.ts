/**
 * One example per resource of the schema, in every language the Pulumi Registry shows, from one source each: a
 * PCL program (Pulumi's program language). A resource with a hand-written program has it in examples/<Class>.pp
 * (every kind but the typed connectors); a typed source or destination's is written here from its required
 * settings. Pulumi's own program generators then write each program in TypeScript, Python and Go
 * (tools/pulumi-cli's streamkap-schema), C# (tools/pulumi-dotnet-gen) and YAML (tools/pulumi-yaml's
 * yaml-examples), binding it strictly against the schema: a property the schema lacks fails the generation. The
 * examples go into each resource's description in the Registry's `{{% examples %}}` form, which every SDK
 * generator renders in its language's docs. tests/generated/schema-examples.test.ts compiles or runs them.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

import { dotnetGenerator, schemaTool, toolAt } from "../gen-sdks";

/** The languages of an example, in the Registry's order, with the fence each is shown in. */
export const exampleLanguages = [
  { language: "typescript", fence: "typescript", file: "index.ts" },
  { language: "python", fence: "python", file: "__main__.py" },
  { language: "go", fence: "go", file: "main.go" },
  { language: "csharp", fence: "csharp", file: "Program.cs" },
  { language: "yaml", fence: "yaml", file: "Main.yaml" },
] as const;
export type ExampleLanguage = (typeof exampleLanguages)[number]["language"];

/** A resource's example program in each language. */
export type ExamplePrograms = Record<ExampleLanguage, string>;

/** The hand-written programs (read from the sources: the build copies no .pp file into dist/). */
const handWrittenSources = path.resolve(__dirname, "../../../scripts/gen-schema/examples");

interface PropertySpec {
  type?: string;
  $ref?: string;
  secret?: boolean;
}
interface ResourceSpec {
  requiredInputs?: string[];
  inputProperties: Record<string, PropertySpec>;
}
export interface SchemaSpec {
  resources: Record<string, ResourceSpec>;
  types: Record<string, { enum?: Array<{ value: string }> }>;
}

/**
 * What a typed connector's required setting holds in its example: what a user's would look like. Secrets are not
 * here: they come from the stack's secret config, under the setting's name.
 */
const settingExamples: Record<string, string> = {
  databaseHostname: "db.example.com",
  databaseUser: "streamkap",
  databaseDbname: "shop",
  databaseDatabase: "shop",
  databaseNames: "shop",
  databaseIncludeList: "shop",
  schemaIncludeList: "public",
  tableIncludeList: "public.orders",
  collectionIncludeList: "shop.orders",
  signalDataCollectionSchemaOrDatabase: "streamkap",
  connectionUsername: "streamkap",
  hostname: "clickhouse.example.com",
  database: "analytics",
  tableNamePrefix: "streamkap_",
  awsS3BucketName: "example-bucket",
  awsRegion: "us-east-1",
  // AWS's own documented example key id.
  awsAccessKeyId: "AKIAIOSFODNN7EXAMPLE",
  s3ExportBucketName: "example-exports",
  vitessKeyspace: "shop",
  vitessVtctldHost: "vtctld.example.com",
  vitessVtctldUser: "streamkap",
  redisHost: "redis.example.com",
  redisUsername: "streamkap",
  redisKey: "orders",
  defaultDataset: "analytics",
  connectionUrl: "jdbc:databricks://example.cloud.databricks.com:443/default",
  esHost: "search.example.com",
  endpointIncludeList: "orders",
  datetimeFieldName: "updated_at",
  gcsBucketName: "example-bucket",
  httpUrl: "https://ingest.example.com/events",
  icebergCatalogWarehouse: "s3://example-warehouse/",
  kafkaSinkBootstrap: "kafka.example.com:9092",
  whitelistIps: "203.0.113.0/24",
  topicPrefix: "orders",
  topicIncludeList: "orders.*",
  motherduckCatalog: "analytics",
  pineconeIndexName: "orders",
  r2Account: "example-account",
  awsRedshiftDomain: "example.abc123.us-east-1.redshift.amazonaws.com",
  awsRedshiftDatabase: "analytics",
  snowflakeUrlName: "acme-analytics.snowflakecomputing.com",
  snowflakeUserName: "STREAMKAP",
  snowflakeDatabaseName: "ANALYTICS",
  snowflakeSchemaName: "RAW",
};

/** `OrderDb` → `orderDb`: the example's resource name and variable. */
function variableName(className: string): string {
  return className.charAt(0).toLowerCase() + className.slice(1);
}

/** A typed connector's program: its required settings, each secret from secret config. */
function connectorProgram(className: string, spec: ResourceSpec, schema: SchemaSpec): string {
  const lines: string[] = [];
  const body: string[] = [];
  for (const name of spec.requiredInputs ?? []) {
    const property = spec.inputProperties[name];
    if (!property) throw new Error(`${className} requires ${name}, which it does not declare`);
    if (property.secret) {
      lines.push(`config ${name} "string" {`, "  secret = true", "}", "");
      body.push(`  ${name} = ${name}`);
      continue;
    }
    body.push(`  ${name} = ${JSON.stringify(exampleValue(className, name, property, schema))}`);
  }
  return [...lines, `resource ${variableName(className)} "streamkap:index:${className}" {`, ...body, "}", ""].join(
    "\n",
  );
}

function exampleValue(className: string, name: string, property: PropertySpec, schema: SchemaSpec): string {
  const known = settingExamples[name];
  if (known !== undefined) return known;
  const enumValues = property.$ref ? schema.types[property.$ref.replace("#/types/", "")]?.enum : undefined;
  if (enumValues?.[0]) return enumValues[0].value;
  throw new Error(
    `${className}'s required setting ${name} has no example value: add one to settingExamples in ` +
      "scripts/gen-schema/examples.ts, or write examples/" +
      `${className}.pp`,
  );
}

/** The PCL program of each resource, by class name. */
export function examplePrograms(schema: SchemaSpec): Map<string, string> {
  const programs = new Map<string, string>();
  for (const [token, spec] of Object.entries(schema.resources)) {
    const className = token.split(":").at(-1) as string;
    const file = path.join(handWrittenSources, `${className}.pp`);
    programs.set(
      className,
      fs.existsSync(file) ? fs.readFileSync(file, "utf8") : connectorProgram(className, spec, schema),
    );
  }
  return programs;
}

/**
 * Every resource's example in every language, generated from `schemaText` (the schema without examples: they do
 * not change how it binds).
 */
export function generateExamples(schemaText: string): Map<string, ExamplePrograms> {
  const schema = JSON.parse(schemaText) as SchemaSpec;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-examples-"));
  try {
    const schemaFile = path.join(scratch, "schema.json");
    const sources = path.join(scratch, "pcl");
    const out = path.join(scratch, "out");
    fs.writeFileSync(schemaFile, schemaText);
    fs.mkdirSync(sources);
    const programs = examplePrograms(schema);
    for (const [className, program] of programs) fs.writeFileSync(path.join(sources, `${className}.pp`), program);
    const run = (executable: string, args: string[]) =>
      execFileSync(executable, args, { stdio: ["ignore", "pipe", "pipe"], maxBuffer: 64 << 20 });
    run(schemaTool(), [schemaFile, "--examples", sources, out]);
    run(dotnetGenerator(), [schemaFile, "--examples", sources, out]);
    run(toolAt("PULUMI_STREAMKAP_YAML_EXAMPLES", "yaml-examples"), [schemaFile, sources, out]);
    const examples = new Map<string, ExamplePrograms>();
    for (const className of programs.keys()) {
      const read = (language: ExampleLanguage, file: string) =>
        fs.readFileSync(path.join(out, className, language, file), "utf8");
      const entries = exampleLanguages.map(({ language, file }) => [language, read(language, file)] as const);
      const written = Object.fromEntries(entries) as ExamplePrograms;
      examples.set(className, { ...written, csharp: withoutNamespaceAlias(written.csharp) });
    }
    return examples;
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * Pulumi's C# program generator names the package by an alias of its last namespace part, here `Pulumi` (the
 * namespace is `Streamkap.Pulumi`), which clashes with Pulumi's own namespace: the program names the package's
 * classes in full instead.
 */
function withoutNamespaceAlias(program: string): string {
  return program
    .replace("using Pulumi = Streamkap.Pulumi;\n", "")
    .replace(/(?<![\w.])Pulumi\.(?=[A-Z])/g, "Streamkap.Pulumi.");
}

/** The examples of one resource in the Registry's form, appended to its description. */
export function examplesSection(programs: ExamplePrograms): string {
  const blocks = exampleLanguages.map(
    ({ language, fence }) => `\`\`\`${fence}\n${programs[language].trimEnd()}\n\`\`\``,
  );
  return [
    "{{% examples %}}",
    "## Example Usage",
    "{{% example %}}",
    "### Basic usage",
    "",
    ...blocks,
    "{{% /example %}}",
    "{{% /examples %}}",
  ].join("\n");
}
