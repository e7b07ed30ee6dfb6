// Tags as the real service has them (audit rows 33, 35, S17, V1, V2): plural entity kinds (TF
// internal/constants/tag.go:17-28), `type` required on create, `environment`/`general` reserved for the system
// tags, and GET /tags filtered by `tag_ids`, `tag_name` and `tag_type` (TF internal/api/tag.go:28-159).
import type { LocalServer } from "../../server";
import { type Client, startWithClient } from "./helpers";

let server: LocalServer;
let client: Client;
beforeAll(async () => ({ server, client } = await startWithClient()));
afterAll(() => server.close());

interface Tag {
  id: string;
  name: string;
  type: string[];
  system: boolean;
}

test("V1/S17: the service takes the plural kinds and refuses the singular ones with a 422 naming the field", async () => {
  const plural = await client.post("/tags", { name: "team-plural", type: ["sources", "pipelines"] });
  expect(plural.status).toBe(200);
  expect(plural.body.type).toEqual(["sources", "pipelines"]);

  const singular = await client.post("/tags", { name: "team-singular", type: ["source", "pipeline"] });
  expect(singular.status).toBe(422);
  expect(singular.body.detail[0].loc).toEqual(["body", "type", 0]);
});

test("33: a create without `type` is refused, as the reference client always sends it", async () => {
  const answer = await client.post("/tags", { name: "team-untyped" });
  expect(answer.status).toBe(422);
  expect(answer.body.detail[0]).toMatchObject({ loc: ["body", "type"], type: "missing" });
});

test("35: a custom tag cannot take the system tags' kinds, on create or update", async () => {
  expect((await client.post("/tags", { name: "team-env", type: ["environment"] })).status).toBe(400);
  const tag = (await client.post("/tags", { name: "team-update", type: ["topics"] })).body as Tag;
  expect((await client.put(`/tags/${tag.id}`, { type: ["general"] })).status).toBe(400);
  expect((await client.put(`/tags/${tag.id}`, { type: ["topics", "transforms"] })).body.type).toEqual([
    "topics",
    "transforms",
  ]);
});

test("V2: GET /tags filters by tag_ids, tag_name and tag_type; system tags are the environment tags", async () => {
  const a = (await client.post("/tags", { name: "filter-a", type: ["sources"] })).body as Tag;
  const b = (await client.post("/tags", { name: "filter-b", type: ["destinations"] })).body as Tag;
  const names = async (query: string) =>
    ((await client.get(`/tags?${query}`)).body.tags as Tag[]).map((tag) => tag.name).sort();

  expect(await names(`tag_ids=${a.id}`)).toEqual(["filter-a"]);
  expect(await names(`tag_ids=${a.id}&tag_ids=${b.id}`)).toEqual(["filter-a", "filter-b"]);
  expect(await names("tag_name=filter-b")).toEqual(["filter-b"]);
  expect(await names("tag_type=destinations&tag_name=filter")).toEqual(["filter-b"]);
  expect(await names("tag_type=environment")).toEqual(["Development", "Production"]);
});

test("27.11: a custom tag named `production` sits beside the system `Production`; an exact duplicate is refused", async () => {
  const custom = await client.post("/tags", { name: "production", type: ["pipelines"] });
  expect(custom.status).toBe(200);
  const again = await client.post("/tags", { name: "production", type: ["pipelines"] });
  expect(again.status).toBe(400);
  expect(again.body.detail).toContain("already exists");
});
