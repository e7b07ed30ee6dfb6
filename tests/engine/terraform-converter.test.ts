/**
 * Pulumi's own Terraform converter through the plugin's mapping (issue #51), as a user runs it: the pulumi CLI
 * with pulumi-converter-terraform (release v1.2.4, unmodified, built from the Go module proxy by
 * scripts/toolchain.sh) and this plugin installed in the Pulumi home (the converter reads mappings from installed
 * plugins only), after the one edit docs/from-terraform.md asks for before converting (the `terraform {}` block
 * goes: offline, the converter cannot resolve `required_providers` in a registry).
 *
 * - Every example file of the official provider (tests/fixtures/terraform/examples, its tag v3.0.0-beta.24)
 *   becomes a TypeScript program that type-checks against the generated SDK, but for the misfits listed below:
 *   each fails in its own way, either because docs/from-terraform.md says to edit it by hand, or because the
 *   example is not valid for Terraform itself. A misfit that stops failing fails this test, so the list (and the
 *   docs) follow the mapping.
 * - An estate Terraform made (the beta.23 and beta.24 release fixtures), converted to TypeScript and imported with
 *   `pulumi import --from terraform` (its topics left out of the state file, as the docs say: the converter reads
 *   an `id` that a `streamkap_topic` has not), previews with nothing to change, the topic taken over rather than
 *   created, and `up` changes nothing on the service.
 */
import { execFile, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";

import { officialTerraformProvider } from "../../provider/terraform/mapping";
import { packageVersion } from "../../scripts/package-version";
import { type LocalServer, startLocalServer } from "../../server";
import { callsDuring } from "../harness/calls";
import { compileProgram, installGeneratedNodeSdk } from "../harness/generated-node-sdk";
import { pulumiBinary, runPulumiOk } from "../harness/process";
import { TestProject } from "../harness/project";

const repoRoot = path.resolve(__dirname, "../../..");
const fixtures = path.join(repoRoot, "tests", "fixtures", "terraform");
const examples = path.join(fixtures, "examples");

/** The converter's directory, first on PATH: `pulumi convert` takes a converter plugin from PATH. */
function converterPath(): string {
  const converter = process.env.PULUMI_STREAMKAP_TF_CONVERTER;
  if (!converter || !fs.existsSync(converter)) {
    throw new Error(
      "PULUMI_STREAMKAP_TF_CONVERTER names no file: run the tests with `npm test` " +
        "(scripts/toolchain.sh builds Pulumi's Terraform converter from the Go module proxy)",
    );
  }
  return `${path.dirname(converter)}${path.delimiter}${process.env.PATH ?? ""}`;
}

/**
 * `home` with this plugin installed as `pulumi plugin install resource streamkap <version> --file …` leaves it, but
 * linked rather than copied: the plugin's launcher (bin/pulumi-resource-streamkap) finds its code beside itself.
 */
function installPlugin(home: string): void {
  const name = `resource-streamkap-v${packageVersion()}`;
  fs.mkdirSync(path.join(home, "plugins", name), { recursive: true });
  fs.symlinkSync(
    path.join(repoRoot, "bin", "pulumi-resource-streamkap"),
    path.join(home, "plugins", name, "pulumi-resource-streamkap"),
  );
  fs.writeFileSync(path.join(home, "plugins", `${name}.lock`), "");
}

/** A Terraform configuration as docs/from-terraform.md has the user hand it to the converter. */
function withoutTerraformBlock(configuration: string): string {
  return configuration.replace(/^terraform \{[\s\S]*?^\}\n/gm, "");
}

interface Run {
  code: number | null;
  output: string;
}

/** `pulumi convert --from terraform` of the configuration in `from` into `out`, with `home` as the Pulumi home. */
function convert(from: string, out: string, home: string, language = "typescript"): Promise<Run> {
  const args = ["convert", "--from", "terraform", "--language", language, "--out", out, "--generate-only"];
  const child = spawn(pulumiBinary(), [...args, "--non-interactive"], {
    cwd: from,
    env: {
      ...process.env,
      PATH: converterPath(),
      PULUMI_HOME: home,
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, output })));
}

/** Runs `work` over `items`, `limit` at a time (each conversion starts the CLI, the converter and the plugin). */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: limit }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
    }),
  );
}

/** Every example file, by its path under examples/ (`resources/streamkap_tag/basic.tf`). */
function exampleFiles(dir = examples, prefix = ""): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? exampleFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`)
        : entry.name.endsWith(".tf")
          ? [`${prefix}${entry.name}`]
          : [],
    )
    .sort();
}

const examplesNotValidForTerraform = "the example itself is not valid for Terraform at beta.24";

/**
 * The examples that do not convert to a program that type-checks, why, and what shows it. Each reason is either
 * in docs/from-terraform.md's list of hand edits, or the example's own (Terraform would refuse it too).
 */
const misfits: Record<string, { why: string; shows: RegExp }> = {
  // The official examples that miss an attribute the provider's schema requires (Terraform refuses them too).
  ...Object.fromEntries(
    [
      "resources/streamkap_destination_cockroachdb/basic.tf",
      "resources/streamkap_destination_db2/basic.tf",
      "resources/streamkap_destination_mysql/basic.tf",
      "resources/streamkap_destination_oracle/basic.tf",
      "resources/streamkap_destination_postgresql/basic.tf",
      "resources/streamkap_destination_redis/basic.tf",
      "resources/streamkap_destination_redshift/basic.tf",
      "resources/streamkap_destination_sqlserver/basic.tf",
      "resources/streamkap_source_redis/basic.tf",
      "resources/streamkap_source_vitess/basic.tf",
    ].map((file) => [
      file,
      { why: `${examplesNotValidForTerraform}: it misses a required attribute`, shows: /TS2345.*is missing/ },
    ]),
  ),
  "resources/streamkap_pipeline/basic.tf": {
    why: `${examplesNotValidForTerraform}: it refers to resources of other files`,
    shows: /TS2304: Cannot find name 'exampleStreamkapSourcePostgresql'/,
  },
  "resources/streamkap_pipeline/complete.tf": {
    why: `${examplesNotValidForTerraform}: Snowflake's dynamic_table_target_lag was dropped after v2.1.13`,
    shows: /'dynamicTableTargetLag' does not exist/,
  },
  "resources/streamkap_source_s3/complete.tf": {
    why: `${examplesNotValidForTerraform}: aws_s3_object_prefix was dropped after beta.13`,
    shows: /unknown property 'awsS3ObjectPrefix'/,
  },
  "resources/streamkap_source_sqlserver/complete.tf": {
    why: "docs: a setting the service withdrew (streamkap_snapshot_large_table_threshold) has no property",
    shows: /'streamkapSnapshotLargeTableThreshold' does not exist/,
  },
  "resources/streamkap_source_postgresql/complete.tf": {
    why: "docs: the converter writes Terraform's `= null` as null, which strict TypeScript refuses",
    shows: /TS2322: Type 'null' is not assignable/,
  },
  "resources/streamkap_destination_starburst/basic.tf": {
    why: "docs: the converter indexes an enum with a string variable, which strict TypeScript refuses",
    shows: /TS7053/,
  },
  "data-sources/streamkap_topic/data-source.tf": {
    why: "docs: getTopic does not answer a topic's entity or retention",
    shows: /Property 'entityId' does not exist on type 'Output<GetTopicResult>'/,
  },
  "data-sources/streamkap_topics/data-source.tf": {
    why: "docs: getTopics takes one entityId, Terraform a list of entity_ids",
    shows: /cannot assign expression of type \{ entityId: \(string, string\)/,
  },
  "data-sources/streamkap_topic_metrics/data-source.tf": {
    why: "docs: getTopicMetrics takes a window, Terraform time_interval and time_unit",
    shows: /unknown property 'timeInterval' among \[entities window\]/,
  },
};

/** tsc's errors by file, for programs that import `@streamkap/pulumi` (sdk-gen/nodejs, as its source). */
async function typeErrors(programs: readonly string[], dir: string): Promise<Map<string, string[]>> {
  const modules = path.join(repoRoot, "node_modules");
  const tsconfig = {
    compilerOptions: {
      strict: true,
      noEmit: true,
      target: "ES2022",
      module: "commonjs",
      moduleResolution: "node",
      skipLibCheck: true,
      types: [],
      baseUrl: ".",
      paths: {
        "@streamkap/pulumi": [path.join(repoRoot, "sdk-gen", "nodejs", "index.ts")],
        "@pulumi/pulumi": [path.join(modules, "@pulumi", "pulumi")],
        "@pulumi/pulumi/*": [path.join(modules, "@pulumi", "pulumi", "*")],
      },
      typeRoots: [path.join(modules, "@types")],
    },
    files: programs,
  };
  fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify(tsconfig, null, 2));
  const tsc = path.join(modules, "typescript", "bin", "tsc");
  const output = await promisify(execFile)(process.execPath, [tsc, "-p", dir], { maxBuffer: 64 << 20 }).then(
    (done) => done.stdout,
    (failed: { stdout?: string }) => failed.stdout ?? "",
  );
  const errors = new Map<string, string[]>();
  let last: string[] | undefined;
  for (const line of output.split("\n")) {
    const match = /^(.+?)\(\d+,\d+\): (error TS\d+: .*)$/.exec(line);
    if (match) {
      const file = path.resolve(dir, match[1]);
      last = [...(errors.get(file) ?? []), match[2]];
      errors.set(file, last);
    } else if (/^\s+\S/.test(line) && last) {
      // An error's explanation continues on indented lines ("Property 'x' is missing …").
      last[last.length - 1] += ` ${line.trim()}`;
    }
  }
  return errors;
}

describe("every official example file", () => {
  const files = exampleFiles();
  const outcome = new Map<string, { conversion: Run; errors: string[] }>();

  beforeAll(async () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), "tf-converter-examples-"));
    const home = path.join(work, ".pulumi-home");
    installPlugin(home);
    const programs: string[] = [];
    const conversions = new Map<string, Run>();
    await eachLimited(files, Math.max(2, Math.min(4, os.availableParallelism())), async (file) => {
      const label = file.replace(/\W+/g, "-");
      const from = path.join(work, "tf", label);
      fs.mkdirSync(from, { recursive: true });
      fs.writeFileSync(
        path.join(from, "main.tf"),
        withoutTerraformBlock(fs.readFileSync(path.join(examples, file), "utf8")),
      );
      const out = path.join(work, "ts", label);
      const conversion = await convert(from, out, home);
      conversions.set(file, conversion);
      if (conversion.code === 0) programs.push(path.join(out, "index.ts"));
    });
    const errors = await typeErrors(programs, work);
    for (const file of files) {
      const label = file.replace(/\W+/g, "-");
      outcome.set(file, {
        conversion: conversions.get(file) as Run,
        errors: errors.get(path.join(work, "ts", label, "index.ts")) ?? [],
      });
    }
  });

  test("are the provider's examples of every type it has examples of", () => {
    const official = officialTerraformProvider();
    const types = new Set(files.map((file) => file.split("/").slice(0, 2).join("/")));
    // The tag has examples of none of these (checked against its tree at v3.0.0-beta.24).
    const withoutExamples = [
      "resources/streamkap_client_credential",
      "resources/streamkap_kafka_user",
      "resources/streamkap_transform_topic_router",
      "data-sources/streamkap_roles",
      "data-sources/streamkap_tags",
    ];
    const expected = [
      ...Object.keys(official.resources).map((type) => `resources/${type}`),
      ...Object.keys(official.dataSources ?? {}).map((type) => `data-sources/${type}`),
    ]
      .filter((type) => !withoutExamples.includes(type))
      .sort();
    expect([...types].sort()).toEqual(expected);
    for (const file of Object.keys(misfits)) expect(files).toContain(file);
  });

  test.each(exampleFiles())("%s", (file) => {
    const { conversion, errors } = outcome.get(file) as { conversion: Run; errors: string[] };
    const shown = `${conversion.output}\n${errors.join("\n")}`;
    const misfit = misfits[file];
    if (misfit) {
      // It still fails, and as described (`why`): when it converts cleanly, take it off the list and the docs.
      expect({ file, why: misfit.why, fails: conversion.code !== 0 || errors.length > 0 }).toEqual({
        file,
        why: misfit.why,
        fails: true,
      });
      expect(shown).toMatch(misfit.shows);
    } else {
      expect({ file, code: conversion.code, errors }).toEqual({ file, code: 0, errors: [] });
    }
  });
});

/** The state with its topics left out, as docs/from-terraform.md has the user give it to `pulumi import`. */
function stateWithoutTopics(stateFile: string, into: string): number {
  const state = JSON.parse(fs.readFileSync(stateFile, "utf8")) as { resources: Array<{ type: string }> };
  const topics = state.resources.filter((resource) => resource.type === "streamkap_topic").length;
  state.resources = state.resources.filter((resource) => resource.type !== "streamkap_topic");
  fs.writeFileSync(into, JSON.stringify(state));
  return topics;
}

/** Calls that would change something on the service (anything but a read, and for the token). */
const changing = (calls: string[]) =>
  calls.filter((call) => !call.startsWith("GET ") && call !== "POST /auth/access-token");

interface PreviewStep {
  op: string;
  urn: string;
}

describe.each(["releases/3.0.0-beta.23", "releases/3.0.0-beta.24"])(
  "the %s estate converted, and imported with `pulumi import --from terraform`",
  (fixture) => {
    let server: LocalServer;
    let project: TestProject;
    let workDir: string;
    let topics = 0;
    const env = () => ({ PATH: converterPath() });

    beforeAll(async () => {
      workDir = fs.mkdtempSync(path.join(os.tmpdir(), `tf-converter-${fixture.replace(/\W+/g, "-")}-`));
      fs.cpSync(path.join(fixtures, fixture, "data"), path.join(workDir, "data"), { recursive: true });
      server = await startLocalServer({ dataDir: path.join(workDir, "data"), statusDelayMs: 20, deleteDelayMs: 20 });
      const from = path.join(workDir, "terraform");
      fs.mkdirSync(from);
      const configuration = fs.readFileSync(path.join(fixtures, fixture, "main.tf"), "utf8");
      fs.writeFileSync(path.join(from, "main.tf"), withoutTerraformBlock(configuration));
      const projectDir = path.join(workDir, "project");
      installPlugin(path.join(projectDir, ".pulumi-home"));
      const conversion = await convert(from, projectDir, path.join(projectDir, ".pulumi-home"));
      expect({ code: conversion.code, output: conversion.code === 0 ? "" : conversion.output }).toEqual({
        code: 0,
        output: "",
      });
      // The program as its author runs it: compiled with tsc (strict) against the generated SDK.
      const converted = path.join(workDir, "converted.ts");
      fs.renameSync(path.join(projectDir, "index.ts"), converted);
      const name = /^name: (.*)$/m.exec(fs.readFileSync(path.join(projectDir, "Pulumi.yaml"), "utf8"))?.[1];
      fs.writeFileSync(
        path.join(projectDir, "Pulumi.yaml"),
        `name: ${name}\nruntime:\n  name: nodejs\n  options:\n    typescript: false\nmain: index.js\n`,
      );
      await installGeneratedNodeSdk(projectDir);
      await compileProgram(projectDir, converted);
      project = await TestProject.fromDirectory(projectDir, server);
      topics = stateWithoutTopics(
        path.join(fixtures, fixture, "terraform.tfstate"),
        path.join(workDir, "import.tfstate"),
      );
    });

    afterAll(async () => {
      project?.dispose();
      await server?.close();
      if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
    });

    test("the import reads every object and changes nothing on the service", async () => {
      const state = path.join(workDir, "import.tfstate");
      const out = path.join(workDir, "imported.ts");
      const calls = await callsDuring(server, () =>
        runPulumiOk(project, ["import", "--from", "terraform", state, "--yes", "--out", out], env()),
      );
      expect(changing(calls)).toEqual([]);
      // Every object of the state, in Pulumi's state under the converted program's names.
      const given = (JSON.parse(fs.readFileSync(state, "utf8")) as { resources: Array<{ mode: string }> }).resources;
      const exported = JSON.parse((await runPulumiOk(project, ["stack", "export"], env())).stdout) as {
        deployment: { resources?: Array<{ type: string }> };
      };
      const adopted = (exported.deployment.resources ?? []).filter((resource) =>
        resource.type.startsWith("streamkap:index:"),
      );
      expect(adopted).toHaveLength(given.filter((resource) => resource.mode === "managed").length);
    });

    test("the converted program previews with nothing to change but its topics, taken over", async () => {
      const calls = await callsDuring(server, async () => {
        const preview = await runPulumiOk(project, ["preview", "--json"], env());
        const steps = (JSON.parse(preview.stdout) as { steps: PreviewStep[] }).steps;
        const changed = steps.filter((step) => step.op !== "same");
        expect(changed.map((step) => `${step.op} ${step.urn.split("::").slice(-2).join("::")}`)).toEqual(
          Array.from({ length: topics }, () => expect.stringMatching(/^create streamkap:index:Topic::/)),
        );
      });
      expect(changing(calls)).toEqual([]);
    });

    test("up changes nothing on the service, and the next preview is clean", async () => {
      const calls = await callsDuring(server, () => runPulumiOk(project, ["up", "--yes", "--skip-preview"], env()));
      expect(changing(calls)).toEqual([]);
      const preview = JSON.parse((await runPulumiOk(project, ["preview", "--json"], env())).stdout) as {
        changeSummary: Record<string, number>;
      };
      expect(Object.keys(preview.changeSummary)).toEqual(["same"]);
    });

    test("a destroy deletes the objects, as the program owns them now, but lets the topics go", async () => {
      const calls = await callsDuring(server, () =>
        runPulumiOk(project, ["destroy", "--yes", "--skip-preview"], env()),
      );
      // The first `up` took the import's `protect` off (the converted program declares none): the program owns
      // its objects, and a destroy deletes them, but a topic is its source's, deleted by no one here.
      expect(calls.filter((call) => call.startsWith("DELETE "))).not.toEqual([]);
      expect(calls.filter((call) => call.startsWith("DELETE /topics"))).toEqual([]);
      const left = JSON.parse((await runPulumiOk(project, ["stack", "export"], env())).stdout) as {
        deployment: { resources?: Array<{ type: string }> };
      };
      expect((left.deployment.resources ?? []).filter((resource) => resource.type.startsWith("streamkap:"))).toEqual(
        [],
      );
    });
  },
);
