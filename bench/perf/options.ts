// Command-line options of `npm run bench` (bench/perf/run.ts).
import * as path from "node:path";

import type { Layout } from "./layout";

/**
 * The stacks: the Streamkap stack through the dynamic providers ("provider"), the same stack through the provider
 * plugin pulumi-resource-streamkap ("plugin"), and the do-nothing floor.
 */
export type Variant = "floor" | "provider" | "plugin";

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

export const usage = `usage: npm run bench -- [options]
  --sizes 10,100,500   stack sizes in resources (groups of ten kinds)      default 10,100,500
  --latency 25         fixed latency the local API server adds per call, ms  default 25
  --parallel N         the engine's --parallel                              default: pulumi's default
  --only floor|provider|plugin  run one of the three stacks only (no ratios then)
  --plugin-sizes 100   sizes at which the provider-plugin stack runs too, or none   default: every size
  --repeat K           runs of each stack; wall times are the median
                       default 3 up to 100 resources, 1 above (one 500-resource run takes minutes)
  --large              sizes 10,100,500,2000 (a 2,000-resource stack takes about half an hour for all three stacks)
  --quick              sizes 10 only, one run each, report under dist/bench/perf/quick/ unless --out is given
  --out FILE           Markdown report                                      default bench/RESULTS.md
  --json FILE          JSON results                          default results.json beside the report
  --config KEY=VALUE   further stack config for the Streamkap stack (repeatable), e.g. streamkap:maxConcurrency=16
  --linked             resolve pulumi-streamkap through a symlink to this checkout, as the repository's tests do,
                       instead of a copy installed in the project's node_modules as users have it
  --cpu-prof DIR       node processes under pulumi (program, provider) write V8 CPU profiles into DIR
  --keep               keep the temporary project directories
  --render FILE        only re-render the report from a results.json (e.g. after editing bench/perf/analysis.md)`;

function positiveInteger(flag: string, text: string | undefined): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${flag} needs a positive whole number, got '${text}'`);
  return value;
}

function nonNegative(flag: string, text: string | undefined): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${flag} needs a number of 0 or more, got '${text}'`);
  return value;
}

/**
 * Runs of each stack of `resources`. On a shared machine one run's wall time can be off by a factor of two, so
 * small stacks, which are quick, run three times; large ones once, to keep a full run within a coffee break.
 */
export function repeatsFor(options: Pick<BenchOptions, "repeat" | "quick">, resources: number): number {
  return options.repeat ?? (options.quick || resources > 100 ? 1 : 3);
}

/** Parses `argv` (without node and the script); throws with a message naming the bad flag. */
export function parseOptions(argv: string[], repoRoot: string): BenchOptions {
  let sizes: number[] | undefined;
  let latencyMs = 25;
  let parallel: number | undefined;
  let variants: Array<"floor" | "provider"> = ["floor", "provider"];
  let only: Variant | undefined;
  let pluginSizes: number[] | undefined;
  let repeat: number | undefined;
  let out: string | undefined;
  let json: string | undefined;
  let quick = false;
  let large = false;
  let keep = false;
  const config: Record<string, string> = {};
  let cpuProfileDir: string | undefined;
  let layout: Layout = "installed";
  let renderOnly: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = (): string | undefined => argv[++i];
    switch (flag) {
      case "--sizes":
        sizes = (value() ?? "").split(",").map((size) => positiveInteger("--sizes", size.trim()));
        break;
      case "--latency":
        latencyMs = nonNegative("--latency", value());
        break;
      case "--parallel":
        parallel = positiveInteger("--parallel", value());
        break;
      case "--only": {
        const given = value();
        if (given !== "floor" && given !== "provider" && given !== "plugin") {
          throw new Error(`--only takes floor, provider or plugin, got '${given}'`);
        }
        only = given;
        variants = given === "plugin" ? [] : [given];
        break;
      }
      case "--plugin-sizes": {
        const list = value() ?? "";
        pluginSizes =
          list.trim() === "none" ? [] : list.split(",").map((size) => positiveInteger("--plugin-sizes", size.trim()));
        break;
      }
      case "--repeat":
        repeat = positiveInteger("--repeat", value());
        break;
      case "--quick":
        quick = true;
        break;
      case "--large":
        large = true;
        break;
      case "--out":
        out = value();
        break;
      case "--json":
        json = value();
        break;
      case "--keep":
        keep = true;
        break;
      case "--render":
        renderOnly = path.resolve(value() ?? "");
        break;
      case "--linked":
        layout = "linked";
        break;
      case "--cpu-prof":
        cpuProfileDir = path.resolve(value() ?? "");
        break;
      case "--config": {
        const pair = value() ?? "";
        const eq = pair.indexOf("=");
        if (eq <= 0) throw new Error(`--config takes KEY=VALUE, got '${pair}'`);
        config[pair.slice(0, eq)] = pair.slice(eq + 1);
        break;
      }
      default:
        throw new Error(`unknown option '${flag}'\n${usage}`);
    }
  }
  const report = path.resolve(
    repoRoot,
    out ?? (quick ? path.join("dist", "bench", "perf", "quick", "RESULTS.md") : path.join("bench", "RESULTS.md")),
  );
  if (large && (quick || sizes !== undefined))
    throw new Error("--large chooses the sizes: leave out --quick and --sizes");
  const allSizes = sizes ?? (quick ? [10] : large ? [10, 100, 500, 2000] : [10, 100, 500]);
  if (only !== undefined && only !== "plugin") pluginSizes = [];
  const strayPluginSize = pluginSizes?.find((size) => !allSizes.includes(size));
  if (strayPluginSize !== undefined) {
    throw new Error(`--plugin-sizes takes sizes of --sizes (${allSizes.join(",")}), got ${strayPluginSize}`);
  }
  return {
    sizes: allSizes,
    latencyMs,
    parallel,
    variants,
    pluginSizes: pluginSizes ?? allSizes,
    repeat,
    out: report,
    json: json ? path.resolve(repoRoot, json) : path.join(path.dirname(report), "results.json"),
    quick,
    keep,
    config,
    layout,
    cpuProfileDir,
    renderOnly,
    command: ["npm run bench", ...(argv.length > 0 ? ["--", ...argv] : [])].join(" "),
  };
}
