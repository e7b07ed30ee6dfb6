// What a floor resource returns as outputs when its stack is the floor of a measured one (../../floor-state.ts
// derives the shape): its inputs, the measured outputs of its kind, and a pad. Installed beside do-nothing.ts in
// the project's bench-floor-provider package, so it imports nothing.
import * as fs from "node:fs";
import * as path from "node:path";

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface FloorKindState {
  /** Outputs added to a floor resource's inputs: one measured resource's outputs. */
  outputs: Record<string, Json>;
  /** Length of the `__pad` string; 0 writes none. */
  padBytes: number;
}

/** What a floor stack's resources carry, by kind (the last part of the type token, `PostgresqlSource`). */
export type FloorState = Record<string, FloorKindState>;

/** The file a floor project reads its state shape from, in the project directory. */
export const floorStateFile = "floor-state.json";

/** The key under which a floor resource pads its outputs. */
export const padKey = "__pad";

/** The input naming a dynamic floor resource's kind, which a dynamic provider cannot otherwise tell. */
export const kindKey = "benchKind";

/** The environment variable naming the floor project's directory, which bench/perf/project.ts sets. */
export const floorDirVariable = "BENCH_FLOOR_DIR";

/**
 * The state shape of the floor project, from its directory as the environment names it (the dynamic-provider
 * host does not run there); none for a plain floor, whose outputs are its inputs.
 */
export function readFloorState(directory = process.env[floorDirVariable]): FloorState | undefined {
  if (directory === undefined) return undefined;
  const file = path.join(directory, floorStateFile);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as FloorState) : undefined;
}

let cached: FloorState | undefined | null = null;

/** The floor state of this process's project, read once: the file does not change during an operation. */
export function currentFloorState(): FloorState | undefined {
  if (cached === null) cached = readFloorState();
  return cached;
}

/** A fresh id for a floor resource. */
export function floorId(): string {
  return `floor-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * A floor resource's outputs: the kind's measured outputs, its inputs (which win on a shared key), the pad. The
 * kind is the `benchKind` input's unless given.
 */
export function floorOutputs(
  inputs: Record<string, unknown>,
  state: FloorState | undefined,
  kindName: unknown = inputs[kindKey],
): Record<string, unknown> {
  const kind = typeof kindName === "string" ? state?.[kindName] : undefined;
  if (!kind) return inputs;
  return { ...kind.outputs, ...inputs, ...(kind.padBytes > 0 ? { [padKey]: "x".repeat(kind.padBytes) } : {}) };
}
