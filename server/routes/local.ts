// Reserved local-only endpoints (no auth, never faulted, not counted): call counters for out-of-process tests.
import type { FastifyInstance } from "fastify";
import type { CallStats } from "../http/stats";

export function registerLocalRoutes(app: FastifyInstance, stats: CallStats): void {
  app.get("/_local/stats", { config: { auth: false } }, async (_req, reply) => reply.send(stats.snapshot()));
  app.post("/_local/stats/reset", { config: { auth: false } }, async (_req, reply) => {
    stats.reset();
    return reply.send({ ok: true });
  });
}
