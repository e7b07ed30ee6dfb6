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

const maxSessions = 200;

/** Signed-in users, in memory only: a restart of the server signs everyone out. */
export class Sessions {
  private readonly byId = new Map<string, Session>();

  open(clientId: string, secret: string, token: string): Session {
    if (this.byId.size >= maxSessions) {
      const oldest = [...this.byId.values()].sort((a, b) => a.lastUsed - b.lastUsed)[0];
      if (oldest) this.byId.delete(oldest.id);
    }
    const session: Session = {
      id: randomBytes(24).toString("base64url"),
      clientId,
      secret,
      token,
      lastUsed: Date.now(),
    };
    this.byId.set(session.id, session);
    return session;
  }

  find(id: string | undefined): Session | undefined {
    const session = id === undefined ? undefined : this.byId.get(id);
    if (session) session.lastUsed = Date.now();
    return session;
  }

  close(id: string | undefined): void {
    if (id !== undefined) this.byId.delete(id);
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
  async send(method: "GET" | "POST" | "PUT" | "DELETE", url: string, body?: unknown): Promise<unknown> {
    let answer = await this.attempt(method, url, body);
    if (answer.status === 401) {
      // The token expired (or the server restarted with a new signing key): sign in again, once.
      this.session.token = await signIn(this.app, this.session.clientId, this.session.secret);
      answer = await this.attempt(method, url, body);
    }
    if (answer.status < 200 || answer.status >= 300) {
      throw new ConsoleApiError(answer.status, detailOf(answer.body), answer.requestId);
    }
    return answer.body;
  }

  private attempt(method: "GET" | "POST" | "PUT" | "DELETE", url: string, body: unknown): Promise<Answer> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.session.token ?? ""}` };
    if (method !== "GET") {
      headers["x-local-origin"] = "web";
      headers["x-local-actor"] = this.session.clientId;
    }
    return call(this.app, method, url, headers, body);
  }
}
