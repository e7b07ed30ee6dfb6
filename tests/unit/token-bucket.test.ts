/**
 * The provider's token bucket and call gate, on a clock the test drives: what a large stack sees is a burst, then
 * a steady pace, in arrival order; a 429 ends the burst. No test waits for real time.
 */
import { CallGate, type Clock, TokenBucket } from "../../provider/client/limiter";
import { defaultPace, resolveSettings } from "../../provider/settings";

/** A clock whose time moves only when the test says so; sleepers wake in order of their due time. */
class ManualClock implements Clock {
  private time = 0;
  private timers: Array<{ at: number; wake: () => void }> = [];

  now(): number {
    return this.time;
  }

  sleep(ms: number): Promise<void> {
    return new Promise((wake) => this.timers.push({ at: this.time + ms, wake }));
  }

  /** Moves time forward by `ms`, waking every sleeper due by then, and lets their continuations run. */
  async advance(ms: number): Promise<void> {
    const target = this.time + ms;
    for (;;) {
      await settle();
      const due = this.timers.filter((timer) => timer.at <= target).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers = this.timers.filter((timer) => timer !== due);
      this.time = due.at;
      due.wake();
    }
    this.time = target;
    await settle();
  }
}

/** Lets pending promise continuations run. */
async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

/** Starts `count` takes at once and records the clock time at which each was let through. */
function takeMany(bucket: TokenBucket, clock: ManualClock, count: number): number[] {
  const granted: number[] = [];
  for (let i = 0; i < count; i++) {
    void bucket.take().then(() => granted.push(clock.now()));
  }
  return granted;
}

test("a burst goes at once, then requests leave at the steady rate, in arrival order", async () => {
  const clock = new ManualClock();
  const bucket = new TokenBucket(10, 5, clock);
  const granted = takeMany(bucket, clock, 15);
  await clock.advance(2_000);
  expect(granted).toEqual([0, 0, 0, 0, 0, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000]);
});

test("a quiet spell refills the bucket up to the burst, never beyond", async () => {
  const clock = new ManualClock();
  const bucket = new TokenBucket(10, 5, clock);
  takeMany(bucket, clock, 5);
  await clock.advance(60_000); // enough for 600 tokens, but the bucket holds 5
  const start = clock.now();
  const granted = takeMany(bucket, clock, 7);
  await clock.advance(1_000);
  expect(granted.map((at) => at - start)).toEqual([0, 0, 0, 0, 0, 100, 200]);
});

test("a fractional rate paces in whole milliseconds", async () => {
  const clock = new ManualClock();
  const bucket = new TokenBucket(3, 1, clock);
  const granted = takeMany(bucket, clock, 3);
  await clock.advance(1_000);
  expect(granted).toEqual([0, 334, 667]);
});

test("after a 429 the rest of the burst is spent and the rate halves", async () => {
  const clock = new ManualClock();
  const bucket = new TokenBucket(10, 5, clock);
  takeMany(bucket, clock, 1);
  await clock.advance(0);
  bucket.drain();
  const granted = takeMany(bucket, clock, 3);
  await clock.advance(1_000);
  expect(granted).toEqual([200, 400, 600]); // 5 per second
});

test("repeated 429s halve the rate down to one request per second, never below", () => {
  const bucket = new TokenBucket(100, 10, new ManualClock());
  const rates = Array.from({ length: 9 }, () => {
    bucket.drain();
    return bucket.currentRate;
  });
  expect(rates).toEqual([50, 25, 12.5, 6.25, 3.125, 1.5625, 1, 1, 1]);
});

test("requests the service serves bring the rate back up to its ceiling, a hundredth of it each", () => {
  const bucket = new TokenBucket(100, 10, new ManualClock());
  bucket.drain(); // 50
  for (let served = 0; served < 20; served++) bucket.served();
  expect(bucket.currentRate).toBe(70);
  for (let served = 0; served < 100; served++) bucket.served();
  expect(bucket.currentRate).toBe(100);
});

describe("with no ceiling (the default)", () => {
  const unlimited = Number.POSITIVE_INFINITY;

  test("every request goes at once until the service objects", async () => {
    const clock = new ManualClock();
    const bucket = new TokenBucket(unlimited, 100, clock);
    const granted = takeMany(bucket, clock, 500);
    await clock.advance(0);
    expect(granted).toHaveLength(500);
    expect(new Set(granted)).toEqual(new Set([0]));
    expect(bucket.counters).toEqual({ delayed: 0, waitedMs: 0 });
    bucket.served();
    expect(bucket.currentRate).toBe(Number.POSITIVE_INFINITY);
  });

  test("the first 429 sets the rate to half of what went in the last second, in bursts of at most a second's worth", async () => {
    const clock = new ManualClock();
    const bucket = new TokenBucket(unlimited, 100, clock);
    takeMany(bucket, clock, 10); // long gone by the 429
    await clock.advance(2_000);
    for (let i = 0; i < 40; i++) {
      takeMany(bucket, clock, 1);
      await clock.advance(25); // 40 a second
    }
    bucket.drain(clock.now());
    expect(bucket.currentRate).toBe(20);
    await clock.advance(10_000); // a quiet spell banks 20 tokens, not 100
    const start = clock.now();
    const granted = takeMany(bucket, clock, 22);
    await clock.advance(1_000);
    expect(granted.map((at) => at - start)).toEqual([...Array<number>(20).fill(0), 50, 100]);
  });

  test("429s for requests sent before the last cut do not cut the rate again", async () => {
    const clock = new ManualClock();
    const bucket = new TokenBucket(unlimited, 100, clock);
    takeMany(bucket, clock, 16);
    await clock.advance(100);
    const sentBeforeTheCut = clock.now() - 50;
    bucket.drain(sentBeforeTheCut); // 16 in the last second: 8 per second
    bucket.drain(sentBeforeTheCut);
    bucket.drain(sentBeforeTheCut);
    expect(bucket.currentRate).toBe(8);
    await clock.advance(1);
    bucket.drain(clock.now()); // sent after the cut, and refused: the service's limit is lower still
    expect(bucket.currentRate).toBe(4);
  });

  test("served requests raise the rate by a hundredth of where the service objected, with no ceiling", () => {
    const clock = new ManualClock();
    const bucket = new TokenBucket(unlimited, 100, clock);
    takeMany(bucket, clock, 50);
    bucket.drain(); // 50 in the last second: 25 per second, up by 0.5 per served request
    for (let served = 0; served < 60; served++) bucket.served();
    expect(bucket.currentRate).toBeCloseTo(55);
  });
});

test("draining does not push back requests already waiting", async () => {
  const clock = new ManualClock();
  const bucket = new TokenBucket(10, 1, clock);
  const granted = takeMany(bucket, clock, 3); // 0, 100, 200
  await clock.advance(0);
  bucket.drain();
  await clock.advance(1_000);
  expect(granted).toEqual([0, 100, 200]);
});

test("counters tell how many requests waited and for how long in all", async () => {
  const clock = new ManualClock();
  const bucket = new TokenBucket(10, 2, clock);
  takeMany(bucket, clock, 5); // waits of 100, 200 and 300 ms
  await clock.advance(1_000);
  expect(bucket.counters).toEqual({ delayed: 3, waitedMs: 600 });
});

test("a rate or burst that makes no sense is refused", () => {
  expect(() => new TokenBucket(0, 5)).toThrow(/positive rate/);
  expect(() => new TokenBucket(5, 0)).toThrow(/burst of at least 1/);
});

test("the gate holds at most its concurrency in flight and paces what it lets through", async () => {
  const clock = new ManualClock();
  const gate = new CallGate(2, new TokenBucket(10, 3, clock));
  let inFlight = 0;
  let mostInFlight = 0;
  const started: number[] = [];
  const finishers: Array<() => void> = [];
  const tasks = Array.from({ length: 6 }, () =>
    gate.run(async () => {
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      started.push(clock.now());
      await new Promise<void>((finish) => finishers.push(finish));
      inFlight--;
    }),
  );
  for (let round = 0; round < 6; round++) {
    await clock.advance(50);
    finishers.splice(0).forEach((finish) => finish());
  }
  await clock.advance(1_000);
  finishers.splice(0).forEach((finish) => finish());
  await Promise.all(tasks);
  expect(mostInFlight).toBe(2);
  expect(started).toHaveLength(6);
  // Three from the burst, then one every 100 ms at most: six requests cannot all start within 250 ms.
  expect(started[5] - started[0]).toBeGreaterThanOrEqual(300);
});

describe("settings", () => {
  const credentials = { "streamkap:clientId": "id", "streamkap:secret": "secret" };
  const settingsWith = (values: Record<string, string>, env: NodeJS.ProcessEnv = {}) =>
    resolveSettings((key) => ({ ...credentials, ...values })[key], env);

  test("by default there is no rate ceiling (the service publishes none), and bursts of 100 once throttled", () => {
    const settings = settingsWith({});
    expect({ rate: settings.requestsPerSecond, burst: settings.requestBurst }).toEqual({
      rate: undefined,
      burst: 100,
    });
    expect(defaultPace).toEqual({ requestsPerSecond: undefined, requestBurst: 100 });
  });

  test("stack config sets the pace, the environment when the stack does not", () => {
    const fromConfig = settingsWith({ "streamkap:requestsPerSecond": "2.5", "streamkap:requestBurst": "3" });
    expect([fromConfig.requestsPerSecond, fromConfig.requestBurst]).toEqual([2.5, 3]);
    const fromEnv = settingsWith({}, { STREAMKAP_REQUESTS_PER_SECOND: "4", STREAMKAP_REQUEST_BURST: "6" });
    expect([fromEnv.requestsPerSecond, fromEnv.requestBurst]).toEqual([4, 6]);
  });

  test("a pace that is not positive is refused, naming the setting", () => {
    expect(() => settingsWith({ "streamkap:requestsPerSecond": "0" })).toThrow(
      /streamkap:requestsPerSecond \(STREAMKAP_REQUESTS_PER_SECOND in the environment\) must be a positive number/,
    );
    expect(() => settingsWith({ "streamkap:requestBurst": "1.5" })).toThrow(
      /streamkap:requestBurst \(STREAMKAP_REQUEST_BURST in the environment\) must be a positive whole number/,
    );
  });
});
