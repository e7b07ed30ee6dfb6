/**
 * Call counters: every API call received, in order, for tests and benchmarks that count requests. Also the
 * request log behind `/_local/requests`: the form of each management request (method, path, query, the key paths
 * of its JSON body), so contract tests can hold what a client sends against the real API's request forms.
 */
export interface CallRecord {
  method: string;
  path: string;
  /** The raw query string without `?`, when there is one (tests check which parameters were sent). */
  query?: string;
  status: number;
  serviceId?: string;
  /** The admin impersonation headers `X-Admin-Tenant-Id` / `X-Admin-Service-Id`, when the call carried them. */
  admin?: { tenantId?: string; serviceId?: string };
}

/**
 * One management request as received, without its body's values: those may be secrets (a password in a config,
 * a client secret), and the form of a request is what its keys say.
 */
export interface RequestRecord {
  method: string;
  path: string;
  /** Query parameters as sent (a repeated parameter keeps every value). */
  query: Record<string, string | string[]>;
  /**
   * Every key path of the JSON body, each as its segments: object keys as they are (config keys keep their dots),
   * `[]` for the items of a list. E.g. `[["name"], ["config", "database.port"], ["source", "topics", "[]"]]`.
   * Empty when there is no body or it is not an object or list.
   */
  bodyKeys: string[][];
  status: number;
  /** The caller's service; absent for a call that named none (a failed login). */
  serviceId?: string;
  /** When it was received (ISO 8601), and the request id its answer carried (`X-Request-Id`). */
  at?: string;
  requestId?: string;
}

/** Old entries are dropped past this many, so that long benchmarks keep a bounded log. */
const maxRequests = 20_000;

export class CallStats {
  private calls: CallRecord[] = [];
  private requests: RequestRecord[] = [];

  record(call: CallRecord): void {
    this.calls.push(call);
  }

  recordRequest(request: RequestRecord): void {
    this.requests.push(request);
    if (this.requests.length > maxRequests) this.requests.splice(0, this.requests.length - maxRequests);
  }

  /** Every call, or with `serviceId` only that service's (N6: a service's admin sees its own calls only). */
  snapshot(serviceId?: string): { calls: CallRecord[] } {
    return { calls: this.calls.filter((call) => ofService(call, serviceId)).map((call) => ({ ...call })) };
  }

  requestLog(serviceId?: string): { requests: RequestRecord[] } {
    return {
      requests: this.requests.filter((request) => ofService(request, serviceId)).map((request) => ({ ...request })),
    };
  }

  /** Forgets every call, or with `serviceId` only that service's. */
  reset(serviceId?: string): void {
    this.calls = this.calls.filter((call) => !ofService(call, serviceId));
    this.requests = this.requests.filter((request) => !ofService(request, serviceId));
  }
}

function ofService(record: { serviceId?: string }, serviceId: string | undefined): boolean {
  return serviceId === undefined || record.serviceId === serviceId;
}

/** The key paths of a JSON value, without its values (see {@link RequestRecord.bodyKeys}). */
export function keyPathsOf(value: unknown, prefix: string[] = []): string[][] {
  const paths: string[][] = [];
  if (Array.isArray(value)) {
    const itemPath = [...prefix, "[]"];
    if (value.length > 0) paths.push(itemPath);
    // Items of one list share a form: the union of their key paths, each once.
    const seen = new Set<string>();
    for (const item of value) {
      for (const path of keyPathsOf(item, itemPath)) {
        const key = JSON.stringify(path);
        if (!seen.has(key)) {
          seen.add(key);
          paths.push(path);
        }
      }
    }
  } else if (typeof value === "object" && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      const path = [...prefix, key];
      paths.push(path);
      paths.push(...keyPathsOf(child, path));
    }
  }
  return paths;
}

/** Query parameters of a URL, a repeated one as a list. */
export function queryOf(url: string): Record<string, string | string[]> {
  const at = url.indexOf("?");
  // No prototype: a parameter named __proto__ is a parameter like any other.
  const query = Object.create(null) as Record<string, string | string[]>;
  if (at < 0) return query;
  for (const [key, value] of new URLSearchParams(url.slice(at + 1))) {
    const before = query[key];
    query[key] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return query;
}
