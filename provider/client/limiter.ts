/**
 * What paces the provider's API calls. Every resource of a stack runs through one provider process, so one
 * {@link CallGate} per credential set is shared by all of them: a large stack queues and slows down instead of
 * failing on the service's rate limits.
 */

/** Time as the bucket sees it; injected so tests can drive it without waiting. */
export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * Caps how many API calls run at once across every resource of a stack, so a large stack queues instead of
 * opening a connection per resource.
 */
export class ConcurrencyLimiter {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active++;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) {
        next(); // hand the slot straight to the next caller
      } else {
        this.active--;
      }
    }
  }
}

/** How much pacing a bucket did, for the soak report and tests. */
export interface BucketCounters {
  /** Requests that had to wait for a token. */
  delayed: number;
  /** Their waits added up, in milliseconds. */
  waitedMs: number;
}

/**
 * A token bucket whose rate adapts to the service: at most `burst` requests at once after a quiet spell, then the
 * current rate on average. The rate starts at `ratePerSecond`, its ceiling. Each 429 halves it (down to one
 * request per second) and spends the rest of the burst; each request the service serves raises it by a hundredth
 * of the ceiling, back up to it. So a stack runs unhindered while the service keeps up, and settles just under
 * whatever limit the service enforces (which it does not publish) instead of collecting 429s.
 *
 * Callers are served in arrival order without a timer of their own: the balance may go negative, and each caller
 * sleeps for exactly the time its token takes to accrue (the "virtual scheduling" form of the algorithm), so no
 * caller can be overtaken and starve.
 */
export class TokenBucket {
  private tokens: number;
  private updatedAt: number;
  private rate: number;
  readonly counters: BucketCounters = { delayed: 0, waitedMs: 0 };

  constructor(
    private readonly ratePerSecond: number,
    private readonly burst: number,
    private readonly clock: Clock = systemClock,
  ) {
    if (!(ratePerSecond > 0) || !(burst >= 1)) {
      throw new RangeError("a token bucket needs a positive rate and a burst of at least 1");
    }
    this.rate = ratePerSecond;
    this.tokens = burst;
    this.updatedAt = clock.now();
  }

  /** Requests per second it lets through now. */
  get currentRate(): number {
    return this.rate;
  }

  /** Waits until this request may be sent. */
  async take(): Promise<void> {
    this.refill();
    this.tokens -= 1;
    if (this.tokens >= 0) return;
    const waitMs = Math.ceil((-this.tokens / this.rate) * 1000);
    this.counters.delayed++;
    this.counters.waitedMs += waitMs;
    await this.clock.sleep(waitMs);
  }

  /**
   * The service answered 429: whatever burst was left is spent and the rate halves, so the requests that follow
   * go slower rather than in another burst that would be turned away too. Requests already waiting keep their turn.
   */
  drain(): void {
    this.refill();
    this.tokens = Math.min(this.tokens, 0);
    this.rate = Math.max(Math.min(1, this.ratePerSecond), this.rate / 2);
  }

  /** The service served a request: the rate creeps back toward its ceiling. */
  served(): void {
    if (this.rate >= this.ratePerSecond) return;
    this.refill();
    this.rate = Math.min(this.ratePerSecond, this.rate + this.ratePerSecond / 100);
  }

  private refill(): void {
    const now = this.clock.now();
    const elapsed = Math.max(0, now - this.updatedAt);
    this.updatedAt = now;
    this.tokens = Math.min(this.burst, this.tokens + (elapsed / 1000) * this.rate);
  }
}

/**
 * One HTTP attempt's way to the service: a concurrency slot first, then a token. The token is taken while the slot
 * is held, so the request leaves right after its token is granted and the rate the service sees is the bucket's.
 */
export class CallGate {
  private readonly slots: ConcurrencyLimiter;

  constructor(
    maxConcurrency: number,
    readonly bucket: TokenBucket,
  ) {
    this.slots = new ConcurrencyLimiter(maxConcurrency);
  }

  run<T>(task: () => Promise<T>): Promise<T> {
    return this.slots.run(async () => {
      await this.bucket.take();
      return task();
    });
  }
}
