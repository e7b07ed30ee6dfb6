/**
 * The pace against two services, on a clock the test drives (issue #42): one that refuses 15% of requests at
 * random, whatever the rate (a flaky service), and one that admits N requests a second and refuses the rest (a
 * real limit). Eight workers send as the provider does: a token, the request (25 ms), and after a 429 its
 * Retry-After (1 s) before the next. Against the flaky service the pace must stay out of the way (the workers
 * send about as much as with no pace at all, and wait for the pace under 10% of the time); against the limit it
 * must settle under N with at most 5% of requests refused. A third load is a short stack as `npm run bench:throttle`
 * runs it: requests offered in bursts at about twice the limit, against a limit whose allowance is full at the start.
 */
import { TokenBucket } from "../../provider/client/limiter";
import { prng } from "../../server/faults/engine";
import { ManualClock } from "../harness/manual-clock";

const workers = 8;
const latencyMs = 25;
const retryAfterMs = 1_000;
const durationMs = 60_000;

/** Whether the service refuses a request arriving at `at`. */
type Service = (at: number) => boolean;

const flaky = (share: number, seed: number): Service => {
  const random = prng(seed);
  return () => random() < share;
};

/** A service edge admitting `perSecond` requests a second, holding one second's worth, as the local server does. */
const limited = (perSecond: number): Service => {
  let tokens = perSecond;
  let updatedAt = 0;
  return (at) => {
    tokens = Math.min(perSecond, tokens + ((at - updatedAt) / 1000) * perSecond);
    updatedAt = at;
    if (tokens < 1) return true;
    tokens -= 1;
    return false;
  };
};

interface Run {
  /** When each request was sent, and whether it was refused. */
  sent: Array<{ at: number; refused: boolean }>;
  /** Time the workers spent waiting for the pace, summed over them. */
  pacedMs: number;
}

/** How the workers offer requests: a pause before each (an engine working out what to do next), and for how long. */
interface Load {
  thinkMs: () => number;
  durationMs: number;
}

const saturating: Load = { thinkMs: () => 0, durationMs };

/**
 * Runs the workers against `service`, paced by a bucket with no ceiling or not paced at all. Each worker pauses
 * `load.thinkMs()` before each request.
 */
async function simulate(service: Service, paced: boolean, load: Load = saturating): Promise<Run> {
  const clock = new ManualClock();
  const bucket = new TokenBucket(Number.POSITIVE_INFINITY, 100, clock);
  const sent: Run["sent"] = [];
  let running = true;
  const worker = async () => {
    while (running) {
      const think = load.thinkMs();
      if (think > 0) await clock.sleep(think);
      if (paced) await bucket.take();
      const sentAt = clock.now();
      const refused = service(sentAt);
      sent.push({ at: sentAt, refused });
      await clock.sleep(latencyMs);
      if (paced) {
        if (refused) bucket.refused(sentAt);
        else bucket.served(sentAt);
      }
      if (refused) await clock.sleep(retryAfterMs);
    }
  };
  const all = Array.from({ length: workers }, worker);
  await clock.advance(load.durationMs);
  running = false;
  await clock.advance(retryAfterMs + latencyMs + 60_000); // let every worker finish its last request
  await Promise.all(all);
  return { sent: sent.filter((request) => request.at < load.durationMs), pacedMs: bucket.counters.waitedMs };
}

const refusedShare = (run: Run) => run.sent.filter((request) => request.refused).length / run.sent.length;

test.each([1, 2, 3, 6, 7, 10, 15])(
  "a service refusing 15%% at random (seed %i): the pace stays out of the way",
  async (seed) => {
    const unpaced = await simulate(flaky(0.15, seed), false);
    const paced = await simulate(flaky(0.15, seed), true);
    expect(paced.sent.length).toBeGreaterThanOrEqual(0.9 * unpaced.sent.length);
    // The pace's waits, spread over the workers, are at most a tenth of the time (issue #42's bound).
    expect(paced.pacedMs / workers).toBeLessThanOrEqual(0.1 * durationMs);
    expect(refusedShare(paced)).toBeCloseTo(0.15, 1);
  },
);

test.each([20, 50, 200])("a service admitting %i requests a second: the pace settles under it", async (limit) => {
  const run = await simulate(limited(limit), true);
  const settled = run.sent.filter((request) => request.at >= 20_000);
  const settledRate = settled.length / ((durationMs - 20_000) / 1000);
  expect(settledRate).toBeLessThanOrEqual(limit * 1.05);
  expect(settledRate).toBeGreaterThanOrEqual(limit * 0.7); // under the limit, not crawling
  expect(refusedShare(run)).toBeLessThanOrEqual(0.05);
});

test.each([
  [20, 1],
  [20, 2],
  [20, 3],
  [50, 1],
  [20, 11],
])(
  "a short stack whose requests come in bursts near a limit of %i a second, allowance full at the start (seed %i): few refusals",
  async (limit, seed) => {
    // As `npm run bench:throttle` sees it: the engine offers about twice the limit on average, in bursts, for ten
    // seconds, and the service's allowance holds a second's worth when the stack starts. A cut that does not bind
    // (the stack offered less than the cut rate) says nothing about whether refusals follow the rate.
    const random = prng(seed);
    const meanThinkMs = (workers / (2 * limit)) * 1000 - latencyMs;
    const bursty: Load = { thinkMs: () => -Math.log(1 - random()) * meanThinkMs, durationMs: 10_000 };
    const run = await simulate(limited(limit), true, bursty);
    expect(run.sent.length).toBeGreaterThan(limit * 8); // it made progress: about the limit's worth a second
    expect(refusedShare(run)).toBeLessThanOrEqual(0.05);
  },
);
