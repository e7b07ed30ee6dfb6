/**
 * The quickstart as a Python program (examples/python), run for real: the engine runs it through a Python language
 * host (scripts/toolchain.sh provides one) in a virtualenv holding the wheel of the generated Python SDK
 * (sdk-gen/python, built by scripts/python-package.ts) and the Pulumi Python SDK from PyPI, with the Streamkap
 * provider plugin on PATH, against the local API server. Up, a no-op preview with no API call, refresh, destroy: the
 * same objects as the YAML, Go and TypeScript quickstarts', and nothing left after. A program that names a class the
 * SDK does not have says why.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

import { packageVersion } from "../../scripts/package-version";
import { buildPythonPackages } from "../../scripts/python-package";
import { startLocalServer } from "../../server";
import { ServiceApi } from "../harness/api";
import { callsDuring } from "../harness/calls";
import { type CliRun, pluginOnPath, runPulumi } from "../harness/process";
import { TestProject } from "../harness/project";
import { quickstartProgramTests, type QuickstartWorld } from "../harness/quickstart-program";
import { pythonProjectFromWheel } from "../harness/released-sdks";

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
