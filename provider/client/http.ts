import { EnvHttpProxyAgent, request } from "undici";

/**
 * One pooled connection agent per provider process. The engine runs every resource of a stack through one
 * dynamic-provider process, so keep-alive connections are shared across all of them.
 *
 * It honours the standard proxy variables as curl and Go's net/http do (corporate CI runners often reach the
 * internet only through a proxy): `HTTPS_PROXY` for https endpoints (a CONNECT tunnel), `HTTP_PROXY` for http ones
 * (absolute-URI requests, and for https too when `HTTPS_PROXY` is unset), and `NO_PROXY` (hosts, `.domain`
 * suffixes, `host:port`, `*`) for endpoints reached directly; the lower-case names win over the upper-case ones.
 * undici's EnvHttpProxyAgent reads them; with none set it is a plain Agent with these options. The proxy's own
 * connections keep undici's default 10 s connect deadline, the same as below, and every request's own deadline
 * (`send`) covers the proxy too. The private CAs of `NODE_EXTRA_CA_CERTS` apply to the tunnelled TLS as to a direct
 * one: Node adds them to its default trust store when the process starts.
 */
const agent = new EnvHttpProxyAgent({
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
    /** A failure no second attempt can mend (a refused certificate): reported at once, never retried. */
    readonly permanent = false,
    /** Nothing listened at the address (ECONNREFUSED). */
    readonly refused = false,
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

/** What a TLS failure code means to a user, by the codes Node's TLS layer gives (OpenSSL's verify errors). */
const certificateCodes: Record<string, string> = {
  SELF_SIGNED_CERT_IN_CHAIN: "its certificate chain ends in a certificate authority this machine does not trust",
  DEPTH_ZERO_SELF_SIGNED_CERT: "its certificate is self-signed and not trusted on this machine",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "its certificate is signed by a certificate authority this machine does not trust",
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: "its certificate is signed by a certificate authority this machine does not trust",
  CERT_HAS_EXPIRED: "its certificate has expired",
  ERR_TLS_CERT_ALTNAME_INVALID: "its certificate does not name this host",
};

/** The failure in words a user can act on, with the code Node gave for searching. */
function describeFailure(code: string | undefined, error: Error): string {
  if (code === undefined) return error.message;
  if (code === "ECONNREFUSED") return "connection refused (ECONNREFUSED): nothing listens there";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return `the host name did not resolve (${code})`;
  const certificate = certificateCodes[code];
  if (certificate !== undefined) {
    return (
      `the TLS certificate was refused (${code}): ${certificate}; ` +
      "for a private certificate authority, point NODE_EXTRA_CA_CERTS at its PEM file"
    );
  }
  // Anything else (a proxy's 407, a reset): undici's words, which say what happened, with the code.
  return error.message && error.message !== code ? `${error.message} (${code})` : code;
}

export async function send(endpoint: string, req: HttpRequest): Promise<HttpResponse> {
  const url = new URL(endpoint + req.path);
  // The URL a failure names: the endpoint as configured is what the user has to check, the query is left out.
  const where = `${url.origin}${url.pathname}`;
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
    const reason = timedOut ? `no answer within ${req.timeoutMs} ms` : describeFailure(code, error as Error);
    const refusedCertificate = code !== undefined && code in certificateCodes;
    throw new TransportError(
      `${req.method} ${where} failed: ${reason}`,
      !neverConnected && !refusedCertificate,
      timedOut,
      refusedCertificate,
      code === "ECONNREFUSED",
    );
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
