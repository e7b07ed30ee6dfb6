// Benchmark of the local server over loopback: webhook ingestion throughput and management API latency.
// Bounded loops only; writes its figures to bench/server-results.json.
//   npx tsc -p tsconfig.json && node dist/bench/server-bench.js
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { request } from "undici";
import { startLocalServer } from "../server";

const WEBHOOK_REQUESTS = 5000;
const WEBHOOK_CONCURRENCY = 32;
const API_REQUESTS = 500;

async function json(url: string, method: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await request(url, {
    method: method as "GET",
    headers: { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.body.text();
  return { status: res.statusCode, body: text ? JSON.parse(text) : undefined };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main() {
  const server = await startLocalServer({ statusDelayMs: 1 });
  try {
    const auth = await json(`${server.baseUrl}/auth/access-token`, "POST", {
      client_id: server.clientId,
      secret: server.secret,
    });
    const bearer = { authorization: `Bearer ${auth.body.accessToken}` };
    const created = await json(
      `${server.baseUrl}/sources`,
      "POST",
      { name: "bench-webhook", connector: "webhook", config: {} },
      bearer,
    );
    const full = await json(
      `${server.baseUrl}/sources/${created.body.id}?secret_returned=true`,
      "GET",
      undefined,
      bearer,
    );
    const url = full.body.result[0].config["webhook.url"] as string;
    const key = full.body.result[0].config["api.key"] as string;

    let next = 0;
    let accepted = 0;
    let bytes = 0;
    const started = process.hrtime.bigint();
    await Promise.all(
      Array.from({ length: WEBHOOK_CONCURRENCY }, async () => {
        while (next < WEBHOOK_REQUESTS) {
          const i = next++;
          const body = JSON.stringify({ id: i, payload: "x".repeat(200) });
          const res = await request(url, {
            method: "POST",
            headers: { "x-api-key": key, "content-type": "application/json" },
            body,
          });
          await res.body.text();
          if (res.statusCode === 202) {
            accepted++;
            bytes += body.length;
          }
        }
      }),
    );
    const webhookSeconds = Number(process.hrtime.bigint() - started) / 1e9;

    const latencies: Record<string, number[]> = {
      "GET /sources": [],
      "GET /sources/{id}": [],
      "POST+DELETE /topics": [],
    };
    for (let i = 0; i < API_REQUESTS; i++) {
      let t = process.hrtime.bigint();
      await json(`${server.baseUrl}/sources?page_size=100`, "GET", undefined, bearer);
      latencies["GET /sources"].push(Number(process.hrtime.bigint() - t) / 1e6);
      t = process.hrtime.bigint();
      await json(`${server.baseUrl}/sources/${created.body.id}`, "GET", undefined, bearer);
      latencies["GET /sources/{id}"].push(Number(process.hrtime.bigint() - t) / 1e6);
      t = process.hrtime.bigint();
      await json(`${server.baseUrl}/topics`, "POST", { topic_name: `bench-${i}` }, bearer);
      await json(`${server.baseUrl}/topics/bench-${i}`, "DELETE", undefined, bearer);
      latencies["POST+DELETE /topics"].push(Number(process.hrtime.bigint() - t) / 1e6);
    }
    const api = Object.fromEntries(
      Object.entries(latencies).map(([name, xs]) => {
        const sorted = [...xs].sort((a, b) => a - b);
        return [
          name,
          {
            requests: xs.length,
            p50_ms: percentile(sorted, 50),
            p95_ms: percentile(sorted, 95),
            p99_ms: percentile(sorted, 99),
          },
        ];
      }),
    );
    const results = {
      node: process.version,
      when: new Date().toISOString(),
      webhook: {
        requests: WEBHOOK_REQUESTS,
        concurrency: WEBHOOK_CONCURRENCY,
        accepted,
        seconds: webhookSeconds,
        requests_per_second: accepted / webhookSeconds,
        payload_bytes_per_second: bytes / webhookSeconds,
      },
      management_api: api,
    };
    const out = join(__dirname, "..", "..", "bench", "server-results.json");
    writeFileSync(out, JSON.stringify(results, null, 2) + "\n");
    process.stdout.write(JSON.stringify(results, null, 2) + "\n");
  } finally {
    await server.close();
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`${String(e)}\n`);
  process.exitCode = 1;
});
