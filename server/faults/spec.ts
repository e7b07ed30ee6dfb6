// Fault spec syntax (documented in docs/local-server.md):
//   SPEC  := RULE (";" RULE)*
//   RULE  := ITEM ("," ITEM)*
//   ITEM  := 5xx=P | <500..599>=P | 429=P | drop=P | latency=D | latency=D-D | retry-after=SECONDS
//          | path=GLOB("|"GLOB)* | method=M("|"M)* | seed=N | ttl=D
// P is a probability in [0, 1]; D a duration like 25ms, 2s or a bare number of milliseconds. `seed` and `ttl`
// (access-token lifetime) are global whichever rule carries them. A rule without `path` applies to every path.

export interface FaultRule {
  statuses: Array<{ status: number | "5xx"; p: number }>;
  drop: number;
  latency: [number, number] | null;
  retryAfterSeconds: number;
  paths: RegExp[];
  methods: string[];
  source: string;
}

export interface FaultSpec {
  rules: FaultRule[];
  seed: number;
  tokenTtlSeconds?: number;
}

export function parseDuration(text: string): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(text.trim());
  if (!m) throw new Error(`invalid duration '${text}' (use e.g. 25ms, 2s, 1m)`);
  const n = Number(m[1]);
  return m[2] === "s" ? n * 1000 : m[2] === "m" ? n * 60_000 : n;
}

function probability(key: string, text: string): number {
  const p = Number(text);
  if (!Number.isFinite(p) || p < 0 || p > 1) throw new Error(`fault '${key}': probability must be within 0..1`);
  return p;
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
  for (const ruleText of text.split(";")) {
    if (!ruleText.trim()) continue;
    const rule: FaultRule = {
      statuses: [],
      drop: 0,
      latency: null,
      retryAfterSeconds: 1,
      paths: [],
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
      else if (/^(429|5\d\d)$/.test(key)) rule.statuses.push({ status: Number(key), p: probability(key, value) });
      else if (key === "drop") rule.drop = probability(key, value);
      else if (key === "latency") {
        const [a, b] = value.split("-");
        const lo = parseDuration(a);
        rule.latency = [lo, b === undefined ? lo : parseDuration(b)];
      } else if (key === "retry-after") rule.retryAfterSeconds = Math.max(0, Math.round(Number(value)));
      else if (key === "path") rule.paths = value.split("|").map(globToRegExp);
      else if (key === "method") rule.methods = value.split("|").map((m) => m.trim().toUpperCase());
      else if (key === "seed") spec.seed = Number(value) >>> 0;
      else if (key === "ttl") spec.tokenTtlSeconds = parseDuration(value) / 1000;
      else throw new Error(`unknown fault switch '${key}'`);
    }
    spec.rules.push(rule);
  }
  return spec;
}
