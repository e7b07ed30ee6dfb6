/**
 * Snapshots (api.md "POST /sources/snapshot"): incremental (filters allowed, streaming continues) or blocking
 * (no filters, streaming paused while it runs); one running snapshot per source; the topics carry the status and
 * are snapshotted one after another, each taking `snapshotDurationMs`.
 */
import { HttpError } from "../core/errors";
import type { Store } from "../state/store";
import type { ConnectorRecord, TopicRecord } from "../state/types";
import { connectorStatus } from "./status";
import { snapshotStatus, sourceTopics } from "./topics";

export interface SnapshotRequest {
  topicNames?: string[] | null;
  additionalConditions?: Array<{ data_collection: string; filter: string }> | null;
  snapshotType: "incremental" | "blocking";
  surrogateKey?: string | null;
}

export function runningTopics(store: Store, source: ConnectorRecord, now = Date.now()): TopicRecord[] {
  return sourceTopics(store, source, now).filter((t) => {
    const s = snapshotStatus(t, now);
    return s === "running" || s === "pending";
  });
}

/** Checks every rule first (422/409) so a rejected request changes nothing; returns the selected topics. */
export function checkSnapshot(
  store: Store,
  source: ConnectorRecord,
  req: SnapshotRequest,
  now = Date.now(),
): TopicRecord[] {
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
    ? req.topicNames.map((name, i) => {
        const t = all.find((x) => x.id === name || x.name === name);
        if (!t) {
          throw new HttpError(422, [
            {
              loc: ["body", "topic_names", i],
              msg: `Topic '${name}' does not belong to source ${source.id}`,
              type: "value_error",
            },
          ]);
        }
        return t;
      })
    : all;
  (req.additionalConditions ?? []).forEach((cond, i) => {
    if (!selected.some((t) => t.name === cond.data_collection || t.name.endsWith(`.${cond.data_collection}`))) {
      throw new HttpError(422, [
        {
          loc: ["body", "additional_conditions", i, "data_collection"],
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
  source: ConnectorRecord,
  topics: TopicRecord[],
  req: SnapshotRequest,
  now = Date.now(),
) {
  const d = store.timings.snapshotDurationMs;
  topics.forEach((t, i) => {
    t.snapshot = { type: req.snapshotType, startedAt: now + i * d, completesAt: now + (i + 1) * d };
  });
  if (req.snapshotType === "blocking") {
    // A held snapshot pauses streaming until it is released.
    source.streamingPausedUntil = topics.some((t) => t.snapshotHeld)
      ? Number.MAX_SAFE_INTEGER
      : now + topics.length * d;
  }
  store.changed();
}

/**
 * Local-only switch: the source's snapshot (the one running, or the next one started) keeps running until
 * {@link releaseSnapshot}, so a test can act while it runs without racing `snapshotDurationMs`.
 */
export function holdSnapshot(store: Store, source: ConnectorRecord, now = Date.now()): TopicRecord[] {
  const topics = sourceTopics(store, source, now);
  for (const t of topics) t.snapshotHeld = true;
  if (runningTopics(store, source, now).some((t) => t.snapshot?.type === "blocking")) {
    source.streamingPausedUntil = Number.MAX_SAFE_INTEGER;
  }
  store.changed();
  return topics;
}

/** Ends the hold: a held snapshot completes now (its topics report `completed`), and streaming resumes. */
export function releaseSnapshot(store: Store, source: ConnectorRecord, now = Date.now()): TopicRecord[] {
  const topics = Object.values(store.state.topics).filter(
    (t) => t.entityType === "source" && t.entityId === source.id && t.snapshotHeld,
  );
  for (const t of topics) {
    t.snapshotHeld = undefined;
    const s = t.snapshot;
    if (s && s.cancelledAt === undefined && !s.failed) {
      s.startedAt = Math.min(s.startedAt, now);
      s.completesAt = Math.min(s.completesAt, now);
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
  source: ConnectorRecord,
  topicNames: string[] | null | undefined,
  now = Date.now(),
) {
  const running = runningTopics(store, source, now).filter(
    (t) => !topicNames || topicNames.includes(t.name) || topicNames.includes(t.id),
  );
  if (running.length === 0) throw new HttpError(409, `No snapshot of source ${source.id} is running`);
  const type = running[0].snapshot?.type ?? "incremental";
  for (const t of running) if (t.snapshot) t.snapshot.cancelledAt = now;
  if (runningTopics(store, source, now).length === 0) source.streamingPausedUntil = undefined;
  store.changed();
  return { type, topics: running };
}
