/**
 * Fault spec syntax (documented in docs/local-server.md):
 * SPEC  := RULE (";" RULE)*
 * RULE  := ITEM ("," ITEM)*
 * ITEM  := 5xx=P | <500..599>=P | 429=P | 403=P | drop=P | lose=P | latency=D | latency=D-D | retry-after=SECONDS
 * | rate=N | rate-start=K
 * | path=GLOB("|"GLOB)* | method=M("|"M)* | seed=N | ttl=D
 * | kc=P | kc-window=D | kc-status=N | pending-update=D | slow-delete=D | read-lag=D
 * P is a probability in [0, 1]; D a duration like 25ms, 2s or a bare number of milliseconds. `seed` and `ttl`
 * (access-token lifetime) are global whichever rule carries them. A rule without `path` applies to every path.
 * `rate=N` throttles the rule's requests to N per second (a token bucket holding one second's worth): a request
 * beyond it is answered 429 with the rule's Retry-After, as a service's edge enforcing a request limit would.
 * `rate-start=K` fills the allowance with K requests instead of a second's worth when the rule first meets a request,
 * as when other clients have just spent the service's allowance: with 0 the first request is refused, so a test
 * that needs the limit to bite does not depend on how fast the machine sends.
 *
 * Real-service behaviours (global too, whichever rule carries them; see docs/local-server.md "Modes"):
 * kc=P             a change (PUT, DELETE, lifecycle action) to a source or destination within `kc-window`
 * (default 5s) of its create fails with probability P with one of Kafka Connect's transient
 * errors, as the reference client retries them (TF internal/api/retry.go:15-57), answered with
 * `kc-status` (default 400: the status the service uses is undocumented)
 * pending-update=D writes with wait=false leave the connector `Pending Update` for D (default: the status delay)
 * slow-delete=D    a deleted connector lingers D before it is gone; a DELETE without wait=false answers only then
 * read-lag=D       GET of a connector by id answers an empty result for D after its create (reads lagging
 * writes; no evidence the real service does this: audit B14)
 */

export interface FaultRule {
  statuses: Array<{ status: number | "5xx"; p: number }>;
  drop: number;
  /** The request is carried out and committed, then the connection is closed before the answer (a lost answer). */
  lose: number;
  latency: [number, number] | null;
  retryAfterSeconds: number;
  /** Requests per second the rule's requests are throttled to (`rate=N`); undefined: no limit. */
  ratePerSecond?: number;
  /** Requests the rule's allowance holds when it first meets a request (`rate-start=K`); default a second's worth. */
  rateStart?: number;
  paths: RegExp[];
  /** The rule's `path=` globs as written, for whoever shows the rule (the console's fault settings). */
  pathGlobs: string[];
  methods: string[];
  source: string;
}

/** Kafka Connect transient failures shortly after a connector's create (`kc=…`). */
export interface KafkaConnectFaults {
  p: number;
  windowMs: number;
  status: number;
}

export interface FaultSpec {
  rules: FaultRule[];
  seed: number;
  tokenTtlSeconds?: number;
  kafkaConnect?: KafkaConnectFaults;
  pendingUpdateMs?: number;
  slowDeleteMs?: number;
  readLagMs?: number;
}

export function parseDuration(text: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(text.trim());
  if (!match) throw new Error(`invalid duration '${text}' (use e.g. 25ms, 2s, 1m)`);
  const parsed = Number(match[1]);
  return match[2] === "s" ? parsed * 1000 : match[2] === "m" ? parsed * 60_000 : parsed;
}

function probability(key: string, text: string): number {
  const parsed = Number(text);
  if (!Number.isFinite(parsed) || parsed < 0 || parsed > 1)
    throw new Error(`fault '${key}': probability must be within 0..1`);
  return parsed;
}

export function globToRegExp(glob: string): RegExp {
  const escaped = glob
    .replace(/[.+^${}()[\]\\]/g, "\\$&")
    .replace(/\*/g, ".*")
    .replace(/\?/g, ".");
  return new RegExp(`^${escaped}$`);
}

export function parseFaultSpec(text: string | undefined): FaultSpec {
  const spec: FaultSpec = { rules: [], seed: 1 };
  if (!text || !text.trim()) return spec;
  const kafkaConnect = (): KafkaConnectFaults => (spec.kafkaConnect ??= { p: 0, windowMs: 5_000, status: 400 });
  for (const ruleText of text.split(";")) {
    if (!ruleText.trim()) continue;
    const rule: FaultRule = {
      statuses: [],
      drop: 0,
      lose: 0,
      latency: null,
      retryAfterSeconds: 1,
      paths: [],
      pathGlobs: [],
      methods: [],
      source: ruleText.trim(),
    };
    for (const item of ruleText.split(",")) {
      if (!item.trim()) continue;
      const eq = item.indexOf("=");
      if (eq < 0) throw new Error(`fault item '${item}' has no '='`);
      const key = item.slice(0, eq).trim().toLowerCase();
      const value = item.slice(eq + 1).trim();
      if (key === "5xx") rule.statuses.push({ status: "5xx", p: probability(key, value) });
      else if (/^(403|429|5\d\d)$/.test(key)) rule.statuses.push({ status: Number(key), p: probability(key, value) });
      else if (key === "drop") rule.drop = probability(key, value);
      else if (key === "lose") rule.lose = probability(key, value);
      else if (key === "latency") {
        const [a, b] = value.split("-");
        const lo = parseDuration(a);
        rule.latency = [lo, b === undefined ? lo : parseDuration(b)];
      } else if (key === "rate") {
        const rate = Number(value.replace(/\/s$/, ""));
        if (!Number.isFinite(rate) || rate <= 0) throw new Error("fault 'rate' must be a positive number per second");
        rule.ratePerSecond = rate;
      } else if (key === "rate-start") {
        const start = Number(value);
        if (!Number.isInteger(start) || start < 0)
          throw new Error("fault 'rate-start' must be a whole number, 0 or more");
        rule.rateStart = start;
      } else if (key === "retry-after") rule.retryAfterSeconds = Math.max(0, Math.round(Number(value)));
      else if (key === "path") {
        rule.pathGlobs = value.split("|");
        rule.paths = rule.pathGlobs.map(globToRegExp);
      } else if (key === "method") rule.methods = value.split("|").map((part) => part.trim().toUpperCase());
      else if (key === "seed") spec.seed = Number(value) >>> 0;
      else if (key === "ttl") spec.tokenTtlSeconds = parseDuration(value) / 1000;
      else if (key === "kc") kafkaConnect().p = probability(key, value);
      else if (key === "kc-window") kafkaConnect().windowMs = parseDuration(value);
      else if (key === "kc-status") {
        const status = Number(value);
        if (!Number.isInteger(status) || status < 400 || status > 599)
          throw new Error("fault 'kc-status' must be 400..599");
        kafkaConnect().status = status;
      } else if (key === "pending-update") spec.pendingUpdateMs = parseDuration(value);
      else if (key === "slow-delete") spec.slowDeleteMs = parseDuration(value);
      else if (key === "read-lag") spec.readLagMs = parseDuration(value);
      else throw new Error(`unknown fault switch '${key}'`);
    }
    if (rule.rateStart !== undefined && rule.ratePerSecond === undefined)
      throw new Error("fault 'rate-start' needs a 'rate' in the same rule");
    spec.rules.push(rule);
  }
  return spec;
}
