/**
 * The quickstart as a Pulumi YAML program (examples/yaml), run for real (issue #17): the engine runs it through
 * Pulumi YAML's language host and the Streamkap provider plugin the project names by path (`plugins.providers`,
 * added to the example's program, so nothing needs to be on PATH), against the local API server. Up, a no-op preview with no API call, refresh,
 * destroy: the same objects as the TypeScript quickstart's, and nothing left after.
 *
 * The project holds the package as `npm install pulumi-streamkap` leaves it and names the plugin as a user would,
 * `node_modules/pulumi-streamkap/plugin`: a directory with a PulumiPlugin.yaml and no executable, so the engine
 * starts the plugin through the Node.js language host, from what the package publishes.
 */
import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as os from "node:os";
import * as path from "node:path";

import { installPackageCopy } from "../../scripts/install-copy";
import { startLocalServer } from "../../server";
import { ServiceApi } from "../harness/api";
import { runPulumiOk } from "../harness/process";
import { TestProject } from "../harness/project";
import { exampleConfigValue, schemaExamples } from "../harness/schema-examples";
import { quickstartProgramTests, type QuickstartWorld } from "../harness/quickstart-program";

const repoRoot = path.resolve(__dirname, "../../..");
const world = {} as QuickstartWorld;

beforeAll(async () => {
  world.server = await startLocalServer({ statusDelayMs: 30, deleteDelayMs: 30, topicDiscoveryDelayMs: 30 });
  world.api = new ServiceApi(world.server);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-yaml-"));
  // The example names no plugin path (a user's installs the plugin); this project names the package's, as
  // docs/languages.md shows.
  const program = fs.readFileSync(path.join(repoRoot, "examples", "yaml", "Pulumi.yaml"), "utf8");
  const plugins = "plugins:\n  providers:\n    - name: streamkap\n      path: node_modules/pulumi-streamkap/plugin\n";
  if (!program.includes("\nresources:\n")) throw new Error("examples/yaml/Pulumi.yaml has no resources: block");
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), program.replace("\nresources:\n", `\n${plugins}resources:\n`));
  installPackageCopy(dir);
  world.project = await TestProject.fromDirectory(dir, world.server);
});

afterAll(async () => {
  world.project?.dispose();
  await world.server?.close();
});

quickstartProgramTests(world, {
  afterUp: (up) => expect(up.stdout).not.toContain("pulumi-resource-streamkap from $PATH"),
});

/**
 * The YAML examples of every resource in one program, each example's resources and references renamed under its
 * class (`Pipeline-ordersDb`), their configuration merged: the plugin checks each resource's inputs in a preview.
 */
function allYamlExamples(): { program: string; config: string[] } {
  const { dump, load } = createRequire(__filename)("js-yaml") as {
    load: (text: string) => unknown;
    dump: (value: unknown, options?: { lineWidth: number }) => string;
  };
  const configuration: Record<string, unknown> = {};
  const resources: Record<string, unknown> = {};
  for (const [className, programs] of schemaExamples()) {
    const example = load(programs.yaml ?? "") as {
      configuration?: Record<string, unknown>;
      resources: Record<string, unknown>;
    };
    Object.assign(configuration, example.configuration);
    let text = JSON.stringify(example.resources);
    for (const name of Object.keys(example.resources)) {
      text = text.split(`\${${name}.`).join(`\${${className}-${name}.`);
    }
    for (const [name, resource] of Object.entries(JSON.parse(text) as Record<string, unknown>)) {
      resources[`${className}-${name}`] = resource;
    }
  }
  const program = dump(
    {
      name: "streamkap-examples",
      runtime: "yaml",
      plugins: { providers: [{ name: "streamkap", path: "node_modules/pulumi-streamkap/plugin" }] },
      configuration,
      resources,
    },
    { lineWidth: -1 },
  );
  return { program, config: Object.keys(configuration) };
}

test("every YAML example of the schema's resources passes the plugin's checks in a preview", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-yaml-examples-"));
  const { program, config } = allYamlExamples();
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), program);
  installPackageCopy(dir);
  const project = await TestProject.fromDirectory(
    dir,
    world.server,
    Object.fromEntries(config.map((key) => [key, exampleConfigValue(key)])),
  );
  try {
    const preview = await runPulumiOk(project, ["preview", "--json"]);
    const steps = (JSON.parse(preview.stdout) as { steps: Array<{ op: string }> }).steps;
    // Every example's resources, each to be created.
    expect(steps.filter((step) => step.op === "create").length).toBeGreaterThanOrEqual(66);
  } finally {
    project.dispose();
  }
}, 600_000);
