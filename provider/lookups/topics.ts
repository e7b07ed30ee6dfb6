/** Topics as the lookups answer them: one by id, a filtered listing, a topic's serialization and its traffic. */
import type { StreamkapClient } from "../client/client";
import { readAllPages } from "../client/pages";
import { type TopicRecord, topicRecord, topicSerialization, topicTableMetrics } from "../client/responses";
import { readTopic } from "../kinds/topic-facts";
import { legacyTopicEntityTypes, type MetricsWindow, type TopicFilter, type TopicMetricsEntity } from "./args";
import { orNotFound, present } from "./reads";
import { ErrorCodes, errors } from "../errors";

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

/** The topic's database id, from its producer's paired `topic_ids`/`topic_db_ids` (TF internal/api/topic.go:47-55). */
function dbIdOf(live: TopicRecord): string | undefined {
  const index = live.entity?.topic_ids?.indexOf(live.id) ?? -1;
  return index === -1 ? undefined : (live.entity?.topic_db_ids?.[index] ?? undefined);
}

function topicInfo(live: TopicRecord) {
  const facts = readTopic(live);
  return {
    id: live.id,
    dbId: dbIdOf(live),
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

/**
 * The database ids of an entity's topics, which the service takes with them (TF datasource/topic_metrics.go:93-98,
 * "Use streamkap_topics data source first to get topic_db_ids"): given, or read from the entity's topic listing.
 */
async function topicDbIdsOf(client: StreamkapClient, entity: TopicMetricsEntity): Promise<string[]> {
  if (entity.topicDbIds !== undefined) return entity.topicDbIds;
  if (entity.topicIds.length === 0) return [];
  const listed = await readAllPages(client, "/topics/details", topicRecord, { entity_id: entity.id });
  const byTopic = new Map(listed.map((live) => [live.id, dbIdOf(live)]));
  const missing = entity.topicIds.filter((topicId) => byTopic.get(topicId) === undefined);
  if (missing.length > 0) {
    throw errors.of(
      "getTopicMetrics",
      ErrorCodes.notFound,
      `the service lists no database id for topic ${missing.map((topicId) => `"${topicId}"`).join(", ")} of ` +
        `${entity.entityType} ${entity.id}. Check the ids with getTopics({entityId: "${entity.id}"}), or pass ` +
        "`topicDbIds` (each topic's `dbId`) yourself.",
    );
  }
  return entity.topicIds.map((topicId) => byTopic.get(topicId) as string);
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
      entities: await Promise.all(
        entities.map(async (entity) => ({
          id: entity.id,
          entity_type: entity.entityType,
          connector: entity.connector,
          topic_ids: entity.topicIds,
          topic_db_ids: await topicDbIdsOf(client, entity),
        })),
      ),
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
