// API calls as the local server counted them, grouped into endpoint classes (`GET /sources/:id`) so that the
// report can say which calls an operation made and which of them were tokens or waits.

/** One call as `server.stats()` records it (path without query; status 0 for a dropped connection). */
export interface CallRecord {
  method: string;
  path: string;
  status: number;
}

export interface CallSummary {
  total: number;
  /** Access-token requests (`POST /auth/access-token` and its refresh). */
  tokens: number;
  /**
   * GETs of one object (`GET /sources/:id`, `GET /transforms/:id/job_status`, …): during up, update and destroy
   * these are almost all waits for a connector, job or delete to finish.
   */
  singleObjectGets: number;
  /** Answers of 400 and above, or dropped connections. */
  failed: number;
  /** Calls per endpoint class, e.g. `{"POST /sources": 20, "GET /sources/:id": 41}`. */
  byEndpoint: Record<string, number>;
}

// The first path segment of each collection whose second segment is an object id (unless it is a fixed word).
const collections = new Set(["sources", "destinations", "pipelines", "transforms", "topics", "tags", "project-keys"]);
const fixedWords = new Set([
  "bulk",
  "details",
  "messages",
  "metrics",
  "snapshot",
  "cancel_snapshot",
  "execute_blocking_snapshot",
  "execute_incremental_snapshot",
  "stop_blocking_snapshot",
  "stop_incremental_snapshot",
  "connectors",
  "source",
  "destination",
  "pipeline",
  "transform",
  "topic",
]);

/** `GET /sources/64f0…/status` → `GET /sources/:id/status`; version numbers become `:n`. */
export function endpointClass(method: string, path: string): string {
  const segments = path.split("/").filter((segment) => segment !== "");
  const classed = segments.map((segment, index) => {
    if (index === 1 && collections.has(segments[0]) && !fixedWords.has(segment)) return ":id";
    if (/^\d+$/.test(segment)) return ":n";
    if (/^[0-9a-f]{24}$/.test(segment)) return ":id";
    return segment;
  });
  return `${method.toUpperCase()} /${classed.join("/")}`;
}

export function isTokenCall(call: CallRecord): boolean {
  return call.method.toUpperCase() === "POST" && /^\/auth\/access-token(\/refresh)?$/.test(call.path);
}

export function isSingleObjectGet(call: CallRecord): boolean {
  const endpoint = endpointClass(call.method, call.path);
  return /^GET \/[a-z-]+\/:id(\/job_status)?$/.test(endpoint);
}

export function summarizeCalls(calls: readonly CallRecord[]): CallSummary {
  const byEndpoint: Record<string, number> = {};
  let tokens = 0;
  let singleObjectGets = 0;
  let failed = 0;
  for (const call of calls) {
    const endpoint = endpointClass(call.method, call.path);
    byEndpoint[endpoint] = (byEndpoint[endpoint] ?? 0) + 1;
    if (isTokenCall(call)) tokens++;
    if (isSingleObjectGet(call)) singleObjectGets++;
    if (call.status === 0 || call.status >= 400) failed++;
  }
  const sorted = Object.fromEntries(Object.entries(byEndpoint).sort(([a, x], [b, y]) => y - x || a.localeCompare(b)));
  return { total: calls.length, tokens, singleObjectGets, failed, byEndpoint: sorted };
}

export const noCalls: CallSummary = { total: 0, tokens: 0, singleObjectGets: 0, failed: 0, byEndpoint: {} };
