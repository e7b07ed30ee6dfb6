/**
 * The local server's `rate=N` fault: a service edge that throttles to N requests per second, answering 429 with
 * Retry-After beyond it (issue #31's throttling proofs run stacks through it). Time is passed in, so the
 * allowance is checked to the request.
 */
import { FaultEngine } from "../../server/faults/engine";
import { parseFaultSpec } from "../../server/faults/spec";

/** How many of `count` requests sent at `now` the engine lets through, and the 429s' Retry-After values. */
function burst(
  engine: FaultEngine,
  count: number,
  now: number,
  path = "/sources",
): { passed: number; retryAfter: Set<number> } {
  let passed = 0;
  const retryAfter = new Set<number>();
  for (let i = 0; i < count; i++) {
    const action = engine.decide("GET", path, now);
    if (action.kind === "none") passed++;
    else if (action.kind === "status" && action.status === 429) retryAfter.add(action.retryAfterSeconds ?? -1);
    else throw new Error(`unexpected fault ${JSON.stringify(action)}`);
  }
  return { passed, retryAfter };
}

test("rate=20 lets a second's worth through at once, then 20 a second, and answers 429 with Retry-After beyond", () => {
  const engine = new FaultEngine("rate=20");
  expect(burst(engine, 100, 1_000)).toEqual({ passed: 20, retryAfter: new Set([1]) });
  expect(burst(engine, 100, 1_500).passed).toBe(10);
  expect(burst(engine, 100, 2_500).passed).toBe(20);
  // A quiet spell never banks more than one second's worth.
  expect(burst(engine, 100, 60_000).passed).toBe(20);
});

test("the limit holds only on the rule's paths, and takes the rule's Retry-After", () => {
  const engine = new FaultEngine("rate=5/s,retry-after=3,path=/sources*");
  expect(burst(engine, 10, 0, "/pipelines").passed).toBe(10);
  expect(burst(engine, 10, 0, "/sources/1")).toEqual({ passed: 5, retryAfter: new Set([3]) });
});

test("rate-start=0 refuses the very first request, however slowly requests come, then admits N a second", () => {
  const engine = new FaultEngine("rate=20,rate-start=0");
  expect(burst(engine, 1, 5_000)).toEqual({ passed: 0, retryAfter: new Set([1]) });
  expect(burst(engine, 100, 5_500).passed).toBe(10);
  expect(new FaultEngine("rate=20,rate-start=3").describe().rules[0]?.rate_start).toBe(3);
});

test("a rate-start that is not a whole number, or has no rate, is refused with what to write", () => {
  expect(() => parseFaultSpec("rate=5,rate-start=-1")).toThrow("fault 'rate-start' must be a whole number, 0 or more");
  expect(() => parseFaultSpec("rate-start=0")).toThrow("fault 'rate-start' needs a 'rate' in the same rule");
});

test("a rate that is not a positive number is refused with what to write", () => {
  expect(() => parseFaultSpec("rate=0")).toThrow("fault 'rate' must be a positive number per second");
  expect(() => parseFaultSpec("rate=fast")).toThrow("fault 'rate' must be a positive number per second");
  expect(parseFaultSpec("rate=2.5/s").rules[0]?.ratePerSecond).toBe(2.5);
});
