// Several isolated services on one local server (issue #14, item 4): `local --services dev,staging` prints each
// service's admin credential in the ready line, objects of one service are invisible to another, a restart on the
// same --data keeps them, and an admin adds another with POST /_local/services.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { call, startWithClient, token, Client } from "./helpers";
import { startChild, type Ready } from "./cli-child";

async function clientOf(ready: Ready, name: string): Promise<Client> {
  const service = ready.services.find((s) => s.name === name);
  if (!service) throw new Error(`no service ${name} in ${JSON.stringify(ready.services.map((s) => s.name))}`);
  return new Client(ready.baseUrl, await token(ready, service.clientId, service.secret));
}

test("local --services dev,staging: each service has its own credential and sees only its own objects; a restart keeps them", async () => {
  const dir = mkdtempSync(join(tmpdir(), "sk-services-"));
  const started: Array<ReturnType<typeof startChild>> = [];
  const start = () => {
    const child = startChild(["--json", "--port", "0", "--data", dir, "--services", "dev,staging"]);
    started.push(child);
    return child;
  };
  try {
    const first = start();
    const ready = await first.ready;
    expect(ready.services.map((s) => s.name)).toEqual(["default", "dev", "staging"]);
    // The top-level credential stays the default service's, as before.
    expect(ready.services[0]).toMatchObject({ clientId: ready.clientId, secret: ready.secret });
    const dev = await clientOf(ready, "dev");
    const staging = await clientOf(ready, "staging");
    expect((await dev.post("/topics", { topic_name: "orders" })).status).toBe(200);
    expect(JSON.stringify((await dev.get("/topics/details")).body)).toContain('"orders"');
    const stagingTopics = await staging.get("/topics/details");
    expect(stagingTopics.status).toBe(200);
    expect(JSON.stringify(stagingTopics.body)).not.toContain('"orders"');
    first.child.kill("SIGTERM");
    await first.exited;

    const again = await start().ready;
    expect(again.services).toEqual(ready.services);
    const devAgain = await clientOf(again, "dev");
    expect(JSON.stringify((await devAgain.get("/topics/details")).body)).toContain('"orders"');
  } finally {
    for (const s of started) {
      s.child.kill("SIGTERM");
      await s.exited;
    }
    rmSync(dir, { recursive: true, force: true });
  }
});

test("POST /_local/services adds an isolated service for an admin; a name taken is 409, a bad one 400, a viewer 403", async () => {
  const { server, client } = await startWithClient();
  try {
    const added = await client.post("/_local/services", { name: "prod" });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      name: "prod",
      service_id: expect.any(String),
      client_id: expect.any(String),
      secret: expect.any(String),
    });
    const prod = new Client(server.baseUrl, await token(server, added.body.client_id, added.body.secret));
    expect((await prod.get("/auth/whoami")).status).toBe(200);
    await client.post("/topics", { topic_name: "default-only" });
    expect(JSON.stringify((await client.get("/topics/details")).body)).toContain("default-only");
    const prodTopics = await prod.get("/topics/details");
    expect(prodTopics.status).toBe(200);
    expect(JSON.stringify(prodTopics.body)).not.toContain("default-only");
    expect(server.services().map((s) => s.name)).toEqual(["default", "prod"]);

    expect((await client.post("/_local/services", { name: "prod" })).status).toBe(409);
    const bad = await client.post("/_local/services", { name: "../x" });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toContain("service name");
    const key = await client.post("/project-keys", { name: "viewer", role_ids: ["role_viewer"] });
    const login = await call(server.baseUrl, "POST", "/auth/access-token", {
      body: { project_key: JSON.stringify(key.body) },
    });
    const viewer = new Client(server.baseUrl, login.body.accessToken as string);
    expect((await viewer.post("/_local/services", { name: "mine" })).status).toBe(403);
    expect((await call(server.baseUrl, "POST", "/_local/services", { body: { name: "anon" } })).status).toBe(401);
  } finally {
    await server.close();
  }
});
