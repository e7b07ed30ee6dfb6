/** A clock for tests of anything that paces by a {@link Clock}: time moves only when the test says so. */
import type { Clock } from "../../provider/client/limiter";

/** A clock whose time moves only when the test says so; sleepers wake in order of their due time. */
export class ManualClock implements Clock {
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
