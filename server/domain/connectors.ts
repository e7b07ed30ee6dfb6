/**
 * Sources and destinations ("connectors"): creation, replacement of the managed config, config history, and the
 * wire shape of the object.
 */
import { findConnector } from "../../catalogue";
import { nowIso, objectId, secretString } from "../core/ids";
import type { Store } from "../state/store";
import type { ConfigValue, StoredConnector, Origin } from "../state/types";
import { diffConfig, maskConfig, normalizeConfig, secretKeys, webhookApiKey, webhookUrlKey } from "./config";
import { connectorStatus, startingThen, taskStatuses } from "./status";
import { sourceTopics, syncSourceTopics } from "./topics";

export type Kind = "source" | "destination";

export interface Author {
  origin: Origin;
  actor: string;
}

function summarize(changes: number, created: boolean, origin: Origin): string {
  if (created) return `Created via ${origin} with ${changes} setting${changes === 1 ? "" : "s"}`;
  return `Updated ${changes} setting${changes === 1 ? "" : "s"} via ${origin}`;
}

function secretsOf(record: StoredConnector): Set<string> {
  const connector = findConnector(record.kind, record.connector);
  return connector ? secretKeys(connector) : new Set();
}

/** Appends a history version when the config changed (whatever the origin). */
export function recordVersion(connector: StoredConnector, before: Record<string, ConfigValue>, author: Author): void {
  const created = connector.history.length === 0;
  const changes = diffConfig(before, connector.config, secretsOf(connector));
  if (!created && changes.length === 0) return;
  connector.history.push({
    version: connector.history.length + 1,
    timestamp: Date.now(),
    origin: author.origin,
    actor: author.actor,
    summary: summarize(changes.length, created, author.origin),
    changes,
    config: { ...connector.config },
  });
}

export interface CreateInput {
  kind: Kind;
  serviceId: string;
  name: string;
  connector: string;
  config: unknown;
  createdFrom: Origin;
  desiredState?: string;
  tags: string[];
  /** Absent for the default cluster. */
  kcClusterId?: string;
  wait: boolean;
  author: Author;
}

export function createConnector(store: Store, input: CreateInput): StoredConnector {
  const config = normalizeConfig({ kind: input.kind, connector: input.connector, config: input.config });
  const now = Date.now();
  const delay = store.timings.statusDelayMs;
  const desired = input.desiredState ?? "Active";
  // wait=false answers at once and deploys in the background, passing through `Pending Update`.
  const timeline =
    desired === "Pending"
      ? [{ status: "Pending", at: now }]
      : input.wait
        ? startingThen(desired, delay, now)
        : [
            { status: "Pending Update", at: now },
            { status: desired, at: now + Math.max(1, store.timings.pendingUpdateMs) },
          ];
  const connector: StoredConnector = {
    id: objectId(),
    kind: input.kind,
    serviceId: input.serviceId,
    name: input.name,
    connector: input.connector,
    config,
    createdAt: now,
    createdFrom: input.createdFrom,
    tags: input.tags,
    ...(input.kcClusterId ? { kcClusterId: input.kcClusterId } : {}),
    timeline,
    history: [],
  };
  if (input.connector === "webhook" && input.kind === "source") {
    connector.webhookToken = secretString(18);
    connector.config[webhookApiKey] = secretString(24);
  }
  recordVersion(connector, {}, input.author);
  store.state.connectors[connector.id] = connector;
  syncSourceTopics(store, connector);
  store.changed();
  return connector;
}

export function updateConnector(
  store: Store,
  connector: StoredConnector,
  input: { name: string; config: unknown; wait: boolean; author: Author },
): void {
  const before = { ...connector.config };
  const config = normalizeConfig({
    kind: connector.kind,
    connector: connector.connector,
    config: input.config,
    previous: before,
  });
  if (before[webhookApiKey] !== undefined && connector.connector === "webhook")
    config[webhookApiKey] = before[webhookApiKey];
  connector.name = input.name;
  connector.config = config;
  recordVersion(connector, before, input.author);
  if (!input.wait) {
    // wait=false: the update deploys in the background; the status passes through "Pending Update".
    // Where the connector was heading (an update during an earlier `Pending Update` keeps its destination).
    const now = Date.now();
    const target = connector.timeline[connector.timeline.length - 1]?.status ?? "Active";
    connector.timeline = [
      { status: "Pending Update", at: now },
      { status: target === "Starting" ? "Active" : target, at: now + store.timings.pendingUpdateMs },
    ];
  }
  syncSourceTopics(store, connector);
  store.changed();
}

export interface RenderOptions {
  revealSecrets: boolean;
  webhookBaseUrl: string;
}

export function renderConnector(store: Store, record: StoredConnector, options: RenderOptions) {
  const service = store.service(record.serviceId);
  const connector = findConnector(record.kind, record.connector);
  const config = maskConfig(record.config, secretsOf(record), options.revealSecrets);
  if (record.webhookToken) config[webhookUrlKey] = `${options.webhookBaseUrl}/${record.webhookToken}`;
  const topics = record.kind === "source" ? sourceTopics(store, record) : [];
  const now = Date.now();
  return {
    id: record.id,
    name: record.name,
    connector: record.connector,
    connector_display_name: connector?.displayName ?? record.connector,
    created_timestamp: nowIso(record.createdAt),
    sub_id: service?.subId ?? null,
    tenant_id: service?.tenantId ?? null,
    ...(record.kind === "source" ? { service_id: record.serviceId } : {}),
    config,
    topic_ids: topics.map((topic) => topic.id),
    topic_map: Object.fromEntries(topics.map((topic) => [topic.name, topic.id])),
    topics: topics.map((topic) => topic.name),
    tasks: [0],
    connector_status: connectorStatus(record, now),
    // The state the connector is meant to settle in (DOCS deploy-source answers the Source with it).
    desired_state: desiredState(record),
    // DOCS Source schema: `kc_cluster_id`, "None means default cluster".
    kc_cluster_id: record.kcClusterId ?? null,
    task_statuses: taskStatuses(record, now),
    // No `created_from`: no documented Source or Destination answer carries it (audit S22). It is still taken
    // on create and kept, and shows as the origin of the first config-history version.
    tags: record.tags,
  };
}

export function connectorsOf(store: Store, kind: Kind, serviceId: string): StoredConnector[] {
  return Object.entries(store.peek("connectors"))
    .filter(([, connector]) => connector.kind === kind && connector.serviceId === serviceId)
    .map(([id]) => store.state.connectors[id]);
}

/** `Pending`, `Active`, `Paused` or `Stopped`: where the status timeline leads (DOCS `desired_state` values). */
function desiredState(connector: StoredConnector): string {
  const target = connector.timeline[connector.timeline.length - 1]?.status;
  return target === "Pending" || target === "Paused" || target === "Stopped" ? target : "Active";
}
