// Topics: create, read, grow partitions, delete, the details listing, and messages written by webhook sources.
import { z } from "zod";
import { HttpError, notFound } from "../core/errors";
import { nowIso } from "../core/ids";
import { parseBody, parseQuery } from "../core/validate";
import { route, type ApiContext, type RouteDef } from "../http/context";
import { paginate } from "../domain/listing";
import { deleteTopic, findTopic, newTopic, snapshotStatus, topicKey } from "../domain/topics";
import type { TopicRecord } from "../state/types";
import { assertTagsExist } from "./connector-common";

const int = z.number().int();
const createBody = z.object({
  topic_name: z
    .string()
    .min(1)
    .max(249)
    .regex(/^[a-zA-Z0-9._-]+$/)
    .refine((n) => n !== "." && n !== "..", "Topic name cannot be '.' or '..'"),
  num_partitions: int.min(1).max(1000).default(1),
  replication_factor: int.min(1).max(3).default(3),
  cleanup_policy: z.enum(["delete", "compact", "delete,compact"]).default("delete"),
  min_insync_replicas: int.min(1).max(3).default(2),
  retention_ms: int.min(-1).default(604_800_000),
  retention_bytes: int.min(-1).default(-1),
  max_message_bytes: int.min(0).max(104_857_600).default(1_048_588),
  custom_configs: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).default({}),
});
const updateBody = z.object({
  payload: z.object({ partition_count: int.min(1).max(1000).optional(), tags: z.array(z.string()).optional() }),
});
const detailsQuery = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    page_size: z.coerce.number().int().min(1).max(100).default(10),
    entity_type: z.enum(["source", "transform", "topic"]).optional(),
    entity_id: z.string().optional(),
    partial_name: z.string().optional(),
    id: z.string().optional(),
  })
  .loose();

export function visibleTopics(ctx: ApiContext): TopicRecord[] {
  const now = Date.now();
  return Object.values(ctx.store.state.topics).filter(
    (t) => t.serviceId === ctx.caller.serviceId && t.registeredAt <= now,
  );
}

export function renderTopic(ctx: ApiContext, t: TopicRecord) {
  const data = ctx.store.state.topicData[topicKey(t.serviceId, t.id)];
  const entity = t.entityId ? ctx.store.state.connectors[t.entityId] : undefined;
  return {
    id: t.id,
    name: t.name,
    entity: { type: t.entityType, id: t.entityId, name: entity?.name ?? null },
    entity_type: t.entityType,
    entity_id: t.entityId,
    num_partitions: t.partitions,
    partition_count: t.partitions,
    replication_factor: t.replicationFactor,
    cleanup_policy: t.cleanupPolicy,
    min_insync_replicas: t.minInsyncReplicas,
    retention_ms: t.retentionMs,
    retention_bytes: t.retentionBytes,
    max_message_bytes: t.maxMessageBytes,
    custom_configs: t.customConfigs,
    serialization: "JSON",
    tags: t.tags,
    snapshot_status: snapshotStatus(t),
    snapshot_type: t.snapshot?.type ?? null,
    created_timestamp: nowIso(t.createdAt),
    messages: data?.eventsWritten ?? 0,
    bytes: data?.bytesWritten ?? 0,
  };
}

function own(ctx: ApiContext): TopicRecord {
  const t = findTopic(ctx.store, ctx.caller.serviceId, ctx.params.topic_id);
  if (!t || t.registeredAt > Date.now()) throw notFound("Topic");
  return t;
}

export const topicRoutes: RouteDef[] = [
  route("POST", "/topics", (ctx) => {
    const body = parseBody(createBody, ctx.body);
    if (findTopic(ctx.store, ctx.caller.serviceId, body.topic_name)) {
      throw new HttpError(409, `Topic '${body.topic_name}' already exists`);
    }
    const warnings: string[] = [];
    if (body.topic_name.includes(".") && body.topic_name.includes("_")) {
      warnings.push("Topic names with a period ('.') or underscore ('_') could collide; avoid using both.");
    }
    const t = newTopic(ctx.store, {
      id: body.topic_name,
      serviceId: ctx.caller.serviceId,
      name: body.topic_name,
      partitions: body.num_partitions,
      replicationFactor: body.replication_factor,
      cleanupPolicy: body.cleanup_policy,
      minInsyncReplicas: body.min_insync_replicas,
      retentionMs: body.retention_ms,
      retentionBytes: body.retention_bytes,
      maxMessageBytes: body.max_message_bytes,
      customConfigs: Object.fromEntries(Object.entries(body.custom_configs).map(([k, v]) => [k, String(v)])),
    });
    return { ...renderTopic(ctx, t), warnings };
  }),
  route("GET", "/topics/details", (ctx) => {
    const q = parseQuery(detailsQuery, ctx.query);
    const needle = q.partial_name?.toLowerCase();
    const items = visibleTopics(ctx)
      .filter((t) => !q.entity_type || t.entityType === q.entity_type)
      .filter((t) => !q.entity_id || t.entityId === q.entity_id)
      .filter((t) => !q.id || q.id.split(",").includes(t.id))
      .filter((t) => !needle || t.name.toLowerCase().includes(needle) || t.id.toLowerCase().includes(needle))
      .sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
    return paginate(items, q.page, q.page_size, (t) => renderTopic(ctx, t));
  }),
  route("GET", "/topics/:topic_id", (ctx) => renderTopic(ctx, own(ctx))),
  route("PUT", "/topics/:topic_id", (ctx) => {
    const t = own(ctx);
    const body = parseBody(updateBody, ctx.body);
    const wanted = body.payload.partition_count;
    if (wanted !== undefined && wanted < t.partitions) {
      throw new HttpError(
        400,
        `Topic currently has ${t.partitions} partitions, which is higher than the requested ${wanted}: partitions can only grow`,
      );
    }
    if (body.payload.tags) assertTagsExist(ctx, body.payload.tags, ["body", "payload", "tags"]);
    if (wanted !== undefined) t.partitions = wanted;
    if (body.payload.tags) t.tags = body.payload.tags;
    ctx.store.changed();
    return renderTopic(ctx, t);
  }),
  route("DELETE", "/topics/:topic_id", (ctx) => {
    const t = own(ctx);
    const rendered = renderTopic(ctx, t);
    deleteTopic(ctx.store, t);
    return rendered;
  }),
];
