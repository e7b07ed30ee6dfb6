/**
 * Topics: those a source derives from its table (or collection, or webhook topic) list, those created through
 * POST /topics, and those a webhook request to an unlisted path discovers.
 */
import { createHash } from "node:crypto";

import { type CatalogueConnector, findConnector } from "../../catalogue";
import type { topicEntityTypes } from "../../catalogue/wire-values";
import type { Store } from "../state/store";
import type { StoredConnector, StoredTopic } from "../state/types";

/**
 * A topic's database id, which `/topics/details` lists beside its id (`entity.topic_db_ids`, "MongoDB ObjectIds":
 * TF internal/api/topic.go:47-55,105) and `POST /topics/table_metrics` takes. Derived from the topic's key, so
 * every topic has one, however and whenever it was stored.
 */
export function topicDbId(topic: { serviceId: string; id: string }): string {
  return createHash("sha1").update(topicKey(topic.serviceId, topic.id)).digest("hex").slice(0, 24);
}

/** Topics are stored per service: two services may each have a topic with the same name. */
export function topicKey(serviceId: string, id: string): string {
  return `${serviceId}/${id}`;
}

export function findTopic(store: Store, serviceId: string, id: string): StoredTopic | undefined {
  return store.state.topics[topicKey(serviceId, id)];
}

export function deleteTopic(store: Store, topic: StoredTopic): void {
  delete store.state.topics[topicKey(topic.serviceId, topic.id)];
  delete store.state.topicData[topicKey(topic.serviceId, topic.id)];
  store.changed();
}

export function sourceTopicId(sourceId: string, name: string): string {
  return `source_${sourceId}.${name}`;
}

/** The display name drops the first dot segment of the id (`source_<id>.`). */
export function displayName(topic: StoredTopic): string {
  return topic.name;
}

/**
 * The config key that lists the tables (or collections, or webhook topics) a source captures: the first of these
 * the connector has.
 */
function topicListKey(connector: CatalogueConnector): string | undefined {
  const preferred = [
    "table.include.list.user.defined",
    "collection.include.list.user.defined",
    "topic.include.list.user.defined",
    "endpoint.include.list.user.defined",
  ];
  return preferred.find((key) => connector.settingsByKey.has(key));
}

/**
 * The namespace a connector puts before each listed table in its topic names, where its tables have none of their
 * own: DynamoDB's `warehouse-test-2` is the topic `default.warehouse-test-2` (TF
 * internal/provider/pipeline_resource_test.go:221,276: a pipeline names it so).
 */
const tableNamespaces: Readonly<Record<string, string>> = { dynamodb: "default" };

export function listedTopicNames(source: StoredConnector): string[] {
  const connector = findConnector("source", source.connector);
  const key = connector ? topicListKey(connector) : undefined;
  const value = key ? source.config[key] : undefined;
  const text = Array.isArray(value) ? value.join(",") : typeof value === "string" ? value : "";
  const namespace = tableNamespaces[source.connector];
  return [
    ...new Set(
      text
        .split(",")
        .map((word) => word.trim())
        .filter(Boolean)
        .map((name) => (namespace === undefined || name.startsWith(`${namespace}.`) ? name : `${namespace}.${name}`)),
    ),
  ];
}

export function newTopic(
  store: Store,
  fields: Partial<StoredTopic> & Pick<StoredTopic, "id" | "serviceId" | "name">,
): StoredTopic {
  const now = Date.now();
  const topic: StoredTopic = {
    entityType: "topic",
    entityId: null,
    partitions: 1,
    replicationFactor: 3,
    cleanupPolicy: "delete",
    retentionMs: 604_800_000,
    retentionBytes: -1,
    minInsyncReplicas: 2,
    maxMessageBytes: 1_048_588,
    customConfigs: {},
    tags: [],
    createdAt: now,
    registeredAt: now,
    ...fields,
  };
  store.state.topics[topicKey(topic.serviceId, topic.id)] = topic;
  store.changed();
  return topic;
}

/** Makes the source's topic records match its current list (discovered webhook topics are kept). */
export function syncSourceTopics(store: Store, source: StoredConnector): void {
  if (source.kind !== "source") return;
  const wanted = new Set(listedTopicNames(source).map((topicName) => sourceTopicId(source.id, topicName)));
  for (const topic of Object.values(store.state.topics)) {
    if (topic.entityType === "source" && topic.entityId === source.id && !topic.discovered && !wanted.has(topic.id)) {
      deleteTopic(store, topic);
    }
  }
  for (const name of listedTopicNames(source)) {
    const id = sourceTopicId(source.id, name);
    const existing = findTopic(store, source.serviceId, id);
    if (existing) {
      // A listed topic is registered at once, even if an earlier unlisted request discovered it.
      existing.discovered = false;
      existing.registeredAt = Math.min(existing.registeredAt, Date.now());
      continue;
    }
    newTopic(store, { id, serviceId: source.serviceId, name, entityType: "source", entityId: source.id });
  }
  store.changed();
}

/** Discovered topic ids by source, as of a version of the topics (a listing of sources asks once per source). */
const discoveredIndex = new WeakMap<Store, { version: number; bySource: Map<string, string[]> }>();

function discoveredTopicIds(store: Store, sourceId: string): string[] {
  const version = store.version("topics");
  let index = discoveredIndex.get(store);
  if (index?.version !== version) {
    const bySource = new Map<string, string[]>();
    for (const [id, topic] of Object.entries(store.peek("topics"))) {
      if (topic.entityType !== "source" || !topic.discovered || topic.entityId === null) continue;
      const ids = bySource.get(topic.entityId);
      if (ids) ids.push(id);
      else bySource.set(topic.entityId, [id]);
    }
    index = { version, bySource };
    discoveredIndex.set(store, index);
  }
  return index.bySource.get(sourceId) ?? [];
}

/** Topics of a source visible now (listed, or discovered and registered), in list order then by name. */
export function sourceTopics(store: Store, source: StoredConnector, now = Date.now()): StoredTopic[] {
  const listed = listedTopicNames(source)
    .map((topicName) => findTopic(store, source.serviceId, sourceTopicId(source.id, topicName)))
    .filter((topic): topic is StoredTopic => topic !== undefined);
  const discovered = discoveredTopicIds(store, source.id)
    .map((id) => store.state.topics[id])
    .filter((topic) => topic !== undefined && topic.registeredAt <= now)
    .sort((a, b) => a.name.localeCompare(b.name));
  return [...listed, ...discovered];
}

export type SnapshotStatus = "running" | "completed" | "failed" | "pending" | "cancelled";

export const snapshotStatuses: readonly SnapshotStatus[] = ["running", "completed", "failed", "pending", "cancelled"];

/** A held snapshot (local switch) keeps running past its clock until released. */
export function snapshotStatus(topic: StoredTopic, now = Date.now()): SnapshotStatus | null {
  const snapshot = topic.snapshot;
  if (!snapshot) return null;
  if (snapshot.cancelledAt !== undefined) return "cancelled";
  if (snapshot.failed) return "failed";
  if (now < snapshot.startedAt) return "pending";
  if (now < snapshot.completesAt || topic.snapshotHeld) return "running";
  return "completed";
}

/**
 * The `entity_type` values of the real listing (`topicEntityTypes`, catalogue/wire-values.ts). Stored values stay
 * singular so older state.json files load.
 */
export type WireEntityType = (typeof topicEntityTypes)[number];

export function wireEntityType(topic: StoredTopic): WireEntityType {
  if (topic.entityType === "source") return "sources";
  if (topic.entityType === "transform") return "transforms";
  return "manual";
}
