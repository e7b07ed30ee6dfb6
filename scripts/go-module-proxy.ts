/**
 * The Go SDK (sdk-gen/go/streamkap) as a Go module proxy would serve it (https://go.dev/ref/mod#goproxy-protocol):
 * `<module>/@v/list`, `<version>.info`, `<version>.mod` and `<version>.zip` below a root that `GOPROXY=file://<root>`
 * reads. A release writes it so a Go program can require the SDK at the release's version without a `replace`; a
 * real publication instead pushes the tag `goModuleTag` names, from which proxy.golang.org makes the same files.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";

/** A module path as the proxy protocol spells it in URLs and file names: each upper-case letter as `!` + lower case. */
export function escapeModulePath(modulePath: string): string {
  return modulePath.replace(/[A-Z]/g, (letter) => `!${letter.toLowerCase()}`);
}

/**
 * The git tag that publishes `version` (without `v`) of the module at `modulePath`: a module in a subfolder of its
 * repository is tagged with that subfolder as prefix (https://go.dev/ref/mod#vcs-version), e.g.
 * `sdk-gen/go/streamkap/v0.1.0` for github.com/streamkap-com/pulumi-streamkap/sdk-gen/go/streamkap.
 */
export function goModuleTag(modulePath: string, version: string): string {
  const parts = modulePath.split("/");
  // github.com/<owner>/<repository>/<subfolder…>: the repository's root is its first three elements.
  if (parts[0] !== "github.com" || parts.length < 3) throw new Error(`${modulePath} is not a GitHub module path`);
  const subfolder = parts.slice(3).join("/");
  return subfolder ? `${subfolder}/v${version}` : `v${version}`;
}

/**
 * gomodzip (tools/pulumi-cli/cmd/gomodzip), which scripts/toolchain.sh builds: the module zip made by
 * golang.org/x/mod/zip, the go command's own code, so the files it leaves out and the limits it keeps are exactly
 * those `go mod download` checks.
 */
function gomodzip(): string {
  const bin = process.env.PULUMI_STREAMKAP_GOMODZIP;
  if (!bin || !fs.existsSync(bin)) {
    throw new Error(
      "gomodzip is missing (PULUMI_STREAMKAP_GOMODZIP): run this through scripts/toolchain.sh (`npm run release`, `npm test`) on a machine with Go",
    );
  }
  return bin;
}

/**
 * Writes version `version` (package.json's, without `v`) of the module at `modulePath`, whose sources are
 * `sourceDir`, into the Go module proxy rooted at `out`, and answers `out`. A version already there is replaced.
 */
export function writeGoModuleProxy(out: string, modulePath: string, version: string, sourceDir: string): string {
  const tag = `v${version}`;
  const goMod = fs.readFileSync(path.join(sourceDir, "go.mod"), "utf8");
  const declared = /^module\s+"?([^\s"]+)"?\s*$/m.exec(goMod)?.[1];
  if (declared !== modulePath) throw new Error(`${sourceDir}/go.mod declares module ${declared}, not ${modulePath}`);
  const versions = path.join(out, escapeModulePath(modulePath), "@v");
  fs.mkdirSync(versions, { recursive: true });
  // The zip first: sources Go refuses (say, two files differing only in case) leave no version listed. Its
  // entries carry no file times, so the same sources give the same bytes (tests/harness/released-sdks.ts
  // relies on that to tell a stale module in Go's cache).
  execFileSync(gomodzip(), [modulePath, tag, sourceDir, path.join(versions, `${tag}.zip`)], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  const listFile = path.join(versions, "list");
  const listed = fs.existsSync(listFile) ? fs.readFileSync(listFile, "utf8").split("\n").filter(Boolean) : [];
  fs.writeFileSync(listFile, [...new Set([...listed, tag])].map((v) => `${v}\n`).join(""));
  // A fixed time, not a file's mtime or the clock: the same sources give the same proxy files. Go only shows it
  // (`go list -m -json`'s Time); a real publication's time is its tag's commit's.
  fs.writeFileSync(path.join(versions, `${tag}.info`), JSON.stringify({ Version: tag, Time: "1980-01-01T00:00:00Z" }));
  fs.writeFileSync(path.join(versions, `${tag}.mod`), goMod);
  return out;
}
