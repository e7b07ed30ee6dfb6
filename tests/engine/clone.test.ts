/**
 * Environment cloning end to end, as a user would do it: someone builds environment A in the web console (here:
 * the plain HTTP API), `pulumi-streamkap export` writes it out as a program, and `pulumi up` of that program
 * against service B makes a copy equal to A object by object, with names that differ only by the prefix. Exported
 * with `--adopt`, the program takes A's own objects over without changing them, and the next preview shows no
 * changes. No secret value appears in anything the export writes or prints.
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

import * as prettier from "prettier";

import { type LocalServer, startLocalServer } from "../../server";
import { ServiceApi } from "../harness/api";
import { TestProject } from "../harness/project";
import { leakedSecrets } from "../harness/secrets";

const repoRoot = path.resolve(__dirname, "../../..");
type Credentials = Pick<LocalServer, "baseUrl" | "clientId" | "secret">;
type Record_ = Record<string, unknown> & { id: string; name: string };

/** The secret settings of environment A, by what the export's placeholder calls them. */
const secretsOfA: Record<string, string> = {
  'database.password of source "prod-orders-db"': "orders-db-password-3b1e",
  'database.password of source "prod-legacy-db"': "legacy-db-password-5c0d",
  'mongodb.connection.string.user.defined of source "prod-catalog"':
    "mongodb+srv://catalog:catalog-secret-77aa@cluster0.example.net",
  'snowflake.private.key of destination "prod-warehouse"': "warehouse-private-key-9f2c",
  'connection.password of destination "prod-analytics"': "analytics-password-1d7e",
  'password of Kafka user "analytics"': "kafka-analytics-password-4e2b",
};

let server: LocalServer;
let serviceB: Credentials;
let apiA: ServiceApi;
let apiB: ServiceApi;
const directories: string[] = [];
const projects: TestProject[] = [];

beforeAll(async () => {
  server = await startLocalServer({ statusDelayMs: 20, deleteDelayMs: 50 });
  serviceB = { baseUrl: server.baseUrl, ...(await server.createService("b")) };
  apiA = new ServiceApi(server);
  apiB = new ServiceApi(serviceB);
  await buildEnvironmentA(apiA);
});

afterAll(async () => {
  for (const project of projects) project.dispose();
  for (const dir of directories) fs.rmSync(dir, { recursive: true, force: true });
  await server?.close();
});

/** What someone clicking through the console would make: every kind, connectors with secrets, links between them. */
async function buildEnvironmentA(api: ServiceApi): Promise<void> {
  const asConsole = { "X-Local-Origin": "web", "X-Local-Actor": "alice@example.com" };
  const post = <T = Record_>(collection: string, body: Record<string, unknown>) =>
    api.request<T>("POST", collection, { created_from: "web", ...body }, asConsole);
  const team = await post("/tags", {
    name: "prod-orders-team",
    description: "Orders team",
    type: ["pipelines", "sources"],
  });
  await post("/topics", {
    topic_name: "prod-orders-clean",
    num_partitions: 3,
    cleanup_policy: "compact",
    retention_ms: 86_400_000,
  });
  const orders = await post("/sources", {
    name: "prod-orders-db",
    connector: "postgresql",
    tags: [team.id],
    config: {
      "database.hostname.user.defined": "orders.db.internal",
      "database.port.user.defined": 6543,
      "database.user": "streamkap",
      "database.password": secretsOfA['database.password of source "prod-orders-db"'],
      "database.dbname": "shop",
      "schema.include.list": "public",
      "table.include.list.user.defined": "public.orders,public.customers",
      "database.sslmode": "disable",
    },
  });
  const catalog = await post("/sources", {
    name: "prod-catalog",
    connector: "mongodb",
    config: {
      "mongodb.connection.string.user.defined":
        secretsOfA['mongodb.connection.string.user.defined of source "prod-catalog"'],
      "database.include.list": "catalog",
      "collection.include.list.user.defined": "catalog.products,catalog.prices",
      "signal.data.collection.schema.or.database": "catalog",
    },
  });
  await api.request("PUT", `/sources/${catalog.id}/pause`, undefined, asConsole);
  // A setting the connector catalogue does not list: the export falls back to the generic Source for it.
  await post("/sources", {
    name: "prod-legacy-db",
    connector: "mysql",
    config: {
      "database.hostname.user.defined": "legacy.db.internal",
      "database.user": "reader",
      "database.password": secretsOfA['database.password of source "prod-legacy-db"'],
      "database.include.list.user.defined": "legacy",
      "table.include.list.user.defined": "legacy.invoices",
      "legacy.vendor.option": "keep-me",
    },
  });
  const storefront = await post("/sources", {
    name: "prod-storefront",
    connector: "webhook",
    config: {
      format: "json",
      "transforms.inferSchema.add.delete.field": true,
      "topic.include.list.user.defined": "carts,checkouts",
    },
  });
  const warehouse = await post("/destinations", {
    name: "prod-warehouse",
    connector: "snowflake",
    config: {
      "snowflake.url.name": "acme.snowflakecomputing.com",
      "snowflake.user.name": "STREAMKAP",
      "snowflake.private.key": secretsOfA['snowflake.private.key of destination "prod-warehouse"'],
      "snowflake.database.name": "ANALYTICS",
      "snowflake.schema.name": "RAW",
    },
  });
  const analytics = await post("/destinations", {
    name: "prod-analytics",
    connector: "clickhouse",
    config: {
      hostname: "clickhouse.internal",
      "connection.username": "loader",
      "connection.password": secretsOfA['connection.password of destination "prod-analytics"'],
      database: "events",
    },
  });
  const clean = await post<{ id: string }>("/transforms", {
    transform: "map_filter",
    config: {
      "transforms.name": "prod-clean-orders",
      "transforms.input.topic.pattern": `source_${orders.id}\\.public\\.orders`,
      "transforms.output.topic.pattern": "prod-orders-clean",
    },
  });
  const paid = [{ value: { id: 1, total: 42.5 } }, { value: { id: 2, total: 12 } }];
  await api.request("PUT", `/transforms/${clean.id}/implementation_details`, {
    implementation: {
      language: "JAVASCRIPT",
      value_transform: "function _streamkap_transform(value) {\n  return value.total > 0 ? value : null;\n}",
      unit_test: { test_name: "keeps paid orders", input__json: paid, output__json: paid },
    },
  });
  await api.request("PUT", `/transforms/${clean.id}/deploy-job-preview/no-version`);
  await api.request("PUT", `/transforms/${clean.id}/deploy-job-live/no-version`);
  // A SQL transform, its implementation in the reference provider's implementation_json shape.
  const sales = await post<{ id: string }>("/transforms", {
    transform: "rollup",
    tags: [team.id],
    config: {
      "transforms.name": "prod-daily-sales",
      "transforms.input.topic.pattern": `source_${orders.id}\\.public\\.orders`,
      "transforms.output.topic.pattern": "sales-by-customer",
    },
  });
  await api.request("PUT", `/transforms/${sales.id}/implementation_details`, {
    implementation: {
      inputTables: [
        {
          name: "orders",
          topicMatcherRegex: ".*orders$",
          createTableSQL: "CREATE TABLE orders (customer_id STRING, total DECIMAL(10,2))",
        },
      ],
      rollupSQL: "SELECT customer_id, SUM(total) AS total FROM orders GROUP BY customer_id",
      keyFields: ["customer_id"],
      stateTTLMs: 86400000,
    },
  });
  const [cleanLive] = (
    await api.request<{ result: Array<{ name: string; topic_ids: string[] }> }>("GET", `/transforms/${clean.id}`)
  ).result;
  const pipeline = (name: string, source: Record_, destination: Record_, more: Record<string, unknown>) =>
    api.request("POST", "/pipelines", {
      name,
      source: { id: source.id, name: source.name, connector: source.connector, topics: more.topics ?? [] },
      destination: { id: destination.id, name: destination.name, connector: destination.connector },
      tags: more.tags,
      snapshot_new_tables: more.snapshot_new_tables ?? false,
      transforms: more.transforms,
      topic_auto_discovery_transforms: more.rules,
      created_from: "web",
    });
  await pipeline("prod-orders-to-warehouse", orders, warehouse, {
    topics: ["public.orders"],
    tags: [team.id],
    snapshot_new_tables: true,
    // Through the transforms, as the web console links them.
    transforms: [
      {
        id: clean.id,
        name: cleanLive.name,
        start_time: null,
        topic_id: cleanLive.topic_ids[0],
        topic: "prod-orders-clean",
      },
    ],
    rules: [{ transform_id: sales.id, regex: "^sales-.*" }],
  });
  await pipeline("prod-catalog-to-warehouse", catalog, warehouse, {
    topics: ["catalog.products", "catalog.prices"],
  });
  await pipeline("prod-storefront-to-analytics", storefront, analytics, { topics: ["carts"] });
  // A Kafka user: usernames are per service, so every environment has its own "analytics".
  await api.request(
    "POST",
    "/kafka-access/kafka-users",
    {
      username: "analytics",
      password: secretsOfA['password of Kafka user "analytics"'],
      whitelist_ips: "203.0.113.0/24",
      kafka_acls: [{ topic_name: "prod-", operation: "READ", resource_pattern_type: "PREFIXED", resource: "TOPIC" }],
      is_create_schema_registry: true,
      created_from: "web",
    },
    asConsole,
  );
}

/** Runs the built `pulumi-streamkap` command as a user would, with the credentials of A in its environment. */
function runExport(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(repoRoot, "dist", "cli", "main.js"), "export", ...args],
      {
        env: {
          ...process.env,
          STREAMKAP_HOST: server.baseUrl,
          STREAMKAP_CLIENT_ID: server.clientId,
          STREAMKAP_SECRET: server.secret,
        },
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

function freshDirectory(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `streamkap-${name}-`));
  directories.push(dir);
  return path.join(dir, "program");
}

/** The `pulumi config set --secret <key> '<what>'` lines the export printed, as key → what belongs there. */
function secretLines(stdout: string): Map<string, string> {
  const lines = [...stdout.matchAll(/^pulumi config set --secret (\S+) '<(.+)>'$/gm)];
  return new Map(lines.map((match) => [match[1], match[2]]));
}

/** Sets every secret the export asked for, to A's real value (the API secret: the target service's). */
async function setSecrets(project: TestProject, asked: Map<string, string>, apiSecret: string): Promise<void> {
  for (const [key, what] of asked) {
    const value = key === "streamkap:secret" ? apiSecret : secretsOfA[what];
    if (value === undefined) throw new Error(`the export asked for a secret the test does not know: ${what}`);
    await project.stack.setConfig(key, { value, secret: true });
  }
}

/** Every object of a list endpoint (all pages), with query parameters. */
async function all(api: ServiceApi, collection: string, query = ""): Promise<Record_[]> {
  const items: Record_[] = [];
  for (let page = 1; ; page++) {
    const answer = await api.request<{ result: Record_[]; has_next?: boolean }>(
      "GET",
      `${collection}?page=${page}&page_size=100${query}`,
    );
    items.push(...answer.result);
    if (!answer.has_next) return items;
  }
}

/**
 * A service's objects in a form two services can share: names without the prefix, references (ids, tag ids,
 * `source_<id>` in topic patterns) by the name of what they refer to, secrets revealed, and the values the
 * service generates per object (ids, timestamps, webhook URL and key, `created_from`) left out.
 */
async function environmentOf(api: ServiceApi, prefix: string): Promise<Record<string, unknown>> {
  const strip = (name: unknown) => (String(name).startsWith(prefix) ? String(name).slice(prefix.length) : `!${name}`);
  const tags = (await api.request<{ tags: Array<Record_ & { system: boolean; type: string[] }> }>("GET", "/tags")).tags;
  const tagName = new Map(tags.map((tag) => [tag.id, tag.system ? `system:${tag.name}` : strip(tag.name)]));
  const tagNames = (ids: unknown) => (Array.isArray(ids) ? ids.map((id) => tagName.get(String(id))).sort() : ids);
  const sources = await all(api, "/sources", "&secret_returned=true");
  const destinations = await all(api, "/destinations", "&secret_returned=true");
  const byId = new Map([...sources, ...destinations].map((item) => [item.id, strip(item.name)]));
  const transforms = await all(api, "/transforms");
  const transformNames = new Map(transforms.map((transform) => [String(transform.id), strip(transform.name)]));
  const unlink = (text: unknown) =>
    String(text).replace(/source_([0-9a-f]{24})/g, (_, id) => `source_{${byId.get(id)}}`);
  const connector = (item: Record_) => {
    const { "webhook.url": _url, "api.key": _key, ...config } = item.config as Record<string, unknown>;
    return {
      name: strip(item.name),
      connector: item.connector,
      config,
      topics: item.topics,
      status: item.connector_status,
      tags: tagNames(item.tags),
    };
  };
  const byName = <T extends { name: string }>(items: T[]) => items.sort((a, b) => a.name.localeCompare(b.name));
  const kafkaUsers = await api.request<Array<Record<string, unknown>>>("GET", "/kafka-access/kafka-users");
  return {
    // The proxy endpoints are the service's own; the password is never answered.
    kafkaUsers: kafkaUsers.map(({ kafka_proxy_endpoint: _proxy, schema_proxy_endpoint: _schema, ...user }) => user),
    tags: byName(
      tags
        .filter((tag) => !tag.system)
        .map((tag) => ({ name: strip(tag.name), description: tag.description, types: [...tag.type].sort() })),
    ),
    // Topics made by hand (`manual`), each as GET /topics/{id} details it: the listing has no partitions or tags.
    topics: byName(
      await Promise.all(
        (await all(api, "/topics/details", "&entity_type=manual")).map(async (item) => {
          const path = `/topics/${encodeURIComponent(String(item.id))}?detailed=true`;
          const { id: _id, name, ...topic } = await api.request<Record_>("GET", path);
          return { ...topic, name: strip(String(name)), entity: undefined, tags: tagNames(topic.tags) };
        }),
      ),
    ),
    sources: byName(sources.map(connector)),
    destinations: byName(destinations.map(connector)),
    transforms: byName(
      transforms.map((transform) => {
        const config = transform.config as Record<string, unknown>;
        return {
          name: strip(transform.name),
          type: transform.transform_type,
          config: {
            ...config,
            "transforms.name": strip(config["transforms.name"]),
            "transforms.input.topic.pattern": unlink(config["transforms.input.topic.pattern"]),
            "transforms.output.topic.pattern": strip(config["transforms.output.topic.pattern"]),
          },
          implementation: { ...(transform.implementation as Record<string, unknown>), version: undefined },
          tags: tagNames(transform.tags),
          deployedLive: transform.live_version !== null,
          deployedPreview: transform.preview_version !== null,
        };
      }),
    ),
    pipelines: byName(
      (await all(api, "/pipelines")).map((pipeline) => ({
        transforms: (pipeline.transforms as Record_[]).map((item) => [
          transformNames.get(String(item.id)),
          strip(item.topic),
          String(item.topic_id).startsWith("transform_"), // the transform's own topic, not a source topic's id
        ]),
        rules: (pipeline.topic_auto_discovery_transforms as Record_[]).map((rule) => [
          transformNames.get(String(rule.transform_id)),
          rule.regex,
        ]),
        name: strip(pipeline.name),
        source: strip((pipeline.source as Record_).name),
        destination: strip((pipeline.destination as Record_).name),
        topics: pipeline.topics,
        snapshotNewTables: pipeline.snapshot_new_tables,
        tags: tagNames(pipeline.tags),
      })),
    ),
  };
}

let exported: { dir: string; code: number; stdout: string; stderr: string };

test("export writes a formatted program and prints the secret lines, with no secret value anywhere", async () => {
  const dir = freshDirectory("export");
  exported = { dir, ...(await runExport(["--out", dir, "--prefix", "prod-", "--stack", "prod"])) };
  expect(exported.stderr).not.toMatch(/^warning/m);
  expect(exported.code).toBe(0);
  for (const progress of ["tags… 3", "topics… 1", "sources… 4", "destinations… 2", "transforms… 2", "pipelines… 3"]) {
    expect(exported.stderr).toContain(`reading ${progress}`);
  }

  const files = fs.readdirSync(dir).sort();
  expect(files).toEqual(["Pulumi.prod.yaml", "Pulumi.yaml", "README.md", "index.ts", "package.json", "tsconfig.json"]);
  for (const file of files) {
    const text = fs.readFileSync(path.join(dir, file), "utf8");
    expect({ file, formatted: await prettier.check(text, { filepath: path.join(dir, file) }) }).toEqual({
      file,
      formatted: true,
    });
  }

  const program = fs.readFileSync(path.join(dir, "index.ts"), "utf8");
  // Typed classes where they fit, the generic Source where a setting is not in the catalogue.
  for (const construction of [
    'new streamkap.PostgresqlSource("orders-db"',
    'new streamkap.MongoDbSource("catalog"',
    'new streamkap.Source("legacy-db"',
    'new streamkap.WebhookSource("storefront"',
    'new streamkap.SnowflakeDestination("warehouse"',
    'new streamkap.ClickHouseDestination("analytics"',
    'new streamkap.Topic("orders-clean"',
    'new streamkap.Tag("orders-team"',
    'new streamkap.Transform("clean-orders"',
    'new streamkap.Pipeline("orders-to-warehouse"',
  ]) {
    expect(program).toContain(construction);
  }
  // References between resources, never raw ids.
  expect(program).toMatch(/source: ordersDb,\n\s+destination: warehouse,/);
  expect(program).toContain("source: storefront.id,");
  expect(program).toContain("pulumi.interpolate`source_${ordersDb.id}\\\\.public\\\\.orders`");
  expect(program).toContain("outputTopicPattern: ordersClean.name,");
  expect(program).not.toMatch(/[0-9a-f]{24}/);

  // Every secret the program reads is one the command printed a line for, and nothing else.
  const asked = secretLines(exported.stdout);
  const read = [...program.matchAll(/config\.requireSecret\(\s*"([^"]+)"/g)].map((match) => match[1]).sort();
  expect([...asked.keys()].filter((key) => key !== "streamkap:secret").sort()).toEqual(read);
  expect([...asked.values()].sort()).toEqual(["the API client secret", ...Object.keys(secretsOfA)].sort());

  const storefront = (await all(apiA, "/sources", "&secret_returned=true")).find((s) => s.connector === "webhook");
  const secrets = [...Object.values(secretsOfA), server.secret, String((storefront?.config as Record_)["api.key"])];
  const written = files.map((file) => fs.readFileSync(path.join(dir, file), "utf8")).join("\n");
  expect(leakedSecrets(written + exported.stdout + exported.stderr, secrets)).toEqual([]);
});

test("up of the exported program into service B makes a copy of A, object by object", async () => {
  const project = await TestProject.fromDirectory(exported.dir, serviceB, { namePrefix: "staging-" }, "staging");
  projects.push(project);
  await setSecrets(project, secretLines(exported.stdout), serviceB.secret);

  const result = await project.up();
  expect(result.summary.result).toBe("succeeded");
  expect(await environmentOf(apiB, "staging-")).toEqual(await environmentOf(apiA, "prod-"));
  const origins = await Promise.all(
    (await all(apiB, "/sources")).map((source) => apiB.createdFrom("/sources", source.id)),
  );
  expect(origins).toEqual(["api", "api", "api", "api"]);

  const preview = await project.preview();
  expect(preview.result.changeSummary).toEqual({ same: 15 });
  expect(leakedSecrets(project.stateFile(), Object.values(secretsOfA))).toEqual([]);
});

test("the program compiles with this repository's TypeScript", async () => {
  const tsc = path.join(repoRoot, "node_modules", "typescript", "bin", "tsc");
  const outcome = await new Promise<{ code: number; output: string }>((resolve) =>
    execFile(process.execPath, [tsc, "-p", path.join(exported.dir, "tsconfig.json")], (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
    ),
  );
  expect(outcome).toEqual({ code: 0, output: "" });
});

test("exported with --adopt, the program takes A's objects over unchanged, and then previews no changes", async () => {
  const dir = freshDirectory("adopt");
  const adopting = await runExport(["--out", dir, "--prefix", "prod-", "--adopt"]);
  expect(adopting.code).toBe(0);
  const written = fs.readdirSync(dir).map((file) => fs.readFileSync(path.join(dir, file), "utf8"));
  const secrets = [...Object.values(secretsOfA), server.secret];
  expect(leakedSecrets([...written, adopting.stdout, adopting.stderr].join("\n"), secrets)).toEqual([]);
  const program = fs.readFileSync(path.join(dir, "index.ts"), "utf8");
  // Every resource names the object it takes over by id (a topic's id is its name).
  expect(program.match(/^ +adopt: "[^"]+",$/gm)).toHaveLength(14);

  // The stack the export describes: its Pulumi.dev.yaml names A, its endpoint, client id and the prefix.
  const project = await TestProject.fromDirectory(dir, server, {}, "dev");
  projects.push(project);
  await setSecrets(project, secretLines(adopting.stdout), server.secret);
  const before = await environmentOf(apiA, "prod-");

  server.resetStats();
  const result = await project.up();
  expect(result.summary.resourceChanges).toEqual({ create: 15 });
  const writes = server
    .stats()
    .calls.filter((call) => call.method !== "GET")
    .map((call) => `${call.method} ${call.path}`);
  expect(writes).toEqual(["POST /auth/access-token"]);
  expect(await environmentOf(apiA, "prod-")).toEqual(before);

  const preview = await project.preview();
  expect(preview.result.changeSummary).toEqual({ same: 15 });
  expect(preview.diagnostics.filter((line) => /adopted as it was/.test(line))).toEqual([]);
});
