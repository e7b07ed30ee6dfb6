// How a benchmark project finds pulumi-streamkap. It matters for what lands in state: Pulumi's closure serializer
// writes a module under a `node_modules` path as a one-line `require("pulumi-streamkap/…")`, but serializes any
// other module by value, and Node reports modules by their real path. So:
//
// - "installed" (the default) lays the project out as `npm install pulumi-streamkap` would: a real directory
//   node_modules/pulumi-streamkap holding the compiled package, every other dependency linked from this checkout.
//   This is what users get, so it is what the figures describe.
// - "linked" resolves node_modules/pulumi-streamkap to this checkout through a symlink, as the repository's own
//   examples and tests do; modules of the package then count as local modules.
//
// Either way the floor's provider is installed as a package of its own (see stacks/floor/do-nothing.ts).
import * as fs from "node:fs";
import * as path from "node:path";

import { installPackageCopy } from "../../scripts/install-copy";

export type Layout = "installed" | "linked";

/** The floor's do-nothing provider, as a package of its own (see stacks/floor/do-nothing.ts). */
export const floorProviderPackage = "bench-floor-provider";

/**
 * Gives `projectDir` a node_modules in the given layout: links to this checkout's dependencies, pulumi-streamkap
 * linked or installed, and the floor's provider package. Nothing is written into this checkout's node_modules.
 */
export function provideNodeModules(repoRoot: string, projectDir: string, layout: Layout): void {
  const target = path.join(projectDir, "node_modules");
  if (layout === "installed") {
    installPackageCopy(projectDir);
  } else {
    fs.mkdirSync(target);
    const repoModules = path.join(repoRoot, "node_modules");
    for (const entry of fs.readdirSync(repoModules)) {
      if (!entry.startsWith(".")) fs.symlinkSync(path.join(repoModules, entry), path.join(target, entry), "dir");
    }
  }
  const floor = path.join(target, floorProviderPackage);
  fs.mkdirSync(floor);
  fs.copyFileSync(compiledStack(repoRoot, "floor", "do-nothing.js"), path.join(floor, "index.js"));
  // do-nothing.js requires its outputs beside it.
  fs.copyFileSync(compiledStack(repoRoot, "floor", "outputs.js"), path.join(floor, "outputs.js"));
  fs.writeFileSync(path.join(floor, "package.json"), JSON.stringify({ name: floorProviderPackage, main: "index.js" }));
}

function compiledStack(repoRoot: string, ...parts: string[]): string {
  const file = path.join(repoRoot, "dist", "bench", "perf", "stacks", ...parts);
  if (!fs.existsSync(file)) throw new Error(`no compiled benchmark stack at ${file}: run \`npm run build\``);
  return file;
}

/**
 * Puts the compiled benchmark programs into the project, so that they resolve pulumi-streamkap from the project's
 * node_modules (from their place in dist/ they would find this checkout's). Returns the program's entry, relative
 * to the project.
 */
export function provideProgram(repoRoot: string, projectDir: string, program: string): string {
  const compiled = path.dirname(path.dirname(compiledStack(repoRoot, program, "index.js")));
  fs.cpSync(compiled, path.join(projectDir, "stacks"), {
    recursive: true,
    filter: (source) => !source.endsWith(".d.ts") && !source.endsWith(".d.ts.map"),
  });
  return path.join("stacks", program, "index.js");
}
