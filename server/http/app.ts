/**
 * The HTTP layer: one fastify app for the management API plus a raw handler for webhook ingestion on the same
 * listener. Cross-cutting rules live here once: request ids, fault injection, bearer auth, call stats, the
 * documented error bodies, 404 vs 405, and JSON parsing (malformed JSON → 400). Plugins served beside the API on
 * the same listener (the web console) are registered by whoever composes the server; this layer knows none of
 * them, only the path prefixes it is told are not the API's (`AppDeps.besideApi`).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createTlsServer } from "node:https";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { uuid } from "../core/ids";
import { HttpError } from "../core/errors";
import { depthProblem } from "../core/json-depth";
import type { FaultEngine } from "../faults/engine";
import { changedConnectorId } from "../faults/kafka-connect";
import { type Caller, type Store, StoreWriteError } from "../state/store";
import { type CallStats, keyPathsOf, queryOf } from "./stats";
import type { ApiContext, RouteDef, ServerFacts } from "./context";
import { authenticate } from "./auth";
import { authorize, holdsAdmin } from "./permissions";

export const webhookPrefix = "/webhooks/";
export const localPrefix = "/_local/";
// Room for the webhook limits (16 KB request line + 64 KB headers); the webhook handler enforces each separately.
export const maxHeaderBytes = 16 * 1024 + 64 * 1024 + 1024;
const managementBodyLimit = 16 * 1024 * 1024;
const maxRouteParamLength = 1000;

export interface AppDeps {
  store: Store;
  faults: FaultEngine;
  stats: CallStats;
  facts: ServerFacts;
  routes: RouteDef[];
  log?: (line: string) => void;
  webhook: (req: IncomingMessage, res: ServerResponse) => void;
  /** Serve https with this key and certificate chain (`local --tls`) instead of http. */
  tls?: { key: string; cert: string };
  /**
   * Path prefixes served beside the API on the same listener by plugins of their own (the web console), each the
   * prefix itself and every path under it. Such a plugin admits its users itself and calls the API in-process,
   * where each call is admitted like any other; so its own requests take no faults and no bearer token, and are
   * not calls in the stats, the request log or the server log. Paths, not route options: a path under it with no
   * route is not the API's either.
   */
  besideApi?: readonly string[];
}

/** What a route's config may say. `auth: false`: the route takes no bearer token. */
export interface RouteConfig {
  auth?: boolean;
}

/**
 * How the server answers a path it has no route for, in the service's `{detail}` shape: 405 with `Allow` for a known
 * path with another method, else 404. A plugin with a prefix of its own (and so its own not-found handler, for its
 * own body parsing to reach paths it has no route for) answers them with this too, so no path answers differently.
 */
export type AnswerNotFound = (request: FastifyRequest, reply: FastifyReply) => FastifyReply;

const callers = new WeakMap<FastifyRequest, Caller>();
/** Requests whose answer a `lose` fault throws away after they are carried out. */
const losing = new WeakSet<FastifyRequest>();

/** The authenticated caller of a request (local routes scope their objects to its service). */
export function callerOf(request: FastifyRequest): Caller | undefined {
  return callers.get(request);
}

function pathOf(url: string): string {
  const query = url.indexOf("?");
  return query < 0 ? url : url.slice(0, query);
}

function patternToRegExp(url: string): RegExp {
  const body = url
    .split("/")
    .map((seg) => (seg.startsWith(":") ? "[^/]+" : seg.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^${body}/?$`);
}

function sendError(reply: FastifyReply, status: number, detail: unknown, headers: Record<string, string> = {}) {
  for (const [key, value] of Object.entries(headers)) reply.header(key, value);
  return reply.code(status).type("application/json").send({ detail });
}

/**
 * Staff impersonation headers (TF internal/api/client.go:118-125). The local server has no staff accounts, so it
 * acts as the caller's own service whatever they say, and records them for tests.
 */
function adminHeaders(request: FastifyRequest): { tenantId?: string; serviceId?: string } | undefined {
  const tenantId = request.headers["x-admin-tenant-id"];
  const serviceId = request.headers["x-admin-service-id"];
  if (typeof tenantId !== "string" && typeof serviceId !== "string") return undefined;
  return {
    ...(typeof tenantId === "string" ? { tenantId } : {}),
    ...(typeof serviceId === "string" ? { serviceId } : {}),
  };
}

export function buildApp(deps: AppDeps): {
  app: FastifyInstance;
  server: () => Server;
  answerNotFound: AnswerNotFound;
} {
  let rawServer: Server | undefined;
  const app = Fastify({
    logger: false,
    bodyLimit: managementBodyLimit,
    genReqId: () => uuid(),
    requestIdHeader: false,
    routerOptions: { maxParamLength: maxRouteParamLength },
    // Errors the router answers before any hook (an undecodable URL, an over-long path id): the documented
    // `{detail}` shape too, never fastify's own {error, code, message, statusCode} (F13).
    frameworkErrors: (error, request, reply) => {
      reply.header("X-Request-Id", request.id);
      if (error.code === "FST_ERR_MAX_PARAM_LENGTH") {
        return sendError(reply, 414, `URI Too Long: a path parameter is longer than ${maxRouteParamLength} characters`);
      }
      const status = typeof error.statusCode === "number" && error.statusCode >= 400 ? error.statusCode : 400;
      return sendError(reply, status, status === 400 ? "Bad request: the URL is not valid" : error.message);
    },
    serverFactory: (handler) => {
      const listener = (req: IncomingMessage, res: ServerResponse) => {
        if (req.url?.startsWith(webhookPrefix)) deps.webhook(req, res);
        else handler(req, res);
      };
      rawServer = deps.tls
        ? createTlsServer({ maxHeaderSize: maxHeaderBytes, ...deps.tls }, listener)
        : createServer({ maxHeaderSize: maxHeaderBytes }, listener);
      return rawServer;
    },
    clientErrorHandler: (err, socket) => {
      // Request lines or headers beyond the parser's limit: a malformed request (400), as the webhook table says.
      if (socket.writable) {
        const body = JSON.stringify({ detail: `Bad request: ${err.code ?? err.message}` });
        socket.end(
          `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nX-Request-Id: ${uuid()}\r\n` +
            `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
        );
      } else socket.destroy();
    },
  });

  acceptJsonBodies(app);
  const allowedMethods = methodsByRoute(app);
  const started = new WeakMap<FastifyRequest, number>();
  app.addHook("onRequest", async (request, reply) => {
    started.set(request, Date.now());
    return admit(deps, request, reply);
  });
  // A 2xx only after its change is committed: every answer (routes, local switches, errors) passes here before a
  // byte is sent; a change that cannot be stored turns the answer into a 503.
  app.addHook("onSend", async (request, reply, payload) => {
    try {
      deps.store.commit();
      // `lose` fault: done and stored, but the answer never arrives.
      if (losing.has(request)) request.raw.socket.destroy();
      return payload;
    } catch (error) {
      if (!(error instanceof StoreWriteError)) throw error;
      reply.code(503).type("application/json");
      return JSON.stringify({ detail: `${error.message}; the change was not stored, try again` });
    }
  });

  app.addHook("onResponse", async (request, reply) =>
    recordAnswer(deps, request, reply, started.get(request) ?? Date.now()),
  );
  const answerNotFound = answerErrorsAsTheServiceDoes(app, allowedMethods);
  registerRoutes(app, deps);

  return {
    app,
    answerNotFound,
    server: () => {
      if (!rawServer) throw new Error("server not created yet");
      return rawServer;
    },
  };
}

/** JSON whatever the declared type (as FastAPI does). */
function acceptJsonBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "string" }, (_req, body, done) => {
    try {
      done(null, jsonBodyOf(typeof body === "string" ? body : body.toString("utf8")));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}

/**
 * A body as the API takes it: an empty one is "no body", anything else JSON (too deep or malformed: a 400). Exported
 * for plugins beside the API that parse bodies of their own and take every other body as the API does.
 */
export function jsonBodyOf(text: string): unknown {
  if (text.trim() === "") return undefined;
  const tooDeep = depthProblem(text);
  if (tooDeep) throw new HttpError(400, tooDeep);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new HttpError(400, `Malformed JSON body: ${(error as Error).message}`);
  }
}

function besideTheApi(deps: AppDeps, path: string): boolean {
  return (deps.besideApi ?? []).some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** The methods each registered path takes, for a 405's `Allow` (filled as routes are registered). */
function methodsByRoute(app: FastifyInstance): (path: string) => string[] {
  const patterns: Array<{ method: string; re: RegExp }> = [];
  app.addHook("onRoute", (opts) => {
    const methods = Array.isArray(opts.method) ? opts.method : [opts.method];
    for (const method of methods) patterns.push({ method: String(method), re: patternToRegExp(opts.url ?? "") });
  });

  return (path) => patterns.filter((pattern) => pattern.re.test(path)).map((pattern) => pattern.method);
}

/**
 * Everything a request passes before its route: the local switches' own guard, injected faults (latency, drops,
 * statuses), authentication, the route's permission, and Kafka Connect's transient failures for connector changes.
 */
async function admit(deps: AppDeps, request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  reply.header("X-Request-Id", request.id);
  const path = pathOf(request.url);
  // Before auth: a delete that has completed leaves no token of it alive, not even for one more call (F15).
  deps.store.sweep();
  // A plugin beside the API (the console) admits its users itself and calls the API in-process, where each call
  // is admitted like any other.
  if (besideTheApi(deps, path)) return undefined;
  if (path.startsWith(localPrefix)) {
    // The local switches break connectors and reveal every call: a service's admin only, and never by a
    // cross-site "simple" request, which cannot carry an Authorization header (F2).
    const result = authenticate(deps.store, request.headers.authorization);
    if (!result.ok) return sendError(reply, 401, result.detail, { "WWW-Authenticate": "Bearer" });
    if (!holdsAdmin(deps.store, result.caller)) {
      return sendError(reply, 403, "Forbidden: /_local routes require a token of an admin credential of the service");
    }
    callers.set(request, result.caller);
    return undefined;
  }
  const fault = deps.faults.decide(request.method, path);
  if (fault.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, fault.latencyMs));
  if (fault.kind === "lose") losing.add(request);
  if (fault.kind === "drop") {
    deps.stats.record({ method: request.method, path, status: 0 });
    reply.hijack();
    request.raw.socket.destroy();
    return undefined;
  }
  if (fault.kind === "status") {
    const headers: Record<string, string> = {};
    if (fault.retryAfterSeconds !== undefined) headers["Retry-After"] = String(fault.retryAfterSeconds);
    const detail =
      fault.status === 429
        ? "Too Many Requests (injected fault)"
        : fault.status === 403
          ? "Forbidden (injected fault): this caller may not make this call"
          : "Service unavailable (injected fault)";
    return sendError(reply, fault.status, detail, headers);
  }
  const config = request.routeOptions.config as RouteConfig | undefined;
  if (request.routeOptions.url === undefined || config?.auth === false) return undefined;
  const result = authenticate(deps.store, request.headers.authorization);
  if (!result.ok) return sendError(reply, 401, result.detail, { "WWW-Authenticate": "Bearer" });
  callers.set(request, result.caller);
  const denied = authorize(deps.store, result.caller, request.method, request.routeOptions.url, request.query);
  if (denied) return sendError(reply, 403, denied);
  const changed = changedConnectorId(request.method, path);
  const connector = changed === undefined ? undefined : deps.store.state.connectors[changed];
  if (connector && connector.serviceId === result.caller.serviceId) {
    const failure = deps.faults.kafkaConnectFailure(connector.name, connector.createdAt);
    if (failure) return sendError(reply, failure.status, failure.detail);
  }
  return undefined;
}

/** The call's line in the stats, the request log of /_local/requests and the server log. */
function recordAnswer(deps: AppDeps, request: FastifyRequest, reply: FastifyReply, startedAt: number): void {
  const path = pathOf(request.url);
  if (path.startsWith(localPrefix) || besideTheApi(deps, path)) return;
  const serviceId = callers.get(request)?.serviceId;
  const admin = adminHeaders(request);
  const query = request.url.length > path.length + 1 ? request.url.slice(path.length + 1) : undefined;
  deps.stats.record({
    method: request.method,
    path,
    ...(query ? { query } : {}),
    status: reply.statusCode,
    ...(serviceId ? { serviceId } : {}),
    ...(admin ? { admin } : {}),
  });
  // The request's form for /_local/requests: key paths only, never body values (they may be secrets).
  deps.stats.recordRequest({
    method: request.method,
    path,
    query: queryOf(request.url),
    bodyKeys: keyPathsOf(request.body),
    status: reply.statusCode,
    ...(serviceId ? { serviceId } : {}),
    at: new Date(startedAt).toISOString(),
    requestId: String(request.id),
  });
  deps.log?.(`${request.method} ${path} ${reply.statusCode} ${Date.now() - startedAt}ms ` + `request_id=${request.id}`);
}

/** Errors and unknown routes in the service's `{detail}` shape; a known path with another method is a 405. */
function answerErrorsAsTheServiceDoes(
  app: FastifyInstance,
  allowedMethods: (path: string) => string[],
): AnswerNotFound {
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof HttpError) return sendError(reply, error.status, error.detail, error.headers);
    const failure = error as { statusCode?: number; message?: string };
    const status =
      typeof failure.statusCode === "number" && failure.statusCode >= 400 && failure.statusCode < 500
        ? failure.statusCode
        : 500;
    return sendError(reply, status, status === 500 ? "Internal Server Error" : (failure.message ?? "Bad request"));
  });

  const answerNotFound: AnswerNotFound = (request, reply) => {
    const allowed = allowedMethods(pathOf(request.url));
    if (allowed.length > 0) {
      return sendError(reply, 405, "Method Not Allowed", { Allow: [...new Set(allowed)].join(", ") });
    }
    return sendError(reply, 404, "Not Found");
  };
  app.setNotFoundHandler(answerNotFound);
  return answerNotFound;
}

/** Each route of the table behind the hooks, its handler given an ApiContext and its answer sent as JSON. */
function registerRoutes(app: FastifyInstance, deps: AppDeps): void {
  for (const def of deps.routes) {
    app.route({
      method: def.method,
      url: def.url,
      config: { auth: def.auth !== false },
      handler: async (request, reply) => {
        let status = 200;
        const ctx: ApiContext = {
          store: deps.store,
          caller: callers.get(request) ?? { serviceId: "", tenantId: "", clientId: "", projectKeyId: null },
          params: (request.params ?? {}) as Record<string, string>,
          query: (request.query ?? {}) as Record<string, unknown>,
          body: request.body,
          headers: request.headers,
          setStatus: (code) => {
            status = code;
          },
          server: deps.facts,
        };
        const result = await def.handler(ctx);
        return reply
          .code(status)
          .type("application/json")
          .send(JSON.stringify(result ?? null));
      },
    });
  }
}
