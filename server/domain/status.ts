// Connector status timelines: each lifecycle operation schedules the statuses a real connector would pass
// through; reads evaluate the timeline at the current time.
import type { ConnectorRecord, StatusStep } from "../state/types";

export const CONNECTOR_STATUSES = [
  "Active",
  "Paused",
  "Stopped",
  "Broken",
  "Starting",
  "Unassigned",
  "Unknown",
  "Pending",
  "Pending Update",
  "Deleting",
] as const;

export function effective(timeline: StatusStep[], now = Date.now()): string {
  let current = timeline[0]?.status ?? "Unknown";
  for (const step of timeline) if (step.at <= now) current = step.status;
  return current;
}

export function connectorStatus(c: ConnectorRecord, now = Date.now()): string {
  if (c.deleteAt !== undefined) return "Deleting";
  return effective(c.timeline, now);
}

/** Starting now, `target` after `delayMs`. */
export function startingThen(target: string, delayMs: number, now = Date.now()): StatusStep[] {
  return [
    { status: "Starting", at: now },
    { status: target, at: now + delayMs },
  ];
}

const TASK_STATE: Record<string, string> = {
  Active: "RUNNING",
  Paused: "PAUSED",
  Stopped: "STOPPED",
  Broken: "FAILED",
  Starting: "UNASSIGNED",
  Pending: "UNASSIGNED",
  "Pending Update": "UNASSIGNED",
  Unassigned: "UNASSIGNED",
  Deleting: "UNASSIGNED",
  Unknown: "UNKNOWN",
};

/** task_statuses: `{"<task>": {state, worker_id, streaming}}` (inner shape unpublished; ours is documented). */
export function taskStatuses(c: ConnectorRecord, now = Date.now()): Record<string, Record<string, string>> {
  const status = connectorStatus(c, now);
  const state = TASK_STATE[status] ?? "UNKNOWN";
  const streaming =
    c.streamingPausedUntil !== undefined && c.streamingPausedUntil > now ? "PAUSED_FOR_BLOCKING_SNAPSHOT" : state;
  return { "0": { state, worker_id: "local-worker-0", streaming } };
}
