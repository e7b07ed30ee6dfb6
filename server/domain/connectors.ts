// Sources and destinations ("connectors"): creation, replacement of the managed config, config history, and the
// wire shape of the object.
import { findConnector } from "../catalog";
import { nowIso, objectId, secretString } from "../core/ids";
import type { Store } from "../state/store";
import type { ConfigValue, ConnectorRecord, Origin } from "../state/types";
import { diffConfig, maskConfig, normalizeConfig, secretKeys, WEBHOOK_API_KEY, WEBHOOK_URL_KEY } from "./config";
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

function secretsOf(c: ConnectorRecord): Set<string> {
  const connector = findConnector(c.kind, c.connector);
  return connector ? secretKeys(connector) : new Set();
}

/** Appends a history version when the config changed (whatever the origin). */
export function recordVersion(c: ConnectorRecord, before: Record<string, ConfigValue>, author: Author): void {
  const created = c.history.length === 0;
  const changes = diffConfig(before, c.config, secretsOf(c));
  if (!created && changes.length === 0) return;
  c.history.push({
    version: c.history.length + 1,
    timestamp: Date.now(),
    origin: author.origin,
    actor: author.actor,
    summary: summarize(changes.length, created, author.origin),
    changes,
    config: { ...c.config },
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
  wait: boolean;
  author: Author;
}

export function createConnector(store: Store, input: CreateInput): ConnectorRecord {
  const config = normalizeConfig({ kind: input.kind, connector: input.connector, config: input.config });
  const now = Date.now();
  const delay = store.timings.statusDelayMs;
  const desired = input.desiredState ?? "Active";
  const timeline =
    desired === "Pending"
      ? [{ status: "Pending", at: now }]
      : input.wait
        ? startingThen(desired, delay, now)
        : [{ status: "Pending Update", at: now }, ...startingThen(desired, delay, now + 1).slice(1)];
  const c: ConnectorRecord = {
    id: objectId(),
    kind: input.kind,
    serviceId: input.serviceId,
    name: input.name,
    connector: input.connector,
    config,
    createdAt: now,
    createdFrom: input.createdFrom,
    tags: input.tags,
    timeline,
    history: [],
  };
  if (input.connector === "webhook" && input.kind === "source") {
    c.webhookToken = secretString(18);
    c.config[WEBHOOK_API_KEY] = secretString(24);
  }
  recordVersion(c, {}, input.author);
  store.state.connectors[c.id] = c;
  syncSourceTopics(store, c);
  store.changed();
  return c;
}

export function updateConnector(
  store: Store,
  c: ConnectorRecord,
  input: { name: string; config: unknown; wait: boolean; author: Author },
): void {
  const before = { ...c.config };
  const config = normalizeConfig({ kind: c.kind, connector: c.connector, config: input.config, previous: before });
  if (before[WEBHOOK_API_KEY] !== undefined && c.connector === "webhook")
    config[WEBHOOK_API_KEY] = before[WEBHOOK_API_KEY];
  c.name = input.name;
  c.config = config;
  recordVersion(c, before, input.author);
  if (!input.wait) {
    // wait=false: the update deploys in the background; the status passes through "Pending Update".
    const now = Date.now();
    const target = connectorStatus(c, now);
    c.timeline = [
      { status: "Pending Update", at: now },
      { status: target === "Starting" ? "Active" : target, at: now + store.timings.statusDelayMs },
    ];
  }
  syncSourceTopics(store, c);
  store.changed();
}

export interface RenderOptions {
  revealSecrets: boolean;
  webhookBaseUrl: string;
}

export function renderConnector(store: Store, c: ConnectorRecord, options: RenderOptions) {
  const service = store.service(c.serviceId);
  const connector = findConnector(c.kind, c.connector);
  const config = maskConfig(c.config, secretsOf(c), options.revealSecrets);
  if (c.webhookToken) config[WEBHOOK_URL_KEY] = `${options.webhookBaseUrl}/${c.webhookToken}`;
  const topics = c.kind === "source" ? sourceTopics(store, c) : [];
  const now = Date.now();
  return {
    id: c.id,
    name: c.name,
    connector: c.connector,
    connector_display_name: connector?.displayName ?? c.connector,
    created_timestamp: nowIso(c.createdAt),
    sub_id: service?.subId ?? null,
    tenant_id: service?.tenantId ?? null,
    ...(c.kind === "source" ? { service_id: c.serviceId } : {}),
    config,
    topic_ids: topics.map((t) => t.id),
    topic_map: Object.fromEntries(topics.map((t) => [t.name, t.id])),
    topics: topics.map((t) => t.name),
    tasks: [0],
    connector_status: connectorStatus(c, now),
    task_statuses: taskStatuses(c, now),
    created_from: c.createdFrom,
    tags: c.tags,
  };
}

export function connectorsOf(store: Store, kind: Kind, serviceId: string): ConnectorRecord[] {
  return Object.values(store.state.connectors).filter((c) => c.kind === kind && c.serviceId === serviceId);
}
