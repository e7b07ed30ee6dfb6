// Pipelines: one source to one destination over some of the source's topics.
import { z } from "zod";
import { HttpError, notFound } from "../core/errors";
import { nowIso, objectId } from "../core/ids";
import { parseBody } from "../core/validate";
import { route, type ApiContext, type RouteDef } from "../http/context";
import { renderConnector } from "../domain/connectors";
import { filterAndSort, paginate, parseListQuery, single } from "../domain/listing";
import { findTopic, sourceTopics } from "../domain/topics";
import type { PipelineRecord } from "../state/types";
import { assertTagsExist, ORIGINS } from "./connector-common";

const ref = z.object({ id: z.string().min(1), name: z.string().nullish(), connector: z.string().nullish() }).loose();
const updateBody = z
  .object({
    name: z.string().min(1).max(255),
    source: ref.extend({ topics: z.array(z.string()).default([]) }),
    destination: ref,
    tags: z.array(z.string()).nullish(),
    snapshot_new_tables: z.boolean().default(false),
    transforms: z.array(z.object({ topic_id: z.string() }).loose()).default([]),
    topic_auto_discovery_transforms: z.array(z.unknown()).default([]),
  })
  .loose();
const createBody = updateBody.extend({ created_from: z.enum(ORIGINS).default("api") });

type Body = z.output<typeof updateBody>;

function developmentTag(ctx: ApiContext): string[] {
  const tag = Object.values(ctx.store.state.tags).find(
    (t) => t.serviceId === ctx.caller.serviceId && t.system && t.name === "Development",
  );
  return tag ? [tag.id] : [];
}

/** Checks references (same service, live) and resolves topic names or ids to the source's topic ids. */
function resolve(ctx: ApiContext, body: Body) {
  const source = ctx.store.state.connectors[body.source.id];
  if (
    !source ||
    source.kind !== "source" ||
    source.serviceId !== ctx.caller.serviceId ||
    source.deleteAt !== undefined
  ) {
    throw new HttpError(422, [
      { loc: ["body", "source", "id"], msg: `Source ${body.source.id} not found`, type: "value_error" },
    ]);
  }
  const dest = ctx.store.state.connectors[body.destination.id];
  if (!dest || dest.kind !== "destination" || dest.serviceId !== ctx.caller.serviceId || dest.deleteAt !== undefined) {
    throw new HttpError(422, [
      { loc: ["body", "destination", "id"], msg: `Destination ${body.destination.id} not found`, type: "value_error" },
    ]);
  }
  const topics = sourceTopics(ctx.store, source);
  const topicIds = body.source.topics.map((t, i) => {
    const match = topics.find((x) => x.id === t || x.name === t);
    if (!match) {
      throw new HttpError(422, [
        {
          loc: ["body", "source", "topics", i],
          msg: `Topic '${t}' does not belong to source ${source.id}`,
          type: "value_error",
        },
      ]);
    }
    return match.id;
  });
  const tags = body.tags && body.tags.length > 0 ? body.tags : developmentTag(ctx);
  assertTagsExist(ctx, tags, ["body", "tags"]);
  return { source, dest, topicIds: [...new Set(topicIds)], tags };
}

function assertUniqueName(ctx: ApiContext, name: string, exceptId?: string): void {
  const clash = Object.values(ctx.store.state.pipelines).find(
    (p) => p.serviceId === ctx.caller.serviceId && p.name === name && p.id !== exceptId,
  );
  if (clash) throw new HttpError(409, `A pipeline named '${name}' already exists (${clash.id})`);
}

export function renderPipeline(ctx: ApiContext, p: PipelineRecord) {
  const service = ctx.store.service(p.serviceId);
  const opts = { revealSecrets: false, webhookBaseUrl: ctx.server.webhookBaseUrl() };
  const source = ctx.store.state.connectors[p.sourceId];
  const dest = ctx.store.state.connectors[p.destinationId];
  const topicNames = p.topicIds.map(
    (id) => findTopic(ctx.store, p.serviceId, id)?.name ?? id.split(".").slice(1).join("."),
  );
  return {
    id: p.id,
    name: p.name,
    sub_id: service?.subId ?? null,
    tenant_id: service?.tenantId ?? null,
    snapshot_new_tables: p.snapshotNewTables,
    topic_ids: p.topicIds,
    topics: topicNames,
    source: source ? renderConnector(ctx.store, source, opts) : { id: p.sourceId },
    destination: dest ? renderConnector(ctx.store, dest, opts) : { id: p.destinationId },
    transforms: p.transforms,
    topic_auto_discovery_transforms: p.topicAutoDiscoveryTransforms,
    tags: p.tags,
    periodic_audit: { topics: [], timestamp_column: "", interval_minutes: 0 },
    created_timestamp: nowIso(p.createdAt),
    created_from: p.createdFrom,
  };
}

function own(ctx: ApiContext): PipelineRecord {
  const p = ctx.store.state.pipelines[ctx.params.id];
  if (!p || p.serviceId !== ctx.caller.serviceId) throw notFound("Pipeline");
  return p;
}

export const pipelineRoutes: RouteDef[] = [
  route("GET", "/pipelines", (ctx) => {
    const q = parseListQuery(ctx.query);
    const items = Object.values(ctx.store.state.pipelines)
      .filter((p) => p.serviceId === ctx.caller.serviceId)
      .map((p) => ({ id: p.id, name: p.name, createdAt: p.createdAt, tags: p.tags, record: p }));
    return paginate(filterAndSort(items, q), q.page, q.page_size, (it) => renderPipeline(ctx, it.record));
  }),
  route("POST", "/pipelines", (ctx) => {
    const body = parseBody(createBody, ctx.body);
    const r = resolve(ctx, body);
    assertUniqueName(ctx, body.name);
    const p: PipelineRecord = {
      id: objectId(),
      serviceId: ctx.caller.serviceId,
      name: body.name,
      createdAt: Date.now(),
      createdFrom: body.created_from,
      sourceId: r.source.id,
      destinationId: r.dest.id,
      topicIds: r.topicIds,
      tags: r.tags,
      snapshotNewTables: body.snapshot_new_tables,
      transforms: body.transforms.map((t) => ({ topic_id: t.topic_id })),
      topicAutoDiscoveryTransforms: body.topic_auto_discovery_transforms,
    };
    ctx.store.state.pipelines[p.id] = p;
    ctx.store.changed();
    return renderPipeline(ctx, p);
  }),
  route("GET", "/pipelines/:id", (ctx) => {
    const p = ctx.store.state.pipelines[ctx.params.id];
    return single(p && p.serviceId === ctx.caller.serviceId ? renderPipeline(ctx, p) : undefined);
  }),
  route("PUT", "/pipelines/:id", (ctx) => {
    const p = own(ctx);
    const body = parseBody(updateBody, ctx.body);
    const r = resolve(ctx, body);
    assertUniqueName(ctx, body.name, p.id);
    Object.assign(p, {
      name: body.name,
      sourceId: r.source.id,
      destinationId: r.dest.id,
      topicIds: r.topicIds,
      tags: r.tags,
      snapshotNewTables: body.snapshot_new_tables,
      transforms: body.transforms.map((t) => ({ topic_id: t.topic_id })),
      topicAutoDiscoveryTransforms: body.topic_auto_discovery_transforms,
    });
    ctx.store.changed();
    return renderPipeline(ctx, p);
  }),
  route("DELETE", "/pipelines/:id", (ctx) => {
    const p = own(ctx);
    const rendered = renderPipeline(ctx, p);
    delete ctx.store.state.pipelines[p.id];
    ctx.store.changed();
    return rendered;
  }),
];
