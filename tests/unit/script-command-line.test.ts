/**
 * The scripts and benches share the `pulumi-streamkap` commands' command-line convention
 * (scripts/script-command-line.ts over cli/command-line.ts), seen as a user runs each built one: `--help` prints its
 * usage and exits 0, `--version` the package's version, and a usage error is one line naming the script and the
 * problem, with exit code 2, before the script does anything.
 */
import { execFile } from "node:child_process";
import * as path from "node:path";

const dist = path.resolve(__dirname, "../..");
const version = (require(path.resolve(dist, "../package.json")) as { version: string }).version;

function run(script: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [path.join(dist, script), ...args], (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin?.end();
  });
}

/** Each script's source, its usage's first line, and an option of its own. */
const scripts: Array<[source: string, usage: string, option: string]> = [
  ["scripts/parity/extract-reference.ts", "Usage: node dist/scripts/parity/extract-reference.js --repo DIR", "--repo"],
  ["scripts/demo.ts", "Usage: npm run demo -- [options]", "--keep"],
  ["scripts/sync-catalogue.ts", "Usage: npm run sync-catalogue -- [options]", "--source"],
  ["scripts/release.ts", "Usage: npm run release -- [options]", "--platforms"],
  ["bench/throttle.ts", "Usage: npm run bench:throttle -- [options]", "--rates"],
  ["bench/console.ts", "Usage: npm run bench:console -- [options]", "--tables"],
  ["bench/perf/run.ts", "Usage: npm run bench -- [options]", "--sizes"],
  ["bench/server-size.ts", "Usage: npm run bench:server-size -- [options]", "--server-arg"],
  ["bench/soak.ts", "Usage: npm run soak -- [options]", "--groups"],
];

const built = (source: string): string => source.replace(/\.ts$/, ".js");

test.each(scripts)("%s --help prints its usage and exits 0", async (source, usage, option) => {
  const result = await run(built(source), ["--help"]);
  expect(result).toMatchObject({ code: 0, stderr: "" });
  expect(result.stdout.startsWith(`${usage}\n`)).toBe(true);
  expect(result.stdout).toContain(`${option} `);
  expect(result.stdout).toContain("--help, --version");
});

test.each(scripts)("%s --version prints the package's version", async (source) => {
  expect(await run(built(source), ["--version"])).toEqual({ code: 0, stdout: `${version}\n`, stderr: "" });
});

test.each(scripts)("%s --bogus is a usage error naming the script and the option, exit 2", async (source) => {
  expect(await run(built(source), ["--bogus"])).toEqual({
    code: 2,
    stdout: "",
    stderr: `${source}: unknown option "--bogus" (see --help)\n`,
  });
});

test.each([
  [
    "scripts/sync-catalogue.ts",
    ["../shared/spec/connectors.json"],
    'unexpected argument "../shared/spec/connectors.json"',
  ],
  ["scripts/parity/extract-reference.ts", [], "--repo DIR is required"],
  ["scripts/release.ts", ["--platforms=linux-amd64,plan9-mips"], "--platforms: unknown platforms plan9-mips"],
  ["bench/soak.ts", ["--groups", "0"], "--groups must be a whole number ≥ 1"],
  ["bench/throttle.ts", ["--groups=x"], "--groups needs a positive whole number, got 'x'"],
  ["bench/console.ts", ["--tables", "many"], "--tables needs positive whole numbers, got 'many'"],
  ["bench/server-size.ts", ["--seconds", "0"], "--seconds must be positive"],
  ["bench/server-size.ts", ["--server-arg", "--fsync"], '--server-arg needs a value (one starting with "-" goes as'],
])("%s %j: %s", async (source, args, problem) => {
  const result = await run(built(source), args);
  expect(result).toMatchObject({ code: 2, stdout: "" });
  expect(result.stderr.startsWith(`${source}: ${problem}`)).toBe(true);
  expect(result.stderr.endsWith(" (see --help)\n")).toBe(true);
});
