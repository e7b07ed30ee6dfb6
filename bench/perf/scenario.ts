// One benchmark run: a fresh project and (for the Streamkap stacks) a fresh local API server, then the five
// operations in order, each measured on its own: wall time, API calls, peak memory, and the state it leaves.
import * as fs from "node:fs";
import * as path from "node:path";

import type { OpMap } from "@pulumi/pulumi/automation";

import { type LocalServer, startLocalServer } from "../../server";
import { type CallSummary, noCalls, summarizeCalls } from "./calls";
import { floorShape } from "./floor-state";
import type { Layout } from "./layout";
import type { Variant } from "./options";
import { type PeakReport, ProcessTreeSampler } from "./process-sampler";
import { BenchProject, isFloorProgram, type StackName } from "./project";
import { type FloorState, floorStateFile } from "./stacks/floor/outputs";
import { groupCount, groupSize } from "./stacks/plan";
import {
  declaredResources,
  type KindBytes,
  providerFootprint,
  type ProviderFootprint,
  stateBytesByKind,
} from "./state";
import { type Operation, operations } from "./targets";

/**
 * The local server's simulated waits, kept short so that the figures measure the provider rather than simulated
 * connector start-up; each still costs the provider at least one status read (a poll) per connector.
 */
export const serverTimings = { statusDelayMs: 10, deleteDelayMs: 10, topicDiscoveryDelayMs: 10 } as const;

/** The program (bench/perf/stacks/<name>) each stack runs. */
const programOf: Record<Variant, StackName> = {
  provider: "mixed",
  plugin: "plugin",
  floor: "floor",
  pluginFloor: "floor-plugin",
};

/** The floor stacks, which call nothing and need no API server. */
export function isFloor(variant: Variant): boolean {
  return isFloorProgram(programOf[variant]);
}

export interface StateFigures {
  fileBytes: number;
  /** Resources the program declared that the state holds (absent from results written before it was counted). */
  resources?: number;
  provider: ProviderFootprint;
  /** Bytes per kind in the exported deployment (absent from results written before it was counted). */
  kinds?: KindBytes;
}

export interface OperationRun {
  operation: Operation;
  wallSeconds: number;
  calls: CallSummary;
  memory: PeakReport;
  /** What the engine reported it did, e.g. `{ same: 90, update: 10 }`. */
  changes: OpMap;
  /** The state after the operation. */
  state?: StateFigures;
  /** Why the operation failed; the operations after it were not run. */
  error?: string;
}

export interface ScenarioRun {
  variant: Variant;
  /** Resources the program declares (whole groups of ten). */
  resources: number;
  /** Resources the update round changes. */
  changed: number;
  operations: OperationRun[];
  seconds: number;
  /** A floor's pad per kind in bytes, when it was the floor of a measured stack (floor-state.ts). */
  padBytes?: Record<string, number>;
}

/** A run, and for a measured stack the shape its state after `up` gives its floor (not kept in results). */
export interface ScenarioOutcome {
  run: ScenarioRun;
  shape?: FloorState;
}

export interface ScenarioSettings {
  repoRoot: string;
  variant: Variant;
  size: number;
  latencyMs: number;
  parallel: number;
  /** Further stack config, e.g. `streamkap:maxConcurrency` (the provider's and the plugin's alike). */
  extraConfig: Record<string, string>;
  /** Leave the project directory (state, backups) behind for inspection. */
  keep: boolean;
  layout: Layout;
  /** Where node processes under the engine write CPU profiles, when set. */
  cpuProfileDir: string | undefined;
  /** For a floor: what its resources carry to hold the measured stack's state bytes; none for a plain floor. */
  floorState?: FloorState;
  /** Only these operations, in their order (a calibration runs `up` alone); every operation by default. */
  only?: readonly Operation[];
}

async function runOperation(project: BenchProject, operation: Operation, parallel: number): Promise<OpMap> {
  switch (operation) {
    case "up":
      return (await project.stack.up({ parallel })).summary.resourceChanges ?? {};
    case "preview":
      return (await project.stack.preview({ parallel })).changeSummary;
    case "refresh":
      return (await project.stack.refresh({ parallel })).summary.resourceChanges ?? {};
    case "update":
      await project.setConfig({ [`${project.projectName}:round`]: "1" });
      return (await project.stack.up({ parallel })).summary.resourceChanges ?? {};
    case "destroy":
      return (await project.stack.destroy({ parallel })).summary.resourceChanges ?? {};
  }
}

async function stateFigures(project: BenchProject): Promise<{ figures: StateFigures; deployment: unknown }> {
  const { deployment } = await project.exportState();
  return {
    figures: {
      fileBytes: project.stateFileBytes(),
      resources: declaredResources(deployment),
      provider: providerFootprint(deployment),
      kinds: stateBytesByKind(deployment),
    },
    deployment,
  };
}

/** A failed operation's message, shortened: its start (the command) and its end (the engine's diagnostics). */
function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > 2000 ? `${text.slice(0, 300)}\n…\n${text.slice(-1700)}` : text;
}

export async function runScenario(settings: ScenarioSettings, log: (line: string) => void): Promise<ScenarioOutcome> {
  const started = Date.now();
  const resources = groupCount(settings.size) * groupSize;
  // The server's request log (method, path, status, duration; never bodies) is kept with a kept project.
  const requestLog: string[] = [];
  const server: LocalServer | undefined = !isFloor(settings.variant)
    ? await startLocalServer({
        faults: `latency=${settings.latencyMs}ms`,
        ...serverTimings,
        ...(settings.keep ? { log: (line: string) => requestLog.push(`${new Date().toISOString()} ${line}`) } : {}),
      })
    : undefined;
  const profiles = settings.cpuProfileDir && path.join(settings.cpuProfileDir, `${settings.variant}-${resources}`);
  if (profiles) fs.mkdirSync(profiles, { recursive: true });
  const project = await BenchProject.create(
    settings.repoRoot,
    programOf[settings.variant],
    settings.layout,
    server,
    profiles ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profiles}` } : {},
  );
  const runs: OperationRun[] = [];
  let shape: FloorState | undefined;
  if (settings.floorState) {
    fs.writeFileSync(path.join(project.dir, floorStateFile), JSON.stringify(settings.floorState));
  }
  try {
    await project.setConfig({
      [`${project.projectName}:resources`]: String(resources),
      [`${project.projectName}:round`]: "0",
      ...settings.extraConfig,
    });
    for (const operation of settings.only ?? operations) {
      requestLog.push(`--- ${operation}`);
      server?.resetStats();
      const sampler = new ProcessTreeSampler();
      sampler.start();
      const clock = process.hrtime.bigint();
      let changes: OpMap = {};
      let error: string | undefined;
      try {
        changes = await runOperation(project, operation, settings.parallel);
      } catch (failure) {
        error = messageOf(failure);
      }
      const wallSeconds = Number(process.hrtime.bigint() - clock) / 1e9;
      const memory = sampler.stop();
      const calls = server ? summarizeCalls(server.stats().calls) : noCalls;
      const run: OperationRun = { operation, wallSeconds, calls, memory, changes, ...(error ? { error } : {}) };
      if (!error) {
        const state = await stateFigures(project);
        run.state = state.figures;
        if (operation === "up" && !isFloor(settings.variant)) shape = floorShape(state.deployment);
      }
      runs.push(run);
      log(
        `  ${settings.variant} ${resources} ${operation}: ${wallSeconds.toFixed(2)} s, ${calls.total} calls` +
          (error ? `, FAILED: ${error.split("\n")[0]}` : ""),
      );
      if (error) break;
    }
  } finally {
    await server?.close();
    if (settings.keep) {
      if (server) fs.writeFileSync(path.join(project.dir, "server.log"), `${requestLog.join("\n")}\n`);
      log(`  kept ${project.dir}`);
    } else project.dispose();
  }
  const padBytes = settings.floorState
    ? Object.fromEntries(Object.entries(settings.floorState).map(([kind, state]) => [kind, state.padBytes]))
    : undefined;
  return {
    run: {
      variant: settings.variant,
      resources,
      changed: groupCount(settings.size),
      operations: runs,
      seconds: (Date.now() - started) / 1000,
      ...(padBytes ? { padBytes } : {}),
    },
    ...(shape ? { shape } : {}),
  };
}
