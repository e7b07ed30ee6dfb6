// Which stacks a size runs, each Streamkap stack paired with its floor, and how a floor is given the state of the
// stack it is the floor of: the measured outputs per kind (floor-state.ts), padded to equal bytes per resource
// after one calibration `up` of a ten-resource floor.
import { withPads } from "./floor-state";
import type { BenchOptions, Variant } from "./options";
import type { ScenarioOutcome, ScenarioSettings } from "./scenario";
import type { FloorState } from "./stacks/floor/outputs";

/** A Streamkap stack and its floor; either may be absent (`--only`, `--plugin-sizes`). */
export interface StackPair {
  stack?: Variant;
  floor?: Variant;
}

/**
 * The pairs a size runs: the dynamic-provider stack with the floor, then the plugin stack with its own floor.
 * `--only floor` leaves the floor alone, with no stack to take its state from: the plain floor.
 */
export function stackPairs(options: Pick<BenchOptions, "variants" | "pluginSizes">, size: number): StackPair[] {
  const floors = options.variants.includes("floor");
  const pairs: StackPair[] = [];
  if (options.variants.includes("provider") || floors) {
    pairs.push({
      ...(options.variants.includes("provider") ? { stack: "provider" as const } : {}),
      ...(floors ? { floor: "floor" as const } : {}),
    });
  }
  if (options.pluginSizes.includes(size)) {
    pairs.push({ stack: "plugin", ...(floors ? { floor: "pluginFloor" as const } : {}) });
  }
  return pairs;
}

/** Runs one stack of the size being measured, with settings beyond the size's own. */
export type ScenarioRunner = (variant: Variant, extra?: Partial<ScenarioSettings>) => Promise<ScenarioOutcome>;

/** Resources in the calibration stack: one group, so one or two of each kind. */
const calibrationSize = 10;

/**
 * The state a floor carries to equal the measured run's bytes per resource, kind by kind; undefined, so a plain
 * floor, when the measured `up` failed. The pad is what a ten-resource floor of the same shape, with no pad, lacks.
 */
export async function floorStateOf(
  measured: ScenarioOutcome,
  floor: Variant,
  scenario: ScenarioRunner,
): Promise<FloorState | undefined> {
  const kinds = measured.run.operations.find((operation) => operation.operation === "up")?.state?.kinds;
  if (!measured.shape || !kinds) return undefined;
  const calibration = await scenario(floor, { size: calibrationSize, floorState: measured.shape, only: ["up"] });
  const calibrated = calibration.run.operations[0]?.state?.kinds;
  return calibrated ? withPads(measured.shape, kinds, calibrated) : undefined;
}
