import { isPlainObject } from "../engine/values";
import type { TopicRecord } from "../client/responses";

/** What a topic answer says about the Kafka topic, whichever of its documented forms the service used. */
export interface TopicFacts {
  name?: string;
  partitions?: number;
  replicationFactor?: number;
  cleanupPolicy?: string;
  retentionMs?: number;
  retentionBytes?: number;
  minInsyncReplicas?: number;
  maxMessageBytes?: number;
  /**
   * `custom_configs` when the answer carries them. Not derived from `kafka.configs`: that block may list every
   * broker default, which would read as configs the user set.
   */
  customConfigs?: Record<string, string>;
  /** `sources`, `destinations`, `transforms`, `pipelines` or `manual` (DOCS list-all-topics). */
  entityType?: string;
}

const numberOf = (value: unknown): number | undefined => {
  if (value === null || value === undefined || value === "") return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
};
const textOf = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);

/**
 * Reads a topic answer tolerantly: the nested `kafka` block first (what GET /topics/{id} answers, TF
 * internal/api/topic.go:21-43,131-152), then the flat fields of the create answer (DOCS create-topic).
 */
export function readTopic(live: TopicRecord): TopicFacts {
  const kafka = live.kafka ?? undefined;
  const configs = kafka?.configs ?? {};
  const partitions = kafka?.partitions;
  const nestedCount =
    partitions !== null && typeof partitions === "object" ? numberOf(partitions.count) : numberOf(partitions);
  const flat = live as Record<string, unknown>;
  const custom = isPlainObject(flat.custom_configs) ? Object.entries(flat.custom_configs) : [];
  return {
    name: live.name ?? live.topic_name ?? undefined,
    partitions: nestedCount ?? numberOf(live.num_partitions ?? live.partition_count),
    replicationFactor: numberOf(kafka?.replication_factor ?? live.replication_factor),
    cleanupPolicy: textOf(configs["cleanup.policy"]) ?? textOf(live.cleanup_policy),
    retentionMs: numberOf(configs["retention.ms"] ?? live.retention_ms),
    retentionBytes: numberOf(configs["retention.bytes"] ?? live.retention_bytes),
    minInsyncReplicas: numberOf(configs["min.insync.replicas"] ?? flat.min_insync_replicas),
    maxMessageBytes: numberOf(configs["max.message.bytes"] ?? flat.max_message_bytes),
    customConfigs:
      custom.length > 0 ? Object.fromEntries(custom.map(([key, value]) => [key, String(value)])) : undefined,
    entityType: textOf(live.entity?.entity_type),
  };
}
