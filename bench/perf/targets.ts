// The targets of issues #8 and #31 and the arithmetic that checks them (pure; tests/unit/bench-targets.test.ts).
import type { CallSummary } from "./calls";

export const operations = ["up", "preview", "refresh", "update", "destroy"] as const;
export type Operation = (typeof operations)[number];

/** What each operation is, for the report. */
export const operationLabels: Record<Operation, string> = {
  up: "up from empty",
  preview: "no-op preview",
  refresh: "refresh (no drift)",
  update: "up: update 10%",
  destroy: "destroy",
};

/** The serialized provider may take at most this much state per resource, both stored copies together. */
export const providerBytesPerResourceLimit = 2048;

/**
 * Wall time may exceed the physical bound of an operation, the floor plus the time its calls need at the service's
 * latency with the calls in flight, by this factor (issue #31).
 */
export const boundFactor = 1.2;

export interface CallLimit {
  /** Calls other than token requests, per resource; undefined for no limit. */
  perResource?: number;
  /** Token requests per engine run. */
  tokens?: number;
  /** All calls, tokens included. */
  total?: number;
  /** The target as the report states it. */
  text: string;
}

export function callLimit(operation: Operation): CallLimit {
  switch (operation) {
    case "up":
      return { perResource: 2, tokens: 1, text: "≤ 2/res + 1 token" };
    case "preview":
      return { total: 0, text: "0 calls" };
    case "refresh":
      return { perResource: 1, tokens: 1, text: "≤ 1/res + 1 token" };
    case "destroy":
      return { perResource: 2, tokens: 1, text: "≤ 2/res + 1 token" };
    case "update":
      return { text: "—" };
  }
}

/** Calls other than token requests, per resource (0 for an empty stack). */
export function callsPerResource(calls: CallSummary, resources: number): number {
  return resources > 0 ? (calls.total - calls.tokens) / resources : 0;
}

/** Whether the calls meet the operation's limit; undefined when it has none. */
export function callsMet(operation: Operation, calls: CallSummary, resources: number): boolean | undefined {
  const limit = callLimit(operation);
  if (limit.perResource === undefined && limit.tokens === undefined && limit.total === undefined) return undefined;
  return (
    (limit.total === undefined || calls.total <= limit.total) &&
    (limit.tokens === undefined || calls.tokens <= limit.tokens) &&
    (limit.perResource === undefined || callsPerResource(calls, resources) <= limit.perResource)
  );
}

/**
 * The engine runs at most `engineParallel` resource operations at once and the provider at most `maxConcurrency`
 * calls at once, so calls overlap at most by the smaller of the two.
 */
export function effectiveParallelism(engineParallel: number, maxConcurrency: number | undefined): number {
  return Math.max(1, Math.min(engineParallel, maxConcurrency ?? engineParallel));
}

/** boundFactor × (the floor's wall time + calls × latency ÷ parallelism), in seconds. */
export function wallBoundSeconds(floorSeconds: number, calls: number, latencyMs: number, parallelism: number): number {
  return boundFactor * (floorSeconds + callTimeSeconds(calls, latencyMs, parallelism));
}

/** Seconds the calls spend waiting on the injected latency when `parallelism` of them overlap. */
export function callTimeSeconds(calls: number, latencyMs: number, parallelism: number): number {
  return (calls * latencyMs) / 1000 / parallelism;
}

/**
 * The least time a token bucket of `requestsPerSecond` holding `burst` tokens lets `calls` calls take; undefined
 * when the provider paces nothing.
 */
export function paceMinimumSeconds(
  calls: number,
  requestsPerSecond: number | undefined,
  burst: number | undefined,
): number | undefined {
  if (requestsPerSecond === undefined) return undefined;
  return Math.max(0, calls - (burst ?? 0)) / requestsPerSecond;
}

export interface Verdict {
  callsPerResource: number;
  callsMet: boolean | undefined;
  /** Undefined when there is no floor to compare with. */
  boundSeconds: number | undefined;
  wallMet: boolean | undefined;
  /** All known targets met; undefined when none could be checked. */
  met: boolean | undefined;
}

export interface VerdictInput {
  operation: Operation;
  resources: number;
  wallSeconds: number;
  floorSeconds: number | undefined;
  calls: CallSummary;
  latencyMs: number;
  parallelism: number;
}

export function verdict(input: VerdictInput): Verdict {
  const calls = callsMet(input.operation, input.calls, input.resources);
  const boundSeconds =
    input.floorSeconds === undefined
      ? undefined
      : wallBoundSeconds(input.floorSeconds, input.calls.total, input.latencyMs, input.parallelism);
  const wallMet = boundSeconds === undefined ? undefined : input.wallSeconds <= boundSeconds;
  const known = [calls, wallMet].filter((value): value is boolean => value !== undefined);
  return {
    callsPerResource: callsPerResource(input.calls, input.resources),
    callsMet: calls,
    boundSeconds,
    wallMet,
    met: known.length === 0 ? undefined : known.every(Boolean),
  };
}

/** Serialized-provider bytes per resource, both stored copies (inputs and outputs) together. */
export function providerBytesPerResource(inputBytes: number, outputBytes: number, resources: number): number {
  return resources > 0 ? (inputBytes + outputBytes) / resources : 0;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
