/**
 * One catalogue of the errors the provider raises. Callers match on `code`, never `instanceof`: a deserialized
 * provider can load a second copy of this module. Messages never contain input values, so secrets cannot leak
 * through them; they say what failed, what the service answered (with its request id) and what to do.
 */

export const ErrorCodes = {
  /** No credentials in stack config or environment. */
  missingCredentials: "STREAMKAP_ERR_MISSING_CREDENTIALS",
  /** A provider setting (`streamkap:endpoint`, a pace, `createdFrom`, …) has a value it cannot take. */
  invalidSetting: "STREAMKAP_ERR_INVALID_SETTING",
  /** The service refused the credentials. */
  unauthorized: "STREAMKAP_ERR_UNAUTHORIZED",
  /** A call answered with a status that retrying will not change. */
  rejected: "STREAMKAP_ERR_REJECTED",
  /** 429s or 5xx kept coming until the retry budget ran out. */
  unavailable: "STREAMKAP_ERR_UNAVAILABLE",
  /** No answer within the call's deadline, or the connection failed every time. */
  unreachable: "STREAMKAP_ERR_UNREACHABLE",
  /** The service answered, but not in the shape the API contract promises. */
  unexpectedResponse: "STREAMKAP_ERR_UNEXPECTED_RESPONSE",
  /** The object is gone from the service. */
  notFound: "STREAMKAP_ERR_NOT_FOUND",
  /** Something the provider waited for did not happen before its deadline. */
  timeout: "STREAMKAP_ERR_TIMEOUT",
} as const;

export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

/** Where an API error came from, for the message and for callers that branch on status. */
export interface CallContext {
  method: string;
  path: string;
  status?: number;
  requestId?: string;
  /** The service's `detail`, flattened to text. */
  detail?: string;
}

export class StreamkapError extends Error {
  readonly code: ErrorCode;
  readonly call?: CallContext;
  /** The resource the message already names (see {@link forResource}), so it is never named twice. */
  readonly resource?: string;
  /** Brand for cross-copy identity checks. */
  readonly isStreamkapError = true;

  constructor(code: ErrorCode, message: string, call?: CallContext, resource?: string) {
    super(message);
    this.name = "StreamkapError";
    this.code = code;
    this.call = call;
    this.resource = resource;
    // The dynamic-provider host prints `${e}: ${e.stack}` for check/diff/read/delete failures; a stack trace is
    // noise for a user error, so the stack is the message.
    this.stack = `${this.name}: ${message}`;
  }

  static is(value: unknown): value is StreamkapError {
    return (
      typeof value === "object" && value !== null && (value as { isStreamkapError?: unknown }).isStreamkapError === true
    );
  }

  /** True when the service answered with `status` for this call. */
  static hasStatus(value: unknown, status: number): boolean {
    return StreamkapError.is(value) && value.call?.status === status;
  }
}

/** "POST /sources answered 422 (request id abc): name: already exists" */
export function describeCall(call: CallContext): string {
  const status = call.status === undefined ? "failed" : `answered ${call.status}`;
  const requestId = call.requestId ? ` (request id ${call.requestId})` : "";
  const detail = call.detail ? `: ${call.detail}` : "";
  return `${call.method} ${call.path} ${status}${requestId}${detail}`;
}

/** Prefixes an error from the API client with the resource it happened to, keeping code and call. */
export function forResource(resource: string, error: unknown): Error {
  if (StreamkapError.is(error)) {
    if (error.resource === resource) return error;
    return new StreamkapError(error.code, `${resource}: ${error.message}`, error.call, resource);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new StreamkapError(ErrorCodes.rejected, `${resource}: ${message}`, undefined, resource);
}

/**
 * The object exists on the service, but a step after creating or updating it failed. The dynamic-provider host
 * turns an error carrying `id`, `properties` and `reasons` into "created with initialization errors": the
 * engine keeps the object in state and the next `up` updates it to finish, instead of creating a second one.
 */
export class ResourceInitError extends Error {
  readonly reasons: string[];
  /** The code of the failure behind it, kept for callers that branch on codes. */
  readonly code?: ErrorCode;

  constructor(
    readonly id: string,
    public properties: Record<string, unknown>,
    label: string,
    cause: unknown,
  ) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    const named = StreamkapError.is(cause) && cause.resource === label;
    const labelled = named || reason.startsWith(`${label}:`) ? reason : `${label}: ${reason}`;
    // Every message should say what happens next; most of ours already tell what the next `up` does.
    const next = /pulumi up/.test(labelled)
      ? ""
      : " It exists on the service and stays in the stack; run `pulumi up` again to finish.";
    super(`${labelled}${next}`);
    this.name = "ResourceInitError";
    this.code = StreamkapError.is(cause) ? cause.code : undefined;
    this.reasons = [this.message]; // what the engine prints for an initialization error
    this.stack = `${this.name}: ${this.message}`;
  }

  static is(value: unknown): value is ResourceInitError {
    return value instanceof Error && value.name === "ResourceInitError" && "id" in value && "properties" in value;
  }
}
