// How the bench's figures grow with the stack (issue #31): per stack and operation, the wall time and the CPU
// seconds of every process per resource at each size, and a verdict from the two largest sizes: linear when the
// per-resource figure at the largest size is within a quarter of the one before, worse otherwise.
import type { OperationRow, SizeSummary, StackFigures } from "./summary";
import type { Operation } from "./targets";

export type StackName = "dynamic" | "plugin" | "floor";

export interface GrowthRow {
  operation: Operation;
  stack: StackName;
  /** Resources of each size that ran, smallest first. */
  resources: number[];
  /** Wall milliseconds per resource at each of those sizes. */
  wallMsPerResource: Array<number | undefined>;
  /** CPU milliseconds per resource (provider + program + engine) at each size. */
  cpuMsPerResource: Array<number | undefined>;
  /** Largest size's per-resource wall time ÷ the next size's; undefined with fewer than two sizes. */
  wallGrowth: number | undefined;
  cpuGrowth: number | undefined;
}

/** Within a quarter per resource counts as linear: one run's wall time moves that much on a shared machine. */
export const linearWithin = 1.25;

function figuresOf(row: OperationRow, stack: StackName): Pick<StackFigures, "wallSeconds" | "cpu"> | undefined {
  if (stack === "dynamic") return row;
  if (stack === "plugin") return row.plugin;
  return { wallSeconds: row.floorSeconds, cpu: row.floorCpu };
}

function cpuSeconds(figures: Pick<StackFigures, "cpu"> | undefined): number | undefined {
  if (!figures) return undefined;
  const parts = [figures.cpu.provider, figures.cpu.program, figures.cpu.engine].filter(
    (part): part is number => part !== undefined,
  );
  return parts.length === 0 ? undefined : parts.reduce((sum, part) => sum + part, 0);
}

function lastGrowth(values: Array<number | undefined>): number | undefined {
  const known = values.filter((value): value is number => value !== undefined && value > 0);
  if (known.length < 2) return undefined;
  return known[known.length - 1] / known[known.length - 2];
}

/** The growth rows of every stack and operation that ran at two sizes or more (sizes below 100 left out: noise). */
export function growthRows(sizes: readonly SizeSummary[], operations: readonly Operation[]): GrowthRow[] {
  const counted = sizes.filter((size) => size.resources >= 100);
  const rows: GrowthRow[] = [];
  for (const stack of ["dynamic", "plugin", "floor"] as const) {
    for (const operation of operations) {
      const resources: number[] = [];
      const wall: Array<number | undefined> = [];
      const cpu: Array<number | undefined> = [];
      for (const size of counted) {
        const row = size.rows.find((candidate) => candidate.operation === operation);
        const figures = row && figuresOf(row, stack);
        if (!figures || figures.wallSeconds === undefined) continue;
        resources.push(size.resources);
        wall.push((figures.wallSeconds * 1000) / size.resources);
        const seconds = cpuSeconds(figures);
        cpu.push(seconds === undefined ? undefined : (seconds * 1000) / size.resources);
      }
      if (resources.length < 2) continue;
      rows.push({
        operation,
        stack,
        resources,
        wallMsPerResource: wall,
        cpuMsPerResource: cpu,
        wallGrowth: lastGrowth(wall),
        cpuGrowth: lastGrowth(cpu),
      });
    }
  }
  return rows;
}

/** "linear" or "worse: ×1.6 per resource", from a growth ratio. */
export function growthVerdict(growth: number | undefined): string {
  if (growth === undefined) return "–";
  return growth <= linearWithin ? "linear" : `worse: ×${growth.toFixed(2)} per resource`;
}
