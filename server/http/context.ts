/**
 * What a route handler sees: the caller, the store and the raw request parts (validated by the handler with zod).
 */
import type { IncomingHttpHeaders } from "node:http";
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
