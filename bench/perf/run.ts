// `npm run bench`: runs stacks of N resources of mixed Streamkap kinds through the dynamic providers, the same
// stacks through the provider plugin (pulumi-resource-streamkap), and the same stacks of do-nothing dynamic
// resources (the floor), through the real pulumi engine against the local API server with a fixed latency per call,
// and writes bench/RESULTS.md and bench/results.json. See bench/perf/options.ts for the flags.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

import { resolveSettings } from "../../provider/settings";
import { readScriptCommandLine } from "../../scripts/script-command-line";
import { machineFacts } from "./machine";
import { benchCommand, type BenchOptions, repeatsFor, type Variant } from "./options";
import { ProcessTreeSampler } from "./process-sampler";
import { renderReport } from "./report";
import type { BenchResults, RunSettings, SizeResults } from "./results";
import { floorStateOf, stackPairs } from "./floor-runs";
import {
  isFloor,
  runScenario,
  type ScenarioOutcome,
  type ScenarioRun,
  type ScenarioSettings,
  serverTimings,
} from "./scenario";
import type { FloorState } from "./stacks/floor/outputs";
import { groupCount, groupSize } from "./stacks/plan";
import { summarizeSize } from "./summary";
import { effectiveParallelism } from "./targets";
import { defaultParallel } from "./toolchain";

// Compiled to dist/bench/perf/run.js.
const repoRoot = path.resolve(__dirname, "..", "..", "..");

function log(line: string): void {
  process.stderr.write(`[bench] ${line}\n`);
}

/** The provider's own limits on calls, as it resolves them from the stack config the benchmark sets. */
function providerLimits(
  config: Record<string, string>,
): Pick<RunSettings, "providerMaxConcurrency" | "providerRequestsPerSecond" | "providerRequestBurst"> {
  const lookup = (key: string): string | undefined =>
    ({ "streamkap:clientId": "bench", "streamkap:secret": "bench", ...config })[key];
  // Read as a plain record: which pacing settings exist depends on the provider version being measured.
  const settings: Record<string, unknown> = { ...resolveSettings(lookup, {}) };
  const numberOf = (key: string): number | undefined => {
    const value = settings[key];
    return typeof value === "number" ? value : undefined;
  };
  return {
    providerMaxConcurrency: numberOf("maxConcurrency"),
    providerRequestsPerSecond: numberOf("requestsPerSecond"),
    providerRequestBurst: numberOf("requestBurst"),
  };
}

function runSettings(options: BenchOptions): RunSettings {
  const engineParallel = options.parallel ?? defaultParallel();
  const limits = providerLimits(options.config);
  return {
    command: options.command,
    latencyMs: options.latencyMs,
    engineParallel,
    engineParallelSource: options.parallel === undefined ? "pulumi default" : "--parallel",
    ...limits,
    parallelism: effectiveParallelism(engineParallel, limits.providerMaxConcurrency),
    serverTimings: { ...serverTimings },
    repeat: options.repeat ?? "auto",
    extraConfig: options.config,
    layout: options.layout,
  };
}

// Sections of the report that other benchmarks own (bench/server-size.ts): kept as they are when the report is rewritten.
const KEPT_SECTION = /<!-- kept: begin [^>]*-->[\s\S]*?<!-- kept: end -->/g;

function writeReport(options: BenchOptions, results: BenchResults): void {
  const analysisFile = path.join(repoRoot, "bench", "perf", "analysis.md");
  const analysis = fs.existsSync(analysisFile) ? fs.readFileSync(analysisFile, "utf8") : undefined;
  const previous = fs.existsSync(options.out) ? fs.readFileSync(options.out, "utf8") : "";
  const kept = previous.match(KEPT_SECTION) ?? [];
  fs.mkdirSync(path.dirname(options.out), { recursive: true });
  fs.writeFileSync(options.out, [renderReport(results, analysis).trimEnd(), ...kept].join("\n\n") + "\n");
}

function write(options: BenchOptions, results: BenchResults): void {
  fs.mkdirSync(path.dirname(options.json), { recursive: true });
  fs.writeFileSync(options.json, `${JSON.stringify(results, null, 2)}\n`);
  writeReport(options, results);
}

async function main(): Promise<void> {
  const options = readScriptCommandLine(benchCommand(repoRoot));
  if (options.renderOnly) {
    const results = JSON.parse(fs.readFileSync(options.renderOnly, "utf8")) as BenchResults;
    writeReport(options, results);
    log(`re-rendered ${path.relative(process.cwd(), options.out)} from ${options.renderOnly}`);
    return;
  }
  if (!ProcessTreeSampler.supported()) log("no /proc here: peak memory is not measured");
  const started = Date.now();
  const results: BenchResults = {
    machine: machineFacts(repoRoot),
    settings: runSettings(options),
    sizes: [],
    seconds: 0,
  };
  const { settings } = results;
  log(
    `sizes ${options.sizes.join(", ")}; latency ${settings.latencyMs} ms; --parallel ${settings.engineParallel} ` +
      `(${settings.engineParallelSource}); ${options.variants.join(" and ") || "no dynamic stack"}; plugin at ` +
      `${options.pluginSizes.join(", ") || "no size"}; ${options.repeat ?? "auto"} repeat(s); package ${options.layout}`,
  );

  for (const size of options.sizes) {
    const sizeStarted = Date.now();
    const resources = groupCount(size) * groupSize;
    const repeats = repeatsFor(options, resources);
    const runs: Record<Variant, ScenarioRun[]> = { provider: [], floor: [], plugin: [], pluginFloor: [] };
    const pairs = stackPairs(options, size);
    const floorStates = new Map<Variant, FloorState | undefined>();
    const scenario = (variant: Variant, extra: Partial<ScenarioSettings> = {}) =>
      runScenario(
        {
          repoRoot,
          variant,
          size,
          latencyMs: options.latencyMs,
          parallel: settings.engineParallel,
          extraConfig: isFloor(variant) ? {} : options.config,
          keep: options.keep,
          layout: options.layout,
          cpuProfileDir: options.cpuProfileDir,
          ...extra,
        },
        log,
      );
    // Alternating the stacks spreads changes in the machine's load over all of them. Each floor runs right after
    // its Streamkap stack, whose state after `up` it is given (floor-state.ts).
    for (let repeat = 0; repeat < repeats; repeat++) {
      for (const { stack, floor } of pairs) {
        let measured: ScenarioOutcome | undefined;
        if (stack) {
          measured = await scenario(stack);
          runs[stack].push(measured.run);
        }
        if (!floor) continue;
        if (stack && !floorStates.has(floor)) {
          floorStates.set(floor, measured && (await floorStateOf(measured, floor, scenario)));
        }
        const floorState = floorStates.get(floor);
        runs[floor].push((await scenario(floor, floorState ? { floorState } : {})).run);
      }
    }
    const sizeResults: SizeResults = {
      resources,
      repeats,
      seconds: (Date.now() - sizeStarted) / 1000,
      provider: runs.provider,
      floor: runs.floor,
      ...(runs.plugin.length > 0 ? { plugin: runs.plugin } : {}),
      ...(runs.pluginFloor.length > 0 ? { pluginFloor: runs.pluginFloor } : {}),
      summary: summarizeSize(resources, groupCount(size), runs, {
        latencyMs: settings.latencyMs,
        parallelism: settings.parallelism,
        requestsPerSecond: settings.providerRequestsPerSecond,
        requestBurst: settings.providerRequestBurst,
      }),
    };
    results.sizes.push(sizeResults);
    log(`${resources} resources took ${sizeResults.seconds.toFixed(0)} s`);
    // Written after every size, so a long run that is stopped keeps what it measured.
    results.seconds = (Date.now() - started) / 1000;
    results.machine.loadAverage.end = Math.round(os.loadavg()[0] * 100) / 100;
    write(options, results);
  }
  log(`wrote ${path.relative(process.cwd(), options.out)} and ${path.relative(process.cwd(), options.json)}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
