// `npm run bench` options (bench/perf/options.ts): defaults, quick mode, and usage errors that name the bad flag,
// as the parsed options and as what the built bench prints and exits with.
import { execFile } from "node:child_process";
import * as path from "node:path";

import { benchCommand, type BenchOptions, repeatsFor } from "../../bench/perf/options";
import { parseScriptCommandLine, UsageError } from "../../scripts/script-command-line";

const root = "/repo";
const runScript = path.resolve(__dirname, "../../bench/perf/run.js");

function parse(argv: string[]): BenchOptions {
  const line = parseScriptCommandLine(benchCommand(root), argv);
  if (line.kind !== "run") throw new Error(`expected a run, got ${line.kind}`);
  return line.options;
}

function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [runScript, ...args], (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe("bench options", () => {
  test("defaults: sizes 10, 100 and 500, 25 ms, both stacks, pulumi's own --parallel, an installed package", () => {
    const options = parse([]);
    expect(options).toMatchObject({
      sizes: [10, 100, 500],
      latencyMs: 25,
      parallel: undefined,
      variants: ["floor", "provider"],
      layout: "installed",
      out: path.join(root, "bench", "RESULTS.md"),
      json: path.join(root, "bench", "results.json"),
      command: "npm run bench",
    });
    expect([10, 100, 500, 2000].map((size) => repeatsFor(options, size))).toEqual([3, 3, 3, 1]);
  });

  test("quick mode runs 10 resources once and keeps the committed report untouched", () => {
    const options = parse(["--quick"]);
    expect(options.sizes).toEqual([10]);
    expect(repeatsFor(options, 10)).toBe(1);
    expect(options.out).toBe(path.join(root, "dist", "bench", "perf", "quick", "RESULTS.md"));
  });

  test("--large adds 2,000 resources, run once, to the default sizes; it chooses the sizes alone", () => {
    const options = parse(["--large"]);
    expect(options.sizes).toEqual([10, 100, 500, 2000]);
    expect(options.pluginSizes).toEqual([10, 100, 500, 2000]);
    expect(repeatsFor(options, 2000)).toBe(1);
    expect(() => parse(["--large", "--sizes", "10"])).toThrow(
      new UsageError("--large chooses the sizes: leave out --quick and --sizes"),
    );
  });

  test("flags set what they name, as `--flag value` or `--flag=value`; --config is repeatable", () => {
    const options = parse(["--sizes", "20,40", "--latency=0", "--parallel", "16", "--only", "provider", "--repeat=2"]);
    expect(options).toMatchObject({ sizes: [20, 40], latencyMs: 0, parallel: 16, variants: ["provider"] });
    expect(repeatsFor(options, 500)).toBe(2);
    expect(
      parse(["--config", "streamkap:maxConcurrency=16", "--config=streamkap:maxRetries=2", "--linked"]),
    ).toMatchObject({
      config: { "streamkap:maxConcurrency": "16", "streamkap:maxRetries": "2" },
      layout: "linked",
    });
    expect(parse(["--out", "x/R.md"]).json).toBe(path.join(root, "x", "results.json"));
    expect(parse(["--quick", "--keep"]).command).toBe("npm run bench -- --quick --keep");
  });

  test("--help and --version are answered, not run", () => {
    expect(parseScriptCommandLine(benchCommand(root), ["--sizes", "10", "--help"])).toEqual({ kind: "help" });
    expect(parseScriptCommandLine(benchCommand(root), ["--version"])).toEqual({ kind: "version" });
  });

  test.each([
    [["--sizes", "10,x"], "--sizes needs a positive whole number, got 'x'"],
    [["--only", "both"], "--only takes floor, provider or plugin, got 'both'"],
    [["--config", "novalue"], "--config takes KEY=VALUE, got 'novalue'"],
    [["--sizes", "10", "--plugin-sizes", "100"], "--plugin-sizes takes sizes of --sizes (10), got 100"],
    [["--frobnicate"], 'unknown option "--frobnicate"'],
    [["--repeat"], "--repeat needs a value"],
    [["--quick=yes"], "--quick takes no value"],
    [["10"], 'unexpected argument "10": bench/perf/run.ts takes options only'],
  ])("%j is a usage error: %s", (argv, problem) => {
    expect(() => parse(argv)).toThrow(new UsageError(problem));
  });

  test("the built bench prints a usage error with where the usage is, exits 2, and runs nothing", async () => {
    expect(await run(["--frobnicate"])).toEqual({
      code: 2,
      stdout: "",
      stderr: 'bench/perf/run.ts: unknown option "--frobnicate" (see --help)\n',
    });
    expect(await run(["--sizes", "0"])).toEqual({
      code: 2,
      stdout: "",
      stderr: "bench/perf/run.ts: --sizes needs a positive whole number, got '0' (see --help)\n",
    });
  });

  test("the built bench's --help lists every option and exits 0", async () => {
    const result = await run(["--help"]);
    expect(result).toMatchObject({ code: 0, stderr: "" });
    expect(result.stdout).toMatch(/^Usage: npm run bench -- \[options\]\n/);
    for (const flag of Object.keys(benchCommand(root).options)) expect(result.stdout).toContain(`--${flag} `);
  });
});
