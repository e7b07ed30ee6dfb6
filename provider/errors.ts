/**
 * One catalogue of the errors the provider raises. Callers match on `code`, never `instanceof`: a deserialized
 * provider can load a second copy of this module. Messages never contain input values, so secrets cannot leak
 * through them; they say what failed, what the service answered (with its request id) and what to do.
 */

/** One kind of error: its stable code, what it means, and what the person running `pulumi` does next. */
export interface ErrorEntry {
  code: string;
  /** Where it comes from: the stack's configuration, the service's answer, or the provider waiting. */
  group: "program" | "configuration" | "service" | "waiting" | "provider";
  meaning: string;
  next: string;
}

/**
 * The provider's errors as data: docs/errors.md is generated from this table (scripts/errors-doc.ts), and a test
 * keeps the two equal. A code is never renamed or removed: users' scripts match on them.
 */
export const errorTable = {
  invalidInput: {
    code: "STREAMKAP_ERR_INVALID_INPUT",
    group: "program",
    meaning:
      "An input of a resource or a lookup breaks a rule the provider checks before any call (a type, a range, " +
      "a setting the connector does not have); the preview fails and nothing is sent.",
    next: "Correct the input each message names (all of a resource's problems are listed together), then preview again.",
  },
  missingCredentials: {
    code: "STREAMKAP_ERR_MISSING_CREDENTIALS",
    group: "configuration",
    meaning: "No credentials in the stack's config or the environment.",
    next:
      "Set `streamkap:clientId` and the secret `streamkap:secret` (or the secret `streamkap:projectKey`) with " +
      "`pulumi config set`, or `STREAMKAP_CLIENT_ID` and `STREAMKAP_SECRET` in the environment.",
  },
  invalidSetting: {
    code: "STREAMKAP_ERR_INVALID_SETTING",
    group: "configuration",
    meaning:
      "A provider setting (`streamkap:endpoint`, a pace, `streamkap:createdFrom`, …) has a value it cannot take, or " +
      "a `streamkap:` config key is no setting (a typo).",
    next: "Correct the setting the message names, in stack config or its `STREAMKAP_*` variable (the message says which).",
  },
  newerState: {
    code: "STREAMKAP_ERR_NEWER_STATE",
    group: "configuration",
    meaning: "The stack's state names a resource kind this version of pulumi-streamkap does not know.",
    next: "Upgrade pulumi-streamkap in this project to the version that wrote the state (or a later one).",
  },
  unauthorized: {
    code: "STREAMKAP_ERR_UNAUTHORIZED",
    group: "configuration",
    meaning: "The service refused the credentials.",
    next: "Check the client id and secret (or project key) and the endpoint they belong to.",
  },
  rejected: {
    code: "STREAMKAP_ERR_REJECTED",
    group: "service",
    meaning: "A call was answered with a status that retrying will not change (a 4xx), or a step was refused.",
    next: "Read the service's answer and request id in the message; correct the program or the object, then run `pulumi up` again.",
  },
  unavailable: {
    code: "STREAMKAP_ERR_UNAVAILABLE",
    group: "service",
    meaning: "429s or 5xx kept coming until the retry budget ran out.",
    next: "Run the command again later, or raise `streamkap:retryBudgetMs`.",
  },
  unreachable: {
    code: "STREAMKAP_ERR_UNREACHABLE",
    group: "service",
    meaning: "No answer within the call's deadline, or the connection failed every time.",
    next: "Check the endpoint and the network; raise `streamkap:callTimeoutMs` for slow calls.",
  },
  unexpectedResponse: {
    code: "STREAMKAP_ERR_UNEXPECTED_RESPONSE",
    group: "service",
    meaning: "The service answered, but not in the shape the API contract promises.",
    next: "Report it with the request id from the message; nothing was assumed from the answer.",
  },
  notFound: {
    code: "STREAMKAP_ERR_NOT_FOUND",
    group: "service",
    meaning: "The object, or one it refers to, is gone from the service.",
    next: "Run `pulumi refresh` to forget what was deleted outside Pulumi; the next `pulumi up` creates it again.",
  },
  gone: {
    code: "STREAMKAP_ERR_GONE",
    group: "service",
    meaning: "The object a resource manages was deleted outside Pulumi.",
    next: "Run `pulumi refresh` to forget it; the next `pulumi up` creates it again.",
  },
  timeout: {
    code: "STREAMKAP_ERR_TIMEOUT",
    group: "waiting",
    meaning:
      "Something the provider waited for did not happen before its deadline (`customTimeouts`, `readyTimeoutSeconds`, `deployTimeoutSeconds`).",
    next: "Run the command again: it picks up where this one stopped; or raise the deadline the message names.",
  },
  terraformState: {
    code: "STREAMKAP_ERR_TERRAFORM_STATE",
    group: "program",
    meaning:
      "`pulumi-streamkap from-terraform` cannot read the Terraform state it was given, or cannot carry some of its " +
      "resources over; nothing was written.",
    next:
      "Pass the file `terraform state pull` writes (format 4). For resources it cannot carry, fix them in Terraform " +
      "first (the message names each), or pass `--partial` to write the project without them.",
  },
  programValue: {
    code: "STREAMKAP_ERR_PROGRAM_VALUE",
    group: "program",
    meaning:
      "`export` or `from-terraform` met a value it cannot write into the program exactly as it is in the language " +
      "asked for (half a character, an object key Pulumi YAML reserves), or Pulumi's generator wrote a program the " +
      "command could not prove holds every value exactly; nothing was written.",
    next:
      "Write the program in another language (`--language typescript` holds any text), or correct the value the " +
      "message names on the service or in the Terraform state, then run again.",
  },
  outputDirectory: {
    code: "STREAMKAP_ERR_OUTPUT_DIRECTORY",
    group: "program",
    meaning:
      "`export` or `from-terraform` cannot write into the `--out` directory: it holds files of an earlier run or a " +
      "symbolic link, or the system refused a write; nothing was left half-written there.",
    next:
      "Pass an empty directory you can write to (or `--force` to replace an earlier run's files), with room on its " +
      "disk, then run again.",
  },
  internal: {
    code: "STREAMKAP_ERR_INTERNAL",
    group: "provider",
    meaning: "The provider failed in a way it does not expect: a bug in pulumi-streamkap, not in the program.",
    next: "Run `pulumi up` again (it picks up where this one stopped), and report the message.",
  },
} as const satisfies Record<string, ErrorEntry>;

type ErrorTable = typeof errorTable;

/** Each error's code by name: `ErrorCodes.notFound` is `"STREAMKAP_ERR_NOT_FOUND"`. */
export const ErrorCodes = Object.fromEntries(Object.entries(errorTable).map(([name, entry]) => [name, entry.code])) as {
  readonly [K in keyof ErrorTable]: ErrorTable[K]["code"];
};

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

/** How a message names its code at its end, for people and scripts: `… [STREAMKAP_ERR_NOT_FOUND]`. */
export function withCodeTag(message: string, code: ErrorCode): string {
  const tag = `[${code}]`;
  return message.endsWith(tag) ? message : `${message} ${tag}`;
}

/**
 * The error as it leaves the provider for the person reading it (the dynamic providers' and the plugin's
 * answers, the commands' last line): a provider error's message ends with its code, which docs/errors.md
 * explains. Anything else is returned as it is.
 */
export function withCodeInMessage(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const code = (error as { code?: unknown }).code;
  const known = Object.values(ErrorCodes) as string[];
  if (typeof code !== "string" || !known.includes(code)) return error;
  error.message = withCodeTag(error.message, code as ErrorCode);
  error.stack = `${error.name}: ${error.message}`;
  const reasons = (error as { reasons?: unknown }).reasons;
  if (Array.isArray(reasons) && reasons.length === 1) reasons[0] = error.message;
  return error;
}

/** "POST /sources answered 422 (request id abc): name: already exists" */
export function describeCall(call: CallContext): string {
  const status = call.status === undefined ? "failed" : `answered ${call.status}`;
  const requestId = call.requestId ? ` (request id ${call.requestId})` : "";
  const detail = call.detail ? `: ${call.detail}` : "";
  return `${call.method} ${call.path} ${status}${requestId}${detail}`;
}

/**
 * Prefixes an error from the API client with the resource it happened to, keeping code and call. Anything else
 * is the provider's own failure.
 */
export function forResource(resource: string, error: unknown): Error {
  if (StreamkapError.is(error)) {
    if (error.resource === resource) return error;
    return new StreamkapError(error.code, `${resource}: ${error.message}`, error.call, resource);
  }
  return errors.internal({ resource, failure: error instanceof Error ? error.message : String(error) });
}

/**
 * The errors whose text is the same wherever they are raised, as templates over named parameters (never input
 * values); each message ends with the table's next step.
 */
export const errors = {
  /** A failure of `resource` that one place raises, in its own words (`what`, ending with what to do). */
  of: (resource: string, code: ErrorCode, what: string, call?: CallContext): StreamkapError =>
    new StreamkapError(code, `${resource}: ${what}`, call, resource),
  /** What `resource` waited for (`outcome`, e.g. "it did not become `Active`") did not happen by `deadline`. */
  timedOut: (params: { resource: string; outcome: string; deadline: string; last?: string }): StreamkapError =>
    new StreamkapError(
      ErrorCodes.timeout,
      `${params.resource}: ${params.outcome} before its ${params.deadline} passed` +
        `${params.last === undefined ? "" : `: the service last reported \`${params.last}\``}. ${errorTable.timeout.next}`,
      undefined,
      params.resource,
    ),
  /**
   * An input of `resource` names an object (`what`: "source", "transform") that the service does not have. `input`
   * is the argument as the program wrote it; `byResource` when that argument takes a resource (the TypeScript
   * classes' `source`), rather than an id (the plugin's `sourceId`).
   */
  missingReference: (params: {
    resource: string;
    input: string;
    what: string;
    id: string;
    byResource?: boolean;
  }): StreamkapError =>
    new StreamkapError(
      ErrorCodes.notFound,
      `${params.resource}: \`${params.input}\` refers to ${params.what} ${params.id}, which does not exist on the ` +
        `service. Pass ${params.byResource ? "a" : `the \`id\` of a`} ${params.what} resource of this stack, or ` +
        "refresh the stack that owns it.",
      undefined,
      params.resource,
    ),
  /** The service answered `call`, but not as the contract promises; `what` says what came instead. */
  unexpectedAnswer: (params: { resource?: string; what: string }, call: CallContext): StreamkapError => {
    const answered = `answered${call.status === undefined ? "" : ` ${call.status}`}`;
    const requestId = call.requestId ? ` (request id ${call.requestId})` : "";
    return new StreamkapError(
      ErrorCodes.unexpectedResponse,
      `${params.resource ? `${params.resource}: ` : ""}${call.method} ${call.path} ${answered}${requestId}: ` +
        `${params.what}. ${errorTable.unexpectedResponse.next}`,
      call,
      params.resource,
    );
  },
  /** A provider setting with a value it cannot take; `rule` says what it must be. */
  /** `where`: `stack config streamkap:x` or `the environment variable STREAMKAP_X`, whichever gave the value. */
  invalidSetting: (params: { where: string; rule: string }): StreamkapError =>
    new StreamkapError(ErrorCodes.invalidSetting, `${params.where} ${params.rule}. ${errorTable.invalidSetting.next}`),
  /** The object behind `resource` was deleted outside Pulumi. */
  gone: (params: { resource: string }, call?: CallContext): StreamkapError =>
    new StreamkapError(
      ErrorCodes.gone,
      `${params.resource} no longer exists on the service (deleted outside Pulumi). ${errorTable.gone.next}`,
      call,
      params.resource,
    ),
  /** The state names a kind this version does not have. */
  newerState: (params: { kind: string }): StreamkapError =>
    new StreamkapError(
      ErrorCodes.newerState,
      `This state was written by a newer pulumi-streamkap (it has a "${params.kind}" resource). ${errorTable.newerState.next}`,
    ),
  /** An invoke of a function this plugin does not serve; `served` lists those it does. */
  unknownFunction: (params: { token: string; served: string }): StreamkapError =>
    new StreamkapError(
      ErrorCodes.rejected,
      `${params.token} is not a function of this pulumi-resource-streamkap; it serves ${params.served}. An SDK ` +
        "newer than the plugin asks for it: use the pulumi-streamkap version the SDK was generated from.",
    ),
  /** An argument of lookup `lookup` it cannot take; `rule` says what is wrong, never with the value. */
  invalidArgument: (params: { lookup: string; argument: string; rule: string }): StreamkapError =>
    new StreamkapError(
      ErrorCodes.rejected,
      `${params.lookup}: argument \`${params.argument}\` ${params.rule}. Correct it where the program calls ` +
        `${params.lookup}.`,
      undefined,
      params.lookup,
    ),
  /** The provider's own failure while working on `resource`. */
  internal: (params: { resource: string; failure: string }): StreamkapError =>
    new StreamkapError(
      ErrorCodes.internal,
      `${params.resource}: ${params.failure}. ${errorTable.internal.next}`,
      undefined,
      params.resource,
    ),
};

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
    const known = StreamkapError.is(cause);
    const labelled = known && cause.resource === label ? reason : `${label}: ${reason}`;
    // The provider's own errors end with what to do; anything else gets it here.
    const next = known ? "" : " Run `pulumi up` again to finish.";
    super(`${labelled} It exists on the service and stays in the stack.${next}`);
    this.name = "ResourceInitError";
    this.code = known ? cause.code : undefined;
    this.reasons = [this.message]; // what the engine prints for an initialization error
    this.stack = `${this.name}: ${this.message}`;
  }

  static is(value: unknown): value is ResourceInitError {
    return value instanceof Error && value.name === "ResourceInitError" && "id" in value && "properties" in value;
  }
}
