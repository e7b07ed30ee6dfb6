/**
 * Sources and destinations: list, create, get, replace, asynchronous delete, config history.
 */
import { z } from "zod";
import { connectorCodes, findConnector } from "../../catalogue";
import { HttpError, invalid } from "../core/errors";
import { nowIso } from "../core/ids";
import { parseBody, parseQuery } from "../core/validate";
import { expectedStateOf, sameTags } from "../http/preconditions";
import { route, type ApiContext, type RouteDef } from "../http/context";
import { connectorsOf, createConnector, renderConnector, updateConnector, type Kind } from "../domain/connectors";
import { boolParam, filterAndSort, paginate, parseListQuery, single } from "../domain/listing";
import { connectorStatus } from "../domain/status";
import { maskedValue, secretKeys } from "../domain/config";
import type { StoredConnector } from "../state/types";
import { assertNotInUse, assertTagsExist, authorOf, findLive, findOwn, origins } from "./connector-common";

const updateBody = z
  .object({
    name: z.string().min(1).max(255),
    connector: z.string().min(1),
    config: z.record(z.string(), z.unknown()),
    tags: z.array(z.string()).nullish(),
    // The reference client sends it on create and update when set, and leaves it out (`omitempty`) for the
    // default cluster (TF internal/api/source.go:29, internal/resource/connector/base.go:239-271, 464-495).
    kc_cluster_id: z.string().nullish(),
  })
  .loose();

const createBody = updateBody.extend({
  created_from: z.enum(origins).default("api"),
  desired_state: z.enum(["Pending", "Active", "Paused", "Stopped"]).nullish(),
});

const readQuery = z.object({ secret_returned: boolParam }).loose();
const writeQuery = z.object({ secret_returned: boolParam, wait: boolParam.optional() }).loose();
const pageQuery = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    page_size: z.coerce.number().int().min(1).max(100).default(10),
  })
  .loose();

function kindCodes(kind: Kind): string[] {
  return connectorCodes(kind);
}

function render(ctx: ApiContext, connector: StoredConnector, reveal: boolean) {
  return renderConnector(ctx.store, connector, { revealSecrets: reveal, webhookBaseUrl: ctx.server.webhookBaseUrl() });
}

/**
 * Names are unique per service. The service says so in a 422 with a text `detail`, as the reference client's
 * tests pin it: "Validation error: A source with name 'existing-source' already exists"
 * (TF internal/provider/error_handling_test.go:817-827, and :936, :1009 for destinations and pipelines).
 */
function assertUniqueName(ctx: ApiContext, kind: Kind, name: string, exceptId?: string): void {
  const clash = connectorsOf(ctx.store, kind, ctx.caller.serviceId).find(
    (connector) => connector.name === name && connector.id !== exceptId,
  );
  if (clash) throw new HttpError(422, `Validation error: A ${kind} with name '${name}' already exists`);
}

function waitFlag(ctx: ApiContext): { wait: boolean; reveal: boolean } {
  const query = parseQuery(writeQuery, ctx.query);
  const waitRaw = ctx.query.wait;
  return { wait: waitRaw === undefined ? true : query.wait === true, reveal: query.secret_returned };
}

function list(kind: Kind) {
  return (ctx: ApiContext) => {
    const query = parseListQuery(ctx.query);
    const now = Date.now();
    const items = connectorsOf(ctx.store, kind, ctx.caller.serviceId).map((connector) => ({
      id: connector.id,
      name: connector.name,
      createdAt: connector.createdAt,
      tags: connector.tags,
      connector: connector.connector,
      status: connectorStatus(connector, now),
      record: connector,
    }));
    return paginate(filterAndSort(items, query), query.page, query.page_size, (it) =>
      render(ctx, it.record, query.secret_returned),
    );
  };
}

function create(kind: Kind) {
  return (ctx: ApiContext) => {
    const body = parseBody(createBody, ctx.body);
    const { wait, reveal } = waitFlag(ctx);
    if (!findConnector(kind, body.connector)) {
      const codes = kindCodes(kind);
      throw new HttpError(422, [
        {
          loc: ["body", "connector"],
          msg: `Unknown ${kind} connector '${body.connector}'; expected one of: ${codes.join(", ")}`,
          type: "enum",
          ctx: { expected: codes.join(", ") },
        },
      ]);
    }
    const tags = body.tags ?? [];
    assertTagsExist(ctx, tags, ["body", "tags"]);
    assertUniqueName(ctx, kind, body.name);
    const connector = createConnector(ctx.store, {
      kind,
      serviceId: ctx.caller.serviceId,
      name: body.name,
      connector: body.connector,
      config: body.config,
      createdFrom: body.created_from,
      desiredState: body.desired_state ?? undefined,
      tags,
      kcClusterId: body.kc_cluster_id || undefined,
      wait,
      author: authorOf(ctx, body.created_from),
    });
    return render(ctx, connector, reveal);
  };
}

function getOne(kind: Kind) {
  return (ctx: ApiContext) => {
    const query = parseQuery(readQuery, ctx.query);
    const connector = ctx.store.state.connectors[ctx.params.id];
    // `read-lag` mode: a connector just created is not yet readable by id (see faults/spec.ts).
    const lagging = connector !== undefined && Date.now() - connector.createdAt < ctx.store.timings.readLagMs;
    const visible = connector && connector.kind === kind && connector.serviceId === ctx.caller.serviceId && !lagging;
    return single(visible ? render(ctx, connector, query.secret_returned) : undefined);
  };
}

function update(kind: Kind) {
  return (ctx: ApiContext) => {
    const connector = findLive(ctx, kind, ctx.params.id);
    const body = parseBody(updateBody, ctx.body);
    const { wait, reveal } = waitFlag(ctx);
    if (body.connector !== connector.connector) {
      throw invalid(
        ["body", "connector"],
        `The connector of a ${kind} cannot change (stored: '${connector.connector}')`,
      );
    }
    if (body.tags) assertTagsExist(ctx, body.tags, ["body", "tags"]);
    assertUniqueName(ctx, kind, body.name, connector.id);
    // The console's edit, checked and written in one synchronous step (server/http/preconditions.ts).
    const expected = expectedStateOf(ctx.headers);
    const newest = connector.history[connector.history.length - 1];
    if (expected && newest && newest.version !== expected.version) {
      throw new HttpError(
        409,
        `Changed meanwhile: version ${newest.version} by ${newest.actor} from ${newest.origin} (expected version ${expected.version})`,
      );
    }
    if (expected && (connector.name !== expected.name || !sameTags(connector.tags, expected.tags))) {
      throw new HttpError(409, `Changed meanwhile: its name or tags (version ${expected.version} kept)`);
    }
    updateConnector(ctx.store, connector, { name: body.name, config: body.config, wait, author: authorOf(ctx, "api") });
    if (body.tags) connector.tags = body.tags;
    // A guess (docs/real-api.md): a PUT that names a cluster moves the connector there; one that leaves it out,
    // as the reference client does for the default cluster, leaves it where it runs.
    if (body.kc_cluster_id) connector.kcClusterId = body.kc_cluster_id;
    return render(ctx, connector, reveal);
  };
}

/**
 * Deletes are asynchronous: the object lingers until Kafka Connect has torn it down. With `wait=false` the answer
 * comes at once; without it the service answers only once the teardown is done (TF internal/api/source.go:183-202
 * sends wait=false; check_destroy_test.go:14-27 polls until gone), which `slow-delete` makes long.
 */
function remove(kind: Kind) {
  return async (ctx: ApiContext) => {
    const connector = findOwn(ctx, kind, ctx.params.id);
    const { wait } = waitFlag(ctx);
    assertNotInUse(ctx, kind, connector);
    const goneAt = (connector.deleteAt ??= Date.now() + ctx.store.timings.deleteDelayMs);
    ctx.store.changed();
    const answer = render(ctx, connector, false);
    if (wait) await new Promise((resolve) => setTimeout(resolve, Math.max(0, goneAt - Date.now())));
    return answer;
  };
}

function history(kind: Kind) {
  return (ctx: ApiContext) => {
    const connector = findOwn(ctx, kind, ctx.params.id);
    const query = parseQuery(pageQuery, ctx.query);
    const versions = [...connector.history].reverse();
    return paginate(versions, query.page, query.page_size, (version) => ({
      version: version.version,
      timestamp: nowIso(version.timestamp),
      origin: version.origin,
      actor: version.actor,
      summary: version.summary,
      changes: version.changes,
    }));
  };
}

function compareToOriginal(kind: Kind) {
  return (ctx: ApiContext) => {
    const record = findOwn(ctx, kind, ctx.params.id);
    const first = record.history[0];
    const last = record.history[record.history.length - 1];
    const connector = findConnector(record.kind, record.connector);
    const secrets = connector ? secretKeys(connector) : new Set<string>();
    const keys = [...new Set([...Object.keys(first.config), ...Object.keys(last.config)])].sort();
    const show = (key: string, value: unknown) => (value === undefined ? null : secrets.has(key) ? maskedValue : value);
    return {
      original_version: first.version,
      current_version: last.version,
      changes: keys
        .filter((key) => JSON.stringify(first.config[key]) !== JSON.stringify(last.config[key]))
        .map((key) => ({
          key: key,
          original_value: show(key, first.config[key]),
          current_value: show(key, last.config[key]),
        })),
    };
  };
}

export function connectorRoutes(kind: Kind): RouteDef[] {
  const base = kind === "source" ? "/sources" : "/destinations";
  return [
    route("GET", base, list(kind)),
    route("POST", base, create(kind)),
    route("GET", `${base}/:id`, getOne(kind)),
    route("PUT", `${base}/:id`, update(kind)),
    route("DELETE", `${base}/:id`, remove(kind)),
    route("GET", `${base}/:id/config-history`, history(kind)),
    route("GET", `${base}/:id/config-history/compare-to-original`, compareToOriginal(kind)),
  ];
}
