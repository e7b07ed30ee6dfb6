/**
 * The provider plugin (pulumi-resource-streamkap, issue #17) through the real engine against the local API server:
 * a program declares resources by type token (`streamkap:index:Tag`), as a program in any Pulumi language does,
 * and the engine runs them through the plugin found on PATH, with the stack's `streamkap:*` config as the
 * provider's. Create, a no-op preview with no API call, drift refreshed and set back, `pulumi import` by id, and
 * destroy; the Kafka user's password stays secret in state.
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";

import { installPackageCopy } from "../../scripts/install-copy";
import { callsDuring } from "../harness/calls";
import { pluginOnPath, pulumiBinary, runPulumi, runPulumiOk } from "../harness/process";
import { leakedSecrets } from "../harness/secrets";
import { scenario } from "../harness/scenario";

const repoRoot = path.resolve(__dirname, "../../..");
const env = pluginOnPath;
const run = promisify(execFile);
const world = scenario("plugin", { server: { statusDelayMs: 20, deleteDelayMs: 20 } });

interface LiveTag {
  id: string;
  name: string;
  type: string[];
  system: boolean;
}
const customTags = async () =>
  (await world.api.request<{ tags: LiveTag[] }>("GET", "/tags")).tags.filter((tag) => !tag.system);
const kafkaUsers = () => world.api.request<Array<{ username: string }>>("GET", "/kafka-access/kafka-users");

const scratch: string[] = [];
afterAll(() => scratch.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** The plugin's directory in a project that installed the package: a PulumiPlugin.yaml and no executable. */
function installedPluginDirectory(): string {
  const project = fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-installed-plugin-"));
  scratch.push(project);
  installPackageCopy(project);
  return path.join(project, "node_modules", "pulumi-streamkap", "plugin");
}

// The executable for PATH, and the directory the engine runs through the Node.js language host after installing
// its dependencies (what `pulumi package get-schema` and `pulumi package add` take for a plugin kept as source).
test.each([
  ["the executable", () => path.join(repoRoot, "bin", "pulumi-resource-streamkap")],
  ["the PulumiPlugin.yaml directory of the installed package", installedPluginDirectory],
])("the plugin serves schema.json as Pulumi reads it (`pulumi package get-schema`, %s)", async (_, plugin) => {
  const { stdout } = await run(pulumiBinary(), ["package", "get-schema", plugin()], {
    env: { ...process.env, PULUMI_HOME: fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-get-schema-")) },
    maxBuffer: 64 << 20,
  });
  // Pulumi leaves out empty lists when it writes a schema back out, and orders keys its own way.
  const withoutEmptyLists = (text: string): unknown =>
    JSON.parse(text, (_, value) => (Array.isArray(value) && value.length === 0 ? undefined : value));
  expect(withoutEmptyLists(stdout)).toEqual(
    withoutEmptyLists(fs.readFileSync(path.join(repoRoot, "schema.json"), "utf8")),
  );
});

test("up creates the resources through the plugin, with the stack's credentials; the password stays secret", async () => {
  const up = await runPulumiOk(world.project, ["up", "--yes", "--skip-preview"], env);
  expect(up.stdout).toContain("using pulumi-resource-streamkap from $PATH");
  expect(await customTags()).toEqual([
    expect.objectContaining({ name: "plugin-team", type: ["pipelines", "sources"] }),
  ]);
  expect((await kafkaUsers()).map((user) => user.username)).toEqual(["plugin-analytics"]);
  const outputs = JSON.parse((await runPulumiOk(world.project, ["stack", "output", "--json"], env)).stdout);
  expect(outputs).toMatchObject({ tagSystem: false, endpoint: expect.stringMatching(/:\d+$/) });
  expect(leakedSecrets(world.project.stateFile(), ["plugin-kafka-password-1"])).toEqual([]);
});

test("a second preview shows no change and makes no API call", async () => {
  let preview: { code: number | null; stdout: string } = { code: 1, stdout: "" };
  const calls = await callsDuring(world.server, async () => {
    preview = await runPulumi(world.project, ["preview", "--json"], env);
  });
  expect(preview.code).toBe(0);
  expect(JSON.parse(preview.stdout).changeSummary).toEqual({ same: 3 });
  expect(calls).toEqual([]);
});

test("a change made in the console shows on refresh, and the next up sets it back", async () => {
  const [tag] = await customTags();
  await world.api.request("PUT", `/tags/${tag?.id}`, { name: "renamed-in-console", type: ["pipelines"] });
  const refresh = await runPulumiOk(world.project, ["refresh", "--yes", "--skip-preview"], env);
  expect(refresh.stdout).toContain('tag "plugin-team" changed outside Pulumi');
  await runPulumiOk(world.project, ["up", "--yes", "--skip-preview"], env);
  expect(await customTags()).toEqual([
    expect.objectContaining({ id: tag?.id, name: "plugin-team", type: ["pipelines", "sources"] }),
  ]);
});

test("a new username previews as a replacement of the Kafka user, naming the username alone", async () => {
  await world.project.setConfig({ username: "plugin-analytics-2" });
  const preview = await runPulumiOk(world.project, ["preview", "--json"], env);
  const steps = JSON.parse(preview.stdout).steps as Array<{ op: string; urn: string; detailedDiff?: object }>;
  expect(steps.find((step) => step.urn.endsWith("::analytics"))).toMatchObject({
    op: "replace",
    detailedDiff: { username: { kind: "update-replace", inputDiff: true } },
  });
  await world.project.setConfig({ username: "plugin-analytics" });
});

test("pulumi import takes an object made in the console into the stack by its id, with no drift reported", async () => {
  const made = await world.api.request<{ id: string }>("POST", "/tags", { name: "console-tag", type: ["pipelines"] });
  const imported = await runPulumi(
    world.project,
    ["import", "streamkap:index:Tag", "console", made.id, "--yes", "--generate-code=false", "--protect=false"],
    env,
  );
  expect({ code: imported.code, stderr: imported.stderr.includes("error") }).toEqual({ code: 0, stderr: false });
  expect(imported.stdout).toContain("1 imported");
  expect(imported.stdout).not.toContain("changed outside Pulumi");
  const state = JSON.parse((await runPulumiOk(world.project, ["stack", "export"], env)).stdout);
  const resource = state.deployment.resources.find((item: { urn: string }) => item.urn.endsWith("::console"));
  expect(resource).toMatchObject({ id: made.id, inputs: { name: "console-tag", types: ["pipelines"] } });
});

test("destroy deletes every object the stack holds", async () => {
  await runPulumiOk(world.project, ["destroy", "--yes", "--skip-preview"], env);
  expect(await customTags()).toEqual([]);
  expect(await kafkaUsers()).toEqual([]);
});
