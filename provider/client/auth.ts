import { z } from "zod";

import { ErrorCodes, StreamkapError, errors } from "../errors";
import type { ProviderSettings } from "../settings";
import type { HttpRequest, HttpResponse } from "./http";

const tokenResponse = z.looseObject({
  accessToken: z.string().min(1),
  refreshToken: z.string().optional(),
  expires: z.string().optional(),
  expiresIn: z.number().positive(),
});

interface Token {
  accessToken: string;
  refreshToken?: string;
  obtainedAt: number;
  expiresAt: number;
}

/** Sends one auth call with the client's retry policy; injected so this module knows nothing of transport. */
export type AuthCall = (req: Omit<HttpRequest, "timeoutMs" | "bearer">) => Promise<HttpResponse>;

/**
 * Holds the access token of one credential set. One token serves the whole process; concurrent callers share
 * one in-flight request (single-flight); the token is refreshed when a fifth of its life (between 5 and 60 s)
 * remains, and re-obtained from the credentials when refreshing fails or the service answers 401.
 */
export class TokenSource {
  private current?: Token;
  private pending?: Promise<Token>;
  /** Tokens obtained and refreshed, for tests and benchmarks. */
  readonly counters = { obtained: 0, refreshed: 0 };

  constructor(
    private readonly credentials: ProviderSettings["credentials"],
    private readonly call: AuthCall,
  ) {}

  async accessToken(): Promise<string> {
    const token = this.current;
    if (token && Date.now() < token.expiresAt - refreshMargin(token)) {
      return token.accessToken;
    }
    this.pending ??= this.renew(token).finally(() => (this.pending = undefined));
    return (await this.pending).accessToken;
  }

  /** Drops `accessToken` after the service refused it, unless a newer one already replaced it. */
  invalidate(accessToken: string): void {
    if (this.current?.accessToken === accessToken) {
      this.current = undefined;
    }
  }

  private async renew(previous: Token | undefined): Promise<Token> {
    if (previous?.refreshToken && Date.now() < previous.expiresAt) {
      try {
        this.current = await this.request("/auth/access-token/refresh", { refresh_token: previous.refreshToken });
        this.counters.refreshed++;
        return this.current;
      } catch {
        // A refused refresh is not fatal while the credentials still work.
      }
    }
    const body: Record<string, string> =
      "projectKey" in this.credentials
        ? { project_key: this.credentials.projectKey }
        : { client_id: this.credentials.clientId, secret: this.credentials.secret };
    this.current = await this.request("/auth/access-token", body);
    this.counters.obtained++;
    return this.current;
  }

  private async request(path: string, body: Record<string, string>): Promise<Token> {
    const obtainedAt = Date.now();
    const response = await this.call({ method: "POST", path, body });
    if (response.status === 401 || response.status === 403 || response.status === 422) {
      throw new StreamkapError(
        ErrorCodes.unauthorized,
        `The service refused the credentials (POST ${path} answered ${response.status}` +
          `${response.requestId ? `, request id ${response.requestId}` : ""}). ` +
          "Check streamkap:clientId and streamkap:secret (or STREAMKAP_CLIENT_ID / STREAMKAP_SECRET), and streamkap:endpoint.",
        { method: "POST", path, status: response.status, requestId: response.requestId },
      );
    }
    const parsed = tokenResponse.safeParse(response.body);
    if (response.status >= 300 || !parsed.success) {
      throw errors.unexpectedAnswer(
        { what: "no access token (is streamkap:endpoint the Streamkap API?)" },
        { method: "POST", path, status: response.status, requestId: response.requestId },
      );
    }
    const { accessToken, refreshToken, expiresIn } = parsed.data;
    return { accessToken, refreshToken, obtainedAt, expiresAt: obtainedAt + expiresIn * 1000 };
  }
}

function refreshMargin(token: Token): number {
  const lifetime = token.expiresAt - token.obtainedAt;
  return Math.min(60_000, Math.max(5_000, lifetime / 5));
}
