// Turns the raw runs of one stack size into the rows the report shows: each operation of the Streamkap stack next
// to the floor's, with its targets checked (pure; tests/unit/bench-targets.test.ts).
import type { OpMap } from "@pulumi/pulumi/automation";

import type { CallSummary } from "./calls";
import type { OperationRun, ScenarioRun } from "./scenario";
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

export interface OperationRow extends Verdict {
  operation: Operation;
  /** Median over repeats; undefined when the Streamkap stack was not run or failed here. */
  wallSeconds: number | undefined;
  floorSeconds: number | undefined;
  ratio: number | undefined;
  calls: CallSummary | undefined;
  callTarget: string;
  /** For the update: calls other than tokens per changed resource. */
  callsPerChanged: number | undefined;
  providerPeakBytes: number | undefined;
  floorProviderPeakBytes: number | undefined;
  enginePeakBytes: number | undefined;
  /** Where the time went: calls × latency ÷ parallelism, and the least time the provider's pace allows. */
  callSeconds: number | undefined;
  paceSeconds: number | undefined;
  /** CPU seconds by process role, of the Streamkap stack's run and of the floor's. */
  cpu: CpuByRole;
  floorCpu: CpuByRole;
  changes: OpMap | undefined;
  error: string | undefined;
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
  variant: "provider" | "floor";
  resources: number;
  stateBytes: number;
  stateBytesPerResource: number;
  /** Both stored copies of `__provider` together, per resource. */
  providerBytesPerResource: number;
  inputCopyBytesPerResource: number;
  outputCopyBytesPerResource: number;
  distinctProviders: number;
  secretProviders: number;
  met: boolean | undefined;
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

function operationRow(
  operation: Operation,
  resources: number,
  changed: number,
  provider: readonly ScenarioRun[],
  floor: readonly ScenarioRun[],
  context: SummaryContext,
): OperationRow {
  const run = representative(provider, operation);
  const floorRun = representative(floor, operation);
  const wallSeconds = medianWall(provider, operation);
  const floorSeconds = medianWall(floor, operation);
  const calls = run?.calls;
  const error = firstError(provider, operation);
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
          met: provider.length > 0 ? false : undefined,
        };
  return {
    operation,
    ...judged,
    wallSeconds,
    floorSeconds,
    ratio: wallSeconds !== undefined && floorSeconds ? wallSeconds / floorSeconds : undefined,
    calls,
    callTarget: callLimit(operation).text,
    callsPerChanged:
      operation === "update" && calls && changed > 0 ? (calls.total - calls.tokens) / changed : undefined,
    providerPeakBytes: run?.memory.provider?.peakBytes,
    floorProviderPeakBytes: floorRun?.memory.provider?.peakBytes,
    enginePeakBytes: run?.memory.engine?.peakBytes,
    callSeconds: calls ? callTimeSeconds(calls.total, context.latencyMs, context.parallelism) : undefined,
    paceSeconds: calls ? paceMinimumSeconds(calls.total, context.requestsPerSecond, context.requestBurst) : undefined,
    cpu: cpuOf(run),
    floorCpu: cpuOf(floorRun),
    changes: run?.changes,
    error,
  };
}

function footprintRow(variant: "provider" | "floor", runs: readonly ScenarioRun[]): FootprintRow | undefined {
  const state = representative(runs, "up")?.state;
  if (!state || state.provider.resources === 0) return undefined;
  const { provider } = state;
  const perResource = providerBytesPerResource(provider.inputBytes, provider.outputBytes, provider.resources);
  return {
    variant,
    resources: provider.resources,
    stateBytes: state.fileBytes,
    stateBytesPerResource: state.fileBytes / provider.resources,
    providerBytesPerResource: perResource,
    inputCopyBytesPerResource: provider.inputBytes / provider.resources,
    outputCopyBytesPerResource: provider.outputBytes / provider.resources,
    distinctProviders: provider.distinct,
    secretProviders: provider.secret,
    // The limit is the Streamkap provider's; the floor's figure is the engine's own minimum, for comparison.
    met: variant === "provider" ? perResource <= providerBytesPerResourceLimit : undefined,
  };
}

export function summarizeSize(
  resources: number,
  changed: number,
  provider: readonly ScenarioRun[],
  floor: readonly ScenarioRun[],
  context: SummaryContext,
): SizeSummary {
  return {
    resources,
    rows: operations.map((operation) => operationRow(operation, resources, changed, provider, floor, context)),
    footprint: [footprintRow("provider", provider), footprintRow("floor", floor)].filter(
      (row): row is FootprintRow => row !== undefined,
    ),
  };
}
