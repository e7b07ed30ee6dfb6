/**
 * The console's way to the service: the public API of this same server, called in-process (fastify's inject) with
 * the signed-in credential's token. Every read and every edit passes what any API caller passes (auth, the
 * credential's role, validation, the request log), and an edit is recorded as a console user's: origin `web`,
 * actor the signed-in client id. Nothing the console shows comes from around the API.
 */
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";

/** A signed-in console user: the credential they signed in with, and its current token. */
export interface Session {
  readonly id: string;
  readonly clientId: string;
  readonly secret: string;
  readonly openedAt: number;
  token?: string;
  lastUsed: number;
}

/** An answer of the API other than a success: what the console shows, with the request id to look it up by. */
export class ConsoleApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly requestId: string,
  ) {
    super(`${status}: ${detail}`);
  }
}

/**
 * How long sessions live and how many are kept (issue #39, L1 and L3). A session ends after 12 hours unused or 7
 * days after its sign-in, whichever comes first; each credential holds at most 20 at once, and a 21st ends only
 * that credential's least recently used one (any caller filling a server-wide pool signed everyone out before).
 */
export const sessionLimits = {
  idleMs: 12 * 3_600_000,
  absoluteMs: 7 * 24 * 3_600_000,
  perCredential: 20,
  /** Server-wide, a bound on memory only: reached, expired sessions are dropped and then new ones refused. */
  total: 10_000,
};

/** Signed-in users, in memory only: a restart of the server signs everyone out. */
export class Sessions {
  private readonly byId = new Map<string, Session>();
  private readonly byCredential = new Map<string, Set<string>>();

  constructor(private readonly now: () => number = Date.now) {}

  /** A new session, or undefined when the server holds as many as it may (after dropping expired ones). */
  open(clientId: string, secret: string, token: string): Session | undefined {
    const mine = this.byCredential.get(clientId) ?? new Set<string>();
    while (mine.size >= sessionLimits.perCredential) {
      const oldest = [...mine]
        .map((id) => this.byId.get(id))
        .sort((a, b) => (a?.lastUsed ?? 0) - (b?.lastUsed ?? 0))[0];
      if (!oldest) break;
      this.close(oldest.id);
    }
    if (this.byId.size >= sessionLimits.total) this.dropExpired();
    if (this.byId.size >= sessionLimits.total) return undefined;
    const at = this.now();
    const session: Session = {
      id: randomBytes(24).toString("base64url"),
      clientId,
      secret,
      token,
      openedAt: at,
      lastUsed: at,
    };
    this.byId.set(session.id, session);
    this.byCredential.set(clientId, mine.add(session.id));
    return session;
  }

  /** The live session of a cookie; an expired one is ended here (its secret forgotten), as if signed out. */
  find(id: string | undefined): Session | undefined {
    const session = id === undefined ? undefined : this.byId.get(id);
    if (!session) return undefined;
    const at = this.now();
    if (this.expired(session, at)) {
      this.close(session.id);
      return undefined;
    }
    session.lastUsed = at;
    return session;
  }

  close(id: string | undefined): void {
    const session = id === undefined ? undefined : this.byId.get(id);
    if (!session) return;
    this.byId.delete(session.id);
    const mine = this.byCredential.get(session.clientId);
    mine?.delete(session.id);
    if (mine?.size === 0) this.byCredential.delete(session.clientId);
  }

  private expired(session: Session, at: number): boolean {
    return at - session.lastUsed > sessionLimits.idleMs || at - session.openedAt > sessionLimits.absoluteMs;
  }

  private dropExpired(): void {
    const at = this.now();
    for (const session of [...this.byId.values()]) if (this.expired(session, at)) this.close(session.id);
  }
}

/**
 * Failed sign-ins per client id (issue #39, L4): after `free` failures in a row, each further attempt waits, from
 * 1 second doubling up to 5 minutes; the right secret after the wait clears the count. An attempt while waiting is
 * answered 429 with Retry-After and never reaches the service. Keyed by client id only: a wrong guesser can make
 * one client id wait, at most 5 minutes at a time, but never sign anyone out.
 */
export class SignInThrottle {
  private readonly failures = new Map<string, { count: number; until: number }>();
  private static readonly free = 5;
  private static readonly maxWaitMs = 300_000;
  /** A bound on memory: the oldest entries go first. */
  private static readonly remembered = 10_000;

  constructor(private readonly now: () => number = Date.now) {}

  /** Seconds to wait before this client id may try again, or 0. */
  waitSeconds(clientId: string): number {
    const entry = this.failures.get(clientId);
    const left = entry ? entry.until - this.now() : 0;
    return left > 0 ? Math.ceil(left / 1000) : 0;
  }

  failed(clientId: string): void {
    const count = (this.failures.get(clientId)?.count ?? 0) + 1;
    const over = count - SignInThrottle.free;
    const waitMs = over < 0 ? 0 : Math.min(SignInThrottle.maxWaitMs, 1000 * 2 ** over);
    this.failures.delete(clientId);
    this.failures.set(clientId, { count, until: this.now() + waitMs });
    if (this.failures.size > SignInThrottle.remembered) {
      const oldest = this.failures.keys().next().value;
      if (oldest !== undefined) this.failures.delete(oldest);
    }
  }

  succeeded(clientId: string): void {
    this.failures.delete(clientId);
  }
}

interface Answer {
  status: number;
  body: unknown;
  requestId: string;
}

/** The text of an error answer's `detail`: a string, or FastAPI's list of `{loc, msg}`. */
function detailOf(body: unknown): string {
  const detail = typeof body === "object" && body !== null ? (body as { detail?: unknown }).detail : body;
  if (typeof detail === "string") return detail;
  if (Array.isArray(detail)) {
    return detail
      .map((item) => {
        const entry = item as { loc?: unknown[]; msg?: unknown };
        const where = Array.isArray(entry.loc) ? entry.loc.filter((part) => part !== "body").join(".") : "";
        return where ? `${where}: ${String(entry.msg)}` : String(entry.msg);
      })
      .join("; ");
  }
  return JSON.stringify(detail);
}

async function call(
  app: FastifyInstance,
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<Answer> {
  const answer = await app.inject({
    method,
    url,
    headers: { ...headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  let parsed: unknown;
  try {
    parsed = answer.body ? JSON.parse(answer.body) : undefined;
  } catch {
    parsed = answer.body;
  }
  return { status: answer.statusCode, body: parsed, requestId: String(answer.headers["x-request-id"] ?? "") };
}

/** A token for a client id and secret, or the service's refusal. */
export async function signIn(app: FastifyInstance, clientId: string, secret: string): Promise<string> {
  const answer = await call(app, "POST", "/auth/access-token", {}, { client_id: clientId, secret });
  const token = (answer.body as { accessToken?: unknown } | undefined)?.accessToken;
  if (answer.status !== 200 || typeof token !== "string") {
    throw new ConsoleApiError(answer.status, detailOf(answer.body), answer.requestId);
  }
  return token;
}

/** The public API as the signed-in user calls it. */
export class ConsoleApi {
  constructor(
    private readonly app: FastifyInstance,
    private readonly session: Session,
  ) {}

  async get<T>(url: string): Promise<T> {
    return (await this.send("GET", url)) as T;
  }

  /** Calls the API as a console user; an edit carries the console's origin and the user as its actor. */
  async send(
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<unknown> {
    let answer = await this.attempt(method, url, body, extraHeaders);
    if (answer.status === 401) {
      // The token expired (or the server restarted with a new signing key): sign in again, once.
      this.session.token = await signIn(this.app, this.session.clientId, this.session.secret);
      answer = await this.attempt(method, url, body, extraHeaders);
    }
    if (answer.status < 200 || answer.status >= 300) {
      throw new ConsoleApiError(answer.status, detailOf(answer.body), answer.requestId);
    }
    return answer.body;
  }

  private attempt(
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    body: unknown,
    extraHeaders: Record<string, string>,
  ): Promise<Answer> {
    const headers: Record<string, string> = { ...extraHeaders, authorization: `Bearer ${this.session.token ?? ""}` };
    if (method !== "GET") {
      headers["x-local-origin"] = "web";
      headers["x-local-actor"] = this.session.clientId;
    }
    return call(this.app, method, url, headers, body);
  }
}
