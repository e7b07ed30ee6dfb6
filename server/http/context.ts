/**
 * What a route handler sees: the caller, the store and the raw request parts (validated by the handler with zod).
 */
import type { IncomingHttpHeaders } from "node:http";
import { notFound } from "../core/errors";
import type { Caller, Store } from "../state/store";

export interface ApiContext {
  store: Store;
  caller: Caller;
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  headers: IncomingHttpHeaders;
  /** Overrides the response status (default 200). */
  setStatus(code: number): void;
  /** Extra facts the server was started with that some handlers need. */
  server: ServerFacts;
}

export interface ServerFacts {
  webhookBaseUrl(): string;
  baseUrl(): string;
  tokenTtlSeconds(): number;
}

export type Handler = (ctx: ApiContext) => unknown;

export interface RouteDef {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  url: string;
  handler: Handler;
  /** false for the token endpoints, which authenticate by body. */
  auth?: boolean;
}

export function route(method: RouteDef["method"], url: string, handler: Handler, auth = true): RouteDef {
  return { method, url, handler, auth };
}

export function header(ctx: ApiContext, name: string): string | undefined {
  const value = ctx.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** The caller's own object of an area by id, or undefined: to a caller, another service's objects do not exist. */
export function ownedBy<T extends { serviceId: string }>(
  ctx: ApiContext,
  area: Record<string, T>,
  id: string | undefined,
): T | undefined {
  const found = id === undefined ? undefined : area[id];
  return found?.serviceId === ctx.caller.serviceId ? found : undefined;
}

/** As {@link ownedBy}, answering 404 "`what` not found" when the caller has no such object. */
export function mustOwn<T extends { serviceId: string }>(
  ctx: ApiContext,
  area: Record<string, T>,
  id: string | undefined,
  what: string,
): T {
  const found = ownedBy(ctx, area, id);
  if (!found) throw notFound(what);
  return found;
}

/** The caller's own objects of an area. */
export function ownedIn<T extends { serviceId: string }>(ctx: ApiContext, area: Record<string, T>): T[] {
  return Object.values(area).filter((item) => item.serviceId === ctx.caller.serviceId);
}
