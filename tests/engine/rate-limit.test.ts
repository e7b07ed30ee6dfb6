/**
 * A stack against a service with a low rate limit slows down instead of collecting 429s: the provider's token
 * bucket (streamkap:requestsPerSecond, streamkap:requestBurst) keeps every resource of the stack under the limit.
 *
 * The local API server has no rate limit of its own (docs/local-server.md; the real service publishes none), so
 * the limit is enforced by a small proxy in front of it, as the real service's edge would: a token bucket of
 * `serviceRate` requests per second, answering 429 with `Retry-After: 1` beyond it. The same stack run with
 * pacing practically off shows that the limit is real and that pacing is what keeps the 429s away. With the
 * default pace (a ceiling of 100 requests per second that halves on each 429 and creeps back as requests are
 * served) the stack adapts to the limit it meets: on this machine about 10 refusals against 21 with a ceiling of
 * 1000, and none paced under the limit.
 */
import * as http from "node:http";
import type { AddressInfo } from "node:net";

import { type LocalServer, startLocalServer } from "../../server";
import { ServiceApi } from "../harness/api";
import { TestProject } from "../harness/project";

const groups = 4; // × (topic, source, destination, pipeline) = 16 resources, about 40 calls
const serviceRate = 5; // requests per second the "service" accepts, with bursts of as many

interface RateLimitedService {
  /** The proxy's address, to use as streamkap:endpoint. */
  baseUrl: string;
  /** Requests the proxy turned away with 429. */
  limited(): number;
  close(): Promise<void>;
}

/** A proxy to `server` that admits `rate` requests per second (bursts of `rate`) and answers 429 beyond that. */
async function rateLimited(server: LocalServer, rate: number): Promise<RateLimitedService> {
  const upstream = new URL(server.baseUrl);
  let tokens = rate;
  let updatedAt = Date.now();
  let limited = 0;
  const admit = (): boolean => {
    const now = Date.now();
    tokens = Math.min(rate, tokens + ((now - updatedAt) / 1000) * rate);
    updatedAt = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
  const proxy = http.createServer((request, response) => {
    if (!admit()) {
      limited++;
      request.resume();
      response.writeHead(429, { "content-type": "application/json", "retry-after": "1" });
      response.end(JSON.stringify({ detail: "Too Many Requests" }));
      return;
    }
    const forward = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forward.on("error", () => response.destroy());
    request.pipe(forward);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const { port } = proxy.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    limited: () => limited,
    close: async () => {
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    },
  };
}

interface Run {
  limited: number;
  sources: number;
  pipelines: number;
}

/** Up of the stack through a fresh rate-limited service, paced as `pace` says; what the service saw. */
async function upThroughLimit(pace?: { requestsPerSecond: string; requestBurst: string }): Promise<Run> {
  const server = await startLocalServer({ statusDelayMs: 20, deleteDelayMs: 20 });
  const service = await rateLimited(server, serviceRate);
  const project = await TestProject.create("many", server, { groups: String(groups) });
  try {
    await project.setConfig({
      "streamkap:endpoint": service.baseUrl,
      ...(pace && {
        "streamkap:requestsPerSecond": pace.requestsPerSecond,
        "streamkap:requestBurst": pace.requestBurst,
      }),
    });
    const result = await project.up();
    expect(result.summary.result).toBe("succeeded");
    const api = new ServiceApi(server); // straight to the server: the assertions are not rate limited
    return {
      limited: service.limited(),
      sources: (await api.list("/sources")).length,
      pipelines: (await api.list("/pipelines")).length,
    };
  } finally {
    project.dispose();
    await service.close();
    await server.close();
  }
}

test("paced below the service's limit, a stack converges with next to no 429s", async () => {
  const paced = await upThroughLimit({ requestsPerSecond: String(serviceRate - 1), requestBurst: "2" });
  expect({ sources: paced.sources, pipelines: paced.pipelines }).toEqual({ sources: groups, pipelines: groups });
  // Pacing leaves room for jitter between the provider's clock and the service's, never a run of refusals.
  expect(paced.limited).toBeLessThanOrEqual(2);
});

test("the same stack unpaced meets the limit again and again (the limit is real; pacing is what avoids it)", async () => {
  const unpaced = await upThroughLimit({ requestsPerSecond: "1000", requestBurst: "1000" });
  expect({ sources: unpaced.sources, pipelines: unpaced.pipelines }).toEqual({ sources: groups, pipelines: groups });
  expect(unpaced.limited).toBeGreaterThanOrEqual(10);
});

test("with the default pace the rate adapts: the stack converges, slowing down at the limit", async () => {
  const adaptive = await upThroughLimit();
  expect({ sources: adaptive.sources, pipelines: adaptive.pipelines }).toEqual({ sources: groups, pipelines: groups });
});
