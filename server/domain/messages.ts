/**
 * Records written to topics, with the per-topic counters shown for monitoring (events written, bytes).
 */
import type { Retention, Store } from "../state/store";
import type { StoredTopic } from "../state/types";
import { topicKey } from "./topics";

/** Older records are dropped past this many per topic; counters keep counting. */
export const retainedPerTopic = 10_000;
/** A messages page stops before its values pass this many bytes (it always holds at least one record). */
export const messagePageByteBudget = 8 * 1024 * 1024;

/** How much a topic keeps: the topic's own `retention.bytes` when smaller than the server's ceiling. */
export function retentionOf(store: Store, topic: StoredTopic): Retention {
  const own = topic.retentionBytes > 0 ? topic.retentionBytes : Infinity;
  return { maxRecords: retainedPerTopic, maxBytes: Math.min(own, store.limits.retainedBytesPerTopic) };
}

/** Stores one record (committed before this returns) and answers its offset. */
export function appendRecord(store: Store, topic: StoredTopic, key: unknown, value: unknown, bytes: number): number {
  return store.appendMessage(topicKey(topic.serviceId, topic.id), { key, value, bytes }, retentionOf(store, topic));
}
