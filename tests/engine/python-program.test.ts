/**
 * The quickstart as a Python program (examples/python), run for real: the engine runs it through a Python language
 * host (scripts/toolchain.sh provides one) in a virtualenv holding the wheel of the generated Python SDK
 * (sdk-gen/python, built by scripts/python-package.ts) and the Pulumi Python SDK from PyPI, with the Streamkap
 * provider plugin on PATH, against the local API server. Up, a no-op preview with no API call, refresh, destroy: the
 * same objects as the YAML, Go and TypeScript quickstarts', and nothing left after. A program that names a class the
 * SDK does not have says why.
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";

import { packageVersion } from "../../scripts/package-version";
import { buildPythonPackages } from "../../scripts/python-package";
import { startLocalServer } from "../../server";
import { ServiceApi } from "../harness/api";
import { callsDuring } from "../harness/calls";
import { type CliRun, pluginOnPath, runPulumi } from "../harness/process";
import { TestProject } from "../harness/project";
import { quickstartProgramTests, type QuickstartWorld } from "../harness/quickstart-program";
import { pythonProjectFromWheel } from "../harness/released-sdks";
import { exampleConfigKeys, exampleConfigValue, schemaExamples } from "../harness/schema-examples";

const env = { ...pluginOnPath };
const world = {} as QuickstartWorld;
let packages = "";

beforeAll(async () => {
  world.server = await startLocalServer({ statusDelayMs: 30, deleteDelayMs: 30, topicDiscoveryDelayMs: 30 });
  world.api = new ServiceApi(world.server);
  packages = fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-python-packages-"));
  const { wheel } = buildPythonPackages(packages, packageVersion());
  const dir = pythonProjectFromWheel(wheel);
  world.project = await TestProject.fromDirectory(dir, world.server);
});

afterAll(async () => {
  world.project?.dispose();
  await world.server?.close();
  if (packages) fs.rmSync(packages, { recursive: true, force: true });
});

quickstartProgramTests(world, {
  env,
  afterUp: (up, outputs) => {
    expect(up.stdout).toContain("using pulumi-resource-streamkap from $PATH");
    expect(outputs.topicId).toContain(`events-${world.project.stack.name}`);
  },
});

test("a program naming a class the SDK does not have fails with Python's message and calls nothing", async () => {
  const main = path.join(world.project.dir, "__main__.py");
  fs.writeFileSync(
    main,
    fs.readFileSync(main, "utf8").replace("streamkap.PostgresqlSource(", "streamkap.PostgresSource("),
  );
  let preview: CliRun = { code: 0, signal: null, stdout: "", stderr: "" };
  const calls = await callsDuring(world.server, async () => {
    preview = await runPulumi(world.project, ["preview"], env);
  });
  expect(preview.code).not.toBe(0);
  const printed = preview.stdout + preview.stderr;
  expect(printed).toMatch(/AttributeError: module 'pulumi_streamkap' has no attribute 'PostgresSource'/);
  // The host's exit code after a logged error: the engine shows the traceback, not a second, generic error.
  expect(printed).not.toContain("Program exited with non-zero exit code");
  expect(calls).toEqual([]);
});

/**
 * Runs a program under Pulumi's own mocks in the project's virtualenv: every resource is constructed with the
 * SDK's real argument handling (an argument the class does not take is a TypeError), with no engine.
 */
const mockRunner = `
import json, os, runpy, sys
os.environ["PULUMI_CONFIG"] = json.dumps({f"examples:{key}": value for key, value in zip(sys.argv[2::2], sys.argv[3::2])})
import pulumi
class Mocks(pulumi.runtime.Mocks):
    def new_resource(self, args):
        return [f"{args.name}-id", args.inputs]
    def call(self, args):
        return {}
pulumi.runtime.set_mocks(Mocks(), project="examples", stack="test", preview=False)
runpy.run_path(sys.argv[1], run_name="__main__")
`;

test("every Python example of the schema's resources runs on the SDK under Pulumi's mocks", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-python-examples-"));
  const runner = path.join(dir, "run_example.py");
  fs.writeFileSync(runner, mockRunner);
  const python = path.join(world.project.dir, "venv", "bin", "python");
  const failures: string[] = [];
  const examples = [...schemaExamples()];
  // A few at a time: each is a Python process of its own.
  for (let at = 0; at < examples.length; at += 4) {
    await Promise.all(
      examples.slice(at, at + 4).map(async ([className, programs]) => {
        const program = path.join(dir, `${className}.py`);
        fs.writeFileSync(program, programs.python ?? "");
        const keys = exampleConfigKeys(programs.yaml ?? "");
        const config = keys.flatMap((key) => [key, exampleConfigValue(key)]);
        await promisify(execFile)(python, [runner, program, ...config]).catch((error: Error & { stderr?: string }) =>
          failures.push(`${className}: ${error.stderr ?? error.message}`),
        );
      }),
    );
  }
  fs.rmSync(dir, { recursive: true, force: true });
  expect(failures).toEqual([]);
}, 600_000);
