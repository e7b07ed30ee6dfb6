/**
 * Decides, per request, which injected fault (if any) applies. A seeded PRNG makes a run repeatable: the same
 * spec and the same sequence of requests give the same faults.
 */
import { parseFaultSpec, type FaultRule, type FaultSpec } from "./spec";

export type FaultAction =
  | { kind: "none"; latencyMs: number }
  | { kind: "drop"; latencyMs: number }
  | { kind: "lose"; latencyMs: number }
  | { kind: "status"; status: number; retryAfterSeconds?: number; latencyMs: number };

// mulberry32: tiny, fast and good enough for fault sampling (and for tests that need the same draws each run).
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

const serverErrorStatuses = [500, 502, 503, 504];

/**
 * What the service says when Kafka Connect fails it transiently: its wrapper "Kafka Connect API call failed with
 * status code NNN and response …" around Kafka Connect's own messages, and its timeout after trying every node
 * (the texts the reference client retries on: TF internal/api/retry.go:15-57).
 */
function kafkaConnectTexts(name: string): string[] {
  const wrapped = (code: number, message: string) =>
    `Kafka Connect API call failed with status code ${code} and response ` +
    JSON.stringify({ error_code: code, message });
  return [
    wrapped(404, `Connector ${name} not found`),
    wrapped(
      409,
      "Cannot complete request momentarily due to stale configuration (typically caused by a concurrent config change)",
    ),
    wrapped(500, "Request cannot be completed because a rebalance is expected"),
    wrapped(500, "REBALANCE_IN_PROGRESS: The group is rebalancing, so a rejoin is needed."),
    "KafkaConnectTimeout: Request timed out on all nodes",
  ];
}

/** The fault settings in force, as `GET /_local/faults` answers them. */
export interface FaultSettings {
  /** The spec as given (rules joined by `; `); empty when no fault is injected. */
  spec: string;
  rules: Array<{
    rule: string;
    paths: string[];
    methods: string[];
    statuses: Array<{ status: string; p: number }>;
    drop: number;
    lose: number;
    latency_ms: [number, number] | null;
    rate_per_second: number | null;
    rate_start: number | null;
    retry_after_seconds: number;
  }>;
  seed: number;
  token_ttl_seconds: number | null;
  kafka_connect: { p: number; window_ms: number; status: number } | null;
  pending_update_ms: number | null;
  slow_delete_ms: number | null;
  read_lag_ms: number | null;
}

/** A `rate=N` rule's allowance: one second's worth of requests at most, refilled at N per second. */
interface Allowance {
  tokens: number;
  updatedAt: number;
}

export class FaultEngine {
  readonly spec: FaultSpec;
  private readonly random: () => number;
  private readonly allowances = new Map<FaultRule, Allowance>();

  constructor(text?: string) {
    this.spec = parseFaultSpec(text);
    this.random = prng(this.spec.seed);
  }

  get active(): boolean {
    return this.spec.rules.length > 0;
  }

  /** The settings in force, as `GET /_local/faults` answers them (set at start with `--faults`). */
  describe(): FaultSettings {
    const spec = this.spec;
    return {
      spec: spec.rules.map((rule) => rule.source).join("; "),
      rules: spec.rules.map((rule) => ({
        rule: rule.source,
        paths: rule.pathGlobs,
        methods: rule.methods,
        statuses: rule.statuses.map((entry) => ({ status: String(entry.status), p: entry.p })),
        drop: rule.drop,
        lose: rule.lose,
        latency_ms: rule.latency,
        rate_per_second: rule.ratePerSecond ?? null,
        rate_start: rule.rateStart ?? null,
        retry_after_seconds: rule.retryAfterSeconds,
      })),
      seed: spec.seed,
      token_ttl_seconds: spec.tokenTtlSeconds ?? null,
      kafka_connect: spec.kafkaConnect
        ? { p: spec.kafkaConnect.p, window_ms: spec.kafkaConnect.windowMs, status: spec.kafkaConnect.status }
        : null,
      pending_update_ms: spec.pendingUpdateMs ?? null,
      slow_delete_ms: spec.slowDeleteMs ?? null,
      read_lag_ms: spec.readLagMs ?? null,
    };
  }

  /**
   * A Kafka Connect transient failure for a change to a connector created at `createdAt`, or undefined. Only
   * within the `kc-window` after the create, as on the real service while the connector is still being deployed.
   */
  kafkaConnectFailure(
    name: string,
    createdAt: number,
    now = Date.now(),
  ): { status: number; detail: string } | undefined {
    const kc = this.spec.kafkaConnect;
    if (!kc || kc.p <= 0 || now - createdAt >= kc.windowMs) return undefined;
    if (this.random() >= kc.p) return undefined;
    const texts = kafkaConnectTexts(name);
    return { status: kc.status, detail: texts[Math.floor(this.random() * texts.length)] };
  }

  /** Whether a `rate=N` rule lets one more request through now (every rule without a rate does). */
  private withinRate(rule: FaultRule, now: number): boolean {
    const rate = rule.ratePerSecond;
    if (rate === undefined) return true;
    const allowance = this.allowances.get(rule) ?? { tokens: rule.rateStart ?? rate, updatedAt: now };
    allowance.tokens = Math.min(rate, allowance.tokens + (Math.max(0, now - allowance.updatedAt) / 1000) * rate);
    allowance.updatedAt = now;
    this.allowances.set(rule, allowance);
    if (allowance.tokens < 1) return false;
    allowance.tokens -= 1;
    return true;
  }

  decide(method: string, path: string, now = Date.now()): FaultAction {
    let latencyMs = 0;
    for (const rule of this.spec.rules) {
      if (rule.paths.length > 0 && !rule.paths.some((pattern) => pattern.test(path))) continue;
      if (rule.methods.length > 0 && !rule.methods.includes(method.toUpperCase())) continue;
      if (rule.latency) {
        const [lo, hi] = rule.latency;
        latencyMs += lo + (hi - lo) * this.random();
      }
      if (!this.withinRate(rule, now)) {
        return { kind: "status", status: 429, retryAfterSeconds: rule.retryAfterSeconds, latencyMs };
      }
      if (rule.drop > 0 && this.random() < rule.drop) return { kind: "drop", latencyMs };
      if (rule.lose > 0 && this.random() < rule.lose) return { kind: "lose", latencyMs };
      for (const text of rule.statuses) {
        if (this.random() >= text.p) continue;
        const status =
          text.status === "5xx"
            ? serverErrorStatuses[Math.floor(this.random() * serverErrorStatuses.length)]
            : text.status;
        return status === 429
          ? { kind: "status", status, retryAfterSeconds: rule.retryAfterSeconds, latencyMs }
          : { kind: "status", status, latencyMs };
      }
    }
    return { kind: "none", latencyMs };
  }
}
