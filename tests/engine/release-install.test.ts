/**
 * A release as users install it (issue #29), with nothing but 127.0.0.1 and no path into this checkout:
 * - `npm run release` builds this machine's plugin archive and both npm tarballs; an HTTP server serves the
 *   release folder as a release host would, and `pulumi plugin install resource streamkap <version> --server <it>`
 *   installs the plugin.
 * - From the release folder alone, with no Node.js on PATH (issue #41): the plugin's executable, which carries its
 *   own Node.js, serves the local API server (`pulumi-resource-streamkap local`), and the YAML, Python and Go
 *   quickstarts of the release's examples archive run up, a no-op preview and destroy against it through the
 *   installed plugin, on the release's wheel and Go module proxy. A misspelled or impossible provider setting
 *   fails the preview, through the installed plugin and through the package installed from the registry.
 * - Both tarballs are published to a real npm registry (Verdaccio, tests/harness/npm-registry.ts). A fresh
 *   TypeScript project `npm install`s `pulumi-streamkap` from it and runs the quickstart as written; another
 *   installs `@streamkap/pulumi` and runs the quickstart through the installed plugin. What `pulumi-streamkap
 *   export` and `pulumi import --out` write installs from the registry as written and compiles.
 */
import { execFile, execFileSync, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";

import { packageVersion } from "../../scripts/package-version";
import { buildRelease, hostPlatform, type PluginPlatform, type Release, seaNodeVersion } from "../../scripts/release";
import { type LocalServer, startLocalServer } from "../../server";
import { ServiceApi } from "../harness/api";
import { readMachOSignature } from "../harness/macho-signature";
import { type NpmRegistry, startNpmRegistry } from "../harness/npm-registry";
import { type CliRun, cliEnvironment, pulumiBinary, runPulumi, runPulumiOk } from "../harness/process";
import { TestProject } from "../harness/project";
import { goProjectFromProxy, pythonProjectFromWheel } from "../harness/released-sdks";

/** A local API server as the release's plugin executable serves it: each example's service by name. */
interface ReleasedLocalServer {
  baseUrl: string;
  services: Map<string, { clientId: string; secret: string }>;
  stop(): Promise<void>;
}

const repoRoot = path.resolve(__dirname, "../../..");
const version = packageVersion();
const platform = hostPlatform() as PluginPlatform;

const out = fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-release-"));
let release: Release;
let host: http.Server;
let hostUrl: string;
let server: LocalServer;
let registry: NpmRegistry;
let releasedServer: ReleasedLocalServer;
const projects: TestProject[] = [];
/** The YAML quickstart: no plugins block, so the plugin comes from `pulumi plugin install` alone. */
let yamlProgram: string;

/** PATH without any directory holding a `node`: what runs must not need one. */
const pathWithoutNode = (process.env.PATH ?? "")
  .split(path.delimiter)
  .filter((dir) => dir !== "" && !fs.existsSync(path.join(dir, "node")) && !fs.existsSync(path.join(dir, "node.exe")))
  .join(path.delimiter);
const env = { PATH: pathWithoutNode };

beforeAll(async () => {
  // Every platform's archive, as `npm run release` writes them: this machine's is installed and run, the macOS
  // ones' signatures are checked.
  release = buildRelease({ out, built: true });
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
  releasedServer = await startReleasedLocalServer(pluginArchive(platform), ["yaml", "python", "go"]);
  yamlProgram = fs.readFileSync(path.join(release.documentation.dir, "examples", "yaml", "Pulumi.yaml"), "utf8");

  registry = await startNpmRegistry();
  for (const tarball of release.npm) registry.publish(tarball);
}, 600_000);

afterAll(async () => {
  for (const other of projects) other.dispose();
  await registry?.close();
  await releasedServer?.stop();
  await server?.close();
  await new Promise((resolve) => host?.close(resolve));
  fs.rmSync(out, { recursive: true, force: true });
});

test("the release holds each package by its ecosystem's name, one version throughout, and their checksums", () => {
  const relative = (file: string) => path.relative(out, file);
  const python = `pulumi_streamkap-${version}`;
  const goFiles = ["list", `v${version}.info`, `v${version}.mod`, `v${version}.zip`].map(
    (file) => `go/github.com/streamkap-com/pulumi-streamkap/sdk-gen/go/streamkap/@v/${file}`,
  );
  const platforms = ["linux-amd64", "linux-arm64", "darwin-amd64", "darwin-arm64", "windows-amd64", "windows-arm64"];
  const files = [
    `pulumi-streamkap-${version}.tgz`,
    `streamkap-pulumi-${version}.tgz`,
    ...platforms.map((name) => `pulumi-resource-streamkap-v${version}-${name}.tar.gz`),
    `python/${python}.tar.gz`,
    `python/${python}-py3-none-any.whl`,
    ...goFiles,
    `pulumi-streamkap-examples-v${version}.tar.gz`,
  ];
  expect([...release.npm, ...release.plugins, release.python.sdist, release.python.wheel].map(relative)).toEqual(
    files.slice(0, 10),
  );
  const listed = fs.readFileSync(release.checksums, "utf8").trim().split("\n");
  expect(listed.map((line) => line.split(/\s+/)[1])).toEqual(files);
  expect(listed.every((line) => /^[0-9a-f]{64} {2}\S+$/.test(line))).toBe(true);
  expect(release.go.tag).toBe(`sdk-gen/go/streamkap/v${version}`);

  // Each package is stamped with the one version.
  for (const tarball of release.npm) {
    const manifest = JSON.parse(
      execFileSync("tar", ["xzf", tarball, "-O", "package/package.json"], { encoding: "utf8" }),
    );
    expect(manifest.version).toBe(version);
  }
  const wheelMetadata = execFileSync(
    "python3",
    [
      "-c",
      "import sys, zipfile; print(zipfile.ZipFile(sys.argv[1]).read(sys.argv[2]).decode())",
      release.python.wheel,
      `${python}.dist-info/METADATA`,
    ],
    { encoding: "utf8" },
  );
  expect(wheelMetadata).toMatch(new RegExp(`^Version: ${version.replace(/\./g, "\\.")}$`, "m"));
  expect(fs.readFileSync(path.join(release.dotnet, "version.txt"), "utf8").trim()).toBe(version);
  expect(fs.readFileSync(path.join(release.dotnet, "Streamkap.Pulumi.csproj"), "utf8")).toContain(
    `<Version>${version}</Version>`,
  );
});

/** The release's plugin archive for `name`. */
function pluginArchive(name: PluginPlatform): string {
  const archive = release.plugins.find((file) => file.endsWith(`-${name}.tar.gz`));
  if (!archive) throw new Error(`the release holds no plugin archive for ${name}`);
  return archive;
}

/** The plugin's executable in `name`'s archive, as bytes. */
function pluginExecutable(name: PluginPlatform): Buffer {
  const executable = `./pulumi-resource-streamkap${name.startsWith("windows") ? ".exe" : ""}`;
  return execFileSync("tar", ["xzf", pluginArchive(name), "-O", executable], { maxBuffer: 512 << 20 });
}

test("each platform's executable is Node.js for that platform at one version; macOS's carry a valid ad-hoc signature", () => {
  const nodeSource = `https://nodejs.org/download/release/v${seaNodeVersion}/`;
  // ELF's e_machine, and the machine of a PE file's COFF header.
  const machine = (executable: Buffer): string => {
    if (executable.subarray(0, 4).toString("hex") === "7f454c46")
      return `ELF ${executable.readUInt16LE(18).toString(16)}`;
    if (executable.subarray(0, 2).toString() === "MZ") {
      const pe = executable.readUInt32LE(0x3c);
      return `PE ${executable.readUInt16LE(pe + 4).toString(16)}`;
    }
    return "unknown";
  };
  const formats: Array<[PluginPlatform, string]> = [
    ["linux-amd64", "ELF 3e"], // EM_X86_64
    ["linux-arm64", "ELF b7"], // EM_AARCH64
    ["windows-amd64", "PE 8664"], // IMAGE_FILE_MACHINE_AMD64
    ["windows-arm64", "PE aa64"], // IMAGE_FILE_MACHINE_ARM64
  ];
  for (const [name, format] of formats) {
    const executable = pluginExecutable(name);
    expect([name, machine(executable)]).toEqual([name, format]);
    expect([name, executable.includes(nodeSource)]).toEqual([name, true]);
  }
  for (const [name, cpu] of [
    ["darwin-amd64", "x86_64"],
    ["darwin-arm64", "arm64"],
  ] as const) {
    const executable = pluginExecutable(name);
    expect([name, executable.includes(nodeSource)]).toEqual([name, true]);
    // Every page hashed anew after the application was injected, under our identifier, with no identity.
    expect(readMachOSignature(executable)).toEqual({
      cpu,
      identifier: "pulumi-resource-streamkap",
      adHoc: true,
      badPages: 0,
      pages: expect.any(Number),
      badSpecialSlots: [],
      coversFile: true,
    });
    // The check sees a changed byte, as macOS would.
    const tampered = Buffer.from(executable);
    tampered[4096 * 7 + 1] ^= 0xff;
    expect(readMachOSignature(tampered).badPages).toBe(1);
  }
});

/**
 * The plugin's executable answering `local` from a folder the release's archive was unpacked into, with no
 * Node.js on PATH: the local API server with one service per name, as its `--json` line gives them.
 */
async function startReleasedLocalServer(archive: string, names: readonly string[]): Promise<ReleasedLocalServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-released-local-"));
  execFileSync("tar", ["xzf", archive, "-C", dir]);
  const child = spawn(path.join(dir, "pulumi-resource-streamkap"), ["local", "--json", "--services", names.join(",")], {
    env: { PATH: pathWithoutNode, HOME: os.homedir() },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const ready = await new Promise<string>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("\n")) resolve(output.slice(0, output.indexOf("\n")));
    });
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", (code) => reject(new Error(`pulumi-resource-streamkap local exited with ${code}: ${output}`)));
  });
  const line = JSON.parse(ready) as {
    baseUrl: string;
    services: Array<{ name: string; clientId: string; secret: string }>;
  };
  return {
    baseUrl: line.baseUrl,
    services: new Map(line.services.map(({ name, ...credentials }) => [name, credentials])),
    stop: async () => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A copy of a quickstart of the release's examples as a user's project, its stack on the released server's service of that name. */
async function releasedExampleProject(
  dir: string,
  name: string,
  projectEnv: NodeJS.ProcessEnv = {},
): Promise<UserProject> {
  const credentials = releasedServer.services.get(name);
  if (!credentials) throw new Error(`the released local server has no service "${name}"`);
  const service = { baseUrl: releasedServer.baseUrl, ...credentials };
  const made = await TestProject.fromDirectory(dir, service);
  projects.push(made);
  return Object.assign(made, { api: new ServiceApi(service), service, env: { ...projectEnv, PATH: pathWithoutNode } });
}

test("the YAML quickstart of the release's examples runs on the plugin pulumi plugin install fetched, against the plugin's own local server", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-yaml-release-"));
  fs.cpSync(path.join(release.documentation.dir, "examples", "yaml"), dir, { recursive: true });
  const made = await releasedExampleProject(dir, "yaml");
  expect(await installPlugin(made)).toContain(`resource plugin streamkap-${version}`);
  const outputs = await upQuickstart(made);
  expect(outputs.topicId).toBe(`events-${made.stack.name}`);
  await previewAndDestroy(made);

  // A misspelled setting and a value a setting cannot take fail the preview in the plugin's config check.
  await made.stack.setConfig("streamkap:maxConcurency", { value: "4" });
  await made.stack.setConfig("streamkap:callTimeoutMs", { value: "soon" });
  const refused = await runPulumi(made, ["preview"], made.env);
  expect(refused.code).not.toBe(0);
  expect(refused.stdout + refused.stderr).toContain(
    "stack config streamkap:maxConcurency is not a setting of the Streamkap provider: did you mean streamkap:maxConcurrency?",
  );
  expect(refused.stdout + refused.stderr).toContain(
    "stack config streamkap:callTimeoutMs must be a positive whole number",
  );
}, 300_000);

test("the plugin's single executable trusts a private CA named by NODE_EXTRA_CA_CERTS, and only then", async () => {
  // A service behind a corporate TLS endpoint, as `local --tls` imitates one: Node reads NODE_EXTRA_CA_CERTS when the
  // process starts, and the release's executable is Node with our launcher injected, so it must read it too.
  const tlsDir = fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-release-tls-"));
  const tlsServer = await startLocalServer({ statusDelayMs: 20, deleteDelayMs: 20, tls: { dir: tlsDir } });
  try {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-yaml-release-tls-"));
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), yamlProgram);
    const tlsProject = await TestProject.fromDirectory(dir, tlsServer, { "streamkap:retryBudgetMs": "3000" });
    projects.push(tlsProject);
    await installPlugin(tlsProject);
    const refused = await runPulumi(tlsProject, ["up", "--yes", "--skip-preview"], {
      ...env,
      NODE_EXTRA_CA_CERTS: undefined,
    });
    expect(refused.code).not.toBe(0);
    expect(`${refused.stdout}${refused.stderr}`).toContain("point NODE_EXTRA_CA_CERTS at its PEM file");

    await runPulumiOk(tlsProject, ["up", "--yes", "--skip-preview"], { ...env, NODE_EXTRA_CA_CERTS: tlsServer.caFile });
    const created = tlsServer.stats().calls.filter((call) => call.method === "POST" && call.status < 300);
    expect(created.map((call) => call.path)).toContain("/pipelines");
    await runPulumiOk(tlsProject, ["destroy", "--yes", "--skip-preview"], {
      ...env,
      NODE_EXTRA_CA_CERTS: tlsServer.caFile,
    });
  } finally {
    await tlsServer.close();
    fs.rmSync(tlsDir, { recursive: true, force: true });
  }
}, 300_000);

/**
 * `npm <args>` in `dir` with the registry as the only one npm knows. Without the `npm_config_*` variables that
 * `npm test` hands down: a user's install does not run inside our npm (they would name npm's registry, and this
 * machine's settings, over the registry's userconfig).
 */
function npm(dir: string, args: readonly string[]): string {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_config_/i.test(name)));
  return execFileSync("npm", [...args, "--userconfig", registry.npmrc, "--no-audit", "--no-fund"], {
    cwd: dir,
    env,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/** A user's project, its stack on a service of its own; `env` is what its `pulumi` commands run with. */
type UserProject = TestProject & {
  api: ServiceApi;
  service: Pick<LocalServer, "baseUrl" | "clientId" | "secret">;
  env: NodeJS.ProcessEnv;
};

async function userProject(dir: string, projectEnv: NodeJS.ProcessEnv = {}): Promise<UserProject> {
  const service = { baseUrl: server.baseUrl, ...(await server.createService()) };
  const made = await TestProject.fromDirectory(dir, service);
  projects.push(made);
  return Object.assign(made, { api: new ServiceApi(service), service, env: projectEnv });
}

/** `pulumi plugin install` from the release host, into the project's own Pulumi home, as a user fills theirs. */
async function installPlugin(made: TestProject, installEnv: NodeJS.ProcessEnv = env): Promise<string> {
  const installed = await promisify(execFile)(
    pulumiBinary(),
    ["plugin", "install", "resource", "streamkap", version, "--server", hostUrl],
    { cwd: made.dir, env: cliEnvironment(made, installEnv) },
  );
  return `${installed.stdout}${installed.stderr}`;
}

/**
 * The TypeScript a new project holds: the version npm installs, and its compilerOptions. `pulumi new typescript`
 * writes `"moduleResolution": "node"`, which TypeScript 5 takes; TypeScript 6 (what `npm install typescript` gives
 * today) refuses it, and the README's advice is module and moduleResolution `nodenext`. (Deleting the
 * moduleResolution line alone satisfies tsc, but not `pulumi up`: Pulumi adds `moduleResolution: nodenext` to the
 * project's options, and with module commonjs TypeScript stops with TS5110.)
 */
const typescript5 = {
  version: "typescript@~5.9.3",
  compilerOptions: { strict: true, target: "es2020", module: "commonjs", moduleResolution: "node", outDir: "bin" },
};
const typescript6 = {
  version: "typescript@~6.0.3",
  compilerOptions: { strict: true, target: "es2020", module: "nodenext", moduleResolution: "nodenext", outDir: "bin" },
};
type ProjectTypeScript = typeof typescript5 | typeof typescript6;

/**
 * A new TypeScript project, as `pulumi new typescript` lays one out, with `packages` installed from the registry
 * and `program` as its index.ts; its stack on a service of its own. Pulumi compiles index.ts with the project's
 * TypeScript (through ts-node) on every run.
 */
async function projectFromRegistry(
  name: string,
  program: string,
  packages: readonly string[],
  typescript: ProjectTypeScript,
): Promise<UserProject> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `streamkap-${name}-`));
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), `name: ${name}\nruntime: nodejs\n`);
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name, private: true, main: "index.ts" }));
  fs.writeFileSync(
    path.join(dir, "tsconfig.json"),
    JSON.stringify({ compilerOptions: typescript.compilerOptions, files: ["index.ts"] }),
  );
  fs.writeFileSync(path.join(dir, "index.ts"), program);
  npm(dir, ["install", ...packages, "@pulumi/pulumi", typescript.version, "@types/node@^22"]);
  return userProject(dir);
}

/** Where npm says it fetched `name` from: the registry, and a copy in node_modules, not a link. */
function expectInstalledFromRegistry(dir: string, name: string): void {
  const lock = JSON.parse(fs.readFileSync(path.join(dir, "package-lock.json"), "utf8")) as {
    packages: Record<string, { version?: string; resolved?: string; link?: boolean }>;
  };
  const entry = lock.packages[`node_modules/${name}`];
  expect(entry).toMatchObject({ version });
  expect(entry?.resolved?.startsWith(registry.url)).toBe(true);
  expect(fs.lstatSync(path.join(dir, "node_modules", name)).isSymbolicLink()).toBe(false);
}

/**
 * Up, then the stack's outputs; the service then holds the quickstart's four objects. A project on the plugin
 * finds it where `pulumi plugin install` put it, not on PATH.
 */
async function upQuickstart(made: UserProject): Promise<Record<string, unknown>> {
  const up = await runPulumiOk(made, ["up", "--yes", "--skip-preview"], made.env);
  expect(up.stdout).not.toContain("pulumi-resource-streamkap from $PATH");
  const outputs = JSON.parse((await runPulumiOk(made, ["stack", "output", "--json"], made.env)).stdout);
  const { api } = made;
  expect((await api.list<{ id: string }>("/sources")).map((source) => source.id)).toEqual([outputs.sourceId]);
  expect(await api.list("/destinations")).toHaveLength(1);
  expect(await api.list("/pipelines")).toHaveLength(1);
  return outputs;
}

async function previewAndDestroy(made: UserProject): Promise<void> {
  const preview: CliRun = await runPulumiOk(made, ["preview", "--json"], made.env);
  expect(JSON.parse(preview.stdout).changeSummary).toEqual({ same: 5 });
  await runPulumiOk(made, ["destroy", "--yes", "--skip-preview"], made.env);
  expect(await made.api.list("/sources")).toEqual([]);
}

/** The version of the TypeScript a project installed. */
function installedTypeScript(dir: string): string {
  const manifest = path.join(dir, "node_modules", "typescript", "package.json");
  return (JSON.parse(fs.readFileSync(manifest, "utf8")) as { version: string }).version;
}

/** `tsc -p` of a project with the TypeScript it installed: what a user's editor and CI check. */
function typeCheck(dir: string): void {
  execFileSync(process.execPath, [path.join(dir, "node_modules", "typescript", "bin", "tsc"), "-p", dir, "--noEmit"], {
    cwd: dir,
    encoding: "utf8",
  });
}

test("pulumi-streamkap from the registry runs the quickstart as written under TypeScript 6, and its export installs and compiles", async () => {
  const quickstart = fs.readFileSync(path.join(repoRoot, "examples", "quickstart", "index.ts"), "utf8");
  const made = await projectFromRegistry("quickstart-npm", quickstart, [`pulumi-streamkap@^${version}`], typescript6);
  expect(installedTypeScript(made.dir)).toMatch(/^6\.0\./);
  expectInstalledFromRegistry(made.dir, "pulumi-streamkap");
  typeCheck(made.dir);
  await upQuickstart(made);

  // The installed package's own command writes the environment out as a program, which installs as written.
  const exported = path.join(made.dir, "exported");
  // Not execFileSync: the local API server answering it runs in this process.
  await promisify(execFile)(
    path.join(made.dir, "node_modules", ".bin", "pulumi-streamkap"),
    ["export", "--out", exported],
    {
      cwd: made.dir,
      env: {
        ...process.env,
        STREAMKAP_HOST: server.baseUrl,
        STREAMKAP_CLIENT_ID: made.service.clientId,
        STREAMKAP_SECRET: made.service.secret,
      },
    },
  );
  const manifest = JSON.parse(fs.readFileSync(path.join(exported, "package.json"), "utf8"));
  expect(manifest.dependencies["pulumi-streamkap"]).toBe(`^${version}`);
  npm(exported, ["install"]);
  expectInstalledFromRegistry(exported, "pulumi-streamkap");
  typeCheck(exported);

  await previewAndDestroy(made);

  // The installed package checks the provider's settings too, before any call.
  await made.stack.setConfig("streamkap:maxConcurency", { value: "4" });
  const refused = await runPulumi(made, ["preview"], made.env);
  expect(refused.code).not.toBe(0);
  expect(refused.stdout + refused.stderr).toContain(
    "stack config streamkap:maxConcurency is not a setting of the Streamkap provider: did you mean streamkap:maxConcurrency?",
  );
}, 600_000);

test("@streamkap/pulumi from the registry runs the quickstart through the installed plugin under TypeScript 5.9; pulumi import's code compiles", async () => {
  const program = fs.readFileSync(
    path.join(repoRoot, "tests", "fixtures", "programs", "quickstart-plugin", "index.ts"),
    "utf8",
  );
  const made = await projectFromRegistry(
    "quickstart-plugin-npm",
    program,
    [`@streamkap/pulumi@^${version}`],
    typescript5,
  );
  expect(installedTypeScript(made.dir)).toMatch(/^5\.9\./);
  expectInstalledFromRegistry(made.dir, "@streamkap/pulumi");
  typeCheck(made.dir);
  await installPlugin(made);
  const outputs = await upQuickstart(made);

  // The code `pulumi import` writes for the source imports @streamkap/pulumi, which this project installed.
  const imported = path.join(made.dir, "imported.ts");
  await runPulumiOk(made, [
    "import",
    "streamkap:index:PostgresqlSource",
    "orders-again",
    String(outputs.sourceId),
    "--yes",
    "--protect=false",
    "--out",
    imported,
  ]);
  expect(fs.readFileSync(imported, "utf8")).toContain('from "@streamkap/pulumi"');
  fs.writeFileSync(
    path.join(made.dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: { strict: true, target: "es2020", module: "commonjs", moduleResolution: "node", noEmit: true },
      files: ["imported.ts"],
    }),
  );
  typeCheck(made.dir);
  // The import also took the source into the stack a second time; only the code was wanted.
  const urn = `urn:pulumi:${made.stack.name}::quickstart-plugin-npm::streamkap:index:PostgresqlSource::orders-again`;
  await runPulumiOk(made, ["state", "delete", urn, "--yes"]);

  await previewAndDestroy(made);
}, 600_000);

test("the Go quickstart of the release's examples, on the SDK from the release's module proxy runs through the installed plugin", async () => {
  const { dir, env: goEnv } = goProjectFromProxy(
    release.go.proxy,
    version,
    path.join(release.documentation.dir, "examples", "go"),
  );
  const made = await releasedExampleProject(dir, "go", goEnv);
  await installPlugin(made);
  await upQuickstart(made);
  await previewAndDestroy(made);
}, 600_000);

test("the Python quickstart of the release's examples, on the release's wheel runs through the installed plugin", async () => {
  const example = path.join(release.documentation.dir, "examples", "python");
  const made = await releasedExampleProject(pythonProjectFromWheel(release.python.wheel, example), "python");
  await installPlugin(made);
  await upQuickstart(made);
  await previewAndDestroy(made);
}, 600_000);
