// Installs this checkout into a project's node_modules the way `npm install pulumi-streamkap` would: a real
// copy of the package's published files beside links to this checkout's dependencies (so one @pulumi/pulumi).
//
// The repository's own programs use a symlink (scripts/link-self.js), which is quicker, but Pulumi's function
// serializer sees through it: it writes a module by `require` only when the module's real path lies under
// node_modules. What users' state files hold can only be measured, and tested, on a real install.
import * as fs from "node:fs";
import * as path from "node:path";

const repoRoot = path.resolve(__dirname, "../..");

/** The paths `npm pack` would publish, from package.json's `files` (plus package.json itself). */
function publishedPaths(): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8")) as { files?: string[] };
  return ["package.json", ...(manifest.files ?? ["dist/"])];
}

export interface InstallOptions {
  /**
   * A directory holding another @pulumi/pulumi (e.g. `node_modules/pulumi-range-lowest`, an npm alias) to link as
   * the project's `@pulumi/pulumi`, so the package can be run against each end of its peer range without a
   * second checkout.
   */
  pulumiFrom?: string;
}

export function installPackageCopy(projectDir: string, options: InstallOptions = {}): void {
  const modules = path.join(projectDir, "node_modules");
  const target = path.join(modules, "pulumi-streamkap");
  fs.mkdirSync(target, { recursive: true });
  for (const published of publishedPaths()) {
    const from = path.join(repoRoot, published);
    if (fs.existsSync(from)) fs.cpSync(from, path.join(target, published), { recursive: true });
  }
  linkDependencies(modules, options);
}

/**
 * The package's dependencies beside it in `modules`, as npm would put them: a link to each of this checkout's
 * packages (so one @pulumi/pulumi, unless `options` names another).
 */
export function linkDependencies(modules: string, options: InstallOptions = {}): void {
  const repoModules = path.join(repoRoot, "node_modules");
  for (const entry of fs.readdirSync(repoModules)) {
    if (entry === "pulumi-streamkap" || entry.startsWith(".")) continue;
    if (entry === "@pulumi" && options.pulumiFrom) {
      // @pulumi is a scope, not a package: linking it whole would bring the checkout's own @pulumi/pulumi along,
      // so the scope is made real here and only its `pulumi` entry points elsewhere.
      const scope = path.join(modules, entry);
      fs.mkdirSync(scope);
      for (const scoped of fs.readdirSync(path.join(repoModules, entry))) {
        const from = scoped === "pulumi" ? path.resolve(options.pulumiFrom) : path.join(repoModules, entry, scoped);
        fs.symlinkSync(from, path.join(scope, scoped), "dir");
      }
      continue;
    }
    fs.symlinkSync(path.join(repoModules, entry), path.join(modules, entry), "dir");
  }
}
