/**
 * The provider's token bucket and call gate, on a clock the test drives: what a large stack sees is a burst, then
 * a steady pace, in arrival order; a 429 ends the burst. No test waits for real time.
 */
import { CallGate, TokenBucket } from "../../provider/client/limiter";
import { defaultPace, resolveSettings } from "../../provider/settings";
import { ManualClock } from "../harness/manual-clock";

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

/** `count` answers the service gave just now, served or refused, to requests sent at `sentAt`. */
function answer(bucket: TokenBucket, outcome: "served" | "refused", count: number, sentAt: number): void {
  for (let i = 0; i < count; i++) {
    if (outcome === "served") bucket.served(sentAt);
    else bucket.refused(sentAt);
  }
}

test("a 429 halves the rate the service answered in the last second, and ends the burst", async () => {
  const clock = new ManualClock();
  const bucket = new TokenBucket(100, 50, clock);
  await clock.advance(1_000); // the answers below are for requests sent over the last second
  answer(bucket, "served", 10, 0);
  answer(bucket, "refused", 1, 0); // 11 answered in the last second: 5.5 per second
  expect(bucket.currentRate).toBe(5.5);
  const start = clock.now();
  const granted = takeMany(bucket, clock, 3);
  await clock.advance(1_000);
  expect(granted.map((at) => at - start)).toEqual([182, 364, 546]);
});

test("a handful of answers is too little to cut on", async () => {
  const clock = new ManualClock();
  const bucket = new TokenBucket(Number.POSITIVE_INFINITY, 100, clock);
  await clock.advance(1_000);
  answer(bucket, "refused", 4, 0);
  expect(bucket.currentRate).toBe(Number.POSITIVE_INFINITY); // each refused request waits its Retry-After
  answer(bucket, "refused", 1, 0);
  expect(bucket.currentRate).toBe(2.5);
});

test("429s for requests sent before the cut, or while the cut is on trial, do not cut again", async () => {
  const clock = new ManualClock();
  const bucket = new TokenBucket(Number.POSITIVE_INFINITY, 100, clock);
  await clock.advance(1_000);
  answer(bucket, "served", 40, 0);
  answer(bucket, "refused", 1, 0);
  expect(bucket.currentRate).toBe(20.5);
  answer(bucket, "refused", 5, 0); // sent at the old rate
  await clock.advance(300);
  answer(bucket, "refused", 1, clock.now()); // sent after the cut: evidence for the trial, not a second cut
  expect(bucket.currentRate).toBe(20.5);
});

/**
 * Answers arriving one by one at `perSecond`, every `refusedEvery`-th of them a 429 (0: none), each for a request
 * sent just then. With `takes`, each request first takes its token, as the call gate does.
 */
async function answersAt(
  bucket: TokenBucket,
  clock: ManualClock,
  options: { perSecond: number; answers: number; refusedEvery: number; takes?: boolean },
): Promise<void> {
  for (let i = 1; i <= options.answers; i++) {
    await clock.advance(1000 / options.perSecond);
    if (options.takes) void bucket.take();
    const refused = options.refusedEvery > 0 && i % options.refusedEvery === 0;
    answer(bucket, refused ? "refused" : "served", 1, clock.now());
  }
}

/**
 * A cut made when the first 429 came after 19 served requests in the last second: 10 a second (half of the 20
 * answered), with 19 as the limit's measure (what the service admitted). Four more 429s arrive for requests sent
 * before it; then the cut has settled and is on trial.
 */
async function cutByALimit(clock: ManualClock): Promise<TokenBucket> {
  const bucket = new TokenBucket(Number.POSITIVE_INFINITY, 100, clock);
  await clock.advance(1_000);
  answer(bucket, "served", 19, 0);
  answer(bucket, "refused", 5, 0);
  expect(bucket.currentRate).toBe(10);
  await clock.advance(300);
  return bucket;
}

test("refusals that stop once requests go slower are a real limit: the rate stays cut, then grows back", async () => {
  const clock = new ManualClock();
  const bucket = await cutByALimit(clock);
  await answersAt(bucket, clock, { perSecond: 10, answers: 20, refusedEvery: 0 }); // no refusal at the cut rate
  expect(bucket.currentRate).toBe(10);
  await clock.advance(500);
  takeMany(bucket, clock, 1); // the rate is read as time passes
  expect(bucket.currentRate).toBeCloseTo(10.95); // a tenth of the limit's measure per second up to it…
  await clock.advance(5_500);
  takeMany(bucket, clock, 1);
  expect(bucket.currentRate).toBeCloseTo(19.24, 1); // …then a hundredth of it per second through the tenth above
});

test("a limit that goes away is forgotten within seconds: the pace is lifted", async () => {
  const clock = new ManualClock();
  const bucket = await cutByALimit(clock);
  await answersAt(bucket, clock, { perSecond: 10, answers: 20, refusedEvery: 0 });
  const judgedAt = clock.now();
  while (Number.isFinite(bucket.currentRate)) {
    await clock.advance(100);
    takeMany(bucket, clock, 1);
  }
  expect(clock.now() - judgedAt).toBeLessThanOrEqual(25_000);
});

test("a trial ends early and cuts further when refusals clearly rise at the cut rate", async () => {
  const clock = new ManualClock();
  const bucket = await cutByALimit(clock);
  await clock.advance(1_000); // the last second holds no answer to a request sent before the cut
  await answersAt(bucket, clock, { perSecond: 10, answers: 5, refusedEvery: 1 }); // all refused, against 5 of 24
  expect(bucket.currentRate).toBe(2.5); // half of the 5 answered in the last second
});

test("the first trial cuts further when the share refused did not fall: the limit's allowance was full before", async () => {
  const clock = new ManualClock();
  const bucket = await cutByALimit(clock);
  await answersAt(bucket, clock, { perSecond: 10, answers: 20, refusedEvery: 4 }); // a quarter, against 5 of 24
  expect(bucket.currentRate).toBe(5); // half of the 10 answered in the last second
});

test("a cut that held no request back says nothing: refusals going on cut further", async () => {
  const clock = new ManualClock();
  const bucket = await cutByALimit(clock);
  // The stack sent less than the cut allows, so no request waited; a tenth refused, a lower share than before.
  await answersAt(bucket, clock, { perSecond: 8, answers: 20, refusedEvery: 10, takes: true });
  expect(bucket.counters.delayed).toBe(0);
  expect(bucket.currentRate).toBe(4); // half of the 8 answered in the last second
});

test("refusals that go on at the same share at half the rate are the service's flakiness: the pace is lifted", async () => {
  const clock = new ManualClock();
  const bucket = new TokenBucket(Number.POSITIVE_INFINITY, 100, clock);
  // Past the stack's first second, where a share that did not fall is still taken for a limit (the next test).
  await answersAt(bucket, clock, { perSecond: 40, answers: 60, refusedEvery: 0 });
  await answersAt(bucket, clock, { perSecond: 40, answers: 7, refusedEvery: 7 }); // one in seven refused
  expect(bucket.currentRate).toBe(20); // half of the 40 answered in the last second
  await answersAt(bucket, clock, { perSecond: 20, answers: 40, refusedEvery: 7 }); // the same at the cut rate
  expect(bucket.currentRate).toBe(Number.POSITIVE_INFINITY);
  // The same share again does not cut: it is the service's background.
  await answersAt(bucket, clock, { perSecond: 40, answers: 200, refusedEvery: 7 });
  expect(bucket.currentRate).toBe(Number.POSITIVE_INFINITY);
  // A clear rise above it does.
  await answersAt(bucket, clock, { perSecond: 40, answers: 40, refusedEvery: 2 });
  expect(bucket.currentRate).toBeLessThanOrEqual(20);
});

test("with a ceiling the rate starts there, is cut by a 429, and never grows above it", async () => {
  const clock = new ManualClock();
  const bucket = new TokenBucket(10, 5, clock);
  await clock.advance(1_000);
  answer(bucket, "served", 10, 0);
  answer(bucket, "refused", 1, 0);
  expect(bucket.currentRate).toBe(5.5);
  await clock.advance(300);
  await answersAt(bucket, clock, { perSecond: 5, answers: 20, refusedEvery: 0 }); // a trial with no refusal
  await clock.advance(30_000);
  takeMany(bucket, clock, 1);
  expect(bucket.currentRate).toBe(10);
});

test("with no ceiling (the default) every request goes at once until the service objects", async () => {
  const clock = new ManualClock();
  const bucket = new TokenBucket(Number.POSITIVE_INFINITY, 100, clock);
  const granted = takeMany(bucket, clock, 500);
  await clock.advance(0);
  expect(granted).toHaveLength(500);
  expect(new Set(granted)).toEqual(new Set([0]));
  expect(bucket.counters).toEqual({ delayed: 0, waitedMs: 0 });
  bucket.served(0);
  expect(bucket.currentRate).toBe(Number.POSITIVE_INFINITY);
});

test("a cut does not push back requests already waiting", async () => {
  const clock = new ManualClock();
  const bucket = new TokenBucket(10, 1, clock);
  const granted = takeMany(bucket, clock, 3); // 0, 100, 200
  await clock.advance(0);
  answer(bucket, "refused", 1, 0);
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

  test("a pace that is not positive is refused, naming the setting where it was set", () => {
    expect(() => settingsWith({ "streamkap:requestsPerSecond": "0" })).toThrow(
      "stack config streamkap:requestsPerSecond must be a positive number",
    );
    expect(() => settingsWith({}, { STREAMKAP_REQUEST_BURST: "1.5" })).toThrow(
      "the environment variable STREAMKAP_REQUEST_BURST must be a positive whole number",
    );
  });
});
