// The shape of bench/results.json: everything one `npm run bench` measured, raw runs and the summary drawn from them.
import type { Layout } from "./layout";
import type { MachineFacts } from "./machine";
import type { ScenarioRun } from "./scenario";
import type { SizeSummary } from "./summary";

export interface RunSettings {
  command: string;
  latencyMs: number;
  /** The engine's `--parallel` used for every operation. */
  engineParallel: number;
  /** Where engineParallel came from. */
  engineParallelSource: "pulumi default" | "--parallel";
  /** The provider's cap on calls in flight (`streamkap:maxConcurrency`), the plugin's alike. */
  providerMaxConcurrency: number | undefined;
  /** The provider's request pace, when it has one (`streamkap:requestsPerSecond`, `streamkap:requestBurst`). */
  providerRequestsPerSecond: number | undefined;
  providerRequestBurst: number | undefined;
  /** The parallelism the wall-time bound divides by: the smaller of the engine's and the provider's. */
  parallelism: number;
  serverTimings: { statusDelayMs: number; deleteDelayMs: number; topicDiscoveryDelayMs: number };
  /** `--repeat`, or "auto" for repeatsFor()'s default. */
  repeat: number | "auto";
  extraConfig: Record<string, string>;
  /** How the projects found pulumi-streamkap (bench/perf/layout.ts). */
  layout: Layout;
}

export interface SizeResults {
  /** Resources in the stacks of this size. */
  resources: number;
  /** Runs of each stack at this size. */
  repeats: number;
  /** Seconds this size took, every stack and every repeat. */
  seconds: number;
  provider: ScenarioRun[];
  floor: ScenarioRun[];
  /** The provider-plugin stack's runs; absent at sizes where it did not run (`--plugin-sizes`). */
  plugin?: ScenarioRun[];
  /** The floor at the plugin stack's state bytes; absent where the plugin did not run, and in older results. */
  pluginFloor?: ScenarioRun[];
  summary: SizeSummary;
}

export interface BenchResults {
  machine: MachineFacts;
  settings: RunSettings;
  sizes: SizeResults[];
  /** Seconds the whole run took. */
  seconds: number;
}
