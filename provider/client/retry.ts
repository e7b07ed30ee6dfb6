import { setTimeout as sleep } from "node:timers/promises";

import pRetry from "p-retry";

import { retryCounters } from "./counters";

/**
 * When to try a call again and how long to wait. Defaults follow undici's RetryOptions: exponential backoff,
 * but with full jitter so that many resources of one stack that hit a 429 together do not retry together.
 */
export interface RetryPolicy {
  /** @default 250 */
  baseDelayMs: number;
  /** @default 15000 */
  maxDelayMs: number;
  /** Total time one logical call may spend, retries and waits included. */
  budgetMs: number;
  /** @default 8 */
  maxAttempts: number;
}

export const defaultRetryPolicy: Omit<RetryPolicy, "budgetMs"> = {
  baseDelayMs: 250,
  maxDelayMs: 15_000,
  maxAttempts: 8,
};

/** What a failed attempt means for the next one. */
export type RetryDecision = { retry: false } | { retry: true; minDelayMs?: number; reason: string };

export async function withRetries<T>(
  attempt: (attemptNumber: number) => Promise<T>,
  policy: RetryPolicy,
  decide: (error: unknown) => RetryDecision,
): Promise<T> {
  const deadline = Date.now() + policy.budgetMs;
  return pRetry(attempt, {
    retries: policy.maxAttempts - 1,
    minTimeout: 0,
    maxTimeout: 0,
    randomize: false,
    maxRetryTime: policy.budgetMs,
    // Waiting happens here rather than in p-retry's own timer so that Retry-After and full jitter decide it.
    shouldRetry: async ({ error, attemptNumber }) => {
      const decision = decide(error);
      if (!decision.retry) {
        return false;
      }
      const delay = Math.max(decision.minDelayMs ?? 0, fullJitter(attemptNumber, policy));
      if (Date.now() + delay > deadline) {
        return false;
      }
      retryCounters.set(decision.reason, (retryCounters.get(decision.reason) ?? 0) + 1);
      await sleep(delay);
      return true;
    },
  });
}

/** A random wait between 0 and the exponential ceiling for this attempt. */
export function fullJitter(attemptNumber: number, policy: Pick<RetryPolicy, "baseDelayMs" | "maxDelayMs">): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attemptNumber - 1));
  return Math.floor(Math.random() * ceiling);
}

/** Retry-After as milliseconds: either delta-seconds or an HTTP date. Undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined || value.trim() === "") {
    return undefined;
  }
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) {
    return Math.ceil(seconds * 1000);
  }
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
