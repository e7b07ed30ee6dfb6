// The embedded store (issue #14): what a 2xx promises across kill -9, one server per --data, startup that cannot
// lie, bounded retention, paged reads with a byte budget, and the one-time import of the JSON state of before.
// Findings of ../shared/notes/local-server-findings.md are named by id.
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { request } from "undici";
import { Client, createSource, startWithClient, token } from "./helpers";
import { startLocalServer } from "../../server";
import { databaseFile } from "../../server/state/database";
import type { ChildProcess } from "node:child_process";
import { startChild } from "./cli-child";

async function webhookSource(client: Client, name: string) {
  const r = await client.post("/sources", {
    name,
    connector: "webhook",
    config: { "topic.include.list.user.defined": "orders" },
  });
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  const src = (await client.get(`/sources/${r.body.id}?secret_returned=true`)).body.result[0];
  return { id: src.id as string, url: src.config["webhook.url"] as string, key: src.config["api.key"] as string };
}

async function post(url: string, key: string, body: unknown): Promise<{ status: number; offset?: number }> {
  const res = await request(url, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": key },
    body: JSON.stringify(body),
  });
  const text = await res.body.text();
  return { status: res.statusCode, offset: res.statusCode === 202 ? (JSON.parse(text).offset as number) : undefined };
}

/** Every retained offset of a topic, read page by page. */
async function offsetsOf(client: Client, topicId: string): Promise<number[]> {
  const offsets: number[] = [];
  for (let page = 1; ; page++) {
    const r = await client.get(`/topics/messages?topic_id=${encodeURIComponent(topicId)}&page_size=100&page=${page}`);
    offsets.push(...r.body.result.map((m: { offset: number }) => m.offset));
    if (!r.body.has_next) return offsets;
  }
}

function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

describe("Durability", () => {
  test("F3: kill -9 under concurrent writes, 10 times: every acknowledged write is there, no offset is reused", async () => {
    const dir = tempDir("sk-crash-");
    const ackedTags = new Set<string>();
    const ackedOffsets: number[] = [];
    const reused: number[] = [];
    let source: { id: string; url: string; key: string } | undefined;
    let running: ChildProcess | undefined;
    try {
      for (let round = 0; round < 10; round++) {
        const { child, ready, exited } = startChild(["--json", "--data", dir]);
        running = child;
        const info = await ready;
        const client = new Client(info.baseUrl, await token(info, info.clientId, info.secret));
        source ??= await webhookSource(client, "crash-hook");

        // What the previous rounds were told is stored must all be there.
        const tags = (await client.get("/tags")).body.tags.map((t: { id: string }) => t.id);
        expect(tags).toEqual(expect.arrayContaining([...ackedTags]));
        const offsets = await offsetsOf(client, `source_${source.id}.orders`);
        expect(offsets).toEqual(expect.arrayContaining(ackedOffsets));
        expect(new Set(offsets).size).toBe(offsets.length);

        // Writers that run until the kill; each remembers only what was answered with a 2xx.
        let killed = false;
        const hook = source;
        const writer = async (n: number) => {
          for (let i = 0; !killed; i++) {
            try {
              if (n % 2 === 0) {
                const r = await client.post("/tags", { name: `t-${round}-${n}-${i}`, type: ["sources"] });
                if (r.status === 200) ackedTags.add(r.body.id as string);
              } else {
                const r = await post(hook.url, hook.key, { round, n, i });
                if (r.offset !== undefined) {
                  // An offset handed out twice would be a record lost or overwritten.
                  if (ackedOffsets.includes(r.offset)) reused.push(r.offset);
                  ackedOffsets.push(r.offset);
                }
              }
            } catch {
              return; // the connection died with the server
            }
          }
        };
        const writers = [0, 1, 2, 3, 4, 5].map(writer);
        await new Promise((resolve) => setTimeout(resolve, 150 + round * 30));
        killed = true;
        child.kill("SIGKILL");
        await exited;
        await Promise.all(writers);
      }
      expect(ackedTags.size).toBeGreaterThan(0);
      expect(ackedOffsets.length).toBeGreaterThan(0);
      expect(reused).toEqual([]);
    } finally {
      running?.kill("SIGKILL");
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("F9: a second server on the same --data refuses to start, saying why", async () => {
    const dir = tempDir("sk-lock-");
    const first = startChild(["--json", "--data", dir]);
    try {
      await first.ready;
      const second = startChild(["--json", "--data", dir]);
      const exit = await second.exited;
      expect(exit.code).not.toBe(0);
      expect(exit.stdout).toBe(""); // no ready line, no credentials
      expect(exit.stderr).toMatch(/in use by another pulumi-streamkap local server/);
      await expect(startLocalServer({ dataDir: dir })).rejects.toThrow(/in use by another/);
    } finally {
      first.child.kill("SIGKILL");
      await first.exited;
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("F9: after a kill -9 the lock is gone with the process: the next start takes the directory", async () => {
    const dir = tempDir("sk-relock-");
    try {
      const first = startChild(["--json", "--data", dir]);
      const info = await first.ready;
      first.child.kill("SIGKILL");
      await first.exited;
      const second = await startLocalServer({ dataDir: dir });
      expect(second.clientId).toBe(info.clientId);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("F7: a --data that cannot be written prints no ready line and exits non-zero with the reason", async () => {
    const dir = tempDir("sk-unwritable-");
    try {
      const file = join(dir, "a-file");
      writeFileSync(file, "not a directory");
      const { exited } = startChild(["--json", "--data", join(file, "data")]);
      const exit = await exited;
      expect(exit.code).not.toBe(0);
      expect(exit.stdout).toBe("");
      expect(exit.stderr).toMatch(/cannot open the data directory .*a-file/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("F16: temp files of the JSON store of before, left by a kill, are removed at start", async () => {
    const dir = tempDir("sk-temp-");
    try {
      writeFileSync(join(dir, "state.json.4242.tmp"), "{");
      const server = await startLocalServer({ dataDir: dir });
      await server.close();
      expect(readdirSync(dir)).toEqual([databaseFile]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("Bounded records", () => {
  test("F4, F6: a topic keeps at most its retained bytes, oldest dropped first; the limit is reported", async () => {
    const { server, client } = await startWithClient({ retainedBytesPerTopic: 1024 * 1024 });
    try {
      const hook = await webhookSource(client, "bounded");
      const filler = "x".repeat(100 * 1024);
      for (let i = 0; i < 30; i++) expect((await post(hook.url, hook.key, { i, filler })).status).toBe(202);
      const topicId = `source_${hook.id}.orders`;
      const metrics = (await client.get(`/topics/metrics?topic_ids=${encodeURIComponent(topicId)}`)).body.result[0];
      expect(metrics.events_written).toBe(30);
      expect(metrics.retention_max_bytes).toBe(1024 * 1024);
      expect(metrics.retained_bytes).toBeLessThanOrEqual(1024 * 1024);
      expect(metrics.retained_records).toBeGreaterThan(0);
      const offsets = await offsetsOf(client, topicId);
      expect(offsets).toHaveLength(metrics.retained_records);
      expect(offsets.at(-1)).toBe(29); // the newest is kept, the oldest went first
      expect(offsets[0]).toBe(30 - metrics.retained_records);
    } finally {
      await server.close();
    }
  });

  test("F6: a messages page stops at its byte budget and says where to go on", async () => {
    const { server, client } = await startWithClient();
    try {
      const hook = await webhookSource(client, "budget");
      const filler = "y".repeat(3 * 1024 * 1024);
      for (let i = 0; i < 4; i++) expect((await post(hook.url, hook.key, { i, filler })).status).toBe(202);
      const topicId = encodeURIComponent(`source_${hook.id}.orders`);
      const first = (await client.get(`/topics/messages?topic_id=${topicId}&page_size=100`)).body;
      expect(first.total).toBe(4);
      expect(first.result.length).toBeLessThan(4);
      expect(first.has_next).toBe(true);
      const next = (await client.get(`/topics/messages?topic_id=${topicId}&page_size=100&offset=${first.next_offset}`))
        .body;
      expect(next.result[0].offset).toBe(first.next_offset);
    } finally {
      await server.close();
    }
  });
});

describe("Migration", () => {
  test("a state.json of before is imported once: objects, credentials, tokens' key and records; then set aside", async () => {
    const dir = tempDir("sk-import-");
    try {
      // The JSON file an earlier server wrote, made by an in-memory server of today and the old layout.
      const donor = await startLocalServer({ statusDelayMs: 10 });
      const donorClient = new Client(donor.baseUrl, await token(donor, donor.clientId, donor.secret));
      const s = await createSource(donorClient, "imported");
      await donor.close();
      const sourceRecord = { ...sourceShape(s.id), serviceId: donor.serviceId };
      const legacy = {
        format: 1,
        signingKey: "k".repeat(64),
        defaultServiceId: donor.serviceId,
        services: {
          [donor.serviceId]: {
            id: donor.serviceId,
            name: "default",
            tenantId: donor.tenantId,
            subId: "5f0000000000000000000001",
            createdAt: 1,
          },
        },
        credentials: {
          [donor.clientId]: {
            clientId: donor.clientId,
            secret: donor.secret,
            serviceId: donor.serviceId,
            description: null,
            createdAt: 1,
            roles: ["admin"],
          },
        },
        connectors: { [s.id]: sourceRecord },
        pipelines: {},
        topics: {},
        topicData: {
          [`${donor.serviceId}/legacy-topic`]: {
            messages: [{ offset: 7, partition: 0, key: null, value: { a: 1 }, timestamp: 1, bytes: 7 }],
            nextOffset: 8,
            eventsWritten: 8,
            bytesWritten: 56,
          },
        },
        tags: {},
        transforms: {},
        projectKeys: {},
      };
      writeFileSync(join(dir, "state.json"), JSON.stringify(legacy));
      const server = await startLocalServer({ dataDir: dir });
      try {
        expect(server.clientId).toBe(donor.clientId);
        const client = new Client(server.baseUrl, await token(server, donor.clientId, donor.secret));
        const r = await client.get(`/sources/${s.id}`);
        expect(r.body.result[0].name).toBe("imported");
      } finally {
        await server.close();
      }
      expect(existsSync(join(dir, "state.json"))).toBe(false);
      expect(readdirSync(dir).sort()).toEqual([databaseFile, "state.json.imported"].sort());
      // A second start reads the store, not the retired file.
      const again = await startLocalServer({ dataDir: dir });
      expect(again.clientId).toBe(donor.clientId);
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** A source record in the stored layout, as the server of before wrote it. */
function sourceShape(id: string) {
  const now = Date.now();
  return {
    id,
    kind: "source",
    name: "imported",
    connector: "postgresql",
    config: { "database.hostname": "db.example.com" },
    createdAt: now,
    createdFrom: "api",
    tags: [],
    timeline: [{ status: "Active", at: now }],
    history: [],
  };
}
