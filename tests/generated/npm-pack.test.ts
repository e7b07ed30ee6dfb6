/**
 * `npm pack` from a clean clone makes a package that works: its `prepack` builds what it publishes, the tarball
 * holds the built SDK, runtime, plugin, local server and commands, the documentation and the examples (and none of
 * the tests, benches, scripts or tools), every link of its documentation leads to a file it holds, and, unpacked
 * into a project as `npm install` would, it loads, its command runs, and its plugin starts.
 */
import { execFile, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";

import { linkDependencies } from "../../scripts/install-copy";
import { npmPack } from "../../scripts/release";
import { links } from "../harness/doc-blocks";
import { copyOfTree } from "../harness/tree-copy";

const run = promisify(execFile);

/** The relative links of a Markdown file of the package that lead to nothing among `held` (its files). */
function brokenLinks(file: string, held: readonly string[]): string[] {
  const text = fs.readFileSync(path.join(scratch, "clone", file), "utf8");
  return links(text)
    .map(({ target }) => target.replace(/#.*$/, ""))
    .filter((target) => target !== "" && !/^[a-z]+:/i.test(target))
    .map((target) => path.posix.normalize(path.posix.join(path.posix.dirname(file), target)))
    .filter(
      (target) => !held.includes(target) && !held.some((other) => other.startsWith(`${target.replace(/\/$/, "")}/`)),
    )
    .map((target) => `${file} -> ${target}`);
}
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
    "docs/languages.md",
    "examples/README.md",
    "examples/yaml/Pulumi.yaml",
    "examples/python/requirements.txt",
    "examples/go/go.mod",
  ];
  expect(expected.filter((file) => !files.includes(file))).toEqual([]);
  // Everything the tarball holds, by where it sits: a new kind of file in the package is a decision, made here.
  const places = new Set(
    files.map((file) => (file.startsWith("dist/") ? file.split("/").slice(0, 2).join("/") : file.split("/")[0])),
  );
  expect([...places].sort()).toEqual([
    "CHANGELOG.md",
    "LICENSE",
    "README.md",
    "bin",
    "dist/catalogue",
    "dist/cli",
    "dist/provider",
    "dist/sdk",
    "dist/server",
    "docs",
    "examples",
    "package.json",
    "plugin",
    "schema.json",
  ]);
  // What only this repository's own builds and tests use.
  const internal = files.filter((file) => /^(dist\/)?(tests|bench|scripts|tools)\/|^sdk-gen\//.test(file));
  expect(internal).toEqual([]);
});

test("every relative link of every Markdown file the tarball holds leads to a file or folder it holds", () => {
  // Read where the package is installed (node_modules/pulumi-streamkap), no link may lead nowhere.
  const markdown = files.filter((file) => file.endsWith(".md"));
  expect(markdown.length).toBeGreaterThan(10);
  const broken = markdown.flatMap((file) => brokenLinks(file, files));
  expect(broken).toEqual([]);
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
