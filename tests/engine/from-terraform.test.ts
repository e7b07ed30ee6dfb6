/**
 * `pulumi-streamkap from-terraform` on states the official Terraform provider wrote (issue #40): OpenTofu ran the
 * provider, built from its source, against the local server, and each fixture keeps the state it wrote with the
 * server's data directory of that moment (tests/fixtures/terraform/*: HOW.md says how). Here the server opens a copy
 * of that directory, so the objects exist with the state's ids, the command writes a project, and the first
 * `pulumi up` of it adopts every object with no mutating call; a preview and a refresh after it change nothing. No
 * secret of the state appears in the files written, the command's output or the stack's state.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

import { officialTerraformProvider, versionsIn } from "../../provider/public/cli/terraform";
import { type LocalServer, startLocalServer } from "../../server";
import { pluginOnPath, runPulumiOk } from "../harness/process";
import { TestProject } from "../harness/project";
import { fromTerraform, installPythonProject, pulumiCliEnv } from "../harness/from-terraform";
import { leakedSecrets } from "../harness/secrets";

const repoRoot = path.resolve(__dirname, "../../..");
const fixtures = path.join(repoRoot, "tests", "fixtures", "terraform");

interface TerraformStateFile {
  resources: Array<{ type: string; mode: string; instances: Array<{ attributes: Record<string, unknown> }> }>;
}

/**
 * The values the state keeps for attributes the provider marks sensitive: none may leak. A value that the state
 * also holds in an attribute not marked sensitive (the same access key id given to two connectors, one of which
 * marks it) is shown by Terraform itself, and may be shown here.
 */
function stateSecrets(stateFile: string): string[] {
  const state = JSON.parse(fs.readFileSync(stateFile, "utf8")) as TerraformStateFile;
  const types = officialTerraformProvider().resources;
  const values = state.resources.flatMap((resource) =>
    resource.instances.flatMap((instance) =>
      Object.entries(instance.attributes).flatMap(([name, value]) =>
        typeof value === "string" && value.length > 3
          ? [{ value, sensitive: types[resource.type]?.attributes[name]?.sensitive === true }]
          : [],
      ),
    ),
  );
  const shown = new Set(values.filter((item) => !item.sensitive).map((item) => item.value));
  return [...new Set(values.filter((item) => item.sensitive && !shown.has(item.value)).map((item) => item.value))];
}

/** The secret of each client credential in a Terraform state, by client id. */
function stateCredentialSecrets(stateFile: string): Record<string, unknown> {
  const state = JSON.parse(fs.readFileSync(stateFile, "utf8")) as TerraformStateFile;
  return Object.fromEntries(
    state.resources
      .filter((resource) => resource.type === "streamkap_client_credential")
      .flatMap((resource) =>
        resource.instances.map((instance) => [instance.attributes.id, instance.attributes.secret]),
      ),
  );
}

/** A secret as `pulumi stack export --show-secrets` writes it (`{ <signature>, plaintext: <JSON> }`), revealed. */
function revealed(value: unknown): unknown {
  return typeof value === "object" && value !== null && "plaintext" in value && typeof value.plaintext === "string"
    ? JSON.parse(value.plaintext)
    : value;
}

/** The `secret` output of each client credential in the stack, by client id, decrypted. */
async function credentialSecrets(project: TestProject): Promise<Record<string, unknown>> {
  const exported = await runPulumiOk(project, ["stack", "export", "--show-secrets"], pluginOnPath);
  const deployment = JSON.parse(exported.stdout) as {
    deployment: { resources?: Array<{ urn: string; id?: string; outputs?: Record<string, unknown> }> };
  };
  return Object.fromEntries(
    (deployment.deployment.resources ?? [])
      .filter((resource) => resource.urn.includes("ClientCredential"))
      .map((resource) => [resource.id, revealed(resource.outputs?.secret)]),
  );
}

/** A copy of a fixture's server data, a local server opened on it, and an empty project directory beside it. */
async function openFixture(
  fixture: string,
  label: string,
): Promise<{ server: LocalServer; workDir: string; projectDir: string }> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), `from-terraform-${label}-`));
  fs.cpSync(path.join(fixtures, fixture, "data"), path.join(workDir, "data"), { recursive: true });
  const server = await startLocalServer({ dataDir: path.join(workDir, "data"), statusDelayMs: 20, deleteDelayMs: 20 });
  const projectDir = path.join(workDir, "project");
  fs.mkdirSync(path.join(projectDir, ".state"), { recursive: true });
  return { server, workDir, projectDir };
}

/** from-terraform with --set-secrets, credentials of `server` and the project's Pulumi backend. */
function fromTerraformWithSecrets(args: string[], server: LocalServer, projectDir: string) {
  return fromTerraform([...args, "--set-secrets"], {
    ...process.env,
    ...pulumiCliEnv(projectDir),
    STREAMKAP_HOST: server.baseUrl,
    STREAMKAP_CLIENT_ID: server.clientId,
    STREAMKAP_SECRET: server.secret,
  });
}

/**
 * The first `up` of a project on the provider plugin adopts every object with no mutating call, keeps the state's
 * secrets out of the stack's state (a credential's own secret carried over as a secret output), and the preview
 * after it is clean.
 */
async function upAdoptsThroughPlugin(project: TestProject, server: LocalServer, stateFile: string, resources: number) {
  server.resetStats();
  const up = await runPulumiOk(project, ["up", "--yes", "--skip-preview"], pluginOnPath);
  expect(up.stdout).toMatch(new RegExp(`\\+ ${resources + 1} created`));
  const writes = server
    .stats()
    .calls.filter((call) => call.method !== "GET")
    .map((call) => `${call.method} ${call.path}`);
  expect(writes).toEqual(["POST /auth/access-token"]);
  expect(leakedSecrets(project.stateFile(), stateSecrets(stateFile))).toEqual([]);
  expect(await credentialSecrets(project)).toEqual(stateCredentialSecrets(stateFile));
  const preview = await runPulumiOk(project, ["preview", "--json"], pluginOnPath);
  expect(JSON.parse(preview.stdout).changeSummary).toEqual({ same: resources + 1 });
  return up;
}

/** Each fixture with the resources its state holds. */
const states: Array<[string, number]> = [
  // Tags with count and for_each, a Postgres source, its topic, a Snowflake destination, a map_filter transform and
  // a pipeline joining them, with secrets.
  ["core", 9],
  // The core estate and a Kafka user (the official provider has the type but does not register it: HOW.md).
  ["kafka-user", 10],
  // The kafka-user estate and a client credential (which the official provider fails to make: its state here is
  // written as the provider's Create writes it, the credential made through the API as its client makes it).
  ["with-credential", 11],
  // One of every resource type the official provider registers: 25 sources, 24 destinations, 7 transforms, a
  // pipeline, a topic and a tag; its data sources are skipped.
  ["all", 59],
  // Written by the provider's v2.2.0 release (v2 attribute names: a PostgreSQL destination's database_password, …):
  // a Postgres source, its topic, Snowflake and PostgreSQL destinations and a pipeline.
  ["v2", 5],
  // Written by older releases (tests/fixtures/terraform/releases/*/HOW.md), each with attribute names the newest
  // release renamed or dropped: MySQL's insert_static_* (2.1.5), S3's aws_s3_object_prefix (beta.6), Kafka
  // Direct's phantom settings (beta.20), PostgreSQL's streamkap_snapshot_* (beta.20, beta.23); kc_cluster_id on
  // a topic router (beta.13, beta.23), a Kafka Direct source (beta.23) and destination (beta.24).
  ["releases/2.1.5", 4],
  ["releases/3.0.0-beta.6", 6],
  ["releases/3.0.0-beta.13", 3],
  ["releases/3.0.0-beta.20", 8],
  ["releases/3.0.0-beta.23", 7],
  ["releases/3.0.0-beta.24", 4],
];

/** The Kafka Connect clusters a state's connectors and transforms name (`kc_cluster_id`, when not the default). */
function stateClusters(stateFile: string): string[] {
  const state = JSON.parse(fs.readFileSync(stateFile, "utf8")) as {
    resources: Array<{ mode: string; instances: Array<{ attributes: Record<string, unknown> }> }>;
  };
  return state.resources
    .filter((resource) => resource.mode === "managed")
    .flatMap((resource) => resource.instances.map((instance) => instance.attributes.kc_cluster_id))
    .filter((cluster): cluster is string => typeof cluster === "string" && cluster !== "");
}

/** The topics a state manages. */
function stateTopics(stateFile: string): number {
  const state = JSON.parse(fs.readFileSync(stateFile, "utf8")) as {
    resources: Array<{ mode: string; type: string; instances: unknown[] }>;
  };
  return state.resources
    .filter((resource) => resource.mode === "managed" && resource.type === "streamkap_topic")
    .reduce((sum, resource) => sum + resource.instances.length, 0);
}

/** The text of every file the command wrote into the project (not Pulumi's own `.state` and `.pulumi-home`). */
function projectFiles(dir: string): string {
  return fs
    .readdirSync(dir)
    .filter((file) => !file.startsWith("."))
    .map((file) => fs.readFileSync(path.join(dir, file), "utf8"))
    .join("\n");
}

describe.each(states)("the %s state", (fixture, resources) => {
  const stateFile = path.join(fixtures, fixture, "terraform.tfstate");
  let server: LocalServer;
  let workDir: string;
  let projectDir: string;
  let project: TestProject | undefined;
  let written: { code: number; stdout: string; stderr: string };

  beforeAll(async () => {
    ({ server, workDir, projectDir } = await openFixture(fixture, fixture.replace(/\W+/g, "-")));
    written = await fromTerraformWithSecrets([stateFile, "--out", projectDir], server, projectDir);
  });

  afterAll(async () => {
    project?.dispose();
    await server?.close();
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  test("from-terraform writes a project carrying every resource, and no secret", () => {
    expect(written.stderr).toBe("");
    expect(written.code).toBe(0);
    const report = fs.readFileSync(path.join(projectDir, "from-terraform-report.md"), "utf8");
    expect(report).toContain(`Resources carried: **${resources}**`);
    expect(report).toMatch(/not carried: 0\./);
    const release = /^releases\/(.+)$/.exec(fixture)?.[1];
    if (release) {
      // The report names the releases whose schema the state fits: the one that wrote it among them.
      const named = /Written by the official provider's release (.+?): its attribute names/.exec(report)?.[1] ?? "";
      expect(versionsIn(named, officialTerraformProvider().releases ?? []).has(release)).toBe(true);
    }
    // Terraform's topics are a source's own: Pulumi keeps Terraform's behaviour and never deletes them.
    const program = fs.readFileSync(path.join(projectDir, "index.ts"), "utf8");
    const topics = program.match(/new streamkap\.Topic\(/g) ?? [];
    expect(topics).toHaveLength(stateTopics(stateFile));
    // A connector (its `kcClusterId`) or a topic router (its `kc.cluster.id` setting) on another Kafka Connect
    // cluster stays there.
    for (const cluster of stateClusters(stateFile)) {
      expect(program).toMatch(new RegExp(`(kcClusterId|"kc\\.cluster\\.id"): "${cluster}"`));
    }
    expect(program.match(/\{ retainOnDelete: true \}/g) ?? []).toHaveLength(topics.length);
    const secrets = [...stateSecrets(stateFile), server.secret];
    expect(leakedSecrets([projectFiles(projectDir), written.stdout].join("\n"), secrets)).toEqual([]);
  });

  test("the first pulumi up adopts every object and sends no create, update or delete", async () => {
    project = await TestProject.fromDirectory(projectDir, server, {}, "dev");
    server.resetStats();
    const result = await project.up();
    expect(result.summary.result).toBe("succeeded");
    // The stack itself is one more resource.
    expect(result.summary.resourceChanges).toEqual({ create: resources + 1 });
    const writes = server
      .stats()
      .calls.filter((call) => call.method !== "GET")
      .map((call) => `${call.method} ${call.path}`);
    expect(writes).toEqual(["POST /auth/access-token"]);
    expect(leakedSecrets(project.stateFile(), stateSecrets(stateFile))).toEqual([]);
    // A client credential's secret, shown once by the service, comes over from Terraform's state.
    expect(await credentialSecrets(project)).toEqual(stateCredentialSecrets(stateFile));
  });

  test("a preview and a refresh after it change nothing", async () => {
    if (!project) throw new Error("the up above did not run");
    const preview = await project.preview();
    expect(preview.result.changeSummary).toEqual({ same: resources + 1 });
    expect(preview.diagnostics.filter((line) => /warning/i.test(line))).toEqual([]);
    server.resetStats();
    const refreshed = await project.stack.refresh();
    expect(refreshed.summary.resourceChanges).toEqual({ same: resources + 1 });
    expect(server.stats().calls.filter((call) => call.method !== "GET" && call.path !== "/auth/access-token")).toEqual(
      [],
    );
  });
});

describe.each(states)("the %s state as Pulumi YAML on the provider plugin", (fixture, resources) => {
  const stateFile = path.join(fixtures, fixture, "terraform.tfstate");
  let server: LocalServer;
  let workDir: string;
  let projectDir: string;
  let project: TestProject | undefined;

  beforeAll(async () => {
    ({ server, workDir, projectDir } = await openFixture(fixture, `yaml-${fixture.replace(/\W+/g, "-")}`));
  });

  afterAll(async () => {
    project?.dispose();
    await server?.close();
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  test("written with --language yaml, its first up adopts every object with no mutating call; preview is clean", async () => {
    const written = await fromTerraformWithSecrets(
      [stateFile, "--out", projectDir, "--language", "yaml"],
      server,
      projectDir,
    );
    expect(written.code).toBe(0);
    expect(fs.existsSync(path.join(projectDir, "index.ts"))).toBe(false);
    const secrets = [...stateSecrets(stateFile), server.secret];
    expect(leakedSecrets([projectFiles(projectDir), written.stdout].join("\n"), secrets)).toEqual([]);

    project = await TestProject.fromDirectory(projectDir, server, {}, "dev");
    await upAdoptsThroughPlugin(project, server, stateFile, resources);
  });
});

/**
 * Python through the plugin: the command writes the program with Pulumi's own generator (`pulumi convert --from
 * pcl`), and the project is installed as a user installs it, from its requirements.txt (with the generated SDK's
 * wheel given, as it is not on PyPI from here).
 */
/**
 * Terraform's `timeouts` block (every v3 resource has one) carried as Pulumi's `customTimeouts` option: the core
 * state with its pipeline's block set as a configuration with `timeouts { create = "30m" … }` leaves it.
 */
describe("the core state with a pipeline's timeouts", () => {
  let server: LocalServer;
  let workDir: string;
  let projectDir: string;
  let project: TestProject | undefined;

  beforeAll(async () => {
    ({ server, workDir, projectDir } = await openFixture("core", "timeouts"));
  });

  afterAll(async () => {
    project?.dispose();
    await server?.close();
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  test("become customTimeouts (read, which has none, is named in the report); the first up changes nothing", async () => {
    const state = JSON.parse(fs.readFileSync(path.join(fixtures, "core", "terraform.tfstate"), "utf8")) as {
      resources: Array<{ type: string; instances: Array<{ attributes: Record<string, unknown> }> }>;
    };
    const pipeline = state.resources.find((resource) => resource.type === "streamkap_pipeline");
    if (!pipeline) throw new Error("the core state has no pipeline");
    pipeline.instances[0].attributes.timeouts = { create: "30m", update: "10m", delete: null, read: "5m" };
    const stateFile = path.join(workDir, "terraform.tfstate");
    fs.writeFileSync(stateFile, JSON.stringify(state));
    const written = await fromTerraformWithSecrets([stateFile, "--out", projectDir], server, projectDir);
    expect(written.code).toBe(0);
    const program = fs.readFileSync(path.join(projectDir, "index.ts"), "utf8");
    expect(program).toMatch(/customTimeouts: \{ create: "30m", update: "10m" \}/);
    const report = fs.readFileSync(path.join(projectDir, "from-terraform-report.md"), "utf8");
    expect(report).toContain("`timeouts.read`");
    project = await TestProject.fromDirectory(projectDir, server, {}, "dev");
    server.resetStats();
    const result = await project.up();
    expect(result.summary.resourceChanges).toEqual({ create: 10 });
    expect(
      server
        .stats()
        .calls.filter((call) => call.method !== "GET")
        .map((call) => call.path),
    ).toEqual(["/auth/access-token"]);
  });
});

describe("the with-credential state in Python on the provider plugin", () => {
  const fixture = "with-credential";
  const resources = 11;
  const stateFile = path.join(fixtures, fixture, "terraform.tfstate");
  let server: LocalServer;
  let workDir: string;
  let projectDir: string;
  let project: TestProject | undefined;

  beforeAll(async () => {
    ({ server, workDir, projectDir } = await openFixture(fixture, "python"));
  });

  afterAll(async () => {
    project?.dispose();
    await server?.close();
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  test("written with --language python, it reads every secret as one; its first up changes nothing", async () => {
    const written = await fromTerraform([stateFile, "--out", projectDir, "--language", "python", "--set-secrets"], {
      ...process.env,
      ...pulumiCliEnv(projectDir),
      PATH: `${pluginOnPath.PATH ?? ""}${path.delimiter}${pulumiCliEnv(projectDir).PATH ?? ""}`,
      STREAMKAP_HOST: server.baseUrl,
      STREAMKAP_CLIENT_ID: server.clientId,
      STREAMKAP_SECRET: server.secret,
    });
    expect(written.stderr).toBe("");
    expect(written.code).toBe(0);
    const program = fs.readFileSync(path.join(projectDir, "__main__.py"), "utf8");
    // Named after the Terraform addresses, secrets read as secrets, references as references.
    expect(program).toContain('streamkap.Tag("env-0",');
    expect(program).toContain('config.require_secret("pgDatabasePassword")');
    expect(program).not.toMatch(/config\.require\("/);
    expect(program).toMatch(/source_id=pg\.id,/);
    expect(program).toContain("retain_on_delete=True");
    const secrets = [...stateSecrets(stateFile), server.secret];
    expect(leakedSecrets([projectFiles(projectDir), written.stdout].join("\n"), secrets)).toEqual([]);

    installPythonProject(projectDir, workDir);

    project = await TestProject.fromDirectory(projectDir, server, {}, "dev");
    const up = await upAdoptsThroughPlugin(project, server, stateFile, resources);
    expect(up.stdout + up.stderr).not.toMatch(/is a secret; use/);
  });
});
