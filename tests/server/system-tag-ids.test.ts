// System tags have the ids the official Terraform provider uses against the real service, in every service
// (TF internal/constants/tag.go DEV_TAG_ID; internal/datasource/tag.go:46 names Development and Production by id;
// internal/provider/pipeline_resource_test.go:91-99 reads both by id): a pipeline that provider makes without
// tags sends `tags: ["670e5ca40afe1d3983ce0c22"]`. Each service still sees only its own tags, and a store written
// when system tags had random ids opens with the well-known ids, its objects' references following.
import { DatabaseSync } from "node:sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client, createDestination, createSource, startWithClient, token } from "./helpers";
import type { LocalServer } from "../../server";
import { databaseFile } from "../../server/state/database";

const development = "670e5ca40afe1d3983ce0c22";
const production = "670e5bab0d119c0d1f8cda9d";

async function pipelineWith(client: Client, prefix: string, tags: string[]) {
  const source = await createSource(client, `${prefix}-src`);
  const destination = await createDestination(client, `${prefix}-dst`);
  return client.post("/pipelines?secret_returned=true&wait=false", {
    name: `${prefix}-pipe`,
    source: { id: source.id, name: source.name, connector: "postgresql", topics: ["public.orders"] },
    destination: { id: destination.id, name: destination.name, connector: "postgresql" },
    snapshot_new_tables: true,
    tags,
    created_from: "terraform",
  });
}

describe("well-known system tag ids", () => {
  let server: LocalServer;
  let first: Client;
  let second: Client;
  beforeAll(async () => {
    ({ server, client: first } = await startWithClient());
    const other = await server.createService("second");
    second = new Client(server.baseUrl, await token(server, other.clientId, other.secret));
  });
  afterAll(() => server.close());

  test("a pipeline tagged with the official provider's Development id is made in two services", async () => {
    for (const [client, prefix] of [
      [first, "one"],
      [second, "two"],
    ] as const) {
      const made = await pipelineWith(client, prefix, [development]);
      expect(made.status).toBe(200);
      expect(made.body.tags).toEqual([development]);
      const tagged = await pipelineWith(client, `${prefix}-prod`, [production]);
      expect(tagged.status).toBe(200);
      expect(tagged.body.tags).toEqual([production]);
    }
  });

  test("each service looks its system tags up by those ids (as the official tag data source does)", async () => {
    for (const client of [first, second]) {
      const dev = await client.get(`/tags?tag_ids=${development}&secret_returned=true`);
      expect(dev.body.tags).toEqual([
        expect.objectContaining({ id: development, name: "Development", system: true, type: ["environment"] }),
      ]);
      const prod = await client.get(`/tags?tag_ids=${production}`);
      expect(prod.body.tags).toEqual([expect.objectContaining({ id: production, name: "Production", system: true })]);
    }
  });

  test("a pipeline given no tags gets the Development id; a custom tag stays its service's", async () => {
    const source = await createSource(first, "untagged-src");
    const destination = await createDestination(first, "untagged-dst");
    const made = await first.post("/pipelines", {
      name: "untagged-pipe",
      source: { id: source.id, name: source.name, connector: "postgresql", topics: ["public.orders"] },
      destination: { id: destination.id, name: destination.name, connector: "postgresql" },
      snapshot_new_tables: false,
    });
    expect(made.body.tags).toEqual([development]);

    const custom = await first.post("/tags", { name: "team-a", type: ["pipelines"] });
    expect(custom.status).toBe(200);
    expect((await second.get(`/tags?tag_ids=${custom.body.id}`)).body.tags).toEqual([]);
    expect((await second.call("DELETE", `/tags/${custom.body.id}`)).status).toBe(404);
    const refused = await pipelineWith(second, "foreign", [custom.body.id]);
    expect(refused.status).toBe(422);
  });

  test("a system tag is never changed or deleted, in any service", async () => {
    for (const client of [first, second]) {
      expect((await client.call("DELETE", `/tags/${development}`)).status).toBe(400);
      expect((await client.put(`/tags/${production}`, { name: "Prod" })).status).toBe(400);
    }
    expect((await second.get(`/tags?tag_ids=${development}`)).body.tags).toHaveLength(1);
  });
});

describe("a store written when system tags had random ids", () => {
  test("opens with the well-known ids; its pipelines keep their tags under the new ids", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sk-tag-ids-"));
    try {
      const { server, client } = await startWithClient({ dataDir: dir });
      let pipelineId: string;
      try {
        const made = await pipelineWith(client, "old", [production]);
        pipelineId = made.body.id as string;
      } finally {
        await server.close();
      }
      rewriteAsOlderStore(join(dir, databaseFile));

      const reopened = await startWithClient({ dataDir: dir });
      try {
        const tags = (await reopened.client.get("/tags")).body.tags as Array<{ id: string; name: string }>;
        expect(tags.map((tag) => [tag.name, tag.id])).toEqual([
          ["Development", development],
          ["Production", production],
        ]);
        const pipeline = (await reopened.client.get(`/pipelines/${pipelineId}`)).body.result[0];
        expect(pipeline.tags).toEqual([production]);
        expect((await pipelineWith(reopened.client, "new", [development])).status).toBe(200);
      } finally {
        await reopened.server.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/**
 * Makes the store look as an older server wrote it: each tag row keyed by its bare id, system tags with random ids,
 * and pipelines naming those random ids.
 */
function rewriteAsOlderStore(file: string): void {
  const db = new DatabaseSync(file);
  try {
    const rows = db.prepare("SELECT id, doc FROM tags").all() as Array<{ id: string; doc: string }>;
    const renamed = new Map<string, string>();
    db.exec("DELETE FROM tags");
    rows.forEach((row, index) => {
      const tag = JSON.parse(row.doc) as { id: string; system: boolean };
      if (tag.system) {
        const random = `${"a".repeat(20)}${String(index).padStart(4, "0")}`;
        renamed.set(tag.id, random);
        tag.id = random;
      }
      db.prepare("INSERT INTO tags (id, doc) VALUES (?, ?)").run(tag.id, JSON.stringify(tag));
    });
    const pipelines = db.prepare("SELECT id, doc FROM pipelines").all() as Array<{ id: string; doc: string }>;
    for (const row of pipelines) {
      const pipeline = JSON.parse(row.doc) as { tags: string[] };
      pipeline.tags = pipeline.tags.map((id) => renamed.get(id) ?? id);
      db.prepare("UPDATE pipelines SET doc = ? WHERE id = ?").run(JSON.stringify(pipeline), row.id);
    }
  } finally {
    db.close();
  }
}
