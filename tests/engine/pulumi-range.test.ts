/**
 * The installed package at both ends of the `@pulumi/pulumi` peer range package.json declares, not only on the
 * version this checkout develops against: the unchanged quickstart through a whole lifecycle on the lowest version
 * the range admits and on the newest the registry had when the range was last checked. Each end is an npm alias
 * devDependency (pulumi-range-lowest, pulumi-range-newest) linked in as the project's @pulumi/pulumi, so program,
 * runner and dynamic provider all load that copy; moving the range means moving the alias with it.
 *
 * The same quickstart through the provider plugin's generated SDK (@streamkap/pulumi), type-checked and run on
 * each end: the plugin serves its gRPC service with its own code, so which @pulumi/pulumi the user has only
 * reaches the program and the SDK.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

import { installPackageCopy } from "../../scripts/install-copy";
import { type LocalServer, startLocalServer } from "../../server";
import { ServiceApi } from "../harness/api";
import { compileProgram, installGeneratedNodeSdk } from "../harness/generated-node-sdk";
import { pluginOnPath, runPulumiOk } from "../harness/process";
import { TestProject } from "../harness/project";

const repoRoot = path.resolve(__dirname, "../../..");

interface RangeEnd {
  alias: string;
  version: string;
  why: string;
}

/** One end of the range as installed: its version read from the alias's own package.json, so names don't lie. */
function rangeEnd(alias: string, why: string): RangeEnd {
  const manifest = path.join(repoRoot, "node_modules", alias, "package.json");
  const { name, version } = JSON.parse(fs.readFileSync(manifest, "utf8")) as { name: string; version: string };
  if (name !== "@pulumi/pulumi") throw new Error(`${alias} is ${name}, not an alias of @pulumi/pulumi`);
  return { alias, version, why };
}

const ends = [
  rangeEnd("pulumi-range-lowest", "lowest the peer range admits"),
  rangeEnd("pulumi-range-newest", "newest on the registry"),
];

let server: LocalServer;
const projects: TestProject[] = [];

beforeAll(async () => {
  server = await startLocalServer({ statusDelayMs: 20, deleteDelayMs: 20, topicDiscoveryDelayMs: 20 });
});

afterAll(async () => {
  for (const project of projects) project.dispose();
  await server?.close();
});

test.each(ends)("quickstart on @pulumi/pulumi $version ($why)", async ({ alias, version }) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `streamkap-${alias}-`));
  fs.writeFileSync(
    path.join(dir, "Pulumi.yaml"),
    "name: pulumi-range\nruntime:\n  name: nodejs\n  options:\n    typescript: false\nmain: index.js\n",
  );
  fs.copyFileSync(path.join(repoRoot, "dist", "examples", "quickstart", "index.js"), path.join(dir, "index.js"));
  installPackageCopy(dir, { pulumiFrom: path.join(repoRoot, "node_modules", alias) });
  // The project and the package copy in it resolve @pulumi/pulumi to the alias (and so does the language host,
  // which resolves its runner as the program does): otherwise this would quietly test the checkout's version.
  for (const from of [dir, path.join(dir, "node_modules", "pulumi-streamkap")]) {
    const resolved = require.resolve("@pulumi/pulumi/package.json", { paths: [from] });
    expect(JSON.parse(fs.readFileSync(resolved, "utf8")).version).toBe(version);
  }
  const service = { baseUrl: server.baseUrl, ...(await server.createService()) };
  const project = await TestProject.fromDirectory(dir, service);
  projects.push(project);
  const api = new ServiceApi(service);

  const up = await project.up();
  const outputs = Object.fromEntries(Object.entries(up.outputs).map(([key, output]) => [key, output.value]));
  expect(outputs).toMatchObject({ sourceStatus: "Active" });
  const [source] = await api.list<{ id: string; connector: string }>("/sources");
  expect(source).toMatchObject({ id: outputs.sourceId, connector: "postgresql" });
  const destinations = await api.list<{ id: string }>("/destinations");
  expect(destinations.map((destination) => destination.id)).toEqual([outputs.destinationId]);
  const pipelines = await api.list<{ id: string }>("/pipelines");
  expect(pipelines.map((pipeline) => pipeline.id)).toEqual([outputs.pipelineId]);
  expect(await api.request("GET", `/topics/${outputs.topicId}?detailed=true`)).toMatchObject({
    kafka: { partitions: { count: 3 } },
  });

  const preview = await project.preview();
  expect(preview.steps.filter((step) => step.op !== "same")).toEqual([]);
  expect(preview.result.changeSummary).toEqual({ same: 5 });

  const refreshed = await project.refresh();
  expect(refreshed.diagnostics.filter((message) => /drift|outside Pulumi/i.test(message))).toEqual([]);

  await project.destroy();
  expect(await api.list("/sources")).toEqual([]);
  expect(await api.list("/destinations")).toEqual([]);
  expect(await api.list("/pipelines")).toEqual([]);
});

const pluginQuickstart = path.join(repoRoot, "tests", "fixtures", "programs", "quickstart-plugin", "index.ts");

test.each(ends)("quickstart through the plugin on @pulumi/pulumi $version ($why)", async ({ alias, version }) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `streamkap-plugin-${alias}-`));
  fs.writeFileSync(
    path.join(dir, "Pulumi.yaml"),
    "name: pulumi-range-plugin\nruntime:\n  name: nodejs\n  options:\n    typescript: false\nmain: index.js\n",
  );
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "pulumi-range-plugin", private: true }));
  // This end's @pulumi/pulumi first: the SDK install links the checkout's other packages beside it.
  fs.mkdirSync(path.join(dir, "node_modules", "@pulumi"), { recursive: true });
  fs.symlinkSync(path.join(repoRoot, "node_modules", alias), path.join(dir, "node_modules", "@pulumi", "pulumi"));
  await installGeneratedNodeSdk(dir);
  const resolved = require.resolve("@pulumi/pulumi/package.json", {
    paths: [path.join(dir, "node_modules", "@streamkap", "pulumi")],
  });
  expect(JSON.parse(fs.readFileSync(resolved, "utf8")).version).toBe(version);
  await compileProgram(dir, pluginQuickstart);

  const service = { baseUrl: server.baseUrl, ...(await server.createService()) };
  const project = await TestProject.fromDirectory(dir, service);
  projects.push(project);
  const api = new ServiceApi(service);

  await runPulumiOk(project, ["up", "--yes", "--skip-preview"], pluginOnPath);
  const outputs = JSON.parse((await runPulumiOk(project, ["stack", "output", "--json"], pluginOnPath)).stdout);
  expect(outputs).toMatchObject({ sourceStatus: "Active", topicId: "events-test" });
  expect((await api.list<{ id: string }>("/sources")).map((source) => source.id)).toEqual([outputs.sourceId]);
  expect((await api.list<{ id: string }>("/pipelines")).map((item) => item.id)).toEqual([outputs.pipelineId]);

  const preview = JSON.parse((await runPulumiOk(project, ["preview", "--json"], pluginOnPath)).stdout);
  expect(preview.changeSummary).toEqual({ same: 5 });
  const refresh = await runPulumiOk(project, ["refresh", "--yes", "--skip-preview"], pluginOnPath);
  expect(refresh.stdout).not.toContain("changed outside Pulumi");

  await runPulumiOk(project, ["destroy", "--yes", "--skip-preview"], pluginOnPath);
  expect(await api.list("/sources")).toEqual([]);
  expect(await api.list("/pipelines")).toEqual([]);
});
