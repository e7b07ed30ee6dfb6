// `npm run bench` options (bench/perf/options.ts): defaults, quick mode, and errors that name the bad flag.
import * as path from "node:path";

import { parseOptions, repeatsFor } from "../../bench/perf/options";

const root = "/repo";

describe("bench options", () => {
  test("defaults: sizes 10, 100 and 500, 25 ms, both stacks, pulumi's own --parallel, an installed package", () => {
    const options = parseOptions([], root);
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
    expect([10, 100, 500].map((size) => repeatsFor(options, size))).toEqual([3, 3, 1]);
  });

  test("quick mode runs 10 resources once and keeps the committed report untouched", () => {
    const options = parseOptions(["--quick"], root);
    expect(options.sizes).toEqual([10]);
    expect(repeatsFor(options, 10)).toBe(1);
    expect(options.out).toBe(path.join(root, "dist", "bench", "perf", "quick", "RESULTS.md"));
  });

  test("--large adds 2,000 resources, run once, to the default sizes; it chooses the sizes alone", () => {
    const options = parseOptions(["--large"], root);
    expect(options.sizes).toEqual([10, 100, 500, 2000]);
    expect(options.pluginSizes).toEqual([10, 100, 500, 2000]);
    expect(repeatsFor(options, 2000)).toBe(1);
    expect(() => parseOptions(["--large", "--sizes", "10"], root)).toThrow(
      "--large chooses the sizes: leave out --quick and --sizes",
    );
  });

  test("flags set what they name", () => {
    const options = parseOptions(
      ["--sizes", "20,40", "--latency", "0", "--parallel", "16", "--only", "provider", "--repeat", "2"],
      root,
    );
    expect(options).toMatchObject({ sizes: [20, 40], latencyMs: 0, parallel: 16, variants: ["provider"] });
    expect(repeatsFor(options, 500)).toBe(2);
    expect(parseOptions(["--config", "streamkap:maxConcurrency=16", "--linked"], root)).toMatchObject({
      config: { "streamkap:maxConcurrency": "16" },
      layout: "linked",
    });
    expect(parseOptions(["--out", "x/R.md"], root).json).toBe(path.join(root, "x", "results.json"));
  });

  test("a bad value names its flag", () => {
    expect(() => parseOptions(["--sizes", "10,x"], root)).toThrow("--sizes");
    expect(() => parseOptions(["--only", "both"], root)).toThrow("--only");
    expect(() => parseOptions(["--config", "novalue"], root)).toThrow("--config");
    expect(() => parseOptions(["--frobnicate"], root)).toThrow("unknown option '--frobnicate'");
  });
});
