import * as os from "node:os";
import * as path from "node:path";

/**
 * Where scripts/toolchain.sh keeps what it installs (its CACHE line): PULUMI_STREAMKAP_CACHE, else
 * $XDG_CACHE_HOME/pulumi-streamkap, else ~/.cache/pulumi-streamkap. The scripts and tests that keep their own tools
 * beside it (Go caches, Node binaries, the Python build frontend, the npm registry) all ask here.
 */
export function toolchainCacheDir(): string {
  return (
    process.env.PULUMI_STREAMKAP_CACHE ||
    path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache"), "pulumi-streamkap")
  );
}
