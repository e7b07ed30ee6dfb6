// Turns the raw runs of one stack size into the rows the report shows: each operation of the Streamkap stack next
// to the floor's, and where it ran the same stack through the provider plugin, each with its targets checked
// (pure; tests/unit/bench-targets.test.ts).
import type { OpMap } from "@pulumi/pulumi/automation";

import type { CallSummary } from "./calls";
import type { OperationRun, ScenarioRun } from "./scenario";
import type { KindBytes } from "./state";
import {
  callLimit,
  callTimeSeconds,
  median,
  type Operation,
  operations,
  paceMinimumSeconds,
  providerBytesPerResource,
  providerBytesPerResourceLimit,
  verdict,
  type Verdict,
} from "./targets";

/** One stack's figures for one operation: the median wall time over repeats, the rest from the median run. */
export interface StackFigures extends Verdict {
  /** Undefined when the stack was not run or failed here. */
  wallSeconds: number | undefined;
  calls: CallSummary | undefined;
  /** For the update: calls other than tokens per changed resource. */
  callsPerChanged: number | undefined;
  providerPeakBytes: number | undefined;
  enginePeakBytes: number | undefined;
  /** Where the time went: calls × latency ÷ parallelism, and the least time the provider's pace allows. */
  callSeconds: number | undefined;
  paceSeconds: number | undefined;
  /** CPU seconds by process role. */
  cpu: CpuByRole;
  changes: OpMap | undefined;
  error: string | undefined;
}

/** The Streamkap stack through the provider plugin, beside the dynamic-provider stack and its own floor. */
export interface PluginFigures extends StackFigures {
  /** The plugin's floor: at the plugin stack's state bytes, or the dynamic stack's floor in older results. */
  floorSeconds: number | undefined;
  floorProviderPeakBytes: number | undefined;
  floorCpu: CpuByRole;
  /** Wall time ÷ the floor's. */
  ratio: number | undefined;
  /** Wall time ÷ the dynamic-provider stack's. */
  dynamicRatio: number | undefined;
}

/** One operation: the Streamkap stack through the dynamic providers (the fields of StackFigures) and the floor. */
export interface OperationRow extends StackFigures {
  operation: Operation;
  floorSeconds: number | undefined;
  ratio: number | undefined;
  callTarget: string;
  floorProviderPeakBytes: number | undefined;
  /** CPU seconds by process role of the floor's run. */
  floorCpu: CpuByRole;
  /** The provider-plugin stack, at the sizes where it ran. */
  plugin?: PluginFigures;
}

export interface CpuByRole {
  provider: number | undefined;
  program: number | undefined;
  engine: number | undefined;
}

function cpuOf(run: OperationRun | undefined): CpuByRole {
  return {
    provider: run?.memory.provider?.cpuSeconds,
    program: run?.memory.program?.cpuSeconds,
    engine: run?.memory.engine?.cpuSeconds,
  };
}

export interface FootprintRow {
  variant: "provider" | "plugin" | "floor" | "pluginFloor";
  resources: number;
  stateBytes: number;
  stateBytesPerResource: number;
  /** Both stored copies of `__provider` together, per resource (none for the plugin's resources). */
  providerBytesPerResource: number;
  inputCopyBytesPerResource: number;
  outputCopyBytesPerResource: number;
  distinctProviders: number;
  secretProviders: number;
  met: boolean | undefined;
  /** Bytes per kind in the exported deployment, when the run counted them. */
  kinds?: KindBytes;
}

export interface SizeSummary {
  resources: number;
  rows: OperationRow[];
  /** The state after `up` from empty. */
  footprint: FootprintRow[];
}

export interface SummaryContext {
  latencyMs: number;
  parallelism: number;
  requestsPerSecond: number | undefined;
  requestBurst: number | undefined;
}

/** The run of `operation` with the median wall time among repeats (the lower middle for an even count). */
function representative(runs: readonly ScenarioRun[], operation: Operation): OperationRun | undefined {
  const found = runs
    .map((run) => run.operations.find((op) => op.operation === operation))
    .filter((op): op is OperationRun => op !== undefined && op.error === undefined)
    .sort((a, b) => a.wallSeconds - b.wallSeconds);
  return found[Math.floor((found.length - 1) / 2)];
}

function medianWall(runs: readonly ScenarioRun[], operation: Operation): number | undefined {
  const walls = runs
    .map((run) => run.operations.find((op) => op.operation === operation))
    .filter((op): op is OperationRun => op !== undefined && op.error === undefined)
    .map((op) => op.wallSeconds);
  return walls.length > 0 ? median(walls) : undefined;
}

function firstError(runs: readonly ScenarioRun[], operation: Operation): string | undefined {
  for (const run of runs) {
    const op = run.operations.find((candidate) => candidate.operation === operation);
    if (op?.error) return op.error;
  }
  return undefined;
}

function ratioOf(wall: number | undefined, base: number | undefined): number | undefined {
  return wall !== undefined && base ? wall / base : undefined;
}

/** The figures of one Streamkap stack (dynamic providers or plugin), checked against the same targets. */
function stackFigures(
  operation: Operation,
  resources: number,
  changed: number,
  runs: readonly ScenarioRun[],
  floorSeconds: number | undefined,
  context: SummaryContext,
): StackFigures {
  const run = representative(runs, operation);
  const wallSeconds = medianWall(runs, operation);
  const calls = run?.calls;
  const judged: Verdict =
    wallSeconds !== undefined && calls !== undefined
      ? verdict({
          operation,
          resources,
          wallSeconds,
          floorSeconds,
          calls,
          latencyMs: context.latencyMs,
          parallelism: context.parallelism,
        })
      : {
          callsPerResource: Number.NaN,
          callsMet: undefined,
          boundSeconds: undefined,
          wallMet: undefined,
          // A Streamkap run that failed, or never got this far, cannot meet its targets.
          met: runs.length > 0 ? false : undefined,
        };
  return {
    ...judged,
    wallSeconds,
    calls,
    callsPerChanged:
      operation === "update" && calls && changed > 0 ? (calls.total - calls.tokens) / changed : undefined,
    providerPeakBytes: run?.memory.provider?.peakBytes,
    enginePeakBytes: run?.memory.engine?.peakBytes,
    callSeconds: calls ? callTimeSeconds(calls.total, context.latencyMs, context.parallelism) : undefined,
    paceSeconds: calls ? paceMinimumSeconds(calls.total, context.requestsPerSecond, context.requestBurst) : undefined,
    cpu: cpuOf(run),
    changes: run?.changes,
    error: firstError(runs, operation),
  };
}

function operationRow(
  operation: Operation,
  resources: number,
  changed: number,
  runs: SizeRuns,
  context: SummaryContext,
): OperationRow {
  const floorRun = representative(runs.floor, operation);
  const floorSeconds = medianWall(runs.floor, operation);
  const figures = stackFigures(operation, resources, changed, runs.provider, floorSeconds, context);
  const row: OperationRow = {
    operation,
    ...figures,
    floorSeconds,
    ratio: ratioOf(figures.wallSeconds, floorSeconds),
    callTarget: callLimit(operation).text,
    floorProviderPeakBytes: floorRun?.memory.provider?.peakBytes,
    floorCpu: cpuOf(floorRun),
  };
  if (runs.plugin.length > 0) {
    // Results from before the plugin had a floor of its own compare it with the dynamic stack's.
    const pluginFloor = runs.pluginFloor.length > 0 ? runs.pluginFloor : runs.floor;
    const pluginFloorRun = representative(pluginFloor, operation);
    const pluginFloorSeconds = medianWall(pluginFloor, operation);
    const plugin = stackFigures(operation, resources, changed, runs.plugin, pluginFloorSeconds, context);
    row.plugin = {
      ...plugin,
      floorSeconds: pluginFloorSeconds,
      floorProviderPeakBytes: pluginFloorRun?.memory.provider?.peakBytes,
      floorCpu: cpuOf(pluginFloorRun),
      ratio: ratioOf(plugin.wallSeconds, pluginFloorSeconds),
      dynamicRatio: ratioOf(plugin.wallSeconds, figures.wallSeconds),
    };
  }
  return row;
}

function footprintRow(variant: FootprintRow["variant"], runs: readonly ScenarioRun[]): FootprintRow | undefined {
  const state = representative(runs, "up")?.state;
  // Results written before `resources` was recorded counted dynamic resources only.
  const resources = state?.resources ?? state?.provider.resources ?? 0;
  if (!state || resources === 0) return undefined;
  const { provider } = state;
  const perResource = providerBytesPerResource(provider.inputBytes, provider.outputBytes, resources);
  return {
    variant,
    resources,
    stateBytes: state.fileBytes,
    stateBytesPerResource: state.fileBytes / resources,
    providerBytesPerResource: perResource,
    inputCopyBytesPerResource: provider.inputBytes / resources,
    outputCopyBytesPerResource: provider.outputBytes / resources,
    distinctProviders: provider.distinct,
    secretProviders: provider.secret,
    // The limit is the Streamkap provider's; the floor's figure is the engine's own minimum, for comparison.
    met: variant === "provider" ? perResource <= providerBytesPerResourceLimit : undefined,
    ...(state.kinds ? { kinds: state.kinds } : {}),
  };
}

/** The runs of one size by stack; the plugin stack and its floor have none at sizes where they did not run. */
export interface SizeRuns {
  provider: readonly ScenarioRun[];
  floor: readonly ScenarioRun[];
  plugin: readonly ScenarioRun[];
  pluginFloor: readonly ScenarioRun[];
}

export function summarizeSize(
  resources: number,
  changed: number,
  runs: Partial<SizeRuns> & Pick<SizeRuns, "provider" | "floor">,
  context: SummaryContext,
): SizeSummary {
  const all: SizeRuns = { plugin: [], pluginFloor: [], ...runs };
  return {
    resources,
    rows: operations.map((operation) => operationRow(operation, resources, changed, all, context)),
    footprint: [
      footprintRow("provider", all.provider),
      footprintRow("floor", all.floor),
      footprintRow("plugin", all.plugin),
      footprintRow("pluginFloor", all.pluginFloor),
    ].filter((row): row is FootprintRow => row !== undefined),
  };
}
