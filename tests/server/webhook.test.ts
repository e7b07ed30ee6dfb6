// Conformance: api.md "Webhook endpoint (data ingestion)", webhook "Authentication", "Events", the webhook rows
// of "Errors" and the webhook "Limits". One test per rule.
import { connect, type Socket } from "node:net";
import { request } from "undici";
import { eventually, sleep, startWithClient, type Client, type Json } from "./helpers";
import type { LocalServer } from "../../server";

let server: LocalServer;
let client: Client;
beforeAll(async () => ({ server, client } = await startWithClient()));
afterAll(() => server.close());

async function webhookSource(name: string, config: Record<string, unknown> = {}) {
  const r = await client.post("/sources", {
    name,
    connector: "webhook",
    config: { "topic.include.list.user.defined": "default_topic,orders", ...config },
  });
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  const plain = await client.get(`/sources/${r.body.id}?secret_returned=true`);
  const src = plain.body.result[0];
  return { id: src.id as string, url: src.config["webhook.url"] as string, key: src.config["api.key"] as string, src };
}

async function send(
  url: string,
  options: { method?: string; key?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Json; headers: Record<string, unknown> }> {
  const headers: Record<string, string> = { "content-type": "application/json", ...(options.headers ?? {}) };
  if (options.key !== undefined) headers["x-api-key"] = options.key;
  const res = await request(url, { method: (options.method ?? "POST") as "POST", headers, body: options.body });
  const text = await res.body.text();
  return { status: res.statusCode, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}

async function messages(sourceId: string, topic: string) {
  const r = await client.get(
    `/topics/messages?topic_id=${encodeURIComponent(`source_${sourceId}.${topic}`)}&page_size=100`,
  );
  return r.body.result as Array<{ key: Json; value: Json }>;
}

/** Raw HTTP over a socket, for requests a regular client refuses to build. Resolves with the status line. */
function raw(url: string, head: string, body = ""): Promise<{ status: number; text: string }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(u.port), u.hostname, () => socket.write(head + body));
    let text = "";
    socket.on("data", (d) => (text += d.toString()));
    socket.on("close", () => resolve({ status: Number(text.split(" ")[1]), text }));
    socket.on("error", (e) => (text ? resolve({ status: Number(text.split(" ")[1]), text }) : reject(e)));
  });
}

describe("Webhook source settings", () => {
  test("a webhook source gets a generated URL and API key; the key is masked on reads", async () => {
    const w = await webhookSource("wh-settings");
    expect(w.url.startsWith(server.webhookBaseUrl + "/")).toBe(true);
    expect(w.key.length).toBeGreaterThan(16);
    const masked = await client.get(`/sources/${w.id}`);
    expect(masked.body.result[0].config["api.key"]).toBe("********");
    expect(masked.body.result[0].config["webhook.url"]).toBe(w.url);
    expect(masked.body.result[0].config.format).toBe("json");
    expect(masked.body.result[0].config["camel.source.camelMessageHeaderKey"]).toBe("key");
  });

  test("Webhook URL and API Key are read-only after creation", async () => {
    const w = await webhookSource("wh-readonly");
    const r = await client.put(`/sources/${w.id}`, {
      name: "wh-readonly",
      connector: "webhook",
      config: {
        "webhook.url": "http://elsewhere",
        "api.key": "mine",
        "topic.include.list.user.defined": "default_topic",
      },
    });
    expect(r.status).toBe(200);
    const after = (await client.get(`/sources/${w.id}?secret_returned=true`)).body.result[0];
    expect(after.config["webhook.url"]).toBe(w.url);
    expect(after.config["api.key"]).toBe(w.key);
  });
});

describe("Webhook endpoint", () => {
  test("Methods: POST, PUT and DELETE are accepted with 202; others are not", async () => {
    const w = await webhookSource("wh-methods", { "transforms.inferSchema.add.delete.field": true });
    expect((await send(w.url, { key: w.key, body: '{"id":1}' })).status).toBe(202);
    expect((await send(w.url, { key: w.key, method: "PUT", body: '{"id":1}' })).status).toBe(202);
    const del = await send(w.url, { key: w.key, method: "DELETE", body: '{"id":1}', headers: { key: '{"id":1}' } });
    expect(del.status).toBe(202);
    expect((await send(w.url, { key: w.key, method: "GET" })).status).toBe(405);
  });

  test("Success: status 202 with an X-Request-Id", async () => {
    const w = await webhookSource("wh-success");
    const r = await send(w.url, { key: w.key, body: '{"a":1}' });
    expect(r.status).toBe(202);
    expect(typeof r.headers["x-request-id"]).toBe("string");
  });

  test("Rule 1: the base URL goes to the default topic; /<topic_name> goes to that topic", async () => {
    const w = await webhookSource("wh-routing");
    await send(w.url, { key: w.key, body: '{"n":"base"}' });
    await send(`${w.url}/orders`, { key: w.key, body: '{"n":"orders"}' });
    expect((await messages(w.id, "default_topic")).map((m) => m.value)).toEqual([{ n: "base" }]);
    expect((await messages(w.id, "orders")).map((m) => m.value)).toEqual([{ n: "orders" }]);
  });

  test("Rule 2: listed topics accept at once; an unlisted path creates a topic registered after a delay", async () => {
    const w = await webhookSource("wh-discovery");
    const r = await send(`${w.url}/late_topic`, { key: w.key, body: '{"x":1}' });
    expect(r.status).toBe(202);
    const before = await client.get(`/sources/${w.id}`);
    expect(before.body.result[0].topics).toEqual(["default_topic", "orders"]);
    const after = await eventually(
      () => client.get(`/sources/${w.id}`),
      (x) => x.body.result[0].topics.includes("late_topic"),
    );
    expect(after.body.result[0].topics).toEqual(["default_topic", "orders", "late_topic"]);
    expect((await messages(w.id, "late_topic")).map((m) => m.value)).toEqual([{ x: 1 }]);
  });

  test("Rule 3: format json keeps the parsed body as the record value", async () => {
    const w = await webhookSource("wh-json");
    await send(w.url, { key: w.key, body: '{"nested":{"a":[1,2]},"s":"t"}' });
    expect((await messages(w.id, "default_topic"))[0].value).toEqual({ nested: { a: [1, 2] }, s: "t" });
  });

  test("Rule 4: format string wraps the raw body as {data: <body text>}", async () => {
    const w = await webhookSource("wh-string", { format: "string" });
    const r = await send(w.url, {
      key: w.key,
      body: "plain text, not json",
      headers: { "content-type": "text/plain" },
    });
    expect(r.status).toBe(202);
    expect((await messages(w.id, "default_topic"))[0].value).toEqual({ data: "plain text, not json" });
  });

  test("Rule 5: the key header value (a JSON object) becomes the record key; its fields must appear in the body", async () => {
    const w = await webhookSource("wh-key");
    const ok = await send(w.url, { key: w.key, body: '{"id":7,"v":1}', headers: { key: '{"id":7}' } });
    expect(ok.status).toBe(202);
    expect((await messages(w.id, "default_topic"))[0]).toMatchObject({ key: { id: 7 }, value: { id: 7, v: 1 } });
    const missing = await send(w.url, { key: w.key, body: '{"v":1}', headers: { key: '{"id":7}' } });
    expect(missing.status).toBe(400);
  });

  test("Rule 5: Camel Message Header Key names the header that carries the key", async () => {
    const w = await webhookSource("wh-keyname", { "camel.source.camelMessageHeaderKey": "X-Record-Key" });
    await send(w.url, { key: w.key, body: '{"id":"a"}', headers: { "X-Record-Key": '{"id":"a"}' } });
    expect((await messages(w.id, "default_topic"))[0].key).toEqual({ id: "a" });
  });

  test("Rule 6: DELETE requires the key header and the key fields in the body", async () => {
    const w = await webhookSource("wh-delete-rules");
    expect((await send(w.url, { key: w.key, method: "DELETE", body: '{"id":1}' })).status).toBe(400);
    const noField = await send(w.url, { key: w.key, method: "DELETE", body: "{}", headers: { key: '{"id":1}' } });
    expect(noField.status).toBe(400);
  });

  test("Rule 6: with Add Delete Field enabled, DELETE records get delete: true", async () => {
    const w = await webhookSource("wh-delete-field", { "transforms.inferSchema.add.delete.field": "true" });
    await send(w.url, { key: w.key, method: "DELETE", body: '{"id":1}', headers: { key: '{"id":1}' } });
    expect((await messages(w.id, "default_topic"))[0].value).toEqual({ id: 1, delete: true });
  });

  test("Rule 6: without Add Delete Field, DELETE records are the body unchanged", async () => {
    const w = await webhookSource("wh-delete-nofield");
    await send(w.url, { key: w.key, method: "DELETE", body: '{"id":1}', headers: { key: '{"id":1}' } });
    expect((await messages(w.id, "default_topic"))[0].value).toEqual({ id: 1 });
  });

  test("Rule 7: invalid JSON in the key header fails with 400", async () => {
    const w = await webhookSource("wh-badkey");
    const r = await send(w.url, { key: w.key, body: '{"id":1}', headers: { key: "{id:" } });
    expect(r.status).toBe(400);
    expect(typeof r.body.detail).toBe("string");
  });

  test("Rule 7: an invalid JSON body under format json fails with 400", async () => {
    const w = await webhookSource("wh-badbody");
    expect((await send(w.url, { key: w.key, body: "{not json" })).status).toBe(400);
    expect(await messages(w.id, "default_topic")).toEqual([]);
  });
});

describe("Webhook authentication", () => {
  test("a request without X-API-Key is rejected with 401", async () => {
    const w = await webhookSource("wh-nokey");
    expect((await send(w.url, { body: "{}" })).status).toBe(401);
  });

  test("a request with an invalid X-API-Key is rejected with 401", async () => {
    const w = await webhookSource("wh-wrongkey");
    expect((await send(w.url, { key: "wrong", body: "{}" })).status).toBe(401);
  });
});

describe("Webhook errors", () => {
  test("400: malformed request / invalid format (wrong Content-Type for format json)", async () => {
    const w = await webhookSource("wh-ctype");
    const r = await send(w.url, { key: w.key, body: '{"a":1}', headers: { "content-type": "text/plain" } });
    expect(r.status).toBe(400);
  });

  test("413: a request exceeding the maximum chunk size (50 MB by default)", async () => {
    const w = await webhookSource("wh-413");
    const u = new URL(w.url);
    const r = await raw(
      w.url,
      `POST ${u.pathname} HTTP/1.1\r\nHost: x\r\nX-API-Key: ${w.key}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${50 * 1024 * 1024 + 1}\r\n\r\n`,
      "{",
    );
    expect(r.status).toBe(413);
  });

  test("413: a chunked body that grows past the limit (limit changed in advanced settings)", async () => {
    const w = await webhookSource("wh-413-chunked", { "webhook.max.chunk.size": 1024 });
    const r = await send(w.url, { key: w.key, body: JSON.stringify({ pad: "x".repeat(2000) }) });
    expect(r.status).toBe(413);
    expect((await send(w.url, { key: w.key, body: JSON.stringify({ pad: "x".repeat(500) }) })).status).toBe(202);
  });

  test("429: rate limit exceeded (injected), with Retry-After", async () => {
    const { server: s2, client: c2 } = await startWithClient({ faults: "429=1,path=/webhooks/*,retry-after=3" });
    try {
      const created = await c2.post("/sources", { name: "wh-429", connector: "webhook", config: {} });
      const full = (await c2.get(`/sources/${created.body.id}?secret_returned=true`)).body.result[0];
      const r = await send(full.config["webhook.url"], { key: full.config["api.key"], body: "{}" });
      expect(r.status).toBe(429);
      expect(r.headers["retry-after"]).toBe("3");
    } finally {
      await s2.close();
    }
  });

  test("500: connector failure (the connector is not running)", async () => {
    const w = await webhookSource("wh-500");
    await client.put(`/sources/${w.id}/stop`);
    expect((await send(w.url, { key: w.key, body: "{}" })).status).toBe(500);
  });
});

describe("Webhook limits", () => {
  test("Max initial line length 16 KB: a longer request line is rejected with 400", async () => {
    const w = await webhookSource("wh-line");
    const ok = await send(`${w.url}/orders?pad=${"a".repeat(15 * 1024)}`, { key: w.key, body: "{}" });
    expect(ok.status).toBe(202);
    const long = await send(`${w.url}/orders?pad=${"a".repeat(16 * 1024)}`, { key: w.key, body: "{}" });
    expect(long.status).toBe(400);
  });

  test("Max header size 64 KB: larger headers are rejected with 400", async () => {
    const w = await webhookSource("wh-headers");
    const ok = await send(w.url, { key: w.key, body: "{}", headers: { "x-pad": "p".repeat(60 * 1024) } });
    expect(ok.status).toBe(202);
    const big = await send(w.url, { key: w.key, body: "{}", headers: { "x-pad": "p".repeat(65 * 1024) } });
    expect(big.status).toBe(400);
  });

  test("Backlog size 200: queued requests beyond the backlog are rejected (429)", async () => {
    const w = await webhookSource("wh-backlog");
    const u = new URL(w.url);
    const head = `POST ${u.pathname} HTTP/1.1\r\nHost: x\r\nX-API-Key: ${w.key}\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n`;
    // 200 requests that sent their headers but not yet their body occupy the backlog.
    const sockets: Socket[] = [];
    for (let i = 0; i < 200; i++) {
      sockets.push(
        await new Promise<Socket>((resolve) => {
          const s = connect(Number(u.port), u.hostname, () => {
            s.write(head);
            resolve(s);
          });
        }),
      );
    }
    // The server sees the 200 heads some time after the sockets connect: probe until the backlog is full (a
    // probe that arrives first is simply accepted), rather than racing one fixed delay.
    let rejected = await send(w.url, { key: w.key, body: "{}" });
    for (let probe = 0; probe < 100 && rejected.status !== 429; probe++) {
      await sleep(20);
      rejected = await send(w.url, { key: w.key, body: "{}" });
    }
    expect(rejected.status).toBe(429);
    const answers = sockets.map(
      (s) => new Promise<string>((resolve) => s.once("data", (d) => resolve(d.toString().split(" ")[1]))),
    );
    sockets.forEach((s) => s.write("{}"));
    expect(new Set(await Promise.all(answers))).toEqual(new Set(["202"]));
    sockets.forEach((s) => s.destroy());
    expect((await send(w.url, { key: w.key, body: "{}" })).status).toBe(202);
  });

  test("The webhook limits can be changed in advanced settings", async () => {
    const w = await webhookSource("wh-advanced", { "webhook.max.header.size": 2048, "webhook.backlog.size": 1 });
    const r = await send(w.url, { key: w.key, body: "{}", headers: { "x-pad": "p".repeat(4096) } });
    expect(r.status).toBe(400);
  });

  test("The connector processes requests sequentially, one record per request, no deduplication", async () => {
    const w = await webhookSource("wh-sequential");
    const bodies = Array.from({ length: 20 }, (_, i) => JSON.stringify({ i }));
    await Promise.all(bodies.map((b) => send(w.url, { key: w.key, body: b })));
    await send(w.url, { key: w.key, body: bodies[0] });
    const got = await messages(w.id, "default_topic");
    expect(got).toHaveLength(21);
    const offsets = (
      await client.get(`/topics/messages?topic_id=source_${w.id}.default_topic&page_size=100`)
    ).body.result.map((m: { offset: number }) => m.offset);
    expect(offsets).toEqual(Array.from({ length: 21 }, (_, i) => i));
  });
});

describe("Events and metrics", () => {
  test("metrics show events written, volume in bytes and messages per topic", async () => {
    const w = await webhookSource("wh-metrics");
    await send(w.url, { key: w.key, body: '{"a":1}' });
    await send(`${w.url}/orders`, { key: w.key, body: '{"b":22}' });
    await send(`${w.url}/orders`, { key: w.key, body: '{"b":3}' });
    const m = await client.get(`/sources/${w.id}/metrics`);
    expect(m.body.events_written).toBe(3);
    expect(m.body.bytes_written).toBe(7 + 8 + 7);
    expect(m.body.topics.find((t: { topic_name: string }) => t.topic_name === "orders").events_written).toBe(2);
  });
});
