// Test helpers: start the local server in-process on a free port and talk to it over real HTTP with undici.
import { request } from "undici";
import { startLocalServer, type LocalServer, type LocalServerOptions } from "../../server";

export interface Answer<T = Json> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: T;
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test bodies are inspected ad hoc
export type Json = any;

export async function call(
  baseUrl: string,
  method: string,
  path: string,
  options: { body?: unknown; raw?: string; token?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.raw !== undefined) body = options.raw;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined && !headers["content-type"]) headers["content-type"] = "application/json";
  const res = await request(baseUrl + path, {
    method: method as "GET",
    headers,
    body,
  });
  const text = await res.body.text();
  let parsed: unknown = text;
  try {
    parsed = text === "" ? undefined : JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.statusCode, headers: res.headers, body: parsed };
}

export async function token(server: { baseUrl: string }, clientId: string, secret: string): Promise<string> {
  const r = await call(server.baseUrl, "POST", "/auth/access-token", { body: { client_id: clientId, secret } });
  if (r.status !== 200) throw new Error(`login failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.accessToken as string;
}

/** A logged-in client of one service. */
export class Client {
  constructor(
    readonly baseUrl: string,
    readonly token: string,
  ) {}

  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Answer> {
    return call(this.baseUrl, method, path, { body, token: this.token, headers });
  }
  get(path: string) {
    return this.call("GET", path);
  }
  post(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.call("POST", path, body, headers);
  }
  put(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.call("PUT", path, body, headers);
  }
  del(path: string) {
    return this.call("DELETE", path);
  }
}

export const FAST = { statusDelayMs: 40, deleteDelayMs: 60, topicDiscoveryDelayMs: 60 } satisfies LocalServerOptions;

export async function startWithClient(
  options: LocalServerOptions = {},
): Promise<{ server: LocalServer; client: Client }> {
  const server = await startLocalServer({ ...FAST, ...options });
  const client = new Client(server.baseUrl, await token(server, server.clientId, server.secret));
  return { server, client };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until `check` holds (bounded by attempts, never by wall-clock assertions). */
export async function eventually<T>(probe: () => Promise<T>, check: (t: T) => boolean, attempts = 100): Promise<T> {
  let last = await probe();
  for (let i = 0; i < attempts && !check(last); i++) {
    await sleep(20);
    last = await probe();
  }
  return last;
}

export const PG_SOURCE_CONFIG = {
  "database.hostname.user.defined": "db.example.com",
  "database.port.user.defined": 5432,
  "database.user": "streamkap",
  "database.password": "hunter2",
  "database.dbname": "app",
  "schema.include.list": "public",
  "table.include.list.user.defined": "public.orders,public.customers",
};

export const PG_DEST_CONFIG = {
  "database.hostname.user.defined": "warehouse.example.com",
  "database.database.user.defined": "dw",
  "connection.username": "loader",
  "connection.password": "s3cret",
  "table.name.prefix": "cdc_",
};

export async function createSource(client: Client, name = "pg-source", extra: Record<string, unknown> = {}) {
  const r = await client.post("/sources", { name, connector: "postgresql", config: PG_SOURCE_CONFIG, ...extra });
  if (r.status !== 200) throw new Error(`create source: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

export async function createDestination(client: Client, name = "pg-dest") {
  const r = await client.post("/destinations", { name, connector: "postgresql", config: PG_DEST_CONFIG });
  if (r.status !== 200) throw new Error(`create destination: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}
