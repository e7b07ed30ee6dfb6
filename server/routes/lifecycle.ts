/**
 * Lifecycle endpoints of sources and destinations, single and bulk, plus explain-error.
 */
import { z } from "zod";
import { HttpError } from "../core/errors";
import { parseBody } from "../core/validate";
import { route, type ApiContext, type RouteDef } from "../http/context";
import { renderConnector, type Kind } from "../domain/connectors";
import { applyOperation, type Operation } from "../domain/lifecycle";
import { connectorStatus, isBeingDeleted } from "../domain/status";
import { assertNotInUse, findOwn, label } from "./connector-common";

function single(kind: Kind, op: Operation) {
  return (ctx: ApiContext) => {
    const connector = findOwn(ctx, kind, ctx.params.id);
    applyOperation(connector, op, ctx.store.timings.statusDelayMs);
    ctx.store.changed();
    return renderConnector(ctx.store, connector, { revealSecrets: false, webhookBaseUrl: ctx.server.webhookBaseUrl() });
  };
}

const bulkBody = z
  .object({
    ids: z.array(z.string()).optional(),
    source_ids: z.array(z.string()).optional(),
    destination_ids: z.array(z.string()).optional(),
  })
  .loose();

/** Bulk bodies name their objects as `ids` (or `source_ids` / `destination_ids`); `?ids=a,b` works too. */
export function bulkIds(ctx: ApiContext, kind: Kind): string[] {
  const body = parseBody(bulkBody, ctx.body);
  const fromQuery = typeof ctx.query.ids === "string" ? ctx.query.ids.split(",").filter(Boolean) : [];
  const ids = body.ids ?? (kind === "source" ? body.source_ids : body.destination_ids) ?? fromQuery;
  if (ids.length === 0) {
    throw new HttpError(422, [{ loc: ["body", "ids"], msg: "Field required", type: "missing" }]);
  }
  return ids;
}

/** Every id is checked first (404 for an unknown one) so a bad bulk request changes nothing. */
function bulk(kind: Kind, op: Operation | "delete") {
  return (ctx: ApiContext) => {
    const records = bulkIds(ctx, kind).map((id) => findOwn(ctx, kind, id));
    if (op === "delete") {
      for (const connector of records) assertNotInUse(ctx, kind, connector);
      const at = Date.now() + ctx.store.timings.deleteDelayMs;
      for (const record of records) record.deleteAt ??= at;
    } else {
      const now = Date.now();
      const deleting = records.find(isBeingDeleted);
      if (deleting) throw new HttpError(409, `${label(kind)} ${deleting.id} is being deleted`);
      for (const live of records) applyOperation(live, op, ctx.store.timings.statusDelayMs, now);
    }
    ctx.store.changed();
    return { results: records.map((connector) => ({ id: connector.id, status: connectorStatus(connector) })) };
  };
}

function explainError(kind: Kind) {
  return (ctx: ApiContext) => {
    const connector = findOwn(ctx, kind, ctx.params.id);
    const status = connectorStatus(connector);
    const failing = status === "Broken";
    return {
      id: connector.id,
      connector_status: status,
      has_error: failing,
      explanation: failing
        ? (connector.failure ??
          `The ${connector.connector} connector failed; check its credentials and network access, then restart it.`)
        : `The ${connector.connector} connector reports no error (status ${status}).`,
      errors: [],
    };
  };
}

export function lifecycleRoutes(kind: Kind): RouteDef[] {
  const base = kind === "source" ? "/sources" : "/destinations";
  return [
    route("PUT", `${base}/:id/pause`, single(kind, "pause")),
    route("PUT", `${base}/:id/resume`, single(kind, "resume")),
    route("PUT", `${base}/:id/stop`, single(kind, "stop")),
    route("POST", `${base}/:id/restart`, single(kind, "restart")),
    route("POST", `${base}/:id/reset`, single(kind, "reset")),
    route("POST", `${base}/:id/restart_task`, single(kind, "restart_task")),
    route("POST", `${base}/:id/deploy`, single(kind, "deploy")),
    route("POST", `${base}/:id/explain-error`, explainError(kind)),
    route("PUT", `${base}/bulk/stop`, bulk(kind, "stop")),
    route("PUT", `${base}/bulk/resume`, bulk(kind, "resume")),
    route("POST", `${base}/bulk/reset`, bulk(kind, "reset")),
    route("DELETE", `${base}/bulk/delete`, bulk(kind, "delete")),
  ];
}
