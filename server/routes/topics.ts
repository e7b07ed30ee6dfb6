/**
 * Topics: create, read, grow partitions, delete, the details listing, and messages written by webhook sources.
 */
import { z } from "zod";
import { HttpError, notFound } from "../core/errors";
import { parseBody, parseQuery } from "../core/validate";
import { route, type ApiContext, type RouteDef } from "../http/context";
import { paginate } from "../domain/listing";
import { findConnector } from "../../catalogue";
import { topicEntityTypes } from "../../catalogue/wire-values";
import {
  deleteTopic,
  findTopic,
  newTopic,
  snapshotStatus,
  snapshotStatuses,
  sourceTopics,
  topicDbId,
  topicKey,
  type WireEntityType,
  wireEntityType,
} from "../domain/topics";
import type { StoredConnector, StoredTopic } from "../state/types";
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
    .refine((body) => body.partition_count !== undefined || body.tags !== undefined, "Provide partition_count or tags"),
});

/** A comma list whose every item is one of `allowed`; FastAPI-style 422 naming the query field otherwise. */
function commaEnum<T extends string>(allowed: readonly T[]) {
  const wording = allowed.map((value) => `'${value}'`).join(", ");
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
    entity_type: commaEnum(topicEntityTypes).optional(),
    entity_id: commaList.optional(),
    topic_id: commaList.optional(),
    partial_name: z.string().optional(),
    snapshot: commaEnum(snapshotStatuses).optional(),
    include_dlq: z.enum(["true", "false"]).optional(),
  })
  .loose();
const detailQuery = z.object({ detailed: z.enum(["true", "false"]).default("true") }).loose();

export function visibleTopics(ctx: ApiContext): StoredTopic[] {
  const now = Date.now();
  return Object.values(ctx.store.state.topics).filter(
    (topic) => topic.serviceId === ctx.caller.serviceId && topic.registeredAt <= now,
  );
}

type TopicEntity = {
  entity_type: WireEntityType;
  entity_id: string | null;
  name: string | null;
  connector: string | null;
  display_name: string | null;
  topic_ids: string[];
  topic_db_ids: string[];
};

/**
 * Each source's entity, made once per request (issue #39, H2): every row of a page names its source's whole topic
 * list, which took sorting and listing all n of them per row; a page of rows of one source now costs n once.
 */
const entitiesByRequest = new WeakMap<ApiContext, Map<string, TopicEntity>>();

/** The producing entity (DOCS list-all-topics `entity`; TF TopicEntity, topic.go:47-55). */
function entityOf(ctx: ApiContext, record: StoredTopic): TopicEntity {
  const source =
    record.entityType === "source" && record.entityId ? ctx.store.state.connectors[record.entityId] : undefined;
  if (!source) return makeEntity(ctx, record, undefined);
  let made = entitiesByRequest.get(ctx);
  if (!made) entitiesByRequest.set(ctx, (made = new Map()));
  let entity = made.get(source.id);
  if (!entity) made.set(source.id, (entity = makeEntity(ctx, record, source)));
  return entity;
}

function makeEntity(ctx: ApiContext, record: StoredTopic, source: StoredConnector | undefined): TopicEntity {
  const connector = source ? findConnector("source", source.connector) : undefined;
  const topics = source ? sourceTopics(ctx.store, source) : [record];
  return {
    entity_type: wireEntityType(record),
    entity_id: record.entityId,
    name: source?.name ?? null,
    connector: source?.connector ?? null,
    display_name: connector?.displayName ?? null,
    topic_ids: topics.map((topic) => topic.id),
    topic_db_ids: topics.map(topicDbId),
  };
}

/** TF TopicSerialization (topic.go:57-68): CDC sources write Avro through the schema registry. */
function serializationOf(ctx: ApiContext, topic: StoredTopic) {
  const source =
    topic.entityType === "source" && topic.entityId ? ctx.store.state.connectors[topic.entityId] : undefined;
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
export function renderTopicSummary(ctx: ApiContext, topic: StoredTopic) {
  return {
    id: topic.id,
    name: topic.name,
    entity: entityOf(ctx, topic),
    prefix: topic.entityType === "source" && topic.entityId ? `source_${topic.entityId}` : null,
    serialization: serializationOf(ctx, topic),
  };
}

const dayMs = 86_400_000;

/**
 * The listing's `messages_7d` and `messages_30d` (TF internal/api/topic.go TopicDetails, topic_test.go:95-118):
 * the records written in the last 7 and 30 days that the topic still keeps.
 */
function recentMessages(ctx: ApiContext, topic: StoredTopic): { messages_7d: number; messages_30d: number } {
  const key = topicKey(topic.serviceId, topic.id);
  // Most topics keep no records: no query for them.
  if (!(ctx.store.state.topicData[key]?.retainedRecords ?? 0)) return { messages_7d: 0, messages_30d: 0 };
  const since = (days: number) => {
    const first = ctx.store.firstOffsetAtOrAfter(key, Date.now() - days * dayMs);
    return first === undefined ? 0 : ctx.store.countMessages(key, first);
  };
  return { messages_7d: since(7), messages_30d: since(30) };
}

/**
 * GET /topics/{id} (TopicDetailsWithKafka, TF topic.go:21-43,131-152): the summary plus `tags` and `kafka`,
 * with the partition count at `kafka.partitions.count` (no top-level partition_count, topic.go:27-29) and the
 * topic configs under their Kafka names, numbers as numbers (TF decodes `retention.ms` as int64).
 */
export function renderTopicDetails(ctx: ApiContext, topic: StoredTopic, detailed = true) {
  const summary = { ...renderTopicSummary(ctx, topic), tags: topic.tags };
  if (!detailed) return summary;
  return {
    ...summary,
    kafka: {
      partitions: { count: topic.partitions },
      replication_factor: topic.replicationFactor,
      configs: {
        ...topic.customConfigs,
        "cleanup.policy": topic.cleanupPolicy,
        "retention.ms": topic.retentionMs,
        "retention.bytes": topic.retentionBytes,
        "min.insync.replicas": topic.minInsyncReplicas,
        "max.message.bytes": topic.maxMessageBytes,
      },
    },
  };
}

/** Which topics a pipeline or destination entity id reads: those of the pipelines naming it. */
function consumedBy(ctx: ApiContext, ids: string[], types: WireEntityType[]): Set<string> {
  const consumed = new Set<string>();
  for (const pipeline of Object.values(ctx.store.state.pipelines)) {
    if (pipeline.serviceId !== ctx.caller.serviceId) continue;
    const named =
      (types.includes("pipelines") && (ids.length === 0 || ids.includes(pipeline.id))) ||
      (types.includes("destinations") && (ids.length === 0 || ids.includes(pipeline.destinationId)));
    if (named) for (const id of pipeline.topicIds) consumed.add(id);
  }
  return consumed;
}

function own(ctx: ApiContext): StoredTopic {
  const topic = findTopic(ctx.store, ctx.caller.serviceId, ctx.params.topic_id);
  if (!topic || topic.registeredAt > Date.now()) throw notFound("Topic");
  return topic;
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
    const topic = newTopic(ctx.store, {
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
      customConfigs: Object.fromEntries(
        Object.entries(body.custom_configs).map(([key, value]) => [key, String(value)]),
      ),
    });
    // DOCS create-topic answer: {id, name, entity, num_partitions, replication_factor, prefix, serialization, warnings}.
    return {
      ...renderTopicSummary(ctx, topic),
      num_partitions: topic.partitions,
      replication_factor: topic.replicationFactor,
      warnings,
    };
  }),
  route("GET", "/topics/details", (ctx) => {
    const snapshot = parseQuery(detailsQuery, ctx.query);
    const needle = snapshot.partial_name?.toLowerCase();
    const types = snapshot.entity_type ?? [];
    const ids = snapshot.entity_id ?? [];
    // Sources, transforms and manual topics are matched by their producer; destinations and pipelines by use.
    const consumed = consumedBy(ctx, ids, types);
    const producerTypes: WireEntityType[] = types.filter((type) => type !== "destinations" && type !== "pipelines");
    const consumerOnly = types.length > 0 && producerTypes.length === 0;
    const now = Date.now();
    const items = visibleTopics(ctx)
      .filter((topic) => {
        if (consumed.has(topic.id)) return true;
        if (consumerOnly) return false;
        if (producerTypes.length > 0 && !producerTypes.includes(wireEntityType(topic))) return false;
        return ids.length === 0 || (topic.entityId !== null && ids.includes(topic.entityId));
      })
      .filter((topic) => !snapshot.topic_id || snapshot.topic_id.includes(topic.id))
      .filter(
        (topic) => !snapshot.snapshot || (snapshot.snapshot as string[]).includes(snapshotStatus(topic, now) ?? ""),
      )
      .filter(
        (topic) => !needle || topic.name.toLowerCase().includes(needle) || topic.id.toLowerCase().includes(needle),
      )
      .sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
    return paginate(items, snapshot.page, snapshot.page_size, (topic) => ({
      ...renderTopicSummary(ctx, topic),
      ...recentMessages(ctx, topic),
    }));
  }),
  route("GET", "/topics/:topic_id", (ctx) =>
    renderTopicDetails(ctx, own(ctx), parseQuery(detailQuery, ctx.query).detailed === "true"),
  ),
  route("PUT", "/topics/:topic_id", (ctx) => {
    const topic = own(ctx);
    const body = parseBody(updateBody, ctx.body);
    const wanted = body.payload.partition_count;
    if (wanted !== undefined && wanted < topic.partitions) {
      // The backend's words, as TF's acceptance test quotes them (internal/provider/topic_resource_test.go:14).
      throw new HttpError(
        400,
        `New partition count (${wanted}) must be greater than the current count (${topic.partitions})`,
      );
    }
    if (body.payload.tags) assertTagsExist(ctx, body.payload.tags, ["body", "payload", "tags"]);
    if (wanted !== undefined) topic.partitions = wanted;
    if (body.payload.tags) topic.tags = body.payload.tags;
    ctx.store.changed();
    return renderTopicDetails(ctx, topic);
  }),
  route("DELETE", "/topics/:topic_id", (ctx) => {
    const topic = own(ctx);
    const rendered = renderTopicSummary(ctx, topic);
    deleteTopic(ctx.store, topic);
    return rendered;
  }),
];
