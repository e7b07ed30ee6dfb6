/**
 * The package as users install it (a real copy under node_modules, not this checkout's symlink), running the
 * unchanged quickstart. What its state holds per resource is what issue #8 budgets: at most 2 KB of serialized
 * provider, here a `require` of the package's shim module instead of the provider's code.
 *
 * Also the upgrade path: a stack written with the provider serialized by value (as older versions and this
 * checkout's symlinked layout do) previews with no changes on the installed package; its next `up` stores the
 * small form in the inputs (outputs keep the old text until the resource is next updated).
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

import { installPackageCopy } from "../../scripts/install-copy";
import { type LocalServer, startLocalServer } from "../../server";
import { ServiceApi } from "../harness/api";
import { TestProject } from "../harness/project";

const repoRoot = path.resolve(__dirname, "../../..");
const resources = 4;

let server: LocalServer;
const projects: TestProject[] = [];

/** The quickstart's compiled program as a project of its own, with node_modules made by `install`. */
async function quickstartProject(install: (dir: string) => void): Promise<{ project: TestProject; api: ServiceApi }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-installed-"));
  fs.writeFileSync(
    path.join(dir, "Pulumi.yaml"),
    "name: installed\nruntime:\n  name: nodejs\n  options:\n    typescript: false\nmain: index.js\n",
  );
  fs.copyFileSync(path.join(repoRoot, "dist", "examples", "quickstart", "index.js"), path.join(dir, "index.js"));
  install(dir);
  const service = { baseUrl: server.baseUrl, ...(await server.createService()) };
  const project = await TestProject.fromDirectory(dir, service);
  projects.push(project);
  return { project, api: new ServiceApi(service) };
}

const linkCheckout = (dir: string) =>
  fs.symlinkSync(path.join(repoRoot, "node_modules"), path.join(dir, "node_modules"), "dir");

interface StoredProviders {
  inputs: string[];
  outputs: string[];
}

/** The `__provider` texts of the stack's resources, as stored in their inputs and in their outputs. */
function storedProviders(project: TestProject): StoredProviders {
  type Stored = { inputs?: { __provider?: unknown }; outputs?: { __provider?: unknown } };
  const state = JSON.parse(project.stateFile()) as { checkpoint: { latest: { resources?: Stored[] } } };
  const resourcesInState = state.checkpoint.latest.resources ?? [];
  const texts = (pick: (resource: Stored) => unknown) =>
    resourcesInState.map(pick).filter((text): text is string => typeof text === "string");
  return { inputs: texts((r) => r.inputs?.__provider), outputs: texts((r) => r.outputs?.__provider) };
}

beforeAll(async () => {
  server = await startLocalServer({ statusDelayMs: 20, deleteDelayMs: 20, topicDiscoveryDelayMs: 20 });
});

afterAll(async () => {
  for (const project of projects) project.dispose();
  await server?.close();
});

test("installed: each resource stores at most 2 KB of provider, a require of the package", async () => {
  const { project, api } = await quickstartProject(installPackageCopy);
  await project.up();
  const stored = storedProviders(project);
  expect(stored.inputs).toHaveLength(resources);
  expect(stored.outputs).toHaveLength(resources);
  for (const text of [...stored.inputs, ...stored.outputs]) {
    expect(text).toMatch(/require\("pulumi-streamkap\/[^"]*shim-methods[^"]*"\)/);
    expect(text.length).toBeLessThanOrEqual(1024);
  }

  const refreshed = await project.refresh();
  expect(refreshed.diagnostics.filter((message) => /drift|outside Pulumi/i.test(message))).toEqual([]);
  await project.destroy();
  expect(await api.list("/sources")).toEqual([]);
  expect(await api.list("/pipelines")).toEqual([]);
});

test("upgrade: a stack serialized by value previews with no changes once the package is installed", async () => {
  const { project } = await quickstartProject(linkCheckout);
  await project.up();
  expect(storedProviders(project).inputs.every((text) => text.length > 2048)).toBe(true);

  fs.rmSync(path.join(project.dir, "node_modules"));
  installPackageCopy(project.dir);
  const preview = await project.preview();
  expect(preview.steps.filter((step) => step.op !== "same")).toEqual([]);

  await project.up();
  expect(storedProviders(project).inputs.every((text) => text.length <= 1024)).toBe(true);
  await project.destroy();
});
