import type { z } from "zod";

import { type CallContext, describeCall, ErrorCodes, StreamkapError, errors } from "../errors";
import { credentialIdentity, type ProviderSettings } from "../settings";
import { TokenSource } from "./auth";
import { type HttpMethod, type HttpResponse, send, TransportError } from "./http";
import { ConnectorDirectory } from "./connector-directory";
import { CallGate, TokenBucket } from "./limiter";
import { reportCounters, retryCounters } from "./counters";
import { defaultRetryPolicy, parseRetryAfter, type RetryDecision, withRetries } from "./retry";
import { isKafkaConnectTransient, kafkaConnectRetryDelayMs } from "./kafka-connect";
import { describeDetail, describeParseFailure } from "./responses";

export interface CallSpec<T> {
  method: HttpMethod;
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** How to read a 2xx answer. */
  schema: z.ZodType<T>;
  /**
   * Whether sending the call twice is harmless. Defaults to true for every method but POST. A call that is not
   * idempotent is retried only when the service cannot have acted on it (429, or no connection at all).
   */
  idempotent?: boolean;
  /** Deadline of each attempt, for a call known to take longer than `streamkap:callTimeoutMs` allows. */
  timeoutMs?: number;
}

/** A 429, a 5xx or a Kafka Connect transient failure (any status), thrown inside the retry loop. */
class RetryableAnswer extends Error {
  readonly kafkaConnect: boolean;
  constructor(readonly response: HttpResponse) {
    super(`answered ${response.status}`);
    this.kafkaConnect = isKafkaConnectTransient(describeDetail(response.body));
  }
}

/** Whether an answer is worth sending again: rate limited, failing, or Kafka Connect busy (see kafka-connect.ts). */
function isRetryableAnswer(response: HttpResponse): boolean {
  return (
    response.status === 429 ||
    response.status >= 500 ||
    (response.status >= 400 && isKafkaConnectTransient(describeDetail(response.body)))
  );
}

/** A deadline for every call of one operation (`customTimeouts`), and the error to throw once it has passed. */
export interface OperationDeadline {
  /** Epoch milliseconds. */
  at: number;
  expired(cause?: unknown): Error;
}

/**
 * The Streamkap management API as the provider uses it. One instance per credential set per process: the
 * token, the connection pool, the concurrency limit and the token bucket are shared by every resource of a stack.
 */
export class StreamkapClient {
  readonly tokens: TokenSource;
  /** Every HTTP attempt, token requests and retries included, passes here: the service counts each one. */
  readonly gate: CallGate;
  /** The sources and destinations this client just created or updated: a pipeline's body names them. */
  readonly connectors = new ConnectorDirectory();
  /**
   * Whether the service has answered this process at all. Until it has, a refused connection is most likely a
   * wrong endpoint or a server not started, and is reported within {@link refusedBeforeAnyAnswerMs} instead of
   * after the whole retry budget; once it has, a refusal is a restart, and is waited out.
   */
  private answeredOnce = false;

  constructor(readonly settings: ProviderSettings) {
    this.gate = new CallGate(
      settings.maxConcurrency,
      new TokenBucket(settings.requestsPerSecond ?? Number.POSITIVE_INFINITY, settings.requestBurst),
    );
    this.tokens = new TokenSource(settings.credentials, (req) =>
      this.withRetry({ ...req, idempotent: true }, () =>
        this.gate.run(() =>
          send(settings.endpoint, { ...req, headers: adminHeaders(settings), timeoutMs: settings.callTimeoutMs }),
        ),
      ),
    );
  }

  /** Set only on the view {@link withDeadline} makes: every call of one operation ends by then. */
  private deadline?: OperationDeadline;

  /**
   * This client (its token, pool and pacing shared) with every call ending by `deadline`: no attempt starts after
   * it, each attempt's own deadline and the retry budget are cut to what is left, and a call that ran out of time
   * fails with `deadline.expired()`. Waits that poll through the client end with it too.
   */
  withDeadline(deadline: OperationDeadline): StreamkapClient {
    const scoped = Object.create(this) as StreamkapClient;
    scoped.deadline = deadline;
    return scoped;
  }

  async call<T>(spec: CallSpec<T>): Promise<T> {
    try {
      return await this.callWithin(spec);
    } finally {
      reportProcessCounters();
    }
  }

  private async callWithin<T>(spec: CallSpec<T>): Promise<T> {
    const deadline = this.deadline;
    if (deadline === undefined) return this.callOnce(spec, this.settings.retryBudgetMs);
    const left = deadline.at - Date.now();
    if (left <= 0) throw deadline.expired();
    const timeoutMs = Math.min(spec.timeoutMs ?? this.settings.callTimeoutMs, left);
    try {
      return await this.callOnce({ ...spec, timeoutMs }, Math.min(this.settings.retryBudgetMs, left));
    } catch (error) {
      // A call cut short by the deadline (its attempt timed out, or its retries ran out of time) is the deadline's.
      if (Date.now() >= deadline.at && !(StreamkapError.is(error) && error.call?.status !== undefined)) {
        throw deadline.expired(error);
      }
      throw error;
    }
  }

  private async callOnce<T>(spec: CallSpec<T>, retryBudgetMs: number): Promise<T> {
    const response = await this.withRetry(spec, () => this.sendAuthenticated(spec), retryBudgetMs);
    const context: CallContext = {
      method: spec.method,
      path: spec.path,
      status: response.status,
      requestId: response.requestId,
    };
    if (response.status >= 400) {
      throw answerError(context, response);
    }
    const parsed = spec.schema.safeParse(response.body);
    if (!parsed.success) {
      throw errors.unexpectedAnswer({ what: describeParseFailure(parsed.error) }, context);
    }
    return parsed.data;
  }

  /**
   * Sends with a bearer token; on a 401, gets a fresh token once and sends again. Only the request itself holds a
   * concurrency slot: getting a token needs a slot of its own, and holding one while waiting for a token would
   * deadlock as soon as every slot waits for a refresh.
   */
  private async sendAuthenticated(spec: CallSpec<unknown>): Promise<HttpResponse> {
    const request = {
      method: spec.method,
      path: spec.path,
      query: spec.query,
      body: spec.body,
      headers: adminHeaders(this.settings),
    };
    const timeoutMs = spec.timeoutMs ?? this.settings.callTimeoutMs;
    const sendWith = (bearer: string) =>
      this.gate.run(() => send(this.settings.endpoint, { ...request, bearer, timeoutMs }));
    const token = await this.tokens.accessToken();
    const response = await sendWith(token);
    if (response.status !== 401) {
      return response;
    }
    this.tokens.invalidate(token);
    return sendWith(await this.tokens.accessToken());
  }

  private async withRetry(
    spec: { method: HttpMethod; path: string; idempotent?: boolean },
    attempt: () => Promise<HttpResponse>,
    retryBudgetMs = this.settings.retryBudgetMs,
  ): Promise<HttpResponse> {
    const idempotent = spec.idempotent ?? spec.method !== "POST";
    const startedAt = Date.now();
    try {
      return await withRetries(
        async () => {
          const sentAt = this.gate.bucket.now();
          const response = await attempt();
          this.answeredOnce = true;
          if (response.status === 429) {
            this.gate.bucket.refused(sentAt); // too fast, or a flaky answer: the bucket tells which
          } else if (response.status < 500) {
            this.gate.bucket.served(sentAt);
          }
          if (isRetryableAnswer(response)) {
            throw new RetryableAnswer(response);
          }
          return response;
        },
        { ...defaultRetryPolicy, budgetMs: retryBudgetMs },
        (error) =>
          error instanceof TransportError &&
          error.refused &&
          !this.answeredOnce &&
          Date.now() - startedAt >= refusedBeforeAnyAnswerMs
            ? { retry: false }
            : retryDecision(error, idempotent),
      );
    } catch (error) {
      throw finalError(spec, error, idempotent, !this.answeredOnce);
    }
  }
}

/** How long refused connections are retried before the service has answered once (a server still starting). */
export const refusedBeforeAnyAnswerMs = 2_000;

function retryDecision(error: unknown, idempotent: boolean): RetryDecision {
  if (error instanceof RetryableAnswer) {
    const { status, retryAfter } = error.response;
    if (error.kafkaConnect) {
      // A create is never sent twice from here: the engine looks the name up first (operations.ts recoverCreate).
      return idempotent
        ? { retry: true, minDelayMs: kafkaConnectRetryDelayMs, reason: "kafka-connect" }
        : { retry: false };
    }
    if (status === 429) {
      // The service turned the call away before acting on it, so even a create may be sent again.
      return { retry: true, minDelayMs: parseRetryAfter(retryAfter), reason: "429" };
    }
    return idempotent ? { retry: true, minDelayMs: parseRetryAfter(retryAfter), reason: "5xx" } : { retry: false };
  }
  if (error instanceof TransportError && !error.permanent) {
    if (idempotent || !error.maybeProcessed) {
      return { retry: true, reason: error.timedOut ? "timeout" : "connection" };
    }
  }
  return { retry: false };
}

/** Turns what ended the retry loop into the error the user sees. */
function finalError(
  spec: { method: HttpMethod; path: string },
  error: unknown,
  idempotent: boolean,
  neverAnswered: boolean,
): Error {
  if (error instanceof RetryableAnswer) {
    const context: CallContext = {
      method: spec.method,
      path: spec.path,
      status: error.response.status,
      requestId: error.response.requestId,
      detail: describeDetail(error.response.body),
    };
    const advice = error.kafkaConnect
      ? idempotent
        ? "Kafka Connect stayed busy (rebalancing, or the connector not yet deployed) for the whole retry budget; " +
          "run the command again, or raise streamkap:retryBudgetMs."
        : "Kafka Connect was busy; the provider looks for the object before creating it a second time."
      : idempotent
        ? "The service is overloaded or failing; run the command again later."
        : "The service may or may not have acted on it; run the command again: the provider looks for the object " +
          "before creating it a second time.";
    return new StreamkapError(ErrorCodes.unavailable, `${describeCall(context)}. ${advice}`, context);
  }
  if (error instanceof TransportError) {
    const advice =
      error.refused && neverAnswered
        ? "Nothing has answered there since the provider started: check streamkap:endpoint (or STREAMKAP_HOST), " +
          "and that the service, or `pulumi-streamkap local`, is running."
        : "Check streamkap:endpoint and the network; if the service is slow, raise streamkap:callTimeoutMs.";
    return new StreamkapError(ErrorCodes.unreachable, `${error.message}. ${advice}`, {
      method: spec.method,
      path: spec.path,
    });
  }
  return error instanceof Error ? error : new Error(String(error));
}

function answerError(context: CallContext, response: HttpResponse): StreamkapError {
  const detailed: CallContext = { ...context, detail: describeDetail(response.body) };
  switch (response.status) {
    case 401:
    case 403:
      return new StreamkapError(
        ErrorCodes.unauthorized,
        `${describeCall(detailed)}. The credentials lack access to this; check the client's roles.`,
        detailed,
      );
    case 404:
      return new StreamkapError(ErrorCodes.notFound, describeCall(detailed), detailed);
    default:
      return new StreamkapError(ErrorCodes.rejected, describeCall(detailed), detailed);
  }
}

/** Admin impersonation headers, sent on every call when set (TF internal/api/client.go:118-125). */
function adminHeaders(settings: ProviderSettings): Record<string, string> {
  const headers: Record<string, string> = {};
  if (settings.adminTenantId !== undefined) headers["x-admin-tenant-id"] = settings.adminTenantId;
  if (settings.adminServiceId !== undefined) headers["x-admin-service-id"] = settings.adminServiceId;
  return headers;
}

const clients = new Map<string, StreamkapClient>();

/** This process's retries, pacing and tokens, for `STREAMKAP_COUNTERS_DIR` (see counters.ts). */
function reportProcessCounters(): void {
  reportCounters(() => {
    const pacing = { delayed: 0, waitedMs: 0 };
    const tokens = { obtained: 0, refreshed: 0 };
    for (const client of clients.values()) {
      pacing.delayed += client.gate.bucket.counters.delayed;
      pacing.waitedMs += client.gate.bucket.counters.waitedMs;
      tokens.obtained += client.tokens.counters.obtained;
      tokens.refreshed += client.tokens.counters.refreshed;
    }
    return { retries: Object.fromEntries(retryCounters), pacing, tokens };
  });
}

/** The shared client for these settings (one per credential set per process). */
export function clientFor(settings: ProviderSettings): StreamkapClient {
  const key = credentialIdentity(settings);
  let client = clients.get(key);
  if (!client) {
    client = new StreamkapClient(settings);
    clients.set(key, client);
  }
  return client;
}
