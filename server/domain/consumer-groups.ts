/**
 * Consumer groups: each destination reads its pipelines' topics as one Kafka Connect sink, whose consumer group
 * Kafka Connect names `connect-<connector name>`; this server names a destination's connector
 * `destination_<id>`, as the service's topic names suggest for sources (`source_<id>.<table>`). Neither name is
 * published (docs/real-api.md).
 *
 * Offsets: a running destination is at the end of every topic (nothing local delivers anywhere, so it keeps up).
 * A reset holds the destination's offsets where it put them until the destination runs again; Kafka refuses to
 * reset a group with active members, so the destination must be paused or stopped first.
 */
import type { Store } from "../state/store";
import type { StoredConnector, StoredTopic } from "../state/types";
import { connectorStatus } from "./status";
import { findTopic, topicKey } from "./topics";

const groupPrefix = "connect-destination_";

export function consumerGroupId(destinationId: string): string {
  return `${groupPrefix}${destinationId}`;
}

/** The destination whose group this is, among the caller's; undefined for any other name. */
export function destinationOfGroup(store: Store, serviceId: string, groupId: string): StoredConnector | undefined {
  if (!groupId.startsWith(groupPrefix)) return undefined;
  const destination = store.state.connectors[groupId.slice(groupPrefix.length)];
  return destination?.kind === "destination" && destination.serviceId === serviceId ? destination : undefined;
}

/** The ids of the topics a service's live pipelines deliver (only those to `destinationId`, when given). */
export function deliveredTopicIds(store: Store, serviceId: string, destinationId?: string): Set<string> {
  return new Set(
    Object.values(store.state.pipelines)
      .filter((pipeline) => pipeline.serviceId === serviceId && pipeline.deleteAt === undefined)
      .filter((pipeline) => destinationId === undefined || pipeline.destinationId === destinationId)
      .flatMap((pipeline) => pipeline.topicIds),
  );
}

/** The topics the destination's pipelines deliver, in the order they were linked. */
export function groupTopics(store: Store, destination: StoredConnector): StoredTopic[] {
  return [...deliveredTopicIds(store, destination.serviceId, destination.id)]
    .map((id) => findTopic(store, destination.serviceId, id))
    .filter((topic): topic is StoredTopic => topic !== undefined);
}

/** Whether the destination has run since `at`: its timeline reached `Active` after that time. */
function ranSince(destination: StoredConnector, at: number, now: number): boolean {
  return destination.timeline.some((step) => step.status === "Active" && step.at > at && step.at <= now);
}

export function isActive(destination: StoredConnector, now = Date.now()): boolean {
  return connectorStatus(destination, now) === "Active";
}

/** The topic's first retained offset and the offset its next record gets. */
export function offsetBounds(store: Store, topic: StoredTopic): { earliest: number; latest: number } {
  const data = store.state.topicData[topicKey(topic.serviceId, topic.id)];
  const latest = data?.nextOffset ?? 0;
  return { earliest: latest - (data?.retainedRecords ?? 0), latest };
}

/** Where the group stands on a topic now. */
export function committedOffset(store: Store, destination: StoredConnector, topic: StoredTopic, now = Date.now()) {
  const { latest } = offsetBounds(store, topic);
  const reset = destination.consumerOffsets;
  if (isActive(destination, now) || reset === undefined || ranSince(destination, reset.at, now)) return latest;
  return reset.offsets[topic.id] ?? latest;
}

export function renderConsumerGroup(store: Store, destination: StoredConnector, now = Date.now()) {
  const topics = groupTopics(store, destination).map((topic) => {
    const current = committedOffset(store, destination, topic, now);
    const { latest } = offsetBounds(store, topic);
    return { topic: topic.id, partition: 0, current_offset: current, log_end_offset: latest, lag: latest - current };
  });
  return {
    group_id: consumerGroupId(destination.id),
    state: isActive(destination, now) ? "Stable" : "Empty",
    members: isActive(destination, now) ? 1 : 0,
    entity_id: destination.id,
    entity_name: destination.name,
    lag: topics.reduce((sum, topic) => sum + topic.lag, 0),
    topics,
  };
}
