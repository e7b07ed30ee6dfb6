// Findings F1, F2, F10–F15 of the local-server probe (../shared/notes/local-server-findings.md), one test each,
// asserting what a client sees over HTTP: hostile input is refused in the documented `{detail}` shape before
// anything is stored, local switches need an admin, and a deleted key's token dies with the key.
import { request as httpRequest } from "node:http";
import { call, eventually, sleep, startWithClient, Client, type Answer } from "./helpers";
import type { LocalServer } from "../../server";

let server: LocalServer;
let admin: Client;
// Deletes stay in progress for the whole file unless a test starts its own server: F14 needs an object being deleted.
beforeAll(async () => ({ server, client: admin } = await startWithClient({ deleteDelayMs: 60_000 })));
afterAll(() => server.close());

function expectDetail(r: Answer, status: number, contains?: string) {
  expect(r.status).toBe(status);
  expect(Object.keys(r.body as object)).toEqual(["detail"]);
  if (contains !== undefined) expect(JSON.stringify(r.body.detail)).toContain(contains);
}

const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;

/** A project key with these capabilities, and a client logged in with it. */
async function keyClient(on: LocalServer, by: Client, name: string, caps: Record<string, string[]>) {
  const r = await by.post("/project-keys", { name, ...caps });
  if (r.status !== 200) throw new Error(`create key: ${r.status} ${JSON.stringify(r.body)}`);
  const t = await call(on.baseUrl, "POST", "/auth/access-token", { body: { project_key: JSON.stringify(r.body) } });
  if (t.status !== 200) throw new Error(`key login: ${t.status} ${JSON.stringify(t.body)}`);
  await eventually(
    () => by.get(`/project-keys/${r.body.project_key_id}`),
    (a) => a.body.status === "active",
  );
  return { id: r.body.project_key_id as string, client: new Client(on.baseUrl, t.body.accessToken as string) };
}

async function webhookSource(name: string) {
  const r = await admin.post("/sources", {
    name,
    connector: "webhook",
    config: { "topic.include.list.user.defined": "orders" },
  });
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  const src = (await admin.get(`/sources/${r.body.id}?secret_returned=true`)).body.result[0];
  return { id: src.id as string, url: src.config["webhook.url"] as string, key: src.config["api.key"] as string };
}

/** POSTs a record to `url` + `rawPath` sent as written (URL parsers would resolve `%2e` segments first). */
function postRecord(
  url: string,
  key: string,
  body: string,
  rawPath = "",
): Promise<{ status: number; body?: { detail?: string } }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + rawPath,
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": key },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

describe("F1: JSON nesting depth", () => {
  test("F1: a webhook body nested 5,000 deep is refused with 400 before it is stored; the topic still reads", async () => {
    const w = await webhookSource("f1-webhook");
    const deep = await postRecord(`${w.url}/orders`, w.key, nested(5000));
    expect(deep.status).toBe(400);
    expect(deep.body).toEqual({ detail: "JSON body nested deeper than 64 levels" });
    // Depth within the limit, and brackets inside strings, are ordinary records.
    expect((await postRecord(`${w.url}/orders`, w.key, `{"s":"${"[".repeat(500)}","n":${nested(60)}}`)).status).toBe(
      202,
    );
    const page = await admin.get(`/topics/messages?topic_id=${encodeURIComponent(`source_${w.id}.orders`)}`);
    expect(page.status).toBe(200);
    expect(page.body.result).toHaveLength(1);
  });

  test("F1: a management body nested 5,000 deep is refused with 400 and creates nothing", async () => {
    const before = (await admin.get("/pipelines")).body.total;
    const body = `{"name":"deep","topic_auto_discovery_transforms":${nested(5000)}}`;
    expectDetail(await call(server.baseUrl, "POST", "/pipelines", { raw: body, token: admin.token }), 400, "64 levels");
    expect((await admin.get("/pipelines")).body.total).toBe(before);
    expect((await admin.get("/sources")).status).toBe(200);
  });
});

describe("F2: local switches and hostile ids", () => {
  test("F2: /_local needs an admin token of the service; __proto__ and constructor find nothing", async () => {
    const anonymous = await call(server.baseUrl, "POST", "/_local/connectors/__proto__/break", {
      body: { explanation: "PWNED" },
    });
    expectDetail(anonymous, 401);
    const viewer = await keyClient(server, admin, "f2-viewer", { role_ids: ["role_viewer"] });
    expectDetail(await viewer.client.post("/_local/connectors/__proto__/break", { explanation: "PWNED" }), 403);
    expectDetail(await viewer.client.get("/_local/stats"), 403);
    for (const id of ["__proto__", "constructor", "prototype", "hasOwnProperty", "toString"]) {
      expectDetail(await admin.post(`/_local/connectors/${id}/break`, { explanation: "PWNED" }), 404);
      expectDetail(await admin.post(`/_local/transforms/${id}/job-statuses`, { statuses: ["FAILED"] }), 404);
      // Answered exactly as an id that names nothing (an empty page for sources, as the real service does).
      for (const path of ["/sources/", "/transforms/", "/project-keys/", "/pipelines/", "/topics/"]) {
        const unknown = await admin.get(`${path}no-such-id`);
        expect(await admin.get(`${path}${id}`)).toMatchObject({ status: unknown.status, body: unknown.body });
      }
      expect((await admin.put(`/transforms/${id}/implementation_details`, { implementation: {} })).status).toBe(404);
    }
    // Nothing reached every object of the process (the server runs in this process).
    expect(({} as Record<string, unknown>).failure).toBeUndefined();
    expect(({} as Record<string, unknown>).timeline).toBeUndefined();
    const t = await admin.post("/transforms", {
      transform: "map_filter",
      config: { "transforms.name": "f2-after", "transforms.input.topic.pattern": "a.*" },
    });
    expect(t.status).toBe(200);
    expect(t.body).not.toHaveProperty("failure");
    // The admin still uses the switches, on its own objects only.
    expect((await admin.get("/_local/stats")).status).toBe(200);
  });

  test("F2: an admin of one service cannot switch another service's objects", async () => {
    const other = await startWithClient();
    try {
      const source = await other.client.post("/sources", {
        name: "theirs",
        connector: "webhook",
        config: { "topic.include.list.user.defined": "orders" },
      });
      expect(source.status).toBe(200);
      // A different server, so a different service: its id is unknown here and the switch answers 404.
      expectDetail(await admin.post(`/_local/connectors/${source.body.id}/break`), 404);
    } finally {
      await other.server.close();
    }
  });
});

describe("F10: strict base64url in tokens", () => {
  test("F10: a token respelled without changing its bytes is refused with 401", async () => {
    const [head, body, sig] = admin.token.split(".");
    expect((await admin.get("/sources")).status).toBe(200);
    // The last character of a 32-byte signature carries 2 unused bits: flip them and the bytes stay the same.
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const last = alphabet.indexOf(sig[sig.length - 1]);
    const sameBytes = sig.slice(0, -1) + alphabet[last ^ 1];
    expect(Buffer.from(sameBytes, "base64url").equals(Buffer.from(sig, "base64url"))).toBe(true);
    for (const respelled of [`${sig}!!`, `${sig}=`, sameBytes, `${sig.slice(0, 4)}+${sig.slice(5)}`]) {
      const r = await call(server.baseUrl, "GET", "/sources", { token: `${head}.${body}.${respelled}` });
      expectDetail(r, 401, "Invalid token");
    }
  });
});

describe("F11, F12: one rule for topic names", () => {
  test("F11: webhook paths %2e and %2e%2e are refused, no topic '.' or '..' appears", async () => {
    const w = await webhookSource("f11-webhook");
    for (const segment of ["%2e", "%2e%2e"]) {
      const r = await postRecord(w.url, w.key, "{}", `/${segment}`);
      expect(r.status).toBe(400);
      expect(r.body?.detail).toMatch(/^Topic name cannot be '\.{1,2}'$/);
    }
    const topics = await admin.get(`/topics/details?entity_id=${w.id}`);
    expect(topics.status).toBe(200);
    const names = (topics.body.result as Array<{ name: string }>).map((t) => t.name);
    expect(names.filter((n) => n.endsWith(".") || n.endsWith(".."))).toEqual([]);
  });

  test("F12: a webhook source's topic list refuses '../../x' and 'a/b' with 422 naming the field; POST /topics too", async () => {
    for (const bad of ["orders,../../x", "a/b"]) {
      const r = await admin.post("/sources", {
        name: `f12-${bad.length}`,
        connector: "webhook",
        config: { "topic.include.list.user.defined": bad },
      });
      expect(r.status).toBe(422);
      expect(r.body.detail[0].loc).toEqual(["body", "config", "topic.include.list.user.defined"]);
      expect(r.body.detail[0].msg).toContain("Invalid topic name");
    }
    const direct = await admin.post("/topics", { topic_name: "a/b" });
    expect(direct.status).toBe(422);
    expect(JSON.stringify(direct.body.detail)).toContain("Invalid topic name 'a/b'");
  });
});

describe("F13: every error in the {detail} shape", () => {
  test("F13: 414, 413, 400 and 404 answered by the framework itself carry only `detail`", async () => {
    expectDetail(await admin.get(`/sources/${"a".repeat(1500)}`), 414);
    const big = JSON.stringify({ name: "big", connector: "webhook", config: { pad: "x".repeat(17 * 1024 * 1024) } });
    expectDetail(await call(server.baseUrl, "POST", "/sources", { raw: big, token: admin.token }), 413);
    expectDetail(await call(server.baseUrl, "POST", "/sources", { raw: "{not json", token: admin.token }), 400);
    expectDetail(await admin.get("/no/such/route"), 404);
  });
});

describe("F14: objects being deleted refuse writes", () => {
  test("F14: a transform being deleted refuses implementation_details, unit tests and deploys with 409", async () => {
    const t = await admin.post("/transforms", {
      transform: "map_filter",
      config: { "transforms.name": "f14", "transforms.input.topic.pattern": "a.*" },
    });
    const id = t.body.transform_id ?? t.body.id;
    const impl = { language: "JAVASCRIPT", value_transform: "function f(v){return v}" };
    expect((await admin.put(`/transforms/${id}/implementation_details`, { implementation: impl })).status).toBe(200);
    expect((await admin.del(`/transforms?id=${id}`)).status).toBe(200);
    const refused = `Transform ${id} is being deleted`;
    expectDetail(await admin.put(`/transforms/${id}/implementation_details`, { implementation: impl }), 409, refused);
    expectDetail(await admin.put(`/transforms/${id}/deploy-job-live/1`), 409, refused);
    expectDetail(await admin.put(`/transforms/${id}/deploy-job-preview/1`), 409, refused);
    expectDetail(await admin.put(`/transforms/${id}/run-unit-tests/1`), 409, refused);
    const versions = await admin.get(`/transforms/${id}/implementation_details`);
    expect(Object.keys(versions.body.impl_versions)).toEqual(["1"]);
  });
});

describe("F15: a deleted key's token dies with the key", () => {
  test("F15: the first call after the delete completes is refused with 401", async () => {
    const quick = await startWithClient({ deleteDelayMs: 50 });
    try {
      const key = await keyClient(quick.server, quick.client, "f15", { role_ids: ["role_viewer"] });
      expect((await key.client.get("/sources")).status).toBe(200);
      expect((await quick.client.del(`/project-keys/${key.id}`)).status).toBe(200);
      // No other call in between: nothing but the key's own request can notice the delete has completed.
      await sleep(200);
      expectDetail(await key.client.get("/sources"), 401, "Invalid token");
    } finally {
      await quick.server.close();
    }
  });
});
