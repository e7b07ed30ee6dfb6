/**
 * The quickstart of examples/go and examples/python as a user's project on the SDK of a release, with no path into
 * this checkout: the Go program requires the SDK module at the release's version from a Go module proxy
 * (GOPROXY=file://…), the Python program runs in a virtualenv holding the release's wheel and its dependencies from
 * PyPI. tests/engine/go-program.test.ts and python-program.test.ts run them with the plugin from PATH;
 * release-install.test.ts with the plugin `pulumi plugin install` took from the release's archive.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { pathToFileURL } from "node:url";

import { goEnv, goModulePath } from "../../scripts/gen-sdks";
import { escapeModulePath } from "../../scripts/go-module-proxy";

const repoRoot = path.resolve(__dirname, "../../..");

export interface GoProject {
  dir: string;
  /** What `go` and `pulumi` run with: the toolchain's caches, read-only go.mod, and the module proxy first. */
  env: NodeJS.ProcessEnv;
}

/**
 * A copy of examples/go (or of the one a release holds, `source`), which requires the SDK at `version` (no `v`),
 * on the module proxy at `proxy`; its go.sum completed from there.
 */
export function goProjectFromProxy(
  proxy: string,
  version: string,
  source: string = path.join(repoRoot, "examples", "go"),
): GoProject {
  // Our module is not in the public checksum database: GONOSUMDB keeps Go from asking it (GOPRIVATE would also
  // bypass the proxy).
  const env: NodeJS.ProcessEnv = {
    ...goEnv("-mod=readonly"),
    GOPROXY: `${pathToFileURL(proxy).href},${process.env.GOPROXY || "https://proxy.golang.org,direct"}`,
    GONOSUMDB: [goModulePath, process.env.GONOSUMDB].filter(Boolean).join(","),
  };
  forgetStaleModule(env.GOMODCACHE as string, proxy, version);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-go-"));
  for (const file of ["Pulumi.yaml", "main.go", "go.sum"])
    fs.copyFileSync(path.join(source, file), path.join(dir, file));
  // The example pins the release's SDK, which only the module proxy serves.
  const goMod = fs.readFileSync(path.join(source, "go.mod"), "utf8");
  if (!goMod.includes(`${goModulePath} v${version}\n`) || goMod.includes("replace "))
    throw new Error(`${source}/go.mod does not require ${goModulePath} v${version} (and nothing else in its place)`);
  fs.writeFileSync(path.join(dir, "go.mod"), goMod);
  // The example's go.sum has no lines for the unpublished SDK: downloading it from the proxy adds them, and the
  // program then builds read-only like a user's.
  execFileSync("go", ["mod", "download", `${goModulePath}@v${version}`], {
    cwd: dir,
    env: { ...env, GOFLAGS: "-mod=mod" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return { dir, env };
}

/**
 * Go reuses a version it extracted before, so an SDK of the same version from an earlier run would hide today's.
 * Our module is forgotten from the module cache (its files are read-only, as Go leaves them) when the zip Go keeps
 * differs from the proxy's, keeping the rest of the cache, the Pulumi SDK's minutes of downloads. The proxy's zip
 * is the same bytes for the same sources, so projects made at once in one run find the same zip and forget nothing.
 */
function forgetStaleModule(modCache: string, proxy: string, version: string): void {
  const versions = path.join(escapeModulePath(goModulePath), "@v");
  const kept = path.join(modCache, "cache", "download", versions, `v${version}.zip`);
  const published = fs.readFileSync(path.join(proxy, versions, `v${version}.zip`));
  if (!fs.existsSync(kept) || fs.readFileSync(kept).equals(published)) return;
  for (const dir of [
    path.join(modCache, "github.com", "streamkap-com"),
    path.join(modCache, "cache", "download", "github.com", "streamkap-com"),
  ]) {
    if (!fs.existsSync(dir)) continue;
    execFileSync("chmod", ["-R", "u+w", dir]);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A copy of examples/python with the virtualenv its Pulumi.yaml names, made as a user makes it, holding `wheel`
 * and its dependencies (pulumi among them) from PyPI. Given the copy of examples/python a release holds,
 * `released`, the copy is of it, and its requirements.txt (which pins the release's SDK) is installed with the
 * wheel's folder as a package index, as its README says.
 */
export function pythonProjectFromWheel(wheel: string, released?: string): string {
  const source = released ?? path.join(repoRoot, "examples", "python");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-python-"));
  for (const file of ["Pulumi.yaml", "__main__.py"]) fs.copyFileSync(path.join(source, file), path.join(dir, file));
  execFileSync("python3", ["-m", "venv", "venv"], { cwd: dir, stdio: "pipe" });
  const what = released
    ? ["-r", path.join(released, "requirements.txt"), "--find-links", path.dirname(wheel)]
    : [wheel];
  execFileSync(path.join(dir, "venv", "bin", "pip"), ["install", "--quiet", ...what], {
    cwd: dir,
    stdio: "pipe",
    maxBuffer: 64 << 20,
  });
  return dir;
}
