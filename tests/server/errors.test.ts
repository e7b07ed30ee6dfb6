// Conformance: api.md "Errors" (management API) and the contract's error conventions.
import { call, startWithClient, type Client } from "./helpers";
import type { LocalServer } from "../../server";

let server: LocalServer;
let client: Client;
beforeAll(async () => ({ server, client } = await startWithClient()));
afterAll(() => server.close());

describe("Errors", () => {
  test("422 validation error: detail is an array of {loc, msg, type}", async () => {
    const r = await client.post("/sources", { connector: "postgresql", config: {} });
    expect(r.status).toBe(422);
    expect(Array.isArray(r.body.detail)).toBe(true);
    for (const item of r.body.detail) {
      expect(Array.isArray(item.loc)).toBe(true);
      expect(typeof item.msg).toBe("string");
      expect(typeof item.type).toBe("string");
    }
    expect(r.body.detail).toContainEqual(expect.objectContaining({ loc: ["body", "name"], type: "missing" }));
  });

  test("other errors answer {detail: text}", async () => {
    const r = await client.put("/sources/000000000000000000000000", { name: "x", connector: "postgresql", config: {} });
    expect(r.status).toBe(404);
    expect(typeof r.body.detail).toBe("string");
  });

  test("every response carries a unique X-Request-Id", async () => {
    const a = await client.get("/sources");
    const b = await call(server.baseUrl, "GET", "/sources");
    const c = await client.get("/no-such-path");
    const ids = [a, b, c].map((r) => r.headers["x-request-id"]);
    ids.forEach((id) => expect(typeof id).toBe("string"));
    expect(new Set(ids).size).toBe(3);
  });

  test("malformed JSON bodies answer 400", async () => {
    const r = await call(server.baseUrl, "POST", "/sources", { raw: "{not json", token: client.token });
    expect(r.status).toBe(400);
    expect(typeof r.body.detail).toBe("string");
  });

  test("wrong methods answer 405", async () => {
    const r = await client.call("PATCH", "/sources");
    expect(r.status).toBe(405);
    expect(r.headers.allow).toContain("GET");
  });

  test("unknown paths answer 404", async () => {
    expect((await client.get("/definitely/not/here")).status).toBe(404);
  });

  test("PUT, DELETE and actions on unknown ids answer 404", async () => {
    const id = "000000000000000000000000";
    expect((await client.del(`/sources/${id}`)).status).toBe(404);
    expect((await client.del(`/destinations/${id}`)).status).toBe(404);
    expect((await client.del(`/pipelines/${id}`)).status).toBe(404);
    expect((await client.put(`/pipelines/${id}`, {})).status).toBe(404);
    expect((await client.put(`/topics/${id}`, { payload: {} })).status).toBe(404);
  });

  test("bad input changes nothing", async () => {
    const before = await client.get("/sources");
    await client.post("/sources", {
      name: "bad",
      connector: "postgresql",
      config: { "database.port.user.defined": "x" },
    });
    const after = await client.get("/sources");
    expect(after.body.total).toBe(before.body.total);
  });
});
