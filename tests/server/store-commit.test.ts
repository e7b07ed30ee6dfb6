// What a write costs and what a refused one leaves behind (../shared/notes/local-server-findings.md N2, N3, N4):
// a write refused for lack of space is not applied and reads keep working; a write serialises what it changes,
// not another service's records; lists in bodies are bounded and read as sets.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client, startWithClient, token } from "./helpers";

const tagNames = async (client: Client): Promise<string[]> => {
  const answer = await client.get("/tags");
  expect(answer.status).toBe(200);
  return (answer.body.tags as Array<{ name: string }>).map((tag) => tag.name);
};

test("N2: a write refused for lack of space is not applied; reads keep working, a restart does not bring it back", async () => {
  const dir = mkdtempSync(join(tmpdir(), "sk-full-"));
  try {
    let { server, client } = await startWithClient({ dataDir: dir, maxStoreBytes: 160 * 1024 });
    let refused: string | undefined;
    try {
      for (let index = 0; index < 1_000 && refused === undefined; index++) {
        const name = `fill-${index}`;
        const answer = await client.post("/tags", { name, type: ["sources"], description: "x".repeat(1000) });
        if (answer.status === 503) refused = name;
        else expect(answer.status).toBe(200);
      }
      expect(refused).toBeDefined();
      // The refused tag is not there, and reading is not refused for it.
      expect((await client.get("/auth/whoami")).status).toBe(200);
      expect(await tagNames(client)).not.toContain(refused);
    } finally {
      await server.close();
    }

    ({ server, client } = await startWithClient({ dataDir: dir }));
    try {
      expect(await tagNames(client)).not.toContain(refused);
      // The retry the 503 asked for is a create, not "already exists".
      const retried = await client.post("/tags", { name: refused, type: ["sources"] });
      expect(retried.status).toBe(200);
    } finally {
      await server.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("N3: a write serialises what it changes, not another service's large records", async () => {
  const { server, client } = await startWithClient();
  try {
    const entityIds = Array.from({ length: 1000 }, (_, index) => `pipeline-${String(index).padStart(180, "0")}`);
    for (let index = 0; index < 5; index++) {
      const answer = await client.call("PUT", `/alerts/subscribers/big-${index}`, {
        email: "oncall@example.com",
        preferences: [{ trigger_type: "lag", channels: ["email"], entity_type: "pipelines", entity_ids: entityIds }],
      });
      expect(answer.status).toBe(200);
    }
    const other = await server.createService("teamb");
    const teamb = new Client(server.baseUrl, await token(server, other.clientId, other.secret));

    // Everything the server turns into JSON while another service adds a tag.
    const stringify = JSON.stringify;
    let serialised = 0;
    JSON.stringify = ((...args: Parameters<typeof JSON.stringify>) => {
      const text = stringify(...args);
      serialised += text?.length ?? 0;
      return text;
    }) as typeof JSON.stringify;
    try {
      expect((await teamb.post("/tags", { name: "teamb-tag", type: ["sources"] })).status).toBe(200);
    } finally {
      JSON.stringify = stringify;
    }
    // The five subscribers hold about 1 MB of JSON; the tag, its answer and its request hold a few hundred bytes.
    expect(serialised).toBeLessThan(20_000);
  } finally {
    await server.close();
  }
});

describe("N4: lists in bodies are bounded and read as sets", () => {
  test("a role named many times is one role, and a credential's list of roles has a bound", async () => {
    const { server, client } = await startWithClient();
    try {
      const made = await client.post("/auth/client-credentials", { role_ids: Array(50).fill("viewer") });
      expect(made.status).toBe(200);
      expect(made.body.roles).toHaveLength(1);
      const tooMany = await client.post("/auth/client-credentials", { role_ids: Array(101).fill("viewer") });
      expect(tooMany.status).toBe(422);
      expect(tooMany.body.detail[0].loc).toEqual(["body", "role_ids"]);
    } finally {
      await server.close();
    }
  });

  test("an alert rule's channels and objects are read as sets, and their number is bounded", async () => {
    const { server, client } = await startWithClient();
    try {
      const path = "/alerts/subscribers/sets";
      const ok = await client.call("PUT", path, {
        preferences: [
          { trigger_type: "lag", channels: ["email", "email"], entity_type: "pipelines", entity_ids: ["a", "a"] },
        ],
      });
      expect(ok.status).toBe(200);
      expect(ok.body.preferences[0]).toMatchObject({ channels: ["email"], entity_ids: ["a"] });
      const tooMany = await client.call("PUT", path, {
        preferences: [
          { trigger_type: "lag", channels: ["email"], entity_ids: Array.from({ length: 1001 }, (_, i) => `p${i}`) },
        ],
      });
      expect(tooMany.status).toBe(422);
    } finally {
      await server.close();
    }
  });
});
