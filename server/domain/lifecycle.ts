/**
 * Lifecycle operations on sources and destinations as status timelines, following Kafka Connect semantics:
 * pause is immediate, resume/restart/deploy pass through Starting, stop is immediate.
 */
import { HttpError } from "../core/errors";
import type { ConnectorRecord } from "../state/types";
import { connectorStatus, isBeingDeleted, startingThen } from "./status";

export const lifecycleOperations = ["pause", "resume", "stop", "restart", "reset", "restart_task", "deploy"] as const;
export type Operation = (typeof lifecycleOperations)[number];

/** Applies an operation; throws 409 when the current status does not allow it. */
export function applyOperation(c: ConnectorRecord, op: Operation, delayMs: number, now = Date.now()): void {
  const status = connectorStatus(c, now);
  if (isBeingDeleted(c)) throw new HttpError(409, `${c.kind} ${c.id} is being deleted`);
  switch (op) {
    case "pause":
      if (status === "Stopped") throw new HttpError(409, `Cannot pause ${c.kind} ${c.id}: it is Stopped`);
      if (status !== "Paused") c.timeline = [{ status: "Paused", at: now }];
      return;
    case "stop":
      if (status !== "Stopped") c.timeline = [{ status: "Stopped", at: now }];
      return;
    case "resume":
      if (status === "Active" || status === "Starting") return;
      c.timeline = startingThen("Active", delayMs, now);
      return;
    case "restart":
    case "restart_task":
      if (status === "Stopped") throw new HttpError(409, `Cannot restart ${c.kind} ${c.id}: it is Stopped; resume it`);
      c.timeline = startingThen(status === "Paused" ? "Paused" : "Active", delayMs, now);
      return;
    case "reset":
    case "deploy":
      c.timeline = startingThen("Active", delayMs, now);
      c.streamingPausedUntil = undefined;
      return;
  }
}
