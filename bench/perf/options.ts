// Command-line options of `npm run bench` (bench/perf/run.ts).
import * as path from "node:path";

import {
  type OptionSpecs,
  type OptionValues,
  type ScriptCommand,
  scriptCommand,
  UsageError,
} from "../../scripts/script-command-line";
import type { Layout } from "./layout";

/**
 * The stacks: the Streamkap stack through the dynamic providers ("provider"), the same stack through the provider
 * plugin pulumi-resource-streamkap ("plugin"), and the do-nothing floor of each at equal state ("floor" and
 * "pluginFloor"; a "floor" run with no Streamkap stack before it is the plain floor, whose outputs are its inputs).
 */
export type Variant = "floor" | "provider" | "plugin" | "pluginFloor";

export interface BenchOptions {
  /** Stack sizes in resources; each is rounded down to whole groups of ten. */
  sizes: number[];
  /** Fixed delay the local API server adds to every call, in milliseconds. */
  latencyMs: number;
  /** The engine's `--parallel`; undefined means pulumi's own default, which run.ts looks up and records. */
  parallel: number | undefined;
  /** Which of the floor and the dynamic-provider stack to run, at every size. */
  variants: Array<"floor" | "provider">;
  /** The sizes at which the provider-plugin stack runs too (each one of `sizes`). */
  pluginSizes: number[];
  /** Runs of each stack; wall times are reported as the median. Undefined: see repeatsFor(). */
  repeat: number | undefined;
  /** Where the Markdown report goes; the JSON goes next to it as results.json. */
  out: string;
  json: string;
  quick: boolean;
  /** Keep the temporary project directories (state, logs) for inspection. */
  keep: boolean;
  /** Further stack config for the Streamkap stack, e.g. `streamkap:maxConcurrency=16`. */
  config: Record<string, string>;
  /** How the projects find pulumi-streamkap (layout.ts). */
  layout: Layout;
  /** Where node processes the engine starts write V8 CPU profiles (`--cpu-prof`), when set. */
  cpuProfileDir: string | undefined;
  /** Re-render the report from this results.json instead of running anything (after editing analysis.md). */
  renderOnly: string | undefined;
  /** The command line as given, for the report. */
  command: string;
}

const usage = `Usage: npm run bench -- [options]
  --sizes 10,100,500   stack sizes in resources (groups of ten kinds)      default 10,100,500
  --latency 25         fixed latency the local API server adds per call, ms  default 25
  --parallel N         the engine's --parallel                              default: pulumi's default
  --only floor|provider|plugin  run one stack only, no ratios then (the floor alone is the plain floor:
                       outputs = inputs, with no Streamkap stack to take its state from)
  --plugin-sizes 100   sizes at which the provider-plugin stack runs too, or none   default: every size
  --repeat K           runs of each stack; wall times are the median
                       default 3 up to 500 resources, 1 above (a 2,000-resource run takes most of an hour)
  --large              sizes 10,100,500,2000 (2,000 resources take about an hour: both stacks and their floors)
  --quick              sizes 10 only, one run each, report under dist/bench/perf/quick/ unless --out is given
  --out FILE           Markdown report                                      default bench/RESULTS.md
  --json FILE          JSON results                          default results.json beside the report
  --config KEY=VALUE   further stack config for the Streamkap stack (repeatable), e.g. streamkap:maxConcurrency=16
  --linked             resolve pulumi-streamkap through a symlink to this checkout, as the repository's tests do,
                       instead of a copy installed in the project's node_modules as users have it
  --cpu-prof DIR       node processes under pulumi (program, provider) write V8 CPU profiles into DIR
  --keep               keep the temporary project directories
  --render FILE        only re-render the report from a results.json (e.g. after editing bench/perf/analysis.md)
  --help, --version    this usage; the package's version`;

function positiveInteger(flag: string, text: string | undefined): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) {
    throw new UsageError(`${flag} needs a positive whole number, got '${text}'`);
  }
  return value;
}

function nonNegative(flag: string, text: string | undefined): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0) throw new UsageError(`${flag} needs a number of 0 or more, got '${text}'`);
  return value;
}

/**
 * Runs of each stack of `resources`. On a shared machine one run's wall time can be off by a factor of two, and at
 * 500 resources a few hundred milliseconds decide a target, so stacks up to 500 run three times (about seven minutes
 * a run of all four stacks at 500); larger ones once, as one run at 2,000 takes most of an hour.
 */
export function repeatsFor(options: Pick<BenchOptions, "repeat" | "quick">, resources: number): number {
  return options.repeat ?? (options.quick || resources > 500 ? 1 : 3);
}

const benchOptionSpecs = {
  sizes: { type: "string" },
  latency: { type: "string" },
  parallel: { type: "string" },
  only: { type: "string" },
  "plugin-sizes": { type: "string" },
  repeat: { type: "string" },
  quick: { type: "boolean" },
  large: { type: "boolean" },
  out: { type: "string" },
  json: { type: "string" },
  keep: { type: "boolean" },
  render: { type: "string" },
  linked: { type: "boolean" },
  "cpu-prof": { type: "string" },
  config: { type: "string", multiple: true },
} as const satisfies OptionSpecs;

/** The options of `npm run bench` from its parsed command line `argv`; a bad value is a UsageError naming its flag. */
function benchOptions(
  values: OptionValues<typeof benchOptionSpecs>,
  argv: readonly string[],
  repoRoot: string,
): BenchOptions {
  const sizes = values.sizes?.split(",").map((size) => positiveInteger("--sizes", size.trim()));
  const only = values.only;
  if (only !== undefined && only !== "floor" && only !== "provider" && only !== "plugin") {
    throw new UsageError(`--only takes floor, provider or plugin, got '${only}'`);
  }
  const variants: Array<"floor" | "provider"> =
    only === undefined ? ["floor", "provider"] : only === "plugin" ? [] : [only];
  let pluginSizes =
    values["plugin-sizes"] === undefined
      ? undefined
      : values["plugin-sizes"].trim() === "none"
        ? []
        : values["plugin-sizes"].split(",").map((size) => positiveInteger("--plugin-sizes", size.trim()));
  const config: Record<string, string> = {};
  for (const pair of values.config ?? []) {
    const eq = pair.indexOf("=");
    if (eq <= 0) throw new UsageError(`--config takes KEY=VALUE, got '${pair}'`);
    config[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  const quick = values.quick === true;
  const large = values.large === true;
  const report = path.resolve(
    repoRoot,
    values.out ??
      (quick ? path.join("dist", "bench", "perf", "quick", "RESULTS.md") : path.join("bench", "RESULTS.md")),
  );
  if (large && (quick || sizes !== undefined)) {
    throw new UsageError("--large chooses the sizes: leave out --quick and --sizes");
  }
  const allSizes = sizes ?? (quick ? [10] : large ? [10, 100, 500, 2000] : [10, 100, 500]);
  if (only !== undefined && only !== "plugin") pluginSizes = [];
  const strayPluginSize = pluginSizes?.find((size) => !allSizes.includes(size));
  if (strayPluginSize !== undefined) {
    throw new UsageError(`--plugin-sizes takes sizes of --sizes (${allSizes.join(",")}), got ${strayPluginSize}`);
  }
  return {
    sizes: allSizes,
    latencyMs: values.latency === undefined ? 25 : nonNegative("--latency", values.latency),
    parallel: values.parallel === undefined ? undefined : positiveInteger("--parallel", values.parallel),
    variants,
    pluginSizes: pluginSizes ?? allSizes,
    repeat: values.repeat === undefined ? undefined : positiveInteger("--repeat", values.repeat),
    out: report,
    json: values.json ? path.resolve(repoRoot, values.json) : path.join(path.dirname(report), "results.json"),
    quick,
    keep: values.keep === true,
    config,
    layout: values.linked ? "linked" : "installed",
    cpuProfileDir: values["cpu-prof"] === undefined ? undefined : path.resolve(values["cpu-prof"]),
    renderOnly: values.render === undefined ? undefined : path.resolve(values.render),
    command: ["npm run bench", ...(argv.length > 0 ? ["--", ...argv] : [])].join(" "),
  };
}

/** The command line of `npm run bench` in a checkout at `repoRoot` (reports and results go below it by default). */
export function benchCommand(repoRoot: string): ScriptCommand<typeof benchOptionSpecs, BenchOptions> {
  return scriptCommand("bench/perf/run.ts", usage, benchOptionSpecs, (values, argv) =>
    benchOptions(values, argv, repoRoot),
  );
}
