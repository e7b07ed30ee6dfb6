import { Agent, request } from "undici";

/**
 * One pooled connection agent per provider process. The engine runs every resource of a stack through one
 * dynamic-provider process, so keep-alive connections are shared across all of them.
 */
const agent = new Agent({
  connections: 32,
  keepAliveTimeout: 10_000,
  connect: { timeout: 10_000 },
});

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface HttpRequest {
  method: HttpMethod;
  /** Path below the endpoint, starting with "/". */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  bearer?: string;
  /** Further headers (the admin impersonation headers). */
  headers?: Record<string, string>;
  /** Deadline for the whole attempt: connect, headers and body. */
  timeoutMs: number;
}

export interface HttpResponse {
  status: number;
  requestId?: string;
  /** Seconds or HTTP date, as the service sent it. */
  retryAfter?: string;
  /** Parsed JSON, or the raw text when the body is not JSON, or undefined when empty. */
  body: unknown;
}

/**
 * A failure below HTTP: no connection, a connection reset, or no complete answer before the deadline.
 * `maybeProcessed` is false only when the request cannot have reached the service (it never connected).
 */
export class TransportError extends Error {
  constructor(
    message: string,
    readonly maybeProcessed: boolean,
    readonly timedOut: boolean,
  ) {
    super(message);
    this.name = "TransportError";
  }
}

const connectPhaseCodes = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "UND_ERR_CONNECT_TIMEOUT",
  "EHOSTUNREACH",
]);

export async function send(endpoint: string, req: HttpRequest): Promise<HttpResponse> {
  const url = new URL(endpoint + req.path);
  for (const [key, value] of Object.entries(req.query ?? {})) {
    if (value !== undefined) {
      url.searchParams.set(key, String(value));
    }
  }
  const headers: Record<string, string> = {
    ...req.headers,
    accept: "application/json",
    "user-agent": "pulumi-streamkap",
  };
  if (req.bearer) {
    headers.authorization = `Bearer ${req.bearer}`;
  }
  let body: string | undefined;
  if (req.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(req.body);
  }

  const signal = AbortSignal.timeout(req.timeoutMs);
  try {
    const response = await request(url, {
      method: req.method,
      headers,
      body,
      dispatcher: agent,
      signal,
      headersTimeout: req.timeoutMs,
      bodyTimeout: req.timeoutMs,
    });
    const text = await response.body.text();
    return {
      status: response.statusCode,
      requestId: headerValue(response.headers["x-request-id"]),
      retryAfter: headerValue(response.headers["retry-after"]),
      body: parseBody(text),
    };
  } catch (error) {
    const code =
      (error as { code?: string; cause?: { code?: string } }).code ??
      (error as { cause?: { code?: string } }).cause?.code;
    const timedOut = signal.aborted || code === "UND_ERR_HEADERS_TIMEOUT" || code === "UND_ERR_BODY_TIMEOUT";
    const neverConnected = code !== undefined && connectPhaseCodes.has(code);
    const reason = timedOut ? `no answer within ${req.timeoutMs} ms` : (code ?? (error as Error).message);
    throw new TransportError(`${req.method} ${req.path} failed: ${reason}`, !neverConnected, timedOut);
  }
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function parseBody(text: string): unknown {
  if (text === "") {
    return undefined;
  }
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
