/**
 * The provider plugin's generated Node.js SDK (sdk-gen/nodejs, the package `@streamkap/pulumi`) as a user's project
 * has it: built with this checkout's TypeScript into the project's node_modules, and a TypeScript program of the
 * project compiled against it with `tsc`, as its author would before `pulumi up`. sdk-gen/ is never built in
 * place, and nothing is written into this checkout.
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const repoRoot = path.resolve(__dirname, "../../..");
const repoModules = path.join(repoRoot, "node_modules");
const tsc = path.join(repoModules, "typescript", "bin", "tsc");
const packageName = "@streamkap/pulumi";

/** Runs this checkout's `tsc` with `args`; fails with what it printed (its type errors), unless it exits 0. */
async function runTsc(args: readonly string[]): Promise<void> {
  try {
    await run(process.execPath, [tsc, ...args], { maxBuffer: 16 << 20 });
  } catch (error) {
    const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
    throw new Error(`tsc ${args.join(" ")} failed:\n${stdout}${stderr}`, { cause: error });
  }
}

/**
 * Makes `dir/node_modules` a directory of its own (replacing the link to this checkout's node_modules that
 * TestProject makes) holding a link to each of this checkout's packages, so the project still resolves
 * @pulumi/pulumi and pulumi-streamkap from here, and `@streamkap/pulumi` built from sdk-gen/nodejs at the
 * plugin's version (the SDK asks the engine for the plugin of its package.json's version). The SDK is a real copy
 * inside the project, so it loads the project's @pulumi/pulumi: the one instance the program uses too.
 */
export async function installGeneratedNodeSdk(dir: string): Promise<void> {
  const modules = path.join(dir, "node_modules");
  if (fs.lstatSync(modules, { throwIfNoEntry: false })?.isSymbolicLink()) fs.unlinkSync(modules);
  fs.mkdirSync(modules, { recursive: true });
  const [scope, name] = packageName.split("/") as [string, string];
  for (const entry of fs.readdirSync(repoModules)) {
    // The SDK's scope is a directory of the project's own: a link would write the build into this checkout.
    if (entry === scope || fs.existsSync(path.join(modules, entry))) continue;
    fs.symlinkSync(path.join(repoModules, entry), path.join(modules, entry));
  }
  const sdk = path.join(modules, scope, name);
  await runTsc(["-p", path.join(repoRoot, "sdk-gen", "nodejs"), "--outDir", sdk]);
  const version = (JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8")) as { version: string })
    .version;
  const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, "sdk-gen", "nodejs", "package.json"), "utf8"));
  fs.writeFileSync(path.join(sdk, "package.json"), JSON.stringify({ ...manifest, version }, null, 2));
}

/**
 * Compiles the project's program, `source` copied to `dir/index.ts`, into `dir/index.js` with `tsc` (strict, as
 * `pulumi new typescript` sets it up), type-checking it against the packages of `dir/node_modules`; fails with
 * the type errors.
 */
export async function compileProgram(dir: string, source: string): Promise<void> {
  fs.copyFileSync(source, path.join(dir, "index.ts"));
  const tsconfig = {
    compilerOptions: {
      strict: true,
      target: "ES2022",
      module: "nodenext",
      moduleResolution: "nodenext",
      types: ["node"],
      skipLibCheck: true,
    },
    files: ["index.ts"],
  };
  fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify(tsconfig, null, 2));
  await runTsc(["-p", dir]);
}
