/**
 * Topics: create, read, grow partitions, delete, the details listing, and messages written by webhook sources.
 */
import { z } from "zod";
import { HttpError, notFound } from "../core/errors";
import { parseBody, parseQuery } from "../core/validate";
import { route, type ApiContext, type RouteDef } from "../http/context";
import { paginate } from "../domain/listing";
import { findConnector } from "../../catalogue";
import {
  deleteTopic,
  findTopic,
  newTopic,
  snapshotStatus,
  snapshotStatuses,
  sourceTopics,
  type WireEntityType,
  wireEntityType,
  wireEntityTypes,
} from "../domain/topics";
import type { TopicRecord } from "../state/types";
import { assertTagsExist } from "./connector-common";
import { topicNameProblem } from "../domain/topic-names";

const int = z.number().int();
const createBody = z.object({
  topic_name: z.string().superRefine((name, ctx) => {
    const problem = topicNameProblem(name);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  }),
  num_partitions: int.min(1).max(1000).default(1),
  replication_factor: int.min(1).max(3).default(3),
  cleanup_policy: z.enum(["delete", "compact", "delete,compact"]).default("delete"),
  min_insync_replicas: int.min(1).max(3).default(2),
  retention_ms: int.min(-1).default(604_800_000),
  retention_bytes: int.min(-1).default(-1),
  max_message_bytes: int.min(0).max(104_857_600).default(1_048_588),
  custom_configs: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).default({}),
});
// TF internal/api/topic.go:154-160: `{payload: {partition_count, tags}}`, at least one of the two.
const updateBody = z.object({
  payload: z
    .object({ partition_count: int.min(1).max(1000).optional(), tags: z.array(z.string()).optional() })
    .refine((p) => p.partition_count !== undefined || p.tags !== undefined, "Provide partition_count or tags"),
});

/** A comma list whose every item is one of `allowed`; FastAPI-style 422 naming the query field otherwise. */
function commaEnum<T extends string>(allowed: readonly T[]) {
  const wording = allowed.map((v) => `'${v}'`).join(", ");
  return z
    .string()
    .transform((text) =>
      text
        .split(",")
        .map((item) => item.trim())
        .filter(Boolean),
    )
    .refine((items) => items.every((item) => (allowed as readonly string[]).includes(item)), {
      message: `Input should be ${wording.replace(/, ([^,]*)$/, " or $1")}`,
    })
    .transform((items) => items as T[]);
}
const commaList = z.string().transform((text) =>
  text
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean),
);

// DOCS list-all-topics: entity_type, entity_id, topic_id, partial_name, snapshot, include_dlq, page, page_size.
const detailsQuery = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    page_size: z.coerce.number().int().min(1).max(100).default(10),
    entity_type: commaEnum(wireEntityTypes).optional(),
    entity_id: commaList.optional(),
    topic_id: commaList.optional(),
    partial_name: z.string().optional(),
    snapshot: commaEnum(snapshotStatuses).optional(),
    include_dlq: z.enum(["true", "false"]).optional(),
  })
  .loose();
const detailQuery = z.object({ detailed: z.enum(["true", "false"]).default("true") }).loose();

export function visibleTopics(ctx: ApiContext): TopicRecord[] {
  const now = Date.now();
  return Object.values(ctx.store.state.topics).filter(
    (t) => t.serviceId === ctx.caller.serviceId && t.registeredAt <= now,
  );
}

/** The producing entity (DOCS list-all-topics `entity`; TF TopicEntity, topic.go:47-55). */
function entityOf(ctx: ApiContext, t: TopicRecord) {
  const source = t.entityType === "source" && t.entityId ? ctx.store.state.connectors[t.entityId] : undefined;
  const connector = source ? findConnector("source", source.connector) : undefined;
  return {
    entity_type: wireEntityType(t),
    entity_id: t.entityId,
    name: source?.name ?? null,
    connector: source?.connector ?? null,
    display_name: connector?.displayName ?? null,
    topic_ids: source ? sourceTopics(ctx.store, source).map((topic) => topic.id) : [t.id],
    topic_db_ids: [] as string[],
  };
}

/** TF TopicSerialization (topic.go:57-68): CDC sources write Avro through the schema registry. */
function serializationOf(ctx: ApiContext, t: TopicRecord) {
  const source = t.entityType === "source" && t.entityId ? ctx.store.state.connectors[t.entityId] : undefined;
  if (source && source.connector !== "webhook") {
    const avro = "io.confluent.connect.avro.AvroConverter";
    return {
      key_format: "avro",
      value_format: "avro",
      key_converter: avro,
      value_converter: avro,
      schema_registry_enabled: true,
    };
  }
  if (source) {
    const json = "org.apache.kafka.connect.json.JsonConverter";
    return {
      key_format: "json",
      value_format: "json",
      key_converter: json,
      value_converter: json,
      schema_registry_enabled: false,
    };
  }
  return {
    key_format: "unknown",
    value_format: "unknown",
    key_converter: null,
    value_converter: null,
    schema_registry_enabled: false,
  };
}

/** One item of GET /topics/details: `{id, name, entity, prefix, serialization}` and nothing invented. */
export function renderTopicSummary(ctx: ApiContext, t: TopicRecord) {
  return {
    id: t.id,
    name: t.name,
    entity: entityOf(ctx, t),
    prefix: t.entityType === "source" && t.entityId ? `source_${t.entityId}` : null,
    serialization: serializationOf(ctx, t),
  };
}

/**
 * GET /topics/{id} (TopicDetailsWithKafka, TF topic.go:21-43,131-152): the summary plus `tags` and `kafka`,
 * with the partition count at `kafka.partitions.count` (no top-level partition_count, topic.go:27-29) and the
 * topic configs under their Kafka names, numbers as numbers (TF decodes `retention.ms` as int64).
 */
export function renderTopicDetails(ctx: ApiContext, t: TopicRecord, detailed = true) {
  const summary = { ...renderTopicSummary(ctx, t), tags: t.tags };
  if (!detailed) return summary;
  return {
    ...summary,
    kafka: {
      partitions: { count: t.partitions },
      replication_factor: t.replicationFactor,
      configs: {
        ...t.customConfigs,
        "cleanup.policy": t.cleanupPolicy,
        "retention.ms": t.retentionMs,
        "retention.bytes": t.retentionBytes,
        "min.insync.replicas": t.minInsyncReplicas,
        "max.message.bytes": t.maxMessageBytes,
      },
    },
  };
}

/** Which topics a pipeline or destination entity id reads: those of the pipelines naming it. */
function consumedBy(ctx: ApiContext, ids: string[], types: WireEntityType[]): Set<string> {
  const consumed = new Set<string>();
  for (const p of Object.values(ctx.store.state.pipelines)) {
    if (p.serviceId !== ctx.caller.serviceId) continue;
    const named =
      (types.includes("pipelines") && (ids.length === 0 || ids.includes(p.id))) ||
      (types.includes("destinations") && (ids.length === 0 || ids.includes(p.destinationId)));
    if (named) for (const id of p.topicIds) consumed.add(id);
  }
  return consumed;
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
    // DOCS create-topic answer: {id, name, entity, num_partitions, replication_factor, prefix, serialization, warnings}.
    return {
      ...renderTopicSummary(ctx, t),
      num_partitions: t.partitions,
      replication_factor: t.replicationFactor,
      warnings,
    };
  }),
  route("GET", "/topics/details", (ctx) => {
    const q = parseQuery(detailsQuery, ctx.query);
    const needle = q.partial_name?.toLowerCase();
    const types = q.entity_type ?? [];
    const ids = q.entity_id ?? [];
    // Sources, transforms and manual topics are matched by their producer; destinations and pipelines by use.
    const consumed = consumedBy(ctx, ids, types);
    const producerTypes: WireEntityType[] = types.filter((type) => type !== "destinations" && type !== "pipelines");
    const consumerOnly = types.length > 0 && producerTypes.length === 0;
    const now = Date.now();
    const items = visibleTopics(ctx)
      .filter((t) => {
        if (consumed.has(t.id)) return true;
        if (consumerOnly) return false;
        if (producerTypes.length > 0 && !producerTypes.includes(wireEntityType(t))) return false;
        return ids.length === 0 || (t.entityId !== null && ids.includes(t.entityId));
      })
      .filter((t) => !q.topic_id || q.topic_id.includes(t.id))
      .filter((t) => !q.snapshot || (q.snapshot as string[]).includes(snapshotStatus(t, now) ?? ""))
      .filter((t) => !needle || t.name.toLowerCase().includes(needle) || t.id.toLowerCase().includes(needle))
      .sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
    return paginate(items, q.page, q.page_size, (t) => renderTopicSummary(ctx, t));
  }),
  route("GET", "/topics/:topic_id", (ctx) =>
    renderTopicDetails(ctx, own(ctx), parseQuery(detailQuery, ctx.query).detailed === "true"),
  ),
  route("PUT", "/topics/:topic_id", (ctx) => {
    const t = own(ctx);
    const body = parseBody(updateBody, ctx.body);
    const wanted = body.payload.partition_count;
    if (wanted !== undefined && wanted < t.partitions) {
      // The backend's words, as TF's acceptance test quotes them (internal/provider/topic_resource_test.go:14).
      throw new HttpError(
        400,
        `New partition count (${wanted}) must be greater than the current count (${t.partitions})`,
      );
    }
    if (body.payload.tags) assertTagsExist(ctx, body.payload.tags, ["body", "payload", "tags"]);
    if (wanted !== undefined) t.partitions = wanted;
    if (body.payload.tags) t.tags = body.payload.tags;
    ctx.store.changed();
    return renderTopicDetails(ctx, t);
  }),
  route("DELETE", "/topics/:topic_id", (ctx) => {
    const t = own(ctx);
    const rendered = renderTopicSummary(ctx, t);
    deleteTopic(ctx.store, t);
    return rendered;
  }),
];
