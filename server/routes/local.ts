// Reserved local-only endpoints (no auth, never faulted, not counted): call counters for out-of-process tests,
// and a switch that breaks a connector, to rehearse how programs and pipelines handle a Broken one.
import type { FastifyInstance } from "fastify";

import type { CallStats } from "../http/stats";
import type { Store } from "../state/store";

export function registerLocalRoutes(app: FastifyInstance, stats: CallStats, store: Store): void {
  app.get("/_local/stats", { config: { auth: false } }, async (_req, reply) => reply.send(stats.snapshot()));
  app.post("/_local/stats/reset", { config: { auth: false } }, async (_req, reply) => {
    stats.reset();
    return reply.send({ ok: true });
  });
  // The connector turns Broken now, and explain-error answers `explanation` until a restart, reset or resume.
  app.post<{ Params: { id: string }; Body: { explanation?: unknown } | undefined }>(
    "/_local/connectors/:id/break",
    { config: { auth: false } },
    async (req, reply) => {
      const connector = store.state.connectors[req.params.id];
      if (!connector || connector.deleteAt !== undefined) {
        return reply.code(404).send({ detail: `no source or destination ${req.params.id}` });
      }
      const explanation = typeof req.body?.explanation === "string" ? req.body.explanation : undefined;
      connector.failure = explanation ?? "The connector failed (broken on purpose through the local API server).";
      connector.timeline = [{ status: "Broken", at: Date.now() }];
      store.changed();
      return reply.send({ id: connector.id, connector_status: "Broken" });
    },
  );
}
