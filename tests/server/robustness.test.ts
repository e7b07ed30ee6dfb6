// Robustness of the local API server under abuse: malformed JSON, oversized headers and bodies, wrong methods,
// broken URLs, clients that hang up mid-request, and bursts on the webhook endpoint and the management API. The
// server must stay up and keep answering correctly, and accepted records are never lost or duplicated. (The
// documented single-request rules, such as one 400 for malformed JSON or one 413, are in errors.test.ts and
// webhook.test.ts; here they are repeated, mixed and raced.)
import { connect } from "node:net";
import { request } from "undici";

import type { LocalServer } from "../../server";
import { call, type Client, type Json, PG_SOURCE_CONFIG, startWithClient } from "./helpers";

let server: LocalServer;
let client: Client;
beforeAll(async () => ({ server, client } = await startWithClient()));
afterAll(() => server.close());

/** The server still answers a normal authenticated call correctly. */
async function stillServing(): Promise<void> {
  const r = await client.get("/sources?page_size=1");
  expect(r.status).toBe(200);
  expect(Array.isArray(r.body.result)).toBe(true);
}

/** Raw bytes over a socket, for requests no HTTP client would build; resolves with the status (0: no answer). */
function raw(baseUrl: string, bytes: string | Buffer, hangUpAfterWrite = false): Promise<number> {
  const u = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = connect(Number(u.port), u.hostname, () => {
      socket.write(bytes);
      if (hangUpAfterWrite) {
        socket.destroy();
        resolve(0);
      }
    });
    let text = "";
    socket.on("data", (chunk) => (text += chunk.toString()));
    socket.on("close", () => resolve(Number(text.split(" ")[1] ?? 0) || 0));
    socket.on("error", () => resolve(Number(text.split(" ")[1] ?? 0) || 0));
  });
}

async function webhookSource(name: string, config: Record<string, unknown> = {}) {
  const r = await client.post("/sources", {
    name,
    connector: "webhook",
    config: { "topic.include.list.user.defined": "default_topic", ...config },
  });
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  const full = (await client.get(`/sources/${r.body.id}?secret_returned=true`)).body.result[0];
  return { id: full.id as string, url: full.config["webhook.url"] as string, key: full.config["api.key"] as string };
}

async function post(url: string, key: string, body: string, headers: Record<string, string> = {}) {
  const res = await request(url, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": key, ...headers },
    body,
  });
  const text = await res.body.text();
  return { status: res.statusCode, body: text ? (JSON.parse(text) as Json) : undefined };
}

async function records(sourceId: string, topic = "default_topic"): Promise<Array<{ value: Json; offset: number }>> {
  const all: Array<{ value: Json; offset: number }> = [];
  for (let page = 1; ; page++) {
    const r = await client.get(
      `/topics/messages?topic_id=${encodeURIComponent(`source_${sourceId}.${topic}`)}&page=${page}&page_size=100`,
    );
    all.push(...r.body.result);
    if (!r.body.has_next) return all;
  }
}

describe("Management API under malformed input", () => {
  test.each([
    ["a truncated object", '{"name": "x", "connector":'],
    ["a bare word", "hello"],
    ["an unterminated string", '{"name": "x'],
    ["a lone brace", "}"],
    ["bytes that are not UTF-8", Buffer.from([0x7b, 0xff, 0xfe, 0x7d]).toString("latin1")],
  ])("%s answers 400 with a text detail, and the server keeps serving", async (_what, body) => {
    const r = await call(server.baseUrl, "POST", "/sources", { raw: body, token: client.token });
    expect(r.status).toBe(400);
    expect(typeof r.body.detail).toBe("string");
    await stillServing();
  });

  test("valid JSON of the wrong shape answers 422, never 500", async () => {
    for (const body of ["[]", "42", "null", '"text"', '{"name": 5, "connector": [], "config": "x"}']) {
      const r = await call(server.baseUrl, "POST", "/sources", { raw: body, token: client.token });
      expect({ body, status: r.status }).toEqual({ body, status: 422 });
    }
    await stillServing();
  });

  test("deeply nested JSON is refused or handled without taking the server down", async () => {
    const deep = "[".repeat(100_000) + "]".repeat(100_000);
    const r = await call(server.baseUrl, "POST", "/sources", { raw: deep, token: client.token });
    expect([400, 413, 422]).toContain(r.status);
    await stillServing();
  });

  test("a __proto__ key in a body changes nothing but that body", async () => {
    const r = await call(server.baseUrl, "POST", "/sources", {
      raw: `{"name":"proto-src","connector":"postgresql","config":${JSON.stringify(PG_SOURCE_CONFIG)},"__proto__":{"polluted":true}}`,
      token: client.token,
    });
    expect(r.status).toBe(200);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    await client.del(`/sources/${r.body.id}`);
  });

  test("a body above the 16 MB limit answers 413", async () => {
    const big = JSON.stringify({ name: "big", connector: "postgresql", config: { pad: "x".repeat(17 * 1024 * 1024) } });
    const r = await call(server.baseUrl, "POST", "/sources", { raw: big, token: client.token });
    expect(r.status).toBe(413);
    await stillServing();
  });

  test("headers above the server's limit answer 400 and close that connection only", async () => {
    const status = await raw(
      server.baseUrl,
      `GET /sources HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${client.token}\r\nX-Pad: ${"p".repeat(200 * 1024)}\r\n\r\n`,
    );
    expect(status).toBe(400);
    await stillServing();
  });

  test("a request that is not HTTP answers 400", async () => {
    expect(await raw(server.baseUrl, "HELLO THERE\r\n\r\n")).toBe(400);
    expect(await raw(server.baseUrl, Buffer.from([0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00]))).toBe(400); // TLS hello
    await stillServing();
  });

  test("wrong methods answer 405 on every collection, with Allow", async () => {
    for (const [method, path] of [
      ["PATCH", "/sources"],
      ["DELETE", "/pipelines"],
      ["PUT", "/auth/access-token"],
      ["PATCH", "/topics/details"],
    ]) {
      const r = await client.call(method, path);
      expect({ method, path, status: r.status }).toEqual({ method, path, status: 405 });
      expect(typeof r.headers.allow).toBe("string");
    }
    await stillServing();
  });

  test("a malformed percent-encoding in a path answers 400", async () => {
    const r = await client.get("/sources/%E0%A4%A");
    expect(r.status).toBe(400);
    await stillServing();
  });

  test("clients that hang up in the middle of a body leave nothing behind", async () => {
    const before = (await client.get("/sources?page_size=100")).body.total;
    const head =
      `POST /sources HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${client.token}\r\n` +
      "Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n";
    await Promise.all(Array.from({ length: 50 }, () => raw(server.baseUrl, `${head}{"name":"half`, true)));
    await stillServing();
    expect((await client.get("/sources?page_size=100")).body.total).toBe(before);
  });
});

describe("Management API under a burst", () => {
  test("200 creates at once of distinct names: each exists exactly once", async () => {
    const names = Array.from({ length: 200 }, (_, i) => `burst-src-${i}`);
    const answers = await Promise.all(
      names.map((name) => client.post("/sources", { name, connector: "postgresql", config: PG_SOURCE_CONFIG })),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(200);
    const listed = [];
    for (let page = 1; ; page++) {
      const r = await client.get(`/sources?partial_name=burst-src-&page=${page}&page_size=100`);
      listed.push(...r.body.result.map((s: { name: string }) => s.name));
      if (!r.body.has_next) break;
    }
    expect(listed.sort()).toEqual([...names].sort());
  });

  test("50 creates at once of one name: exactly one succeeds, the rest answer 422", async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        client.post("/sources", { name: "contested", connector: "postgresql", config: PG_SOURCE_CONFIG }),
      ),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 422)).toHaveLength(49);
    expect((await client.get("/sources?partial_name=contested")).body.total).toBe(1);
  });
});

describe("Webhook endpoint under abuse", () => {
  test("malformed JSON, wrong methods and bad URLs are refused one by one, and nothing is recorded", async () => {
    const w = await webhookSource("wh-abuse");
    expect((await post(w.url, w.key, '{"a":')).status).toBe(400);
    expect((await post(w.url, w.key, "[1,2]")).status).toBe(400); // a record is an object
    expect((await post(w.url, w.key, "{}", { key: "{not json" })).status).toBe(400);
    for (const method of ["GET", "PATCH", "OPTIONS"]) {
      const r = await request(w.url, { method: method as "GET", headers: { "x-api-key": w.key } });
      await r.body.text();
      expect({ method, status: r.statusCode }).toEqual({ method, status: 405 });
    }
    expect((await post(`${w.url}/%E0%A4%A`, w.key, "{}")).status).toBe(400);
    expect((await post(`${w.url}/bad topic!`, w.key, "{}")).status).toBe(400);
    expect(await records(w.id)).toEqual([]);
    expect((await post(w.url, w.key, '{"ok":true}')).status).toBe(202);
  });

  test("senders that hang up mid-body do not use up the backlog", async () => {
    const w = await webhookSource("wh-hangups", { "webhook.backlog.size": 5 });
    const u = new URL(w.url);
    const head =
      `POST ${u.pathname} HTTP/1.1\r\nHost: x\r\nX-API-Key: ${w.key}\r\n` +
      "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n";
    for (let round = 0; round < 4; round++) {
      await Promise.all(Array.from({ length: 5 }, () => raw(w.url, `${head}{"partial":`, true)));
    }
    let status = 0;
    for (let attempt = 0; attempt < 50 && status !== 202; attempt++) {
      status = (await post(w.url, w.key, '{"after":"hangups"}')).status;
      if (status !== 202) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(status).toBe(202);
    expect((await records(w.id)).map((record) => record.value)).toEqual([{ after: "hangups" }]);
  });

  test("a burst beyond the backlog: every accepted record is kept once, in order; refused ones leave no trace", async () => {
    const w = await webhookSource("wh-burst", { "webhook.backlog.size": 20 });
    const answers = await Promise.all(Array.from({ length: 600 }, (_, i) => post(w.url, w.key, JSON.stringify({ i }))));
    const accepted = answers.flatMap((answer, i) => (answer.status === 202 ? [i] : []));
    const refused = answers.filter((answer) => answer.status === 429);
    expect(accepted.length + refused.length).toBe(600); // no other answer
    expect(accepted.length).toBeGreaterThan(0);

    const kept = await records(w.id);
    const keptIds = kept.map((record) => (record.value as { i: number }).i);
    expect(new Set(keptIds).size).toBe(keptIds.length); // no duplicates
    expect([...keptIds].sort((a, b) => a - b)).toEqual(accepted); // nothing accepted was lost, nothing refused kept
    expect(kept.map((record) => record.offset)).toEqual(kept.map((_, index) => index)); // contiguous offsets
    const offsets = answers.filter((answer) => answer.status === 202).map((answer) => answer.body.offset as number);
    expect(new Set(offsets).size).toBe(offsets.length); // each 202 names its own record
  });

  test("bursts on many sources at once stay apart", async () => {
    const sources = await Promise.all([0, 1, 2, 3].map((n) => webhookSource(`wh-parallel-${n}`)));
    await Promise.all(
      sources.flatMap((w, n) => Array.from({ length: 50 }, (_, i) => post(w.url, w.key, JSON.stringify({ n, i })))),
    );
    for (const [n, w] of sources.entries()) {
      const values = (await records(w.id)).map((record) => record.value as { n: number; i: number });
      expect(values.every((value) => value.n === n)).toBe(true);
      expect(values.map((value) => value.i).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    }
    await stillServing();
  });
});
