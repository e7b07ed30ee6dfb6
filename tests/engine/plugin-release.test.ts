/**
 * The provider plugin as users get it from a release (issue #29): `npm run release` builds its archive for this
 * machine's platform, an HTTP server on 127.0.0.1 serves the release folder as a release host would, and
 * `pulumi plugin install resource streamkap <version> --server <it>` installs it. The YAML quickstart, with no
 * plugin path in its Pulumi.yaml and neither the plugin nor Node.js on PATH, then runs up, a no-op preview and
 * destroy: the archive's executable carries its own Node.js.
 */
import { execFile, execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";

import { packageVersion } from "../../scripts/package-version";
import { buildRelease, hostPlatform, type PluginPlatform } from "../../scripts/release";
import { type LocalServer, startLocalServer } from "../../server";
import { ServiceApi } from "../harness/api";
import { cliEnvironment, pulumiBinary, runPulumiOk } from "../harness/process";
import { TestProject } from "../harness/project";

const repoRoot = path.resolve(__dirname, "../../..");
const version = packageVersion();
const platform = hostPlatform() as PluginPlatform;

const out = fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-release-"));
let artefacts: string[];
let host: http.Server;
let hostUrl: string;
let server: LocalServer;
let project: TestProject;

/** PATH without any directory holding a `node`: what runs must not need one. */
const pathWithoutNode = (process.env.PATH ?? "")
  .split(path.delimiter)
  .filter((dir) => dir !== "" && !fs.existsSync(path.join(dir, "node")) && !fs.existsSync(path.join(dir, "node.exe")))
  .join(path.delimiter);
const env = { PATH: pathWithoutNode };

beforeAll(async () => {
  artefacts = buildRelease({ out, platforms: [platform], built: true });
  host = http.createServer((request, response) => {
    const file = path.join(out, path.basename(decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname)));
    if (!fs.existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    // Pulumi checks the length it is told against what it receives.
    response.writeHead(200, { "content-type": "application/gzip", "content-length": fs.statSync(file).size });
    fs.createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => host.listen(0, "127.0.0.1", resolve));
  hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;

  server = await startLocalServer({ statusDelayMs: 20, deleteDelayMs: 20, topicDiscoveryDelayMs: 20 });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-yaml-release-"));
  const program = fs.readFileSync(path.join(repoRoot, "examples", "yaml", "Pulumi.yaml"), "utf8");
  const withoutPath = program.replace(/^plugins:\n(?: {2,}.*\n)+/m, "");
  if (withoutPath === program) throw new Error("examples/yaml/Pulumi.yaml no longer has a plugins block to drop");
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), withoutPath);
  project = await TestProject.fromDirectory(dir, server);
}, 600_000);

afterAll(async () => {
  project?.dispose();
  await server?.close();
  await new Promise((resolve) => host?.close(resolve));
  fs.rmSync(out, { recursive: true, force: true });
});

test("the release holds both npm tarballs, the plugin archive by Pulumi's name, and their checksums", () => {
  const names = artefacts.map((file) => path.basename(file));
  expect(names).toEqual([
    `pulumi-streamkap-${version}.tgz`,
    `streamkap-pulumi-${version}.tgz`,
    `pulumi-resource-streamkap-v${version}-${platform}.tar.gz`,
    `pulumi-streamkap-${version}-checksums.txt`,
  ]);
  const listed = fs
    .readFileSync(artefacts.at(-1) ?? "", "utf8")
    .trim()
    .split("\n");
  expect(listed.map((line) => line.split(/\s+/)[1])).toEqual(names.slice(0, -1));
  expect(listed.every((line) => /^[0-9a-f]{64} {2}\S+$/.test(line))).toBe(true);
  // Each npm package is stamped with the one version.
  for (const tarball of artefacts.slice(0, 2)) {
    const manifest = JSON.parse(
      execFileSync("tar", ["xzf", tarball, "-O", "package/package.json"], { encoding: "utf8" }),
    );
    expect(manifest.version).toBe(version);
  }
});

test("pulumi plugin install fetches it from the release host, and the YAML quickstart runs on it alone", async () => {
  // Into the project's own Pulumi home, as a user's `pulumi plugin install` fills theirs.
  const installed = await promisify(execFile)(
    pulumiBinary(),
    ["plugin", "install", "resource", "streamkap", version, "--server", hostUrl],
    { cwd: project.dir, env: cliEnvironment(project, env) },
  );
  expect(`${installed.stdout}${installed.stderr}`).toContain(`resource plugin streamkap-${version}`);

  const api = new ServiceApi(server);
  const up = await runPulumiOk(project, ["up", "--yes", "--skip-preview"], env);
  expect(up.stdout).not.toContain("pulumi-resource-streamkap from $PATH");
  const outputs = JSON.parse((await runPulumiOk(project, ["stack", "output", "--json"], env)).stdout);
  expect((await api.list<{ id: string }>("/sources")).map((source) => source.id)).toEqual([outputs.sourceId]);
  expect(await api.list("/pipelines")).toHaveLength(1);
  expect(outputs.topicId).toBe("events-test");

  const preview = JSON.parse((await runPulumiOk(project, ["preview", "--json"], env)).stdout);
  expect(preview.changeSummary).toEqual({ same: 5 });

  await runPulumiOk(project, ["destroy", "--yes", "--skip-preview"], env);
  expect(await api.list("/sources")).toEqual([]);
}, 300_000);
