/**
 * `pulumi import` through the provider plugin (issue #17), in a Pulumi YAML project against the local API server:
 * a PostgreSQL source made in the console is imported by id; the definition Pulumi writes holds its settings (not
 * the service's defaults, and not its password, which the service never answers); with the password filled in,
 * the next preview is clean and makes no API call, and a later change of the password is seen. In a TypeScript or
 * a Go project, `pulumi import` writes the definition in that language, with the generated SDK.
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

test("pulumi import writes a definition with the source's settings, and its password left for the user", async () => {
  const out = path.join(project.dir, "imported.yaml");
  const imported = await runPulumiOk(
    project,
    ["import", "streamkap:index:PostgresqlSource", "orders", sourceId, "--yes", "--protect=false", "--out", out],
    env,
  );
  expect(imported.stdout).toContain("1 imported");
  expect(imported.stdout).not.toContain("changed outside Pulumi");
  // The service never answers a secret: Pulumi says the imported inputs lack the required password.
  expect(imported.stdout).toContain("`databasePassword` is required");
  definition = fs.readFileSync(out, "utf8");
  expect(definition).toContain("type: streamkap:PostgresqlSource");
  for (const line of [
    "name: console-orders",
    "databaseHostname: db.example.com",
    "databaseUser: streamkap",
    "databaseDbname: shop",
    "schemaIncludeList: public",
    "tableIncludeList: public.orders",
    'databasePassword: ""',
  ]) {
    expect(definition).toContain(line);
  }
  // 5432 is the connector's default, which the service fills in: not declared.
  expect(definition).not.toContain("databasePort");
  expect(definition).not.toContain("console-password-9d1e");
  expect(leakedSecrets(project.stateFile(), ["console-password-9d1e"])).toEqual([]);
});

test("with the password filled in, the next preview is clean and calls nothing; up changes nothing", async () => {
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
  expect(code).not.toContain("console-password-9d1e");
});

test("in a Go project, pulumi import writes Go on the generated Go SDK", async () => {
  const code = await importedCode("go", "imported.go");
  expect(code).toContain('"github.com/streamkap-com/pulumi-streamkap/sdk-gen/go/streamkap"');
  expect(code).toMatch(/streamkap\.NewPostgresqlSource\(ctx, "orders", &streamkap\.PostgresqlSourceArgs\{/);
  expect(code).toMatch(/DatabaseHostname: +pulumi\.String\("db\.example\.com"\)/);
  expect(code).not.toContain("console-password-9d1e");
});

test("the generic Source imports clean too: its password, inside `config`, is filled in the same way", async () => {
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
    expect(code).not.toContain("database.password");
    // The user adds the password the service never answers, under `config` as the other settings.
    const withPassword = code.replace(
      /^( +)config:\n( +)/m,
      (_, outer: string, inner: string) =>
        `${outer}config:\n${inner}database.password:\n${inner}  fn::secret: console-password-9d1e\n${inner}`,
    );
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), head + withPassword);
    const preview = JSON.parse((await runPulumiOk(generic, ["preview", "--json"], env)).stdout);
    expect(preview.changeSummary).toEqual({ same: 2 });
  } finally {
    generic.dispose();
  }
});
