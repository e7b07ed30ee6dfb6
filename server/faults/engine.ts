// Decides, per request, which injected fault (if any) applies. A seeded PRNG makes a run repeatable: the same
// spec and the same sequence of requests give the same faults.
import { parseFaultSpec, type FaultSpec } from "./spec";

export type FaultAction =
  | { kind: "none"; latencyMs: number }
  | { kind: "drop"; latencyMs: number }
  | { kind: "status"; status: number; retryAfterSeconds?: number; latencyMs: number };

// mulberry32: tiny, fast and good enough for fault sampling.
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIVE_XX = [500, 502, 503, 504];

export class FaultEngine {
  readonly spec: FaultSpec;
  private readonly random: () => number;

  constructor(text?: string) {
    this.spec = parseFaultSpec(text);
    this.random = prng(this.spec.seed);
  }

  get active(): boolean {
    return this.spec.rules.length > 0;
  }

  decide(method: string, path: string): FaultAction {
    let latencyMs = 0;
    for (const rule of this.spec.rules) {
      if (rule.paths.length > 0 && !rule.paths.some((r) => r.test(path))) continue;
      if (rule.methods.length > 0 && !rule.methods.includes(method.toUpperCase())) continue;
      if (rule.latency) {
        const [lo, hi] = rule.latency;
        latencyMs += lo + (hi - lo) * this.random();
      }
      if (rule.drop > 0 && this.random() < rule.drop) return { kind: "drop", latencyMs };
      for (const s of rule.statuses) {
        if (this.random() >= s.p) continue;
        const status = s.status === "5xx" ? FIVE_XX[Math.floor(this.random() * FIVE_XX.length)] : s.status;
        return status === 429
          ? { kind: "status", status, retryAfterSeconds: rule.retryAfterSeconds, latencyMs }
          : { kind: "status", status, latencyMs };
      }
    }
    return { kind: "none", latencyMs };
  }
}
