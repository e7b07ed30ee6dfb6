/**
 * What `pulumi-streamkap export` writes for a service, decided without a server: which class each connector gets,
 * how names carry the prefix, how references and dangling references are written, and that a program holding
 * one typed class of every catalogue connector compiles against the SDK and is formatted.
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import { createRequire } from "node:module";
import * as path from "node:path";

import * as prettier from "prettier";

import { typedClassName } from "../../catalogue/naming";
import { buildProgram, type ExportChoices } from "../../cli/export/model";
import { jsonText, tsconfigJson } from "../../cli/export/project-files";
import type { ServiceSnapshot } from "../../cli/export/read";
import { renderPclProgram } from "../../cli/export/pcl";
import { renderProgram } from "../../cli/export/render";
import { renderYamlProgram } from "../../cli/export/yaml";
import { catalogue } from "../../catalogue";
import type { ConnectorRecord, PipelineRecord, TopicRecord } from "../../provider/client/responses";
import type { TagRecord, TransformRecord } from "../../provider/client/responses";
import { typedFields } from "../../provider/kinds/typed/fields";
import { className } from "../../scripts/gen-connectors/render";

const repoRoot = path.resolve(__dirname, "../../..");
const { load } = createRequire(__filename)("js-yaml") as { load: (text: string) => unknown };
const masked = "********";

const empty: ServiceSnapshot = {
  sources: [],
  webhookSources: [],
  destinations: [],
  pipelines: [],
  transforms: [],
  topics: [],
  tags: [
    { id: "tag-dev", name: "Development", system: true, custom: false },
    { id: "tag-prod", name: "Production", system: true, custom: false },
  ],
  kafkaUsers: [],
  clientCredentials: [],
};

const connector = (id: string, name: string, code: string, config: Record<string, unknown>, more = {}) =>
  ({ id, name, connector: code, config, topics: [], ...more }) as ConnectorRecord;

const postgres = (id: string, name: string, more: Record<string, unknown> = {}) =>
  connector(id, name, "postgresql", {
    "database.hostname.user.defined": "db.internal",
    "database.port.user.defined": "5432", // the catalogue default: left out
    "database.user": "streamkap",
    "database.password": masked,
    "database.dbname": "shop",
    "schema.include.list": "public",
    "table.include.list.user.defined": "public.orders",
    "database.sslmode": "disable",
    ...more,
  });

/** The program with each comment's wrapped lines joined, so a test can look for a whole sentence. */
const comments = (program: string): string => program.replace(/\n\/\/ /g, " ");

function exported(snapshot: Partial<ServiceSnapshot>, choices: Partial<ExportChoices> = {}) {
  const model = buildProgram({ ...empty, ...snapshot }, { prefix: "", adopt: false, ...choices });
  return {
    model,
    program: renderProgram(model, { endpoint: "https://api.example.com", adopt: choices.adopt ?? false }),
  };
}

test("a connector whose settings fit its typed class is written with it: defaults left out, secrets from config", () => {
  const { model, program } = exported({ sources: [postgres("s1", "orders-db", { "ssh.port": "2222" })] });
  expect(program).toContain(
    [
      'const ordersDb = new streamkap.PostgresqlSource("orders-db", {',
      "  name: `${namePrefix}orders-db`,",
      '  databaseHostname: "db.internal",',
      '  databaseUser: "streamkap",',
      '  databasePassword: config.requireSecret("ordersDbDatabasePassword"),',
      '  databaseDbname: "shop",',
      '  schemaIncludeList: "public",',
      '  tableIncludeList: "public.orders",',
      '  databaseSslmode: "disable",',
      "  sshPort: 2222,",
      "});",
    ].join("\n"),
  );
  expect(model.secrets).toEqual([
    {
      configKey: "ordersDbDatabasePassword",
      description: 'database.password of source "orders-db"',
      objectId: "s1",
      key: "database.password",
    },
  ]);
  expect(program).not.toContain(masked);
});

test.each([
  ["a setting the catalogue does not list", { "vendor.option": "x" }, 'its setting "vendor.option" is not in the'],
  ["a value outside the allowed ones", { "database.sslmode": "verify-full" }, 'the value of "database.sslmode" does'],
  ["a whole number out of range", { "streamkap.snapshot.parallelism": "99" }, "streamkap.snapshot.parallelism"],
  ["a missing required setting", { "database.dbname": null }, 'no value for the required setting "database.dbname"'],
])("%s falls back to the generic class and says why", (_case, change, reason) => {
  const { program } = exported({ sources: [postgres("s1", "orders-db", change)] });
  expect(program).toContain('const ordersDb = new streamkap.Source("orders-db", {');
  expect(comments(program)).toContain(reason);
  expect(program).toContain('  connector: "postgresql",');
  expect(program).toContain('    "database.password": config.requireSecret("ordersDbDatabasePassword"),');
});

test("an unknown connector is generic: a masked value is read as a secret, a nested one is named, not written", () => {
  const { model, program } = exported({
    destinations: [
      connector("d1", "lake", "quantumlake", {
        "lake.url": "https://lake",
        "lake.token": masked,
        "lake.map": { a: 1 },
      }),
    ],
  });
  expect(comments(program)).toContain('no typed class for the "quantumlake" connector.');
  expect(comments(program)).toContain('It leaves out "lake.map", which hold nested values it cannot take.');
  expect(program).not.toContain('lake.map":');
  expect(program).toContain('    "lake.token": config.requireSecret("lakeLakeToken"),');
  expect(model.secrets.map((secret) => secret.description)).toEqual(['lake.token of destination "lake"']);
});

test("names: the prefix becomes `namePrefix`; a name without it is kept whole, with a warning", () => {
  const { model, program } = exported(
    { sources: [postgres("s1", "prod-orders-db"), postgres("s2", "legacy")] },
    { prefix: "prod-" },
  );
  expect(program).toContain('new streamkap.PostgresqlSource("orders-db", {\n  name: `${namePrefix}orders-db`,');
  expect(program).toContain('new streamkap.PostgresqlSource("legacy", {\n  name: "legacy",');
  expect(model.warnings).toEqual([
    'The name of source "legacy" does not start with the prefix "prod-": every stack gives it this name.',
  ]);
});

test("resource names and variables are valid, derived from the names, and unique", () => {
  const { program } = exported({
    sources: [postgres("s1", "orders"), postgres("s2", "Orders!"), postgres("s3", "class"), postgres("s4", "42 db")],
    topics: [{ id: "orders", name: "orders" } as TopicRecord],
  });
  const constructions = [...program.matchAll(/^const (\w+) = new streamkap\.(\w+)\(\n?\s*"([^"]*)"/gm)].map(
    (match) => `${match[1]} ${match[2]} ${match[3]}`,
  );
  expect(constructions).toEqual([
    "orders Topic orders",
    "source42Db PostgresqlSource 42-db",
    "classSource PostgresqlSource class",
    "ordersSource PostgresqlSource orders",
    "ordersSource2 PostgresqlSource Orders",
  ]);
});

test("references: pipelines name their ends, transforms their sources and topics, tags by resource or lookup", () => {
  const tags: TagRecord[] = [...empty.tags, { id: "tag-team", name: "team", system: false, custom: true }];
  const { program } = exported({
    tags,
    topics: [{ id: "clean", name: "clean" } as TopicRecord],
    sources: [postgres("aaaaaaaaaaaaaaaaaaaaaaaa", "orders-db", {}), postgres("s2", "other")].map((source) => ({
      ...source,
      topics: ["public.orders", "public.items"],
      tags: ["tag-team"],
    })),
    destinations: [connector("d1", "warehouse", "quantumlake", { url: "x" })],
    transforms: [
      {
        id: "t1",
        name: "clean",
        transform_type: "map_filter",
        config: {
          "transforms.input.topic.pattern": "source_aaaaaaaaaaaaaaaaaaaaaaaa\\.public\\.orders",
          "transforms.output.topic.pattern": "clean",
        },
      } as TransformRecord,
    ],
    pipelines: [
      pipeline("p1", "all", "aaaaaaaaaaaaaaaaaaaaaaaa", ["public.orders", "public.items"], ["tag-dev"]),
      pipeline("p2", "some", "aaaaaaaaaaaaaaaaaaaaaaaa", ["public.orders"], ["tag-team", "tag-prod"]),
    ],
  });
  expect(program).toContain('  tags: [team.id],\n});\n\nconst other = new streamkap.PostgresqlSource("other"');
  expect(program).toContain("  inputTopicPattern: pulumi.interpolate`source_${ordersDb.id}\\\\.public\\\\.orders`,");
  expect(program).toContain("  outputTopicPattern: clean.name,");
  // Every topic and only the default tag: both left to the service, as it does them.
  expect(program).toContain(
    '("all", {\n  name: `${namePrefix}all`,\n  source: ordersDb,\n  destination: warehouse,\n});',
  );
  expect(program).toContain('  topics: ["public.orders"],\n  tags: [team.id, systemTagId("Production")],');
  expect(program).toContain("async function systemTagId(name: string): Promise<string> {");
});

test("dangling references are comments, not crashes", () => {
  const { model, program } = exported({
    sources: [postgres("s1", "orders-db")].map((source) => ({ ...source, tags: ["tag-gone"] })),
    destinations: [connector("d1", "warehouse", "quantumlake", { url: "x" })],
    transforms: [
      {
        id: "t1",
        name: "clean",
        transform_type: "map_filter",
        config: {
          "transforms.input.topic.pattern": "source_bbbbbbbbbbbbbbbbbbbbbbbb\\.public\\.orders",
          "transforms.output.topic.pattern": "clean",
        },
      } as TransformRecord,
      { id: "t2", name: "odd", transform_type: "quantum_fold", config: {} } as TransformRecord,
    ],
    pipelines: [pipeline("p1", "orphan", "gone-source", ["public.orders"], [])],
  });
  const text = comments(program);
  expect(text).toContain("Tag tag-gone is left out of `tags`: the service has no tag with that id.");
  expect(text).toContain("The pattern names source bbbbbbbbbbbbbbbbbbbbbbbb, which is not on the service");
  expect(text).toContain('- Pipeline "orphan" (p1) is left out: its source gone-source is not on the service.');
  expect(text).toContain('- Transform "odd" (t2) is left out: its type "quantum_fold" is not one');
  expect(model.declarations.map((declaration) => declaration.resourceName)).toEqual([
    "orders-db",
    "warehouse",
    "clean",
  ]);
});

test("with only (from-terraform), what the service has and the program does not hold stays, by id (F8)", () => {
  const { model, program } = exported(
    {
      tags: [...empty.tags, { id: "tag-team", name: "team", system: false, custom: true }],
      sources: [postgres("s1", "orders-db")],
      destinations: [connector("d1", "warehouse", "quantumlake", { url: "x" })],
      transforms: [{ id: "t1", name: "clean", transform_type: "map_filter", config: {} } as TransformRecord],
      pipelines: [
        {
          ...pipeline("p1", "main", "s1", ["public.orders"], ["tag-team"]),
          transforms: [{ id: "t1", topic: "public.orders" }],
        } as PipelineRecord,
      ],
    },
    { adopt: true, only: new Map([["p1", "main"]]) },
  );
  expect(model.leftOut).toEqual([]);
  expect(program).toContain(
    [
      '  source: "s1",',
      '  destination: "d1",',
      '  topics: ["public.orders"],',
      '  tags: ["tag-team"],',
      '  transforms: [{ transform: "t1", topics: ["public.orders"] }],',
    ].join("\n"),
  );
  // The plugin's pipeline takes ids under its own names, in YAML and PCL alike; data keys are never renamed.
  const yaml = load(renderYamlProgram(model, { project: "p", description: "d" })) as {
    resources: Record<string, { properties: Record<string, unknown> }>;
  };
  expect(yaml.resources.main?.properties).toMatchObject({
    sourceId: "s1",
    destinationId: "d1",
    transforms: [{ transformId: "t1", topics: ["public.orders"] }],
  });
  const pcl = renderPclProgram(model);
  expect(pcl).toContain('  sourceId = "s1"\n  destinationId = "d1"');
  expect(pcl).toContain('      transformId = "t1"');
});

test("with adopt, every resource names the object it takes over", () => {
  const { program } = exported({ sources: [postgres("s1", "orders-db")] }, { adopt: true });
  expect(program).toContain('  name: `${namePrefix}orders-db`,\n  adopt: "s1",\n');
  expect(comments(program)).toContain("the first `pulumi up` changes nothing on the service");
});

test("a Kafka user keeps its username in every stack; its password is a secret of the stack's config", () => {
  const { model, program } = exported(
    {
      kafkaUsers: [
        {
          username: "analytics",
          whitelist_ips: "203.0.113.0/24",
          kafka_acls: [
            { topic_name: "orders", operation: "READ", resource_pattern_type: "PREFIXED", resource: "TOPIC" },
            { topic_name: "analytics-", operation: "READ", resource_pattern_type: "LITERAL", resource: "GROUP" },
          ],
          is_create_schema_registry: false,
          kafka_proxy_endpoint: "proxy:32400",
        },
      ],
    },
    { prefix: "dev-", adopt: true },
  );
  expect(program).toContain(
    [
      'const analytics = new streamkap.KafkaUser("analytics", {',
      '  username: "analytics",',
      '  adopt: "analytics",',
      '  password: config.requireSecret("analyticsPassword"),',
      '  allowedIps: ["203.0.113.0/24"],',
      "  acls: [",
      '    { topic: "orders", operation: "READ", patternType: "PREFIXED" },',
      '    { topic: "analytics-", operation: "READ", resource: "GROUP" },',
      "  ],",
      "});",
    ].join("\n"),
  );
  expect(model.secrets).toEqual([
    {
      configKey: "analyticsPassword",
      description: 'password of Kafka user "analytics"',
      objectId: "analytics",
      key: "password",
    },
  ]);
  expect(model.warnings).toEqual([]);
});

function pipeline(id: string, name: string, sourceId: string, topics: string[], tags: string[]): PipelineRecord {
  return { id, name, source: { id: sourceId }, destination: { id: "d1" }, topics, tags, snapshot_new_tables: false };
}

/** One source or destination per catalogue connector, holding every required setting in its type. */
function everyConnector(): Partial<ServiceSnapshot> {
  const snapshot = { sources: [] as ConnectorRecord[], destinations: [] as ConnectorRecord[] };
  for (const entry of catalogue()) {
    if (entry.kind === "transform") continue;
    const fields = typedFields(entry.kind, entry.code);
    if (!fields) continue;
    const config: Record<string, unknown> = {};
    for (const field of fields.filter((candidate) => candidate.required || candidate.secret)) {
      config[field.key] = field.secret ? masked : (field.enum?.[0] ?? "x");
    }
    const record = connector(`${entry.kind}-${entry.code}`, `${entry.code} ${entry.kind}`, entry.code, config);
    (entry.kind === "source" ? snapshot.sources : snapshot.destinations).push(record);
  }
  return snapshot;
}

test("a program with every catalogue connector's typed class compiles against the SDK and is formatted", async () => {
  const { model, program } = exported(everyConnector());
  expect(
    model.declarations.filter((declaration) => /streamkap\.(Source|Destination)$/.test(declaration.className)),
  ).toEqual([]);
  expect(model.declarations).toHaveLength(48);
  expect(await prettier.check(program, { parser: "typescript" })).toBe(true);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-export-model-"));
  try {
    fs.writeFileSync(path.join(dir, "index.ts"), program);
    fs.writeFileSync(path.join(dir, "tsconfig.json"), tsconfigJson());
    fs.symlinkSync(path.join(repoRoot, "node_modules"), path.join(dir, "node_modules"), "dir");
    const tsc = path.join(repoRoot, "node_modules", "typescript", "bin", "tsc");
    const output = await new Promise<string>((resolve) =>
      execFile(process.execPath, [tsc, "-p", dir], (_error, stdout, stderr) => resolve(stdout + stderr)),
    );
    expect(output).toBe("");
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("the exporter names every typed class as the SDK generator does", () => {
  const connectors = catalogue().filter((entry) => entry.kind !== "transform");
  const differing = connectors
    .map((entry) => ({ kind: entry.kind as "source" | "destination", code: entry.code }))
    .filter((spec) => typedClassName(spec.kind, spec.code) !== className(spec));
  expect(differing).toEqual([]);
});

test("JSON files are written as Prettier formats them", async () => {
  const text = jsonText({ name: "x", nested: { list: ["a", "b"], empty: {} }, flag: true });
  expect(await prettier.check(text, { parser: "json" })).toBe(true);
});
