/**
 * The Python SDK (sdk-gen/python) as the packages pip installs: an sdist and a wheel of `pulumi_streamkap` at a
 * release's version, built by the standard `build` frontend from a staging copy (the generated setup.py says
 * 0.0.0, which the copy replaces). The frontend lives in a virtualenv of its own in the toolchain's cache, made on
 * first use from PyPI.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

import { toolchainCacheDir } from "./toolchain-cache";

const repoRoot = path.resolve(__dirname, "../..");
const sdkDir = path.join(repoRoot, "sdk-gen", "python");
/** The `build` frontend, pinned so that every machine packs the same way. */
const BUILD_VERSION = "1.3.0";

function cacheDir(): string {
  return toolchainCacheDir();
}

function run(command: string, args: readonly string[], cwd?: string): void {
  execFileSync(command, args, { cwd, stdio: ["ignore", "pipe", "pipe"], encoding: "utf8", maxBuffer: 64 << 20 });
}

/**
 * The interpreter of the cache's virtualenv with `build` installed, made on first use: beside, then renamed into
 * place, so that a run interrupted half-way leaves nothing in place and two test files making it at once both
 * end with a whole one (the loser of the rename drops its own).
 */
function buildFrontend(): string {
  const venv = path.join(cacheDir(), `python-build-${BUILD_VERSION}`);
  const python = path.join(venv, "bin", "python");
  if (fs.existsSync(python)) return python;
  fs.mkdirSync(cacheDir(), { recursive: true });
  const making = fs.mkdtempSync(path.join(cacheDir(), "python-build-making-"));
  try {
    try {
      run("python3", ["-m", "venv", making]);
    } catch (error) {
      throw new Error(
        `could not make a Python virtualenv (python3 -m venv) for the \`build\` frontend: ${describe(error)}`,
        { cause: error },
      );
    }
    try {
      run(path.join(making, "bin", "python"), ["-m", "pip", "install", "--quiet", `build==${BUILD_VERSION}`]);
    } catch (error) {
      throw new Error(`could not install build==${BUILD_VERSION} from PyPI: ${describe(error)}`, { cause: error });
    }
    // The virtualenv finds itself from its pyvenv.cfg and the interpreter's path, so it works once moved; only
    // its scripts' first lines name the old path, and this runs `python -m build`, not a script.
    fs.renameSync(making, venv);
  } catch (error) {
    if (!fs.existsSync(python)) throw error;
  } finally {
    fs.rmSync(making, { recursive: true, force: true });
  }
  return python;
}

function describe(error: unknown): string {
  if (error && typeof error === "object" && "stderr" in error) {
    const { stdout, stderr } = error as { stdout?: unknown; stderr?: unknown };
    const printed = `${String(stdout ?? "")}${String(stderr ?? "")}`.trim();
    if (printed) return printed;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * Builds `pulumi_streamkap-<version>` from sdk-gen/python into `out` (made when missing) as an sdist and a wheel;
 * answers their paths.
 */
export function buildPythonPackages(out: string, version: string): { sdist: string; wheel: string } {
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-python-package-"));
  try {
    const source = path.join(staging, "source");
    fs.cpSync(sdkDir, source, {
      recursive: true,
      filter: (file) => !/(^|[\\/])(__pycache__|build|dist|[^\\/]*\.egg-info)$/.test(path.relative(sdkDir, file)),
    });

    const setupPy = path.join(source, "setup.py");
    const setup = fs.readFileSync(setupPy, "utf8");
    const versionLine = /^VERSION = "0\.0\.0"$/m;
    if (!versionLine.test(setup)) {
      throw new Error(
        `${path.relative(repoRoot, path.join(sdkDir, "setup.py"))} has no \`VERSION = "0.0.0"\` line to set the ` +
          `version in: the Python generator's setup.py changed, and buildPythonPackages must follow it`,
      );
    }
    fs.writeFileSync(setupPy, setup.replace(versionLine, `VERSION = ${JSON.stringify(version)}`));

    // setup.py takes the long description from a README.md beside it; the generator writes one in the package only.
    const readme = path.join(source, "README.md");
    if (/open\(['"]README\.md['"]/.test(setup) && !fs.existsSync(readme)) {
      const packageReadme = path.join(source, "pulumi_streamkap", "README.md");
      fs.writeFileSync(
        readme,
        fs.existsSync(packageReadme)
          ? fs.readFileSync(packageReadme, "utf8")
          : "# pulumi_streamkap\n\nPulumi resources for the Streamkap change-data-capture platform.\n",
      );
    }

    // Built into a directory of its own, so that the two packages are exactly what is in it.
    const built = path.join(staging, "out");
    try {
      run(buildFrontend(), ["-m", "build", "--sdist", "--wheel", "--outdir", built, source], staging);
    } catch (error) {
      throw new Error(`building the Python packages of sdk-gen/python failed: ${describe(error)}`, { cause: error });
    }
    const files = fs.readdirSync(built);
    const sdistName = files.find((file) => file.endsWith(".tar.gz"));
    const wheelName = files.find((file) => file.endsWith(".whl"));
    if (!sdistName || !wheelName) {
      throw new Error(`\`python -m build\` made ${files.join(", ") || "nothing"}, not an sdist and a wheel`);
    }
    fs.mkdirSync(out, { recursive: true });
    const sdist = path.join(out, sdistName);
    const wheel = path.join(out, wheelName);
    fs.copyFileSync(path.join(built, sdistName), sdist);
    fs.copyFileSync(path.join(built, wheelName), wheel);
    return { sdist, wheel };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
