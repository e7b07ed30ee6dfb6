/**
 * The webhook ingestion endpoint (api.md "Webhook endpoint"): {webhook_url} or {webhook_url}/<topic>, POST, PUT
 * or DELETE with X-API-Key; limits on the request line, headers and body; a bounded backlog; one record per
 * request written sequentially per source (the connector is a single task).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { uuid } from "../core/ids";
import { webhookApiKey } from "../domain/config";
import { appendRecord } from "../domain/messages";
import { connectorStatus } from "../domain/status";
import { findTopic, newTopic, sourceTopicId, listedTopicNames } from "../domain/topics";
import type { FaultEngine } from "../faults/engine";
import type { CallStats } from "../http/stats";
import type { Store } from "../state/store";
import type { StoredConnector, StoredTopic } from "../state/types";
import { defaultLimits, headerBytes, limitsOf, requestLineBytes, type WebhookLimits } from "./limits";
import { buildRecord } from "./records";
import { topicNameProblem } from "../domain/topic-names";

export interface WebhookDeps {
  store: Store;
  faults: FaultEngine;
  stats: CallStats;
  prefix: string;
  log?: (line: string) => void;
}

class Rejection {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
    readonly close = false,
  ) {}
}

/** Per-source sequential queue: each source processes one request at a time, in arrival order. */
class SourceQueue {
  private tail: Promise<void> = Promise.resolve();
  waiting = 0;
  run<T>(job: () => T): Promise<T> {
    const next = this.tail.then(job);
    this.tail = next.then(
      () => undefined,
      () => undefined,
    );
    return next;
  }
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string>, close = false) {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    "Content-Type": "application/json",
    "Content-Length": String(Buffer.byteLength(text)),
    ...(close ? { Connection: "close" } : {}),
  });
  res.end(text);
}

export function createWebhookHandler(deps: WebhookDeps): (req: IncomingMessage, res: ServerResponse) => void {
  const queues = new Map<string, SourceQueue>();
  const queueOf = (id: string) => queues.get(id) ?? queues.set(id, new SourceQueue()).get(id)!;

  async function handle(req: IncomingMessage, res: ServerResponse, requestId: string): Promise<number> {
    const method = (req.method ?? "GET").toUpperCase();
    const url = req.url ?? "/";
    const path = url.split("?")[0];
    if (await injectFault(deps, req, method, path)) return 0;
    const admitted = admit(deps, req, method, url, path);
    const queue = queueOf(admitted.source.id);
    if (queue.waiting >= admitted.limits.backlog) {
      throw new Rejection(429, `Backlog of ${admitted.limits.backlog} queued requests is full`, { "Retry-After": "1" });
    }
    queue.waiting++;
    try {
      const offset = await append(deps, req, method, admitted, queue);
      const answer = { status: "accepted", topic: admitted.topicName, offset, request_id: requestId };
      send(res, 202, answer, { "X-Request-Id": requestId });
      return 202;
    } finally {
      queue.waiting--;
    }
  }

  return (req, res) => {
    const requestId = uuid();
    const path = (req.url ?? "/").split("?")[0];
    const record = (status: number) => {
      // The call is the service's whose source the URL names, so that only its admin sees it (N6).
      const token = path.slice(deps.prefix.length).split("/")[0];
      const serviceId = token ? findSource(deps.store, token)?.serviceId : undefined;
      deps.stats.record({ method: req.method ?? "GET", path, status, ...(serviceId ? { serviceId } : {}) });
      deps.log?.(`${req.method} ${path} ${status} request_id=${requestId}`);
    };
    handle(req, res, requestId).then(record, (error: unknown) => {
      if (error instanceof Rejection) {
        send(res, error.status, { detail: error.detail }, { ...error.headers, "X-Request-Id": requestId }, error.close);
        if (error.close) req.resume();
        record(error.status);
      } else {
        send(res, 500, { detail: "Connector failure" }, { "X-Request-Id": requestId });
        record(500);
      }
    });
  };
}

/** The injected fault for this call, if any: latency, then a dropped connection (true) or a status (thrown). */
async function injectFault(deps: WebhookDeps, req: IncomingMessage, method: string, path: string): Promise<boolean> {
  const fault = deps.faults.decide(method, path);
  if (fault.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, fault.latencyMs));
  if (fault.kind === "drop") {
    req.socket.destroy();
    return true;
  }
  if (fault.kind === "status") {
    const headers: Record<string, string> =
      fault.retryAfterSeconds !== undefined ? { "Retry-After": String(fault.retryAfterSeconds) } : {};
    throw new Rejection(fault.status, fault.status === 429 ? "Rate limit exceeded" : "Connector failure", headers);
  }
  return false;
}

/** A request the webhook takes: within its size limits, a write, to a live source, with its key and a topic. */
interface Admitted {
  source: StoredConnector;
  topicName: string;
  limits: WebhookLimits;
}

/** Checks a request before its body is read, in the order the service answers them; throws the first refusal. */
function admit(deps: WebhookDeps, req: IncomingMessage, method: string, url: string, path: string): Admitted {
  const [token, ...rest] = path.slice(deps.prefix.length).split("/");
  const source = token ? findSource(deps.store, token) : undefined;
  const limits = limitsOf(source);
  if (requestLineBytes(method, url, req.httpVersion) > limits.maxInitialLineBytes) {
    throw new Rejection(400, `Request line longer than ${limits.maxInitialLineBytes} bytes`, {}, true);
  }
  if (headerBytes(req.rawHeaders) > limits.maxHeaderBytes) {
    throw new Rejection(400, `Request headers larger than ${limits.maxHeaderBytes} bytes`, {}, true);
  }
  if (!["POST", "PUT", "DELETE"].includes(method)) {
    throw new Rejection(405, "Method Not Allowed: use POST, PUT or DELETE", { Allow: "POST, PUT, DELETE" });
  }
  if (!source) throw new Rejection(404, "No webhook source at this URL");
  const apiKey = req.headers["x-api-key"];
  if (typeof apiKey !== "string" || apiKey !== source.config[webhookApiKey]) {
    throw new Rejection(401, "Missing or invalid X-API-Key");
  }
  const topicName =
    rest.length === 0 || (rest.length === 1 && rest[0] === "") ? defaultTopic(source) : topicOfPath(rest.join("/"));
  const badName = topicNameProblem(topicName);
  if (badName) throw new Rejection(400, badName);
  const declared = Number(req.headers["content-length"] ?? "0");
  if (declared > limits.maxChunkBytes) {
    throw new Rejection(413, `Request exceeds the maximum chunk size (${limits.maxChunkBytes} bytes)`, {}, true);
  }
  return { source, topicName, limits };
}

/** Reads the body, makes it a record as the source's settings say, and appends it in the source's order. */
async function append(
  deps: WebhookDeps,
  req: IncomingMessage,
  method: string,
  { source, topicName, limits }: Admitted,
  queue: SourceQueue,
): Promise<number> {
  const body = await readBody(req, limits.maxChunkBytes);
  const status = connectorStatus(source);
  if (["Paused", "Stopped", "Broken"].includes(status) || source.deleteAt !== undefined) {
    throw new Rejection(500, `Connector failure: the webhook connector is ${status}`);
  }
  const keyHeaderName = String(source.config["camel.source.camelMessageHeaderKey"] ?? "key");
  const record = buildRecord({
    method,
    format: String(source.config.format ?? "json"),
    contentType: req.headers["content-type"],
    body,
    keyHeader: headerValue(req, keyHeaderName),
    keyHeaderName,
    addDeleteField: source.config["transforms.inferSchema.add.delete.field"] === "true",
  });
  if (!record.ok) throw new Rejection(400, record.detail);
  return queue.run(() =>
    appendRecord(deps.store, resolveTopic(deps.store, source, topicName), record.key, record.value, body.length),
  );
}

function findSource(store: Store, token: string): StoredConnector | undefined {
  return Object.values(store.state.connectors).find(
    (connector) => connector.webhookToken === token && connector.deleteAt === undefined,
  );
}

function resolveTopic(store: Store, source: StoredConnector, name: string): StoredTopic {
  const id = sourceTopicId(source.id, name);
  const existing = findTopic(store, source.serviceId, id);
  if (existing) return existing;
  // Unlisted path: the topic is created now and registered by background discovery after a delay (rule 2).
  const listed = listedTopicNames(source).includes(name);
  return newTopic(store, {
    id,
    serviceId: source.serviceId,
    name,
    entityType: "source",
    entityId: source.id,
    discovered: !listed,
    registeredAt: listed ? Date.now() : Date.now() + store.timings.topicDiscoveryDelayMs,
  });
}

/** The topic a URL path names; a malformed percent-encoding is a malformed request (400), not a failure. */
function topicOfPath(encoded: string): string {
  try {
    return decodeURIComponent(encoded);
  } catch {
    throw new Rejection(400, "Malformed request: the topic in the URL path is not valid percent-encoding");
  }
}

// The real config has no key for the default topic (TF internal/generated/source_webhook.go:254-273): requests to
// the base URL go to the first topic of `topic.include.list.user.defined`, whose default is `default_topic` (a
// guess, docs/real-api.md).
function defaultTopic(source: StoredConnector): string {
  const listed = source.config["topic.include.list.user.defined"];
  const first = (Array.isArray(listed) ? listed.map(String) : String(listed ?? "").split(","))
    .map((topic) => topic.trim())
    .find(Boolean);
  return first ?? "default_topic";
}

function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** Reads the body, failing with 413 as soon as it passes the limit (chunked bodies have no Content-Length). */
function readBody(req: IncomingMessage, max: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on("data", (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > max) {
        failed = true;
        reject(new Rejection(413, `Request exceeds the maximum chunk size (${max} bytes)`, {}, true));
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => {
      if (!failed) resolve(Buffer.concat(chunks));
    });
    req.on("error", (error) => {
      if (!failed) reject(error);
    });
  });
}

export { defaultLimits };
