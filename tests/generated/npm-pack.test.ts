/**
 * `npm pack` from a clean clone makes a package that works: its `prepack` builds what it publishes, the tarball
 * holds the built SDK, runtime, plugin, local server and commands (and none of the tests, examples or scripts),
 * and, unpacked into a project as `npm install` would, it loads, its command runs, and its plugin starts.
 */
import { execFile, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";

import { linkDependencies } from "../../scripts/install-copy";
import { npmPack } from "../../scripts/release";
import { copyOfTree } from "../harness/tree-copy";

const run = promisify(execFile);
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-pack-"));
let files: string[];
let tarball: string;

beforeAll(async () => {
  // A clean clone: no dist/ (and no generated SDKs, which the package does not hold).
  const clone = path.join(scratch, "clone");
  await copyOfTree(clone, (file) => file.startsWith("sdk-gen/"));
  ({ tarball, files } = npmPack(clone, scratch, ["--ignore-scripts=false"]));
}, 300_000);

afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

test("the tarball holds what users run, built, and nothing of the repository's own", () => {
  const expected = [
    "package.json",
    "README.md",
    "CHANGELOG.md",
    "schema.json",
    "bin/pulumi-resource-streamkap",
    "plugin/PulumiPlugin.yaml",
    "plugin/index.js",
    "dist/sdk/index.js",
    "dist/sdk/index.d.ts",
    "dist/provider/runtime.js",
    "dist/provider/plugin/main.js",
    "dist/provider/protocol/messages.js",
    "dist/server/index.js",
    "dist/cli/main.js",
    "dist/catalogue/index.js",
  ];
  expect(expected.filter((file) => !files.includes(file))).toEqual([]);
  const internal = files.filter((file) =>
    /^(dist\/)?(tests|examples|bench|scripts\/(?!toolchain\.sh))|^sdk-gen\//.test(file),
  );
  expect(internal).toEqual([]);
});

test("every relative link of the packed README.md leads to a file the tarball holds", () => {
  // Read where the package is installed (node_modules/pulumi-streamkap), the README's links must not lead nowhere.
  const readme = fs.readFileSync(path.join(scratch, "clone", "README.md"), "utf8");
  const targets = [...readme.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
    .map((match) => match[1] ?? "")
    .filter((target) => !/^[a-z]+:/.test(target));
  expect(targets.length).toBeGreaterThan(5);
  expect(targets.filter((target) => !files.includes(path.posix.normalize(target)))).toEqual([]);
});

test("installed from the tarball, the package loads, its command runs and its plugin starts", async () => {
  const project = path.join(scratch, "project");
  const modules = path.join(project, "node_modules");
  fs.mkdirSync(path.join(modules, "pulumi-streamkap"), { recursive: true });
  await run("tar", ["xzf", tarball, "-C", path.join(modules, "pulumi-streamkap"), "--strip-components=1"]);
  linkDependencies(modules);
  const node = (args: string[]) => spawnSync(process.execPath, args, { cwd: project, encoding: "utf8" });

  const loaded = node(["-e", 'const s = require("pulumi-streamkap"); console.log(typeof s.PostgresqlSource)']);
  expect(loaded.stderr).toBe("");
  expect(loaded.stdout.trim()).toBe("function");

  const manifest = JSON.parse(fs.readFileSync(path.join(modules, "pulumi-streamkap", "package.json"), "utf8"));
  const version = node([path.join(modules, "pulumi-streamkap", manifest.bin["pulumi-streamkap"]), "--version"]);
  expect(version.stdout.trim()).toContain(manifest.version);

  // The plugin prints the port it serves on, as the engine reads it; then it is stopped.
  const plugin = spawnSync(process.execPath, [path.join(modules, "pulumi-streamkap", "plugin", "index.js")], {
    cwd: project,
    encoding: "utf8",
    timeout: 5_000,
  });
  expect(plugin.stdout.split("\n")[0]).toMatch(/^\d+$/);
});
