// Records written to topics, with the per-topic counters shown for monitoring (events written, bytes).
import type { Store } from "../state/store";
import type { TopicData, TopicRecord } from "../state/types";
import { topicKey } from "./topics";

/** Older records are dropped past this many per topic; counters keep counting. */
export const RETAINED_PER_TOPIC = 10_000;

export function dataOf(store: Store, topic: TopicRecord): TopicData {
  const k = topicKey(topic.serviceId, topic.id);
  let data = store.state.topicData[k];
  if (!data) {
    data = { messages: [], nextOffset: 0, eventsWritten: 0, bytesWritten: 0 };
    store.state.topicData[k] = data;
  }
  return data;
}

export function appendRecord(store: Store, topic: TopicRecord, key: unknown, value: unknown, bytes: number): number {
  const data = dataOf(store, topic);
  const offset = data.nextOffset++;
  data.messages.push({ offset, partition: 0, key, value, timestamp: Date.now(), bytes });
  if (data.messages.length > RETAINED_PER_TOPIC) data.messages.splice(0, data.messages.length - RETAINED_PER_TOPIC);
  data.eventsWritten += 1;
  data.bytesWritten += bytes;
  store.changed();
  return offset;
}
