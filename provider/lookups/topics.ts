/** Topics as the lookups answer them: one by id, a filtered listing, a topic's serialization and its traffic. */
import type { StreamkapClient } from "../client/client";
import { readAllPages } from "../client/pages";
import { type TopicRecord, topicRecord, topicSerialization, topicTableMetrics } from "../client/responses";
import { readTopic } from "../kinds/topic-facts";
import { legacyTopicEntityTypes, type MetricsWindow, type TopicFilter, type TopicMetricsEntity } from "./args";
import { orNotFound, present } from "./reads";

/** A topic's `serialization` as the lookups answer it; undefined when the service gave none it can read. */
export function serializationInfo(wire: unknown) {
  const parsed = topicSerialization.safeParse(wire);
  if (!parsed.success || wire === undefined || wire === null) return undefined;
  const serialization = parsed.data;
  return {
    keyFormat: serialization.key_format ?? "unknown",
    valueFormat: serialization.value_format ?? "unknown",
    keyConverter: serialization.key_converter ?? undefined,
    valueConverter: serialization.value_converter ?? undefined,
    schemaRegistryEnabled: serialization.schema_registry_enabled ?? false,
  };
}

function topicInfo(live: TopicRecord) {
  const facts = readTopic(live);
  return {
    id: live.id,
    name: facts.name ?? live.id,
    partitions: facts.partitions,
    cleanupPolicy: facts.cleanupPolicy,
    serialization: serializationInfo(live.serialization),
  };
}

/** GET /topics/{id}; `detailed` asks for the `kafka` block (TF internal/api/topic.go:191-199). */
function readTopicById(client: StreamkapClient, lookup: string, id: string, detailed: boolean): Promise<TopicRecord> {
  return orNotFound(lookup, `topic ${id}`, () =>
    client.call({
      method: "GET",
      path: `/topics/${encodeURIComponent(id)}`,
      query: detailed ? { detailed: true } : undefined,
      schema: topicRecord,
    }),
  );
}

export async function getTopic(client: StreamkapClient, id: string) {
  return topicInfo(await readTopicById(client, "getTopic", id, true));
}

export async function getTopics(client: StreamkapClient, filter: TopicFilter = {}) {
  const entityType =
    filter.entityType === undefined
      ? undefined
      : filter.entityType in legacyTopicEntityTypes
        ? legacyTopicEntityTypes[filter.entityType as keyof typeof legacyTopicEntityTypes]
        : filter.entityType;
  const query = { partial_name: filter.partialName, entity_type: entityType, entity_id: filter.entityId };
  return (await readAllPages(client, "/topics/details", topicRecord, query)).map(topicInfo);
}

export async function getTopicSerialization(client: StreamkapClient, topicId: string) {
  const topic = await readTopicById(client, "getTopicSerialization", topicId, false);
  return (
    serializationInfo(topic.serialization) ?? {
      keyFormat: "unknown",
      valueFormat: "unknown",
      schemaRegistryEnabled: false,
    }
  );
}

export async function getTopicMetrics(
  client: StreamkapClient,
  entities: TopicMetricsEntity[],
  window: MetricsWindow = {},
) {
  const answer = await client.call({
    method: "POST",
    path: "/topics/table_metrics",
    body: {
      entities: entities.map((entity) => ({
        id: entity.id,
        entity_type: entity.entityType,
        connector: entity.connector,
        topic_ids: entity.topicIds,
        topic_db_ids: [],
      })),
      ...(window.interval === undefined ? {} : { time_interval: window.interval }),
      ...(window.unit === undefined ? {} : { time_unit: window.unit }),
    },
    schema: topicTableMetrics,
  });
  return Object.entries(answer).flatMap(([entityId, topics]) =>
    Object.entries(topics).map(([topicId, metrics]) => ({
      entityId,
      topicId,
      messagesIn: present(metrics.messages_in),
      messagesOut: present(metrics.messages_out),
      bytesIn: present(metrics.bytes_in),
      bytesOut: present(metrics.bytes_out),
      lag: present(metrics.lag),
      avgLatencyMs: present(metrics.avg_latency_ms),
    })),
  );
}
