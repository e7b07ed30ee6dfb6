/**
 * A misspelled or invalid provider setting fails `preview` in both faces, naming the setting, what it is likely a
 * typo of and where a bad value came from, before any call to the service: the TypeScript classes when the program
 * declares its first resource, the provider plugin in the engine's CheckConfig (a YAML program on it). Once the
 * settings are right, the same previews pass.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

import { type LocalServer, startLocalServer } from "../../server";
import { callsDuring } from "../harness/calls";
import { pluginOnPath, runPulumi } from "../harness/process";
import { TestProject } from "../harness/project";

let server: LocalServer;
const projects: TestProject[] = [];

beforeAll(async () => {
  server = await startLocalServer();
});

afterAll(async () => {
  for (const project of projects) project.dispose();
  await server?.close();
});

/** A YAML program on the provider plugin (on PATH) declaring one tag. */
async function yamlProject(): Promise<TestProject> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-settings-yaml-"));
  fs.writeFileSync(
    path.join(dir, "Pulumi.yaml"),
    [
      "name: settings-check",
      "runtime: yaml",
      "resources:",
      "  team:",
      "    type: streamkap:index:Tag",
      "    properties:",
      "      name: settings-check-team",
      "      types: [sources]",
      "",
    ].join("\n"),
  );
  const project = await TestProject.fromDirectory(dir, server);
  projects.push(project);
  return project;
}

test("TypeScript: a typo of a setting and a value it cannot take fail preview, naming both, with no call", async () => {
  const project = await TestProject.create("tag", server);
  projects.push(project);
  await project.stack.setConfig("streamkap:maxConcurency", { value: "4" });
  await project.stack.setConfig("streamkap:requestBurst", { value: "lots" });
  let failure = "";
  const calls = await callsDuring(server, async () => {
    failure = await project.preview().then(
      () => "",
      (error: unknown) => String(error),
    );
  });
  expect(failure).toContain(
    "stack config streamkap:maxConcurency is not a setting of the Streamkap provider: did you mean streamkap:maxConcurrency?",
  );
  expect(failure).toContain("stack config streamkap:requestBurst must be a positive whole number");
  expect(failure).toContain("STREAMKAP_ERR_INVALID_SETTING");
  expect(calls).toEqual([]);

  await project.stack.removeConfig("streamkap:maxConcurency");
  await project.stack.setConfig("streamkap:requestBurst", { value: "20" });
  expect((await project.preview()).result.changeSummary).toEqual({ create: 2 });
});

test("the provider plugin: the same settings fail a YAML program's preview in CheckConfig, with no call", async () => {
  const project = await yamlProject();
  await project.stack.setConfig("streamkap:maxConcurency", { value: "4" });
  await project.stack.setConfig("streamkap:callTimeoutMs", { value: "soon" });
  let preview = { code: 0 as number | null, stdout: "", stderr: "" };
  const calls = await callsDuring(server, async () => {
    preview = await runPulumi(project, ["preview"], pluginOnPath);
  });
  const printed = preview.stdout + preview.stderr;
  expect(preview.code).not.toBe(0);
  expect(printed).toContain(
    "stack config streamkap:maxConcurency is not a setting of the Streamkap provider: did you mean streamkap:maxConcurrency?",
  );
  expect(printed).toContain("stack config streamkap:callTimeoutMs must be a positive whole number");
  expect(calls).toEqual([]);

  await project.stack.removeConfig("streamkap:maxConcurency");
  await project.stack.setConfig("streamkap:callTimeoutMs", { value: "20000" });
  const fixed = await runPulumi(project, ["preview"], pluginOnPath);
  expect({ code: fixed.code, output: fixed.code === 0 ? "" : fixed.stdout + fixed.stderr }).toEqual({
    code: 0,
    output: "",
  });
});
