/**
 * Caps how many API calls run at once across every resource of a stack (they share one provider process),
 * so a large stack queues instead of tripping the service's rate limits.
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
