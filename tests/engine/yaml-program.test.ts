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
import * as os from "node:os";
import * as path from "node:path";

import { installPackageCopy } from "../../scripts/install-copy";
import { startLocalServer } from "../../server";
import { ServiceApi } from "../harness/api";
import { TestProject } from "../harness/project";
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
