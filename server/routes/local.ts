/**
 * Reserved local-only endpoints (a service admin's token; never faulted, not counted): call counters and the request log for
 * out-of-process tests, a switch that breaks a connector, to rehearse how programs and pipelines handle a Broken
 * one, switches that hold a source's snapshot running (and show its per-topic state, which the real API never
 * lists), and one that scripts a transform's job statuses.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

import { addService } from "../domain/services";
import { holdSnapshot, releaseSnapshot } from "../domain/snapshots";
import { snapshotStatus, sourceTopics } from "../domain/topics";
import type { StoredConnector } from "../state/types";

import { callerOf } from "../http/app";
import type { FaultEngine } from "../faults/engine";
import type { CallStats } from "../http/stats";
import type { Store } from "../state/store";

/** An object is switched only by an admin of its own service; to anyone else it does not exist. */
function ofCaller(req: FastifyRequest, record: { serviceId: string }): boolean {
  return record.serviceId === callerOf(req)?.serviceId;
}

export function registerLocalRoutes(app: FastifyInstance, stats: CallStats, store: Store, faults: FaultEngine): void {
  // The calls and the request log hold object ids and webhook URL tokens: the default service's admin (whoever
  // started the server) sees and resets them all; another service's admin only its own (N6).
  const scope = (req: FastifyRequest): string | undefined => {
    const serviceId = callerOf(req)?.serviceId;
    return serviceId === store.state.defaultServiceId ? undefined : (serviceId ?? "");
  };
  app.get("/_local/stats", async (req, reply) => reply.send(stats.snapshot(scope(req))));
  app.post("/_local/stats/reset", async (req, reply) => {
    stats.reset(scope(req));
    return reply.send({ ok: true });
  });
  // The form of every management request received (method, path, query, body key paths; never body values), for
  // contract tests that hold a client's requests against the real API's request forms. Reset with the stats.
  app.get("/_local/requests", async (req, reply) => reply.send(stats.requestLog(scope(req))));
  // The fault settings in force (set at start with --faults), for the console's view of them.
  app.get("/_local/faults", async (_req, reply) => reply.send(faults.describe()));
  // The connector turns Broken now, and explain-error answers `explanation` until a restart, reset or resume.
  app.post<{ Params: { id: string }; Body: { explanation?: unknown } | undefined }>(
    "/_local/connectors/:id/break",
    async (req, reply) => {
      const connector = store.state.connectors[req.params.id];
      if (!connector || connector.deleteAt !== undefined || !ofCaller(req, connector)) {
        return reply.code(404).send({ detail: `no source or destination ${req.params.id}` });
      }
      const explanation = typeof req.body?.explanation === "string" ? req.body.explanation : undefined;
      connector.failure = explanation ?? "The connector failed (broken on purpose through the local API server).";
      connector.timeline = [{ status: "Broken", at: Date.now() }];
      store.changed();
      return reply.send({ id: connector.id, connector_status: "Broken" });
    },
  );

  // Snapshot switches: hold keeps the source's snapshot (running now, or started next) running until release,
  // which completes it at once. GET shows each topic's snapshot status and type (local only: the real
  // /topics/details has no such fields, only a `snapshot` filter).
  const source = (req: FastifyRequest, id: string, reply: FastifyReply): StoredConnector | undefined => {
    const found = store.state.connectors[id];
    if (found && found.kind === "source" && found.deleteAt === undefined && ofCaller(req, found)) return found;
    void reply.code(404).send({ detail: `no source ${id}` });
    return undefined;
  };
  const topicsView = (found: StoredConnector) => ({
    source_id: found.id,
    topics: sourceTopics(store, found).map((topic) => ({
      id: topic.id,
      name: topic.name,
      status: snapshotStatus(topic),
      type: topic.snapshot?.type ?? null,
      held: topic.snapshotHeld === true,
    })),
  });
  app.get<{ Params: { id: string } }>("/_local/sources/:id/snapshot", async (req, reply) => {
    const found = source(req, req.params.id, reply);
    return found && reply.send(topicsView(found));
  });
  app.post<{ Params: { id: string } }>("/_local/sources/:id/snapshot/hold", async (req, reply) => {
    const found = source(req, req.params.id, reply);
    if (!found) return reply;
    holdSnapshot(store, found);
    return reply.send(topicsView(found));
  });
  app.post<{ Params: { id: string } }>("/_local/sources/:id/snapshot/release", async (req, reply) => {
    const found = source(req, req.params.id, reply);
    if (!found) return reply;
    releaseSnapshot(store, found);
    return reply.send(topicsView(found));
  });
  // A topic config changed behind the service's API (Kafka admin tools): e.g. {"cleanup.policy": "compact"}.
  app.post<{ Params: { id: string }; Body: Record<string, unknown> | undefined }>(
    "/_local/topics/:id/configs",
    async (req, reply) => {
      const topic = Object.values(store.state.topics).find(
        (record) => record.id === req.params.id && ofCaller(req, record),
      );
      if (!topic) return reply.code(404).send({ detail: `no topic ${req.params.id}` });
      const policy = req.body?.["cleanup.policy"];
      if (typeof policy === "string") topic.cleanupPolicy = policy;
      const retention = req.body?.["retention.ms"];
      if (typeof retention === "number") topic.retentionMs = retention;
      store.changed();
      return reply.send({ id: topic.id, cleanup_policy: topic.cleanupPolicy, retention_ms: topic.retentionMs });
    },
  );
  // Another isolated service on this server, with its admin credential (shown once, as the real console does).
  app.post<{ Body: { name?: unknown } | undefined }>("/_local/services", async (req, reply) => {
    const created = addService(store, req.body?.name);
    return reply.code(201).send({
      name: created.name,
      service_id: created.serviceId,
      client_id: created.clientId,
      secret: created.secret,
    });
  });
  // The next job_status reads of the transform answer these statuses, one per read (after the job registers),
  // to rehearse a job that passes through FAILING, RESTARTING, … as real Flink jobs do.
  app.post<{ Params: { id: string }; Body: { statuses?: unknown } | undefined }>(
    "/_local/transforms/:id/job-statuses",
    async (req, reply) => {
      const transform = store.state.transforms[req.params.id];
      const statuses = req.body?.statuses;
      if (!transform || !ofCaller(req, transform))
        return reply.code(404).send({ detail: `no transform ${req.params.id}` });
      if (!Array.isArray(statuses) || !statuses.every((status) => typeof status === "string")) {
        return reply.code(400).send({ detail: "statuses must be a list of strings" });
      }
      transform.scriptedJobStatuses = statuses as string[];
      store.changed();
      return reply.send({ id: transform.id, statuses });
    },
  );
}
