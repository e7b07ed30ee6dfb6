/**
 * Connector status timelines: each lifecycle operation schedules the statuses a real connector would pass
 * through; reads evaluate the timeline at the current time. The statuses are the documented enum (DOCS Source
 * schema) plus the transient `Pending Update` seen after wait=false writes (TF resource/connector/base.go:519-541).
 * A connector being deleted keeps its status until it is gone: the real service has no `Deleting`.
 */
import type { StoredConnector, StatusStep } from "../state/types";

export const connectorStatuses = [
  "Active",
  "Paused",
  "Stopped",
  "Broken",
  "Starting",
  "Unassigned",
  "Unknown",
  "Pending",
  "Pending Update",
] as const;

export function effective(timeline: StatusStep[], now = Date.now()): string {
  let current = timeline[0]?.status ?? "Unknown";
  for (const step of timeline) if (step.at <= now) current = step.status;
  return current;
}

export function connectorStatus(connector: StoredConnector, now = Date.now()): string {
  return effective(connector.timeline, now);
}

/** True while an asynchronous delete runs: the object is still listed and read, but refuses changes. */
export function isBeingDeleted(connector: StoredConnector): boolean {
  return connector.deleteAt !== undefined;
}

/** Starting now, `target` after `delayMs`. */
export function startingThen(target: string, delayMs: number, now = Date.now()): StatusStep[] {
  return [
    { status: "Starting", at: now },
    { status: target, at: now + delayMs },
  ];
}

const taskState: Record<string, string> = {
  Active: "RUNNING",
  Paused: "PAUSED",
  Stopped: "STOPPED",
  Broken: "FAILED",
  Starting: "UNASSIGNED",
  Pending: "UNASSIGNED",
  "Pending Update": "UNASSIGNED",
  Unassigned: "UNASSIGNED",
  Unknown: "UNKNOWN",
};

/** task_statuses: `{"<task>": {state, worker_id, streaming}}` (inner shape unpublished; ours is documented). */
export function taskStatuses(connector: StoredConnector, now = Date.now()): Record<string, Record<string, string>> {
  const status = connectorStatus(connector, now);
  const state = taskState[status] ?? "UNKNOWN";
  const streaming =
    connector.streamingPausedUntil !== undefined && connector.streamingPausedUntil > now
      ? "PAUSED_FOR_BLOCKING_SNAPSHOT"
      : state;
  return { "0": { state, worker_id: "local-worker-0", streaming } };
}
