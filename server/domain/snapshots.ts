/**
 * Snapshots (api.md "POST /sources/snapshot"): incremental (filters allowed, streaming continues) or blocking
 * (no filters, streaming paused while it runs); one running snapshot per source; the topics carry the status and
 * are snapshotted one after another, each taking `snapshotDurationMs`.
 */
import { HttpError } from "../core/errors";
import type { Store } from "../state/store";
import type { StoredConnector, StoredTopic } from "../state/types";
import { connectorStatus } from "./status";
import { snapshotStatus, sourceTopics } from "./topics";

export interface SnapshotRequest {
  topicNames?: string[] | null;
  additionalConditions?: Array<{ data_collection: string; filter: string }> | null;
  snapshotType: "incremental" | "blocking";
  surrogateKey?: string | null;
}

export function runningTopics(store: Store, source: StoredConnector, now = Date.now()): StoredTopic[] {
  return sourceTopics(store, source, now).filter((topic) => {
    const snapshot = snapshotStatus(topic, now);
    return snapshot === "running" || snapshot === "pending";
  });
}

/** Checks every rule first (422/409) so a rejected request changes nothing; returns the selected topics. */
export function checkSnapshot(
  store: Store,
  source: StoredConnector,
  req: SnapshotRequest,
  now = Date.now(),
): StoredTopic[] {
  if (req.snapshotType === "blocking" && req.additionalConditions && req.additionalConditions.length > 0) {
    throw new HttpError(422, [
      {
        loc: ["body", "additional_conditions"],
        msg: "Filters (additional_conditions) are only supported for incremental snapshots",
        type: "value_error",
      },
    ]);
  }
  if (req.snapshotType === "blocking" && req.surrogateKey) {
    throw new HttpError(422, [
      {
        loc: ["body", "surrogate_key"],
        msg: "surrogate_key applies to incremental snapshots only",
        type: "value_error",
      },
    ]);
  }
  const all = sourceTopics(store, source, now);
  const selected = req.topicNames
    ? req.topicNames.map((name, index) => {
        const topic = all.find((record) => record.id === name || record.name === name);
        if (!topic) {
          throw new HttpError(422, [
            {
              loc: ["body", "topic_names", index],
              msg: `Topic '${name}' does not belong to source ${source.id}`,
              type: "value_error",
            },
          ]);
        }
        return topic;
      })
    : all;
  (req.additionalConditions ?? []).forEach((cond, index) => {
    if (
      !selected.some((topic) => topic.name === cond.data_collection || topic.name.endsWith(`.${cond.data_collection}`))
    ) {
      throw new HttpError(422, [
        {
          loc: ["body", "additional_conditions", index, "data_collection"],
          msg: `Table '${cond.data_collection}' is not among the snapshotted topics`,
          type: "value_error",
        },
      ]);
    }
  });
  if (selected.length === 0)
    throw new HttpError(422, [{ loc: ["body", "topic_names"], msg: "No topics to snapshot", type: "value_error" }]);
  const status = connectorStatus(source, now);
  if (status !== "Active") throw new HttpError(409, `Source ${source.id} is ${status}; a snapshot needs it Active`);
  if (runningTopics(store, source, now).length > 0) {
    throw new HttpError(409, `A snapshot of source ${source.id} is already running; cancel it first`);
  }
  return selected;
}

export function startSnapshot(
  store: Store,
  source: StoredConnector,
  topics: StoredTopic[],
  req: SnapshotRequest,
  now = Date.now(),
) {
  const duration = store.timings.snapshotDurationMs;
  topics.forEach((topic, index) => {
    topic.snapshot = {
      type: req.snapshotType,
      startedAt: now + index * duration,
      completesAt: now + (index + 1) * duration,
    };
  });
  if (req.snapshotType === "blocking") {
    // A held snapshot pauses streaming until it is released.
    source.streamingPausedUntil = topics.some((topic) => topic.snapshotHeld)
      ? Number.MAX_SAFE_INTEGER
      : now + topics.length * duration;
  }
  store.changed();
}

/**
 * Local-only switch: the source's snapshot (the one running, or the next one started) keeps running until
 * {@link releaseSnapshot}, so a test can act while it runs without racing `snapshotDurationMs`.
 */
export function holdSnapshot(store: Store, source: StoredConnector, now = Date.now()): StoredTopic[] {
  const topics = sourceTopics(store, source, now);
  for (const topic of topics) topic.snapshotHeld = true;
  if (runningTopics(store, source, now).some((topic) => topic.snapshot?.type === "blocking")) {
    source.streamingPausedUntil = Number.MAX_SAFE_INTEGER;
  }
  store.changed();
  return topics;
}

/** Ends the hold: a held snapshot completes now (its topics report `completed`), and streaming resumes. */
export function releaseSnapshot(store: Store, source: StoredConnector, now = Date.now()): StoredTopic[] {
  const topics = Object.values(store.state.topics).filter(
    (topic) => topic.entityType === "source" && topic.entityId === source.id && topic.snapshotHeld,
  );
  for (const record of topics) {
    record.snapshotHeld = undefined;
    const snapshot = record.snapshot;
    if (snapshot && snapshot.cancelledAt === undefined && !snapshot.failed) {
      snapshot.startedAt = Math.min(snapshot.startedAt, now);
      snapshot.completesAt = Math.min(snapshot.completesAt, now);
    }
  }
  if (source.streamingPausedUntil !== undefined && source.streamingPausedUntil > now) {
    source.streamingPausedUntil = now;
  }
  store.changed();
  return topics;
}

export function cancelSnapshot(
  store: Store,
  source: StoredConnector,
  topicNames: string[] | null | undefined,
  now = Date.now(),
) {
  const running = runningTopics(store, source, now).filter(
    (topic) => !topicNames || topicNames.includes(topic.name) || topicNames.includes(topic.id),
  );
  if (running.length === 0) throw new HttpError(409, `No snapshot of source ${source.id} is running`);
  const type = running[0].snapshot?.type ?? "incremental";
  for (const record of running) if (record.snapshot) record.snapshot.cancelledAt = now;
  if (runningTopics(store, source, now).length === 0) source.streamingPausedUntil = undefined;
  store.changed();
  return { type, topics: running };
}
