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

/** The span over which the pace measures what the service admitted and refused. */
const windowMs = 1_000;
/** A cut sets the rate to this share of the requests the service answered per second in the last window. */
const cutTo = 0.5;
/** Requests sent this soon after a cut may still meet the limit's empty allowance: the trial leaves them out. */
const settleMs = 250;
/** A trial tells with this many answers to requests sent after the cut, or after this long with `fewestToJudge`. */
const trialAnswers = 20;
const trialMs = 5_000;
/** Fewer answers than this say too little to cut on, or to judge a cut by. */
const fewestToJudge = 5;
/** How far apart, in standard errors, two shares of refusals must be to differ (about 1% by chance alone). */
const differentShares = 2.5;
/**
 * How the rate grows back after a cut that helped, as shares of what the service admitted before it (the limit's
 * measure) per second: quickly up to it, slowly through the tenth above it (a limit sits there), then doubling
 * every second.
 */
const growth = { toLimit: 0.1, nearLimit: 0.01, beyond: 0.05 };
/** A cut bound when at least this share of the requests sent after it waited for a token. */
const boundShare = 0.25;
/** A paced rate this many times the limit's measure is no longer a limit worth keeping: the pace is lifted. */
const liftAt = 8;

/** Answers counted: how many, and how many of them were 429s. */
interface Tally {
  answered: number;
  refused: number;
}

/** The last window's answers, and how many the service answered and admitted per second. */
interface Measured extends Tally {
  answeredPerSecond: number;
  admittedPerSecond: number;
}

/** A cut (made at the bucket's `cutAt`) whose effect is being watched: did refusals stop once requests went slower? */
interface Trial {
  /** Answers to requests sent before the cut: the last window's, and those still arriving. */
  before: Tally;
  /** Answers to requests sent after the cut settled. */
  after: Tally;
  /** Requests sent after this time count as sent at the cut rate: the cut has settled, and requests that were
   * already waiting at the old rate have left. */
  from: number;
  /** Requests sent after the cut settled, and how many of them waited for a token: whether the cut bound at all. */
  takes: number;
  waited: number;
}

/** The chance of at most `k` refusals among `n` answers, were each refused with probability `p`. */
function binomialAtMost(k: number, n: number, p: number): number {
  if (p >= 1) return k >= n ? 1 : 0;
  let term = (1 - p) ** n; // none refused
  let sum = term;
  for (let i = 1; i <= k; i++) {
    term *= ((n - i + 1) / i) * (p / (1 - p));
    sum += term;
  }
  return sum;
}

/** Whether two tallies' shares of refusals differ by more than chance would make them (a two-proportion test). */
function sharesDiffer(a: Tally, b: Tally): boolean {
  const pooled = (a.refused + b.refused) / (a.answered + b.answered);
  const spread = Math.sqrt(pooled * (1 - pooled) * (1 / a.answered + 1 / b.answered));
  if (spread === 0) return false;
  return Math.abs(a.refused / a.answered - b.refused / b.answered) / spread > differentShares;
}

/**
 * A token bucket whose rate adapts to the service, telling a request limit from a flaky answer. The service
 * publishes no limit, so by default there is no ceiling: requests go as fast as the concurrency limit lets them.
 *
 * A 429 is a reason to slow down only if refusals follow the rate, and the only way to know is to send slower and
 * see. When the last second's answers hold refusals (at least five answers, and far more than a flaky service's
 * known background share), the rate is halved (half of what the service answered per second) and the cut is put on
 * trial: the answers to requests sent after it settled are held against those before it.
 * - Refusals stopped (at most one): a real limit, under which the rate now sits. It grows back quickly up to what
 *   the service admitted (the limit's measure), slowly through the tenth above it, then faster every second, so the
 *   stack stays just under the limit with few refusals, and a limit that goes away is forgotten within seconds.
 * - The cut held nothing back (the stack sent less than it allowed), or refusals clearly rose: the cut goes further.
 * - Refusals went on at the same share: they had nothing to do with our rate (a flaky service). The pace is lifted,
 *   and from then on the answers measure the service's background share. In the stack's first second a limit's
 *   full allowance can make it look twice as high, so a trial measured against that second cuts further unless the
 *   share fell.
 * Each refused request still waits its own Retry-After (the retry policy does that) without slowing any other. With
 * a `ceiling` (`streamkap:requestsPerSecond`) the rate starts there and never goes above it; `burst` requests go
 * at once after a quiet spell, at most one second's worth while cut.
 *
 * Callers are served in arrival order without a timer of their own: the balance may go negative, and each caller
 * sleeps for exactly the time its token takes to accrue (the "virtual scheduling" form of the algorithm), so no
 * caller can be overtaken and starve.
 */
export class TokenBucket {
  private tokens: number;
  private updatedAt: number;
  private rate: number;
  /** What the service admitted per second before the last cut: the limit's measure, which growth follows. */
  private limit = 0;
  /** When the rate last went past a tenth above `limit`: from then on it doubles its growth every second. */
  private beyondSince: number | undefined;
  /** When the rate was last cut: a 429 for a request sent before then was sent at the old rate, and a trial counts
   * only requests sent after it settled. */
  private cutAt = Number.NEGATIVE_INFINITY;
  private trial: Trial | undefined;
  /** Answers to requests sent at a cut rate by trials that found the service flaky: its background share. */
  private readonly refusedAtAnyRate: Tally = { answered: 0, refused: 0 };

  /** The share of answers the service refuses whatever our rate (0 until a trial showed one). */
  private get background(): number {
    const { answered, refused } = this.refusedAtAnyRate;
    return answered === 0 ? 0 : refused / answered;
  }
  /** Answers of the last window, oldest first: when each came and whether it was a 429. */
  private readonly answers: Array<{ at: number; refused: boolean }> = [];
  /** When the first request answered was sent. */
  private firstSentAt = Number.POSITIVE_INFINITY;
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
    this.tokens = burst;
    this.updatedAt = clock.now();
  }

  /** Requests per second it lets through now (Infinity: no limit). */
  get currentRate(): number {
    return this.rate;
  }

  /** The time on this bucket's clock, to say when a request was sent. */
  now(): number {
    return this.clock.now();
  }

  /** Waits until this request may be sent. */
  async take(): Promise<void> {
    this.refill();
    this.tokens -= 1;
    const trial = this.trial;
    const onTrial = trial !== undefined && this.clock.now() > trial.from;
    if (onTrial) trial.takes++;
    if (this.tokens >= 0) return;
    if (onTrial) trial.waited++;
    const waitMs = Math.ceil((-this.tokens / this.rate) * 1000);
    this.counters.delayed++;
    this.counters.waitedMs += waitMs;
    await this.clock.sleep(waitMs);
  }

  /** The service served a request sent at `sentAt`. */
  served(sentAt: number): void {
    this.answered(sentAt, false);
  }

  /**
   * The service answered 429 to a request sent at `sentAt`. It cuts the rate only when refusals stand out and the
   * request was sent after the last cut; requests already waiting keep their turn.
   */
  refused(sentAt: number): void {
    this.answered(sentAt, true);
    if (this.trial || sentAt <= this.cutAt) return;
    const last = this.lastWindow();
    // A share of a handful of answers says little; the refused request waits its Retry-After meanwhile.
    if (last.answered < fewestToJudge) return;
    // With the pace lifted over a known background, refusals the flaky service gives as often are no reason to cut.
    // Every refusal asks again, so the bar is high: one in a thousand at that share.
    const free = this.rate >= this.ceiling;
    if (free && this.background > 0 && binomialAtMost(last.refused - 1, last.answered, this.background) <= 0.999) {
      return;
    }
    this.cut(last);
  }

  private answered(sentAt: number, refused: boolean): void {
    const now = this.clock.now();
    this.answers.push({ at: now, refused });
    this.firstSentAt = Math.min(this.firstSentAt, sentAt);
    let expired = 0;
    while (expired < this.answers.length && (this.answers[expired]?.at ?? now) <= now - windowMs) expired++;
    if (expired > 0) this.answers.splice(0, expired);
    // With the pace lifted after a flaky verdict, every answer measures the service's background share.
    if (this.refusedAtAnyRate.answered > 0 && this.rate >= this.ceiling) {
      this.refusedAtAnyRate.answered++;
      if (refused) this.refusedAtAnyRate.refused++;
    }
    const trial = this.trial;
    if (!trial) return;
    const tally = sentAt <= this.cutAt ? trial.before : sentAt > trial.from ? trial.after : undefined;
    if (!tally) return; // sent while the cut settled: it tells neither way
    tally.answered++;
    if (refused) tally.refused++;
    if (tally === trial.after) this.judge(trial, now);
  }

  /** The last window's answers, and how many per second the service answered and admitted over the time they were sent in. */
  private lastWindow(): Measured {
    const now = this.clock.now();
    const refused = this.answers.filter((answer) => answer.refused).length;
    const admitted = this.answers.length - refused;
    // In the stack's first second the window is measured over the time since its first request, not a whole second.
    const spanMs = Math.min(windowMs, Math.max(50, now - this.firstSentAt));
    return {
      answered: this.answers.length,
      refused,
      answeredPerSecond: (this.answers.length * 1000) / spanMs,
      admittedPerSecond: (admitted * 1000) / spanMs,
    };
  }

  /** Halves the rate the service saw, and starts watching what that does. */
  private cut(before: Measured): void {
    this.refill();
    const now = this.clock.now();
    const floor = Math.min(1, this.ceiling);
    // Requests already waiting keep their turn at the old rate: the trial starts once the last of them has left.
    const drainMs = this.tokens < 0 && Number.isFinite(this.rate) ? (-this.tokens / this.rate) * 1000 : 0;
    this.limit = Math.max(floor, before.admittedPerSecond);
    this.rate = Math.max(floor, Math.min(this.rate, before.answeredPerSecond * cutTo));
    this.beyondSince = undefined;
    this.tokens = Math.min(this.tokens, 0); // no burst right after a refusal: what follows goes at the new rate
    this.cutAt = now;
    this.trial = {
      from: now + Math.max(settleMs, drainMs),
      before: { answered: before.answered, refused: before.refused },
      after: { answered: 0, refused: 0 },
      takes: 0,
      waited: 0,
    };
  }

  /** Ends the trial once its answers tell (see the class's comment for the three outcomes). */
  private judge(trial: Trial, now: number): void {
    const { before, after } = trial;
    // No refusal where the share before would have made some almost certain: the cut is under a real limit.
    const stopped = binomialAtMost(after.refused, after.answered, before.refused / before.answered / 2) < 0.01;
    // A higher share refused than before the cut; clearly higher (risen): the cut is still over the limit, whatever
    // more answers would say.
    const climbing =
      after.answered >= fewestToJudge && after.refused * before.answered > before.refused * after.answered;
    const risen = climbing && sharesDiffer(after, before);
    // A single refusal among twenty answers is too few to tell a flaky service from a straggler: twenty more tell.
    const enough = after.answered >= (after.refused === 1 ? 2 * trialAnswers : trialAnswers);
    const told = enough || risen || (after.answered >= fewestToJudge && now - this.cutAt >= trialMs);
    if (!stopped && !told) return;
    this.refill(); // the time on trial is not time to grow in
    this.trial = undefined;
    // Refusals all but stopped at the slower rate: a real limit, under which the rate now sits.
    if (stopped || after.refused <= 1) return;
    // A cut that held few requests back did not change the rate the service saw: refusals going on say nothing.
    const bound = trial.waited >= trial.takes * boundShare;
    if (!bound || risen) {
      this.cut(this.lastWindow());
      return;
    }
    // Refusals went on at half the rate: either the service refuses whatever the rate, or the cut is still above a
    // limit. Once a flaky service was seen, its share over every such trial is the yardstick: the share before a cut
    // is a poor one, since a cut follows an unlucky run of refusals. Before that, when the share before was measured
    // in the stack's first second, while a limit's allowance may still have been full, a share that did not fall is
    // taken for a limit that binds harder at the cut rate; later, only a share that changed is.
    const firstTrial = this.cutAt - this.firstSentAt <= windowMs;
    const known = this.refusedAtAnyRate.answered > 0;
    const limitStillBinds = known
      ? climbing && sharesDiffer(after, this.refusedAtAnyRate)
      : sharesDiffer(after, before) || (firstTrial && climbing);
    if (limitStillBinds) {
      this.cut(this.lastWindow());
      return;
    }
    // Refusals at the same share at half the rate: they have nothing to do with the rate.
    this.refusedAtAnyRate.answered += after.answered;
    this.refusedAtAnyRate.refused += after.refused;
    this.lift();
  }

  private lift(): void {
    this.rate = this.ceiling;
    this.limit = 0;
    this.beyondSince = undefined;
  }

  /** At most one second's worth at once while the rate is held below its ceiling; `burst` otherwise. */
  private get capacity(): number {
    return this.rate < this.ceiling ? Math.min(this.burst, Math.max(1, this.rate)) : this.burst;
  }

  /**
   * A cut rate grows back while no trial is watching it: quickly up to the limit's measure, slowly through the
   * tenth above it, then doubling its growth every second, until the pace is lifted.
   */
  private grow(from: number, to: number): void {
    if (this.rate >= this.ceiling || this.trial || to <= from) return;
    const near = this.limit * 1.1;
    let at = from;
    while (at < to && this.rate < this.ceiling) {
      let perSecond: number;
      let until = to;
      if (this.rate < this.limit) perSecond = this.limit * growth.toLimit;
      else if (this.rate < near) perSecond = this.limit * growth.nearLimit;
      else {
        this.beyondSince ??= at;
        const second = Math.floor((at - this.beyondSince) / 1000);
        perSecond = this.limit * growth.beyond * 2 ** Math.min(second, 30);
        const secondEnds = this.beyondSince + (second + 1) * 1000;
        // Rounding can put `at` a hair short of a second's end it has in fact reached: move on to the next.
        until = Math.min(to, secondEnds > at ? secondEnds : secondEnds + 1000);
      }
      // Stop at the next boundary of the piecewise growth, so each stretch grows at its own pace.
      const boundary = this.rate < this.limit ? this.limit : this.rate < near ? near : Number.POSITIVE_INFINITY;
      const reachedAt = at + ((boundary - this.rate) / perSecond) * 1000;
      if (reachedAt <= until) {
        this.rate = boundary; // exactly, so the next stretch starts here however small the step was
        at = reachedAt;
      } else {
        this.rate += perSecond * ((until - at) / 1000);
        at = until;
      }
      if (this.rate >= Math.min(this.ceiling, this.limit * liftAt)) this.lift();
    }
  }

  private refill(): void {
    const now = this.clock.now();
    const elapsed = Math.max(0, now - this.updatedAt);
    this.grow(this.updatedAt, now);
    this.updatedAt = now;
    this.tokens = Number.isFinite(this.rate)
      ? Math.min(this.capacity, this.tokens + (elapsed / 1000) * this.rate)
      : this.burst; // no limit: nothing to wait for
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
