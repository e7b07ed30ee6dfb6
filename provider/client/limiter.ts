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

/** What one second of sending looks like, to tell how fast the service let us go before it objected. */
const windowMs = 1_000;

/**
 * A token bucket whose rate adapts to the service. The service publishes no request limit, so by default there is
 * no ceiling: requests go as fast as the concurrency limit lets them until the service answers 429. The first 429
 * sets the rate to half of what was sent in the last second (never below one request per second), with bursts of
 * at most one second's worth; later 429s halve it again, once per rate (a 429 for a request sent before the last
 * cut does not cut again: those were all sent at the old rate). Each request the service serves raises the rate by
 * a hundredth of where the service objected, so the stack settles just under whatever limit the service enforces
 * instead of collecting 429s. With a `ceiling` (`streamkap:requestsPerSecond`) the rate starts there, never goes
 * above it, and creeps back by a hundredth of it; `burst` requests go at once after a quiet spell.
 *
 * Callers are served in arrival order without a timer of their own: the balance may go negative, and each caller
 * sleeps for exactly the time its token takes to accrue (the "virtual scheduling" form of the algorithm), so no
 * caller can be overtaken and starve.
 */
export class TokenBucket {
  private tokens: number;
  private updatedAt: number;
  private rate: number;
  /** How much a served request raises the rate: a hundredth of the ceiling, or of the rate the service refused. */
  private step: number;
  /** When the rate was last cut; a 429 for a request sent before then does not cut it again. */
  private cutAt = Number.NEGATIVE_INFINITY;
  /** When each request of the last second was let through, oldest first. */
  private readonly recent: number[] = [];
  readonly counters: BucketCounters = { delayed: 0, waitedMs: 0 };

  constructor(
    private readonly ceiling: number,
    private readonly burst: number,
    private readonly clock: Clock = systemClock,
  ) {
    if (!(ceiling > 0) || !(burst >= 1)) {
      throw new RangeError("a token bucket needs a positive rate and a burst of at least 1");
    }
    this.rate = ceiling;
    this.step = Number.isFinite(ceiling) ? ceiling / 100 : 0;
    this.tokens = burst;
    this.updatedAt = clock.now();
  }

  /** Requests per second it lets through now (Infinity: no limit yet). */
  get currentRate(): number {
    return this.rate;
  }

  /** The time on this bucket's clock: a request sent now and refused later cuts the rate only if sent after a cut. */
  now(): number {
    return this.clock.now();
  }

  /** Waits until this request may be sent. */
  async take(): Promise<void> {
    this.refill();
    this.tokens -= 1;
    if (this.tokens >= 0) {
      this.remember(this.clock.now());
      return;
    }
    const waitMs = Math.ceil((-this.tokens / this.rate) * 1000);
    this.counters.delayed++;
    this.counters.waitedMs += waitMs;
    this.remember(this.clock.now() + waitMs);
    await this.clock.sleep(waitMs);
  }

  /**
   * The service answered 429 to a request sent at `sentAt` (unknown: cut regardless): whatever burst was left is
   * spent and the rate is cut, so the requests that follow go slower rather than in another burst that would be
   * turned away too. Requests already waiting keep their turn.
   */
  drain(sentAt?: number): void {
    this.refill();
    this.tokens = Math.min(this.tokens, 0);
    if (sentAt !== undefined && sentAt < this.cutAt) return;
    const now = this.clock.now();
    this.cutAt = now;
    const floor = Math.min(1, this.ceiling);
    if (Number.isFinite(this.rate)) {
      this.rate = Math.max(floor, this.rate / 2);
      return;
    }
    // The first refusal with no ceiling: what the service took in the last second is the measure of its limit.
    const sentLastSecond = Math.max(1, this.recent.filter((at) => at >= now - windowMs && at <= now).length);
    this.step = sentLastSecond / 100;
    this.rate = Math.max(floor, sentLastSecond / 2);
  }

  /** The service served a request: the rate creeps back toward its ceiling. */
  served(): void {
    if (this.rate >= this.ceiling) return;
    this.refill();
    this.rate = Math.min(this.ceiling, this.rate + this.step);
  }

  /** At most one second's worth at once while the rate is held below its ceiling; `burst` otherwise. */
  private get capacity(): number {
    return this.rate < this.ceiling ? Math.min(this.burst, Math.max(1, this.rate)) : this.burst;
  }

  private remember(at: number): void {
    if (Number.isFinite(this.rate)) return; // only an unmeasured rate needs measuring
    this.recent.push(at);
    const oldest = at - windowMs;
    let expired = 0;
    while (expired < this.recent.length && (this.recent[expired] ?? 0) < oldest) expired++;
    if (expired > 0) this.recent.splice(0, expired);
  }

  private refill(): void {
    const now = this.clock.now();
    const elapsed = Math.max(0, now - this.updatedAt);
    this.updatedAt = now;
    this.tokens = Number.isFinite(this.rate)
      ? Math.min(this.capacity, this.tokens + (elapsed / 1000) * this.rate)
      : this.burst; // no limit yet: nothing to wait for
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
