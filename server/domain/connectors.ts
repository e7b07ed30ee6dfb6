/**
 * Sources and destinations ("connectors"): creation, replacement of the managed config, config history, and the
 * wire shape of the object.
 */
import { findConnector } from "../../catalogue";
import { nowIso, objectId, secretString } from "../core/ids";
import type { Store } from "../state/store";
import type { ConfigValue, ConnectorRecord, Origin } from "../state/types";
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
    c.config[webhookApiKey] = secretString(24);
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
  if (before[webhookApiKey] !== undefined && c.connector === "webhook") config[webhookApiKey] = before[webhookApiKey];
  c.name = input.name;
  c.config = config;
  recordVersion(c, before, input.author);
  if (!input.wait) {
    // wait=false: the update deploys in the background; the status passes through "Pending Update".
    // Where the connector was heading (an update during an earlier `Pending Update` keeps its destination).
    const now = Date.now();
    const target = c.timeline[c.timeline.length - 1]?.status ?? "Active";
    c.timeline = [
      { status: "Pending Update", at: now },
      { status: target === "Starting" ? "Active" : target, at: now + store.timings.pendingUpdateMs },
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
  if (c.webhookToken) config[webhookUrlKey] = `${options.webhookBaseUrl}/${c.webhookToken}`;
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
    // The state the connector is meant to settle in (DOCS deploy-source answers the Source with it).
    desired_state: desiredState(c),
    task_statuses: taskStatuses(c, now),
    // No `created_from`: no documented Source or Destination answer carries it (audit S22). It is still taken
    // on create and kept, and shows as the origin of the first config-history version.
    tags: c.tags,
  };
}

export function connectorsOf(store: Store, kind: Kind, serviceId: string): ConnectorRecord[] {
  return Object.values(store.state.connectors).filter((c) => c.kind === kind && c.serviceId === serviceId);
}

/** `Pending`, `Active`, `Paused` or `Stopped`: where the status timeline leads (DOCS `desired_state` values). */
function desiredState(c: ConnectorRecord): string {
  const target = c.timeline[c.timeline.length - 1]?.status;
  return target === "Pending" || target === "Paused" || target === "Stopped" ? target : "Active";
}
