/**
 * Writes sdk-gen/: the SDKs of the provider plugin for Node.js, Python, Go and .NET, made from schema.json by Pulumi's
 * own code generators (the ones `pulumi package gen-sdk` runs; tools/pulumi-cli/cmd/streamkap-schema and, for C#,
 * tools/pulumi-dotnet-gen, which scripts/toolchain.sh builds). The Go SDK is a module of its own
 * (sdk-gen/go/streamkap/go.mod) so a Go program can require it. `npm run generate` runs it after the schema; tests/generated/sdk-gen.test.ts holds sdk-gen/ to what this
 * makes today.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

import { quietNodeRegistrations } from "./quiet-registration";
import { toolchainCacheDir } from "./toolchain-cache";

const repoRoot = path.resolve(__dirname, "../..");
export const sdkGenDir = path.join(repoRoot, "sdk-gen");
/** The languages streamkap-schema writes; .NET comes from pulumi-dotnet-gen. */
export const sdkLanguages = ["nodejs", "python", "go"] as const;
export const goModulePath = "github.com/streamkap-com/pulumi-streamkap/sdk-gen/go/streamkap";
/** Files we write beside the generators' (go.sum is `go mod tidy`'s and is checked by building, not by text). */
const goModuleDir = path.join("go", "streamkap");
const goSum = path.join(goModuleDir, "go.sum");

/** A generator the toolchain built, by the variable that names it. */
export function toolAt(variable: string, name: string): string {
  const bin = process.env[variable];
  if (!bin || !fs.existsSync(bin)) {
    throw new Error(
      `${name} is missing: run this through scripts/toolchain.sh (\`npm run generate\`, \`npm test\`) on a machine with Go`,
    );
  }
  return bin;
}

export const schemaTool = (): string => toolAt("PULUMI_STREAMKAP_SCHEMA_TOOL", "streamkap-schema");
export const dotnetGenerator = (): string => toolAt("PULUMI_STREAMKAP_DOTNET_GEN", "pulumi-dotnet-gen");

/** The Pulumi version the tools are built at (tools/pulumi-cli/go.mod), which the Go SDK must require. */
export function pulumiGoVersion(): string {
  const goMod = fs.readFileSync(path.join(repoRoot, "tools", "pulumi-cli", "go.mod"), "utf8");
  const version = /github\.com\/pulumi\/pulumi\/sdk\/v3 (v[0-9.]+)/.exec(goMod)?.[1];
  if (!version) throw new Error("tools/pulumi-cli/go.mod names no pulumi sdk version");
  return version;
}

/** Go's module and build caches, shared with the toolchain's builds. */
export function goEnv(flags: string): NodeJS.ProcessEnv {
  const cache = toolchainCacheDir();
  return {
    ...process.env,
    GOMODCACHE: path.join(cache, "gomod"),
    GOCACHE: path.join(cache, "gobuild"),
    GOFLAGS: flags,
    CGO_ENABLED: "0",
  };
}

function goModText(): string {
  return `module ${goModulePath}\n\ngo 1.25\n\nrequire github.com/pulumi/pulumi/sdk/v3 ${pulumiGoVersion()}\n`;
}

/** Every file below `dir`, as paths relative to it, sorted. */
export function filesBelow(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

/**
 * Generates the SDKs into `out` (which must be empty): the generators' files, with the Node.js classes registering
 * without stack traces (scripts/quiet-registration.ts), and the Go module's go.mod.
 */
export function generateSdks(out: string, schema = path.join(repoRoot, "schema.json")): void {
  execFileSync(schemaTool(), [schema, out, ...sdkLanguages], { stdio: ["ignore", "ignore", "inherit"] });
  quietNodeRegistrations(path.join(out, "nodejs"));
  execFileSync(dotnetGenerator(), [schema, path.join(out, "dotnet")], { stdio: ["ignore", "ignore", "inherit"] });
  fs.writeFileSync(path.join(out, goModuleDir, "go.mod"), goModText());
}

/** The files of sdk-gen/ that `generateSdks` writes (all but go.sum). */
export function generatedFiles(dir: string): string[] {
  return filesBelow(dir).filter((file) => file !== goSum);
}

if (require.main === module) {
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-sdk-gen-"));
  try {
    generateSdks(staging);
    const previousSum = path.join(sdkGenDir, goSum);
    if (fs.existsSync(previousSum)) fs.copyFileSync(previousSum, path.join(staging, goSum));
    // Module downloads go through the Go module proxy the first time; afterwards the cache answers.
    execFileSync("go", ["mod", "tidy"], {
      cwd: path.join(staging, goModuleDir),
      env: goEnv("-mod=mod"),
      stdio: "inherit",
    });
    fs.rmSync(sdkGenDir, { recursive: true, force: true });
    fs.cpSync(staging, sdkGenDir, { recursive: true });
    console.log(`${sdkGenDir}: ${filesBelow(sdkGenDir).length} files`);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
