// Conformance: api.md "Authentication", "POST /auth/access-token", "Limits" (credential lengths) and the notes' Auth.
import { call, startWithClient, token, sleep, type Client } from "./helpers";
import type { LocalServer } from "../../server";

let server: LocalServer;
let client: Client;
beforeAll(async () => ({ server, client } = await startWithClient()));
afterAll(() => server.close());

describe("Authentication", () => {
  test("POST /auth/access-token with client_id and secret answers accessToken, refreshToken, expires, expiresIn", async () => {
    const r = await call(server.baseUrl, "POST", "/auth/access-token", {
      body: { client_id: server.clientId, secret: server.secret },
    });
    expect(r.status).toBe(200);
    expect(typeof r.body.accessToken).toBe("string");
    expect(typeof r.body.refreshToken).toBe("string");
    expect(r.body.expiresIn).toBe(3600);
    expect(Number.isNaN(Date.parse(r.body.expires))).toBe(false);
  });

  test("wrong credentials are rejected with 401", async () => {
    const r = await call(server.baseUrl, "POST", "/auth/access-token", {
      body: { client_id: server.clientId, secret: "wrong" },
    });
    expect(r.status).toBe(401);
    expect(typeof r.body.detail).toBe("string");
  });

  test("every call except POST /auth/access-token carries the bearer header (missing → 401)", async () => {
    const r = await call(server.baseUrl, "GET", "/sources");
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ detail: expect.any(String) });
    expect(r.headers["www-authenticate"]).toBe("Bearer");
  });

  test("an invalid bearer token is rejected with 401", async () => {
    const r = await call(server.baseUrl, "GET", "/sources", { token: "not-a-token" });
    expect(r.status).toBe(401);
  });

  test("an expired token is rejected with 401", async () => {
    const { server: s2 } = await startWithClient({ tokenTtlSeconds: 0.05 });
    try {
      const t = await token(s2, s2.clientId, s2.secret);
      await sleep(80);
      const r = await call(s2.baseUrl, "GET", "/auth/whoami", { token: t });
      expect(r.status).toBe(401);
      expect(r.body.detail).toMatch(/expired/i);
    } finally {
      await s2.close();
    }
  });

  test("a token is renewed through POST /auth/access-token/refresh with refresh_token", async () => {
    const first = await call(server.baseUrl, "POST", "/auth/access-token", {
      body: { client_id: server.clientId, secret: server.secret },
    });
    const r = await call(server.baseUrl, "POST", "/auth/access-token/refresh", {
      body: { refresh_token: first.body.refreshToken },
    });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(["accessToken", "expires", "expiresIn", "refreshToken"]);
    const who = await call(server.baseUrl, "GET", "/auth/whoami", { token: r.body.accessToken });
    expect(who.status).toBe(200);
  });

  test("an access token is not accepted as a refresh token", async () => {
    const r = await call(server.baseUrl, "POST", "/auth/access-token/refresh", {
      body: { refresh_token: client.token },
    });
    expect(r.status).toBe(401);
  });

  test("GET /auth/whoami answers tenant_id, service_id, sub, token_type, project_key_id", async () => {
    const r = await client.get("/auth/whoami");
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      tenant_id: server.tenantId,
      service_id: server.serviceId,
      sub: server.clientId,
      token_type: "client_credentials",
      project_key_id: null,
    });
  });
});

describe("Limits: access-token field lengths (422 with input and ctx)", () => {
  test("client_id length max 256 characters", async () => {
    const ok = await call(server.baseUrl, "POST", "/auth/access-token", {
      body: { client_id: "c".repeat(256), secret: "x" },
    });
    expect(ok.status).toBe(401);
    const r = await call(server.baseUrl, "POST", "/auth/access-token", {
      body: { client_id: "c".repeat(257), secret: "x" },
    });
    expect(r.status).toBe(422);
    expect(r.body.detail[0]).toMatchObject({
      loc: ["body", "client_id"],
      type: "string_too_long",
      input: "c".repeat(257),
      ctx: { max_length: 256 },
    });
    expect(typeof r.body.detail[0].msg).toBe("string");
  });

  test("secret length max 512 characters, and the secret is never echoed as input", async () => {
    const secret = "s".repeat(513);
    const r = await call(server.baseUrl, "POST", "/auth/access-token", { body: { client_id: "c", secret } });
    expect(r.status).toBe(422);
    expect(r.body.detail[0]).toMatchObject({
      loc: ["body", "secret"],
      type: "string_too_long",
      ctx: { max_length: 512 },
    });
    expect(JSON.stringify(r.body)).not.toContain(secret);
    const ok = await call(server.baseUrl, "POST", "/auth/access-token", {
      body: { client_id: "c", secret: "s".repeat(512) },
    });
    expect(ok.status).toBe(401);
  });

  test("project_key length max 8192 characters", async () => {
    const r = await call(server.baseUrl, "POST", "/auth/access-token", { body: { project_key: "k".repeat(8193) } });
    expect(r.status).toBe(422);
    expect(r.body.detail[0]).toMatchObject({ loc: ["body", "project_key"], ctx: { max_length: 8192 } });
    expect(JSON.stringify(r.body)).not.toContain("k".repeat(8193));
    const ok = await call(server.baseUrl, "POST", "/auth/access-token", { body: { project_key: "k".repeat(8192) } });
    expect(ok.status).toBe(401);
  });

  test("a wrongly typed field is a 422 item with loc, msg, type, input and ctx", async () => {
    const r = await call(server.baseUrl, "POST", "/auth/access-token", { body: { client_id: 5, secret: "x" } });
    expect(r.status).toBe(422);
    expect(r.body.detail[0]).toMatchObject({ loc: ["body", "client_id"], type: "string_type", input: 5, ctx: {} });
  });

  test("neither client_id+secret nor project_key is a 422", async () => {
    const r = await call(server.baseUrl, "POST", "/auth/access-token", { body: { client_id: "only" } });
    expect(r.status).toBe(422);
    expect(r.body.detail[0]).toHaveProperty("ctx");
    expect(r.body.detail[0]).toHaveProperty("input");
  });
});
