// How the bench says a figure grows with the stack (bench/perf/growth.ts): per resource, from 100 resources up,
// judged on the two largest sizes.
import { growthRows, growthVerdict } from "../../bench/perf/growth";
import type { OperationRow, SizeSummary } from "../../bench/perf/summary";

/** A size where `up` took `wall` seconds and `cpu` CPU seconds in the dynamic stack (the others did not run). */
function size(resources: number, wall: number, cpu: number): SizeSummary {
  const row = {
    operation: "up",
    wallSeconds: wall,
    cpu: { provider: cpu / 2, program: cpu / 4, engine: cpu / 4 },
    floorSeconds: undefined,
    floorCpu: { provider: undefined, program: undefined, engine: undefined },
  } as unknown as OperationRow;
  return { resources, rows: [row], footprint: [] };
}

test("per-resource figures at each size from 100, and a verdict from the two largest", () => {
  const rows = growthRows([size(10, 1, 1), size(100, 8, 5), size(500, 40, 25), size(2000, 200, 160)], ["up"]);
  expect(rows).toEqual([
    {
      operation: "up",
      stack: "dynamic",
      resources: [100, 500, 2000],
      wallMsPerResource: [80, 80, 100],
      cpuMsPerResource: [50, 50, 80],
      wallGrowth: 1.25,
      cpuGrowth: 1.6,
    },
  ]);
  expect(growthVerdict(rows[0]?.wallGrowth)).toBe("linear");
  expect(growthVerdict(rows[0]?.cpuGrowth)).toBe("worse: ×1.60 per resource");
  expect(growthVerdict(undefined)).toBe("–");
});

test("a stack that ran at one size of 100 or more has nothing to compare", () => {
  expect(growthRows([size(10, 1, 1), size(100, 8, 5)], ["up"])).toEqual([]);
});
