// Fault injection (seeded, per path, never on /_local), persistence across restarts, and the `local` command.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { call, createSource, sleep, startWithClient, token, Client } from "./helpers";
import { startLocalServer } from "../../server";
import { parseFaultSpec } from "../../server/faults/spec";
import { databaseFile } from "../../server/state/database";

describe("Fault injection", () => {
  test("5xx faults apply only to matching paths; /_local is never faulted", async () => {
    const { server, client } = await startWithClient({ faults: "5xx=1,path=/sources*" });
    try {
      const r = await client.get("/sources");
      expect([500, 502, 503, 504]).toContain(r.status);
      expect(typeof r.body.detail).toBe("string");
      expect((await client.get("/pipelines")).status).toBe(200);
      expect((await client.get("/_local/stats")).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  test("429 faults carry Retry-After", async () => {
    const server = await startLocalServer({ faults: "429=1,path=/tags,retry-after=2" });
    try {
      const t = await token(server, server.clientId, server.secret);
      const r = await call(server.baseUrl, "GET", "/tags", { token: t });
      expect(r.status).toBe(429);
      expect(r.headers["retry-after"]).toBe("2");
    } finally {
      await server.close();
    }
  });

  test("dropped connections end without a response and are counted with status 0", async () => {
    const server = await startLocalServer({ faults: "drop=1,path=/auth/whoami" });
    try {
      await expect(call(server.baseUrl, "GET", "/auth/whoami")).rejects.toThrow();
      expect(server.stats().calls).toContainEqual({ method: "GET", path: "/auth/whoami", status: 0 });
    } finally {
      await server.close();
    }
  });

  test("a seeded run repeats: the same spec and requests give the same faults", async () => {
    const run = async () => {
      const server = await startLocalServer({ faults: "5xx=0.3,429=0.3,seed=42,latency=1ms-3ms" });
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 30; i++) statuses.push((await call(server.baseUrl, "GET", "/tags")).status);
        return statuses;
      } finally {
        await server.close();
      }
    };
    const a = await run();
    expect(await run()).toEqual(a);
    expect(new Set(a).size).toBeGreaterThan(1);
  });

  test("ttl= shortens token lifetimes", async () => {
    const server = await startLocalServer({ faults: "ttl=100ms" });
    try {
      const r = await call(server.baseUrl, "POST", "/auth/access-token", {
        body: { client_id: server.clientId, secret: server.secret },
      });
      await sleep(150);
      expect((await call(server.baseUrl, "GET", "/auth/whoami", { token: r.body.accessToken })).status).toBe(401);
    } finally {
      await server.close();
    }
  });

  test("the spec syntax rejects unknown switches and bad probabilities", () => {
    expect(() => parseFaultSpec("explode=1")).toThrow(/unknown fault switch/);
    expect(() => parseFaultSpec("5xx=2")).toThrow(/probability/);
    expect(parseFaultSpec("latency=25ms;503=0.5,method=PUT|POST,path=/a*|/b").rules).toHaveLength(2);
  });
});

describe("Persistence", () => {
  test("with a data directory, everything survives a restart (tokens included)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sk-local-"));
    try {
      const first = await startLocalServer({ dataDir: dir, statusDelayMs: 10 });
      const client = new Client(first.baseUrl, await token(first, first.clientId, first.secret));
      const s = await createSource(client, "persisted");
      await first.close();
      expect(readdirSync(dir)).toEqual([databaseFile]);

      const second = await startLocalServer({ dataDir: dir });
      try {
        expect(second.clientId).toBe(first.clientId);
        const again = new Client(second.baseUrl, client.token);
        const r = await again.get(`/sources/${s.id}?secret_returned=true`);
        expect(r.body.result[0].name).toBe("persisted");
        expect(r.body.result[0].config["database.password"]).toBe("hunter2");
        expect((await again.get(`/sources/${s.id}/config-history`)).body.total).toBe(1);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("without a data directory, state is memory only", async () => {
    const a = await startLocalServer();
    const b = await startLocalServer();
    expect(a.clientId).not.toBe(b.clientId);
    await a.close();
    await b.close();
  });
});

describe("pulumi-streamkap local", () => {
  test("--json prints one JSON line when ready and exits cleanly on SIGTERM, persisting", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sk-cli-"));
    try {
      const cli = join(__dirname, "../../cli/local-command.js");
      const child = spawn(
        process.execPath,
        ["-e", `require(${JSON.stringify(cli)}).runLocalCommand(JSON.parse(process.env.LOCAL_ARGS))`],
        {
          stdio: ["ignore", "pipe", "inherit"],
          env: { ...process.env, LOCAL_ARGS: JSON.stringify(["--json", "--data", dir]) },
        },
      );
      const line = await new Promise<string>((resolve) => {
        let out = "";
        child.stdout.on("data", (d) => {
          out += d.toString();
          if (out.includes("\n")) resolve(out.split("\n")[0]);
        });
      });
      const info = JSON.parse(line);
      expect(Object.keys(info).sort()).toEqual([
        "baseUrl",
        "clientId",
        "consoleUrl",
        "secret",
        "services",
        "webhookBaseUrl",
      ]);
      expect(info.consoleUrl).toBe(`${info.baseUrl}/console`);
      expect(info.services).toEqual([{ name: "default", clientId: info.clientId, secret: info.secret }]);
      expect(
        (
          await call(info.baseUrl, "POST", "/auth/access-token", {
            body: { client_id: info.clientId, secret: info.secret },
          })
        ).status,
      ).toBe(200);
      const code = await new Promise<number | null>((resolve) => {
        child.on("exit", resolve);
        child.kill("SIGTERM");
      });
      expect(code).toBe(0);
      expect(existsSync(join(dir, databaseFile))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
