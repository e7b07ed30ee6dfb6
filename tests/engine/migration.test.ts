/**
 * Moving a TypeScript stack from the dynamic classes (pulumi-streamkap) to the provider plugin's classes
 * (@streamkap/pulumi), as docs/migration.md tells a user to (issue #17): the quickstart, made with the dynamic
 * classes, then the same program with the import changed and an alias on each resource to the type its dynamic
 * class recorded. The engine takes the objects over: the preview shows every resource unchanged, `up` keeps their
 * ids and sends the service nothing that changes it, and from then on the stack is an ordinary stack of the plugin
 * (no-op preview with no API call, clean refresh, destroy).
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

import { type LocalServer, startLocalServer } from "../../server";
import { ServiceApi } from "../harness/api";
import { callsDuring } from "../harness/calls";
import { compileProgram, installGeneratedNodeSdk } from "../harness/generated-node-sdk";
import { type CliRun, pluginOnPath, runPulumiOk } from "../harness/process";
import { TestProject } from "../harness/project";
import { leakedSecrets } from "../harness/secrets";

const repoRoot = path.resolve(__dirname, "../../..");
const env = pluginOnPath;
const migrated = path.join(repoRoot, "tests", "fixtures", "programs", "migration-provider", "index.ts");
const secrets = ["local-demo-password", "local-demo-private-key"];

let server: LocalServer;
let api: ServiceApi;
let project: TestProject;
/** The stack's outputs (the four objects' ids among them) as the dynamic classes left them. */
let before: Record<string, unknown>;

beforeAll(async () => {
  server = await startLocalServer({ statusDelayMs: 20, deleteDelayMs: 20, topicDiscoveryDelayMs: 20 });
  api = new ServiceApi(server);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-migration-"));
  fs.writeFileSync(
    path.join(dir, "Pulumi.yaml"),
    "name: streamkap-quickstart\nruntime:\n  name: nodejs\n  options:\n    typescript: false\nmain: index.js\n",
  );
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "streamkap-quickstart", private: true }));
  fs.copyFileSync(path.join(repoRoot, "dist", "examples", "quickstart", "index.js"), path.join(dir, "index.js"));
  await installGeneratedNodeSdk(dir);
  project = await TestProject.fromDirectory(dir, server);
});

afterAll(async () => {
  project?.dispose();
  await server?.close();
});

const outputs = async () => JSON.parse((await runPulumiOk(project, ["stack", "output", "--json"], env)).stdout);

interface StateResource {
  urn: string;
  type: string;
  id?: string;
  provider?: string;
}
const stateResources = async (): Promise<StateResource[]> =>
  JSON.parse((await runPulumiOk(project, ["stack", "export"], env)).stdout).deployment.resources ?? [];

/** Calls that would change something on the service (anything but a read). */
const changing = (calls: string[]) => calls.filter((call) => !call.startsWith("GET "));

test("the quickstart with the dynamic classes makes its source, destination, pipeline and topic", async () => {
  await runPulumiOk(project, ["up", "--yes", "--skip-preview"], env);
  before = await outputs();
  expect(before).toMatchObject({ sourceStatus: "Active", topicId: "events-test" });
  const types = (await stateResources()).map((resource) => resource.type).filter((type) => type.includes("streamkap"));
  expect(types.sort()).toEqual([
    "pulumi-nodejs:dynamic/streamkap:Pipeline",
    "pulumi-nodejs:dynamic/streamkap:PostgresqlSource",
    "pulumi-nodejs:dynamic/streamkap:SnowflakeDestination",
    "pulumi-nodejs:dynamic/streamkap:Topic",
  ]);
});

test("switched to @streamkap/pulumi with the aliases, the program type-checks and the preview shows every resource unchanged, with no API call", async () => {
  await compileProgram(project.dir, migrated);
  let text: CliRun | undefined;
  const calls = await callsDuring(server, async () => {
    text = await runPulumiOk(project, ["preview", "--diff"], env);
  });
  expect(`${text?.stdout}${text?.stderr}`).toContain("using pulumi-resource-streamkap from $PATH");
  expect(text?.stdout).toMatch(/Resources:\s+5 unchanged\s*$/);
  expect(text?.stdout).not.toMatch(/ to (create|update|delete|replace)\b/);
  expect(calls).toEqual([]);
  const preview = JSON.parse((await runPulumiOk(project, ["preview", "--json"], env)).stdout);
  expect(preview.changeSummary).toEqual({ same: 5 });
});

test("up takes the objects over: the same ids and outputs, nothing created or deleted on the service", async () => {
  const calls = await callsDuring(server, () => runPulumiOk(project, ["up", "--yes", "--skip-preview"], env));
  expect(changing(calls)).toEqual([]);
  expect(await outputs()).toEqual(before);
  expect((await api.list<{ id: string }>("/sources")).map((source) => source.id)).toEqual([before.sourceId]);
  expect((await api.list<{ id: string }>("/destinations")).map((item) => item.id)).toEqual([before.destinationId]);
  expect((await api.list<{ id: string }>("/pipelines")).map((item) => item.id)).toEqual([before.pipelineId]);

  const resources = (await stateResources()).filter((resource) => resource.type !== "pulumi:pulumi:Stack");
  expect(resources.map((resource) => [resource.type, resource.id]).sort()).toEqual(
    [
      ["pulumi:providers:streamkap", expect.any(String)],
      ["streamkap:index:Pipeline", before.pipelineId],
      ["streamkap:index:PostgresqlSource", before.sourceId],
      ["streamkap:index:SnowflakeDestination", before.destinationId],
      ["streamkap:index:Topic", before.topicId],
    ].sort(),
  );
  for (const resource of resources.filter((item) => item.type.startsWith("streamkap:"))) {
    expect(resource.provider).toMatch(/::pulumi:providers:streamkap::/);
  }
  expect(leakedSecrets(project.stateFile(), secrets)).toEqual([]);
});

test("from then on a preview shows no change and makes no API call, and refresh finds nothing changed", async () => {
  let preview: CliRun | undefined;
  const calls = await callsDuring(server, async () => {
    preview = await runPulumiOk(project, ["preview", "--json"], env);
  });
  expect(JSON.parse(preview?.stdout ?? "{}").changeSummary).toEqual({ same: 5 });
  expect(calls).toEqual([]);
  const refresh = await runPulumiOk(project, ["refresh", "--yes", "--skip-preview"], env);
  expect(refresh.stdout).not.toContain("changed outside Pulumi");
  expect(refresh.stdout).toMatch(/Resources:\s+5 unchanged/);
  // Refresh rewrites each resource's outputs from the service, so the dynamic provider's code kept there is gone.
  expect(project.stateFile()).not.toContain("__provider");
  expect(leakedSecrets(project.stateFile(), secrets)).toEqual([]);
});

test("destroy deletes every object through the plugin", async () => {
  await runPulumiOk(project, ["destroy", "--yes", "--skip-preview"], env);
  expect(await api.list("/sources")).toEqual([]);
  expect(await api.list("/destinations")).toEqual([]);
  expect(await api.list("/pipelines")).toEqual([]);
  expect(await stateResources()).toEqual([]);
});
