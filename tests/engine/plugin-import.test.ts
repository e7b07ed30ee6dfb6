/**
 * `pulumi import` through the provider plugin (issue #17), in a Pulumi YAML project against the local API server:
 * a PostgreSQL source made in the console is imported by id; the definition Pulumi writes holds its settings (not
 * the service's defaults) and its password as a Pulumi secret, read as the reference client reads connectors
 * (`secret_returned=true`, issue 27 point 9); as written, the next preview is clean and makes no API call, and a
 * later change of the password is seen. In a TypeScript or a Go project, `pulumi import` writes the definition in
 * that language, with the generated SDK.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

import { type LocalServer, startLocalServer } from "../../server";
import { ServiceApi } from "../harness/api";
import { callsDuring } from "../harness/calls";
import { pluginOnPath, runPulumi, runPulumiOk } from "../harness/process";
import { TestProject } from "../harness/project";
import { leakedSecrets } from "../harness/secrets";

const env = pluginOnPath;
const header = "name: imported\nruntime: yaml\n";
let server: LocalServer;
let api: ServiceApi;
let project: TestProject;
let sourceId: string;
let definition: string;

beforeAll(async () => {
  server = await startLocalServer({ statusDelayMs: 30, deleteDelayMs: 30 });
  api = new ServiceApi(server);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-import-"));
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), `${header}resources: {}\n`);
  project = await TestProject.fromDirectory(dir, server);
  const made = await api.request<{ id: string }>("POST", "/sources", {
    name: "console-orders",
    connector: "postgresql",
    config: {
      "database.hostname.user.defined": "db.example.com",
      "database.port.user.defined": "5432",
      "database.user": "streamkap",
      "database.password": "console-password-9d1e",
      "database.dbname": "shop",
      "schema.include.list": "public",
      "table.include.list.user.defined": "public.orders",
      "snapshot.read.only.user.defined": "No",
    },
  });
  sourceId = made.id;
});

afterAll(async () => {
  project?.dispose();
  await server?.close();
});

/** The project's program: the imported definition, its password as given. */
function writeProgram(password: string): void {
  const program = definition.replace(/databasePassword: .*\n/, `databasePassword:\n        fn::secret: ${password}\n`);
  fs.writeFileSync(path.join(project.dir, "Pulumi.yaml"), header + program);
}

test("27.9: pulumi import writes a definition with the source's settings and its password as a secret", async () => {
  const out = path.join(project.dir, "imported.yaml");
  const imported = await runPulumiOk(
    project,
    ["import", "streamkap:index:PostgresqlSource", "orders", sourceId, "--yes", "--protect=false", "--out", out],
    env,
  );
  expect(imported.stdout).toContain("1 imported");
  expect(imported.stdout).not.toContain("changed outside Pulumi");
  // Nothing the provider's check refuses: no "almost certainly a bug" warning from the engine.
  expect(imported.stdout).not.toContain("failed to validate");
  expect(imported.stdout).not.toContain("console-password-9d1e");
  definition = fs.readFileSync(out, "utf8");
  expect(definition).toContain("type: streamkap:PostgresqlSource");
  for (const line of [
    "name: console-orders",
    "databaseHostname: db.example.com",
    "databaseUser: streamkap",
    "databaseDbname: shop",
    "schemaIncludeList: public",
    "tableIncludeList: public.orders",
  ]) {
    expect(definition).toContain(line);
  }
  // The password the service holds (Pulumi YAML's generator writes it without `fn::secret`, so docs/languages.md says to
  // move it to stack config before committing; the state holds it encrypted).
  expect(definition).toContain("databasePassword: console-password-9d1e");
  // 5432 is the connector's default, which the service fills in: not declared.
  expect(definition).not.toContain("databasePort");
  expect(leakedSecrets(project.stateFile(), ["console-password-9d1e"])).toEqual([]);
});

test("as written, the next preview is clean and calls nothing; up changes nothing", async () => {
  writeProgram("console-password-9d1e");
  let preview = { code: 1 as number | null, stdout: "" };
  const calls = await callsDuring(server, async () => {
    preview = await runPulumi(project, ["preview", "--json"], env);
  });
  expect(preview.code).toBe(0);
  expect(JSON.parse(preview.stdout).changeSummary).toEqual({ same: 2 });
  expect(calls).toEqual([]);
  await runPulumiOk(project, ["up", "--yes", "--skip-preview"], env);
  expect(leakedSecrets(project.stateFile(), ["console-password-9d1e"])).toEqual([]);
});

test("a new password in the program is an update of the password alone", async () => {
  writeProgram("rotated-password-4c7a");
  const preview = await runPulumiOk(project, ["preview", "--diff"], env);
  expect(preview.stdout).toContain("~ databasePassword: [secret] => [secret]");
  expect(preview.stdout).toMatch(/~ 1 to update/);
  // The plugin names the inputs that differ, per property, as the engine records them.
  const steps = JSON.parse((await runPulumiOk(project, ["preview", "--json"], env)).stdout).steps as Array<{
    op: string;
    urn: string;
    detailedDiff?: Record<string, unknown>;
  }>;
  expect(steps.find((step) => step.urn.endsWith("::orders"))).toMatchObject({
    op: "update",
    detailedDiff: { databasePassword: { kind: "update", inputDiff: true } },
  });
});

/** What `pulumi import` writes for the source in a new project of `runtime`. */
async function importedCode(runtime: "nodejs" | "go", file: string): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `streamkap-import-${runtime}-`));
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), `name: imported-${runtime}\nruntime: ${runtime}\n`);
  const other = await TestProject.fromDirectory(dir, server);
  try {
    const out = path.join(dir, file);
    const args = ["import", "streamkap:index:PostgresqlSource", "orders", sourceId, "--yes", "--out", out];
    await runPulumiOk(other, [...args, "--protect=false"], env);
    return fs.readFileSync(out, "utf8");
  } finally {
    other.dispose();
  }
}

test("in a TypeScript project, pulumi import writes TypeScript on the generated Node.js SDK", async () => {
  const code = await importedCode("nodejs", "imported.ts");
  expect(code).toContain('import * as streamkap from "@streamkap/pulumi";');
  expect(code).toMatch(/new streamkap\.PostgresqlSource\("orders", \{/);
  expect(code).toContain('databaseHostname: "db.example.com"');
  expect(code).toMatch(/databasePassword: pulumi\.secret\("console-password-9d1e"\)/);
});

test("in a Go project, pulumi import writes Go on the generated Go SDK", async () => {
  const code = await importedCode("go", "imported.go");
  expect(code).toContain('"github.com/streamkap-com/pulumi-streamkap/sdk-gen/go/streamkap"');
  expect(code).toMatch(/streamkap\.NewPostgresqlSource\(ctx, "orders", &streamkap\.PostgresqlSourceArgs\{/);
  expect(code).toMatch(/DatabaseHostname: +pulumi\.String\("db\.example\.com"\)/);
  expect(code).toMatch(/DatabasePassword: +pulumi\.ToSecret\("console-password-9d1e"\)/);
});

test("the generic Source imports clean too: its password comes inside `config`, the config a secret", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-import-generic-"));
  const head = "name: imported-generic\nruntime: yaml\n";
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), `${head}resources: {}\n`);
  const generic = await TestProject.fromDirectory(dir, server);
  try {
    const out = path.join(dir, "imported.yaml");
    const args = ["import", "streamkap:index:Source", "orders", sourceId, "--yes", "--protect=false", "--out", out];
    await runPulumiOk(generic, args, env);
    const code = fs.readFileSync(out, "utf8");
    expect(code).toContain("connector: postgresql");
    expect(code).toContain("database.password: console-password-9d1e");
    expect(leakedSecrets(generic.stateFile(), ["console-password-9d1e"])).toEqual([]);
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), head + code);
    const preview = JSON.parse((await runPulumiOk(generic, ["preview", "--json"], env)).stdout);
    expect(preview.changeSummary).toEqual({ same: 2 });
  } finally {
    generic.dispose();
  }
});

/** Imports one object by token into a new YAML project; answers what `pulumi import` printed and wrote. */
async function importInNewProject(token: string, id: string): Promise<{ stdout: string; code: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-import-token-"));
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: imported-token\nruntime: yaml\nresources: {}\n");
  const other = await TestProject.fromDirectory(dir, server);
  try {
    const out = path.join(dir, "imported.yaml");
    const result = await runPulumiOk(other, ["import", token, "it", id, "--yes", "--protect=false", "--out", out], env);
    return { stdout: result.stdout, code: fs.readFileSync(out, "utf8") };
  } finally {
    other.dispose();
  }
}

test("27.7: a webhook source imports through the plugin under its own token, WebhookSource", async () => {
  const hook = await api.request<{ id: string }>("POST", "/sources", {
    name: "console-hook",
    connector: "webhook",
    config: { "topic.names": ["default_topic"] },
  });
  const { stdout, code } = await importInNewProject("streamkap:index:WebhookSource", hook.id);
  expect(stdout).toContain("1 imported");
  expect(stdout).not.toContain("newer pulumi-streamkap");
  expect(code).toContain("type: streamkap:WebhookSource");
  expect(code).toContain("name: console-hook");
});

test("27.8: an imported transform carries its language and its code", async () => {
  const made = await api.request<{ id: string }>("POST", "/transforms", {
    transform: "map_filter",
    config: {
      "transforms.name": "console-filter",
      "transforms.input.topic.pattern": "source_.*",
      "transforms.output.topic.pattern": "filtered",
      "transforms.language": "JavaScript",
    },
  });
  const valueTransform = "function _streamkap_transform(valueObject) { return valueObject; }";
  await api.request("PUT", `/transforms/${made.id}/implementation_details`, {
    transform_id: made.id,
    implementation: { language: "JAVASCRIPT", value_transform: valueTransform },
  });
  const { stdout, code } = await importInNewProject("streamkap:index:MapFilterTransform", made.id);
  expect(stdout).toContain("1 imported");
  expect(stdout).not.toContain("failed to validate");
  expect(code).toContain("language: JAVASCRIPT");
  expect(code).toContain(`valueTransform: ${valueTransform}`);
});

test("a Kafka user imports without its password, which the service never answers; the warning names it", async () => {
  await api.request("POST", "/kafka-access/kafka-users", {
    username: "console-user",
    password: "Console-password-4711",
    kafka_acls: [],
    is_create_schema_registry: false,
  });
  const { stdout, code } = await importInNewProject("streamkap:index:KafkaUser", "console-user");
  expect(stdout).toContain("1 imported");
  // Pulumi's generic words for a definition that fails the provider's check, then ours, which say what is
  // missing (docs/languages.md, "Importing existing objects", says why, and what to write).
  expect(stdout).toContain("One or more imported inputs failed to validate");
  expect(stdout).toContain("`password` is required [STREAMKAP_ERR_INVALID_INPUT]");
  expect(code).toContain("username: console-user");
  expect(code).not.toContain("Console-password-4711");
});
