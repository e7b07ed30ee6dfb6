/**
 * Lifecycle operations on sources and destinations as status timelines, following Kafka Connect semantics:
 * pause is immediate, resume/restart/deploy pass through Starting, stop is immediate.
 */
import { HttpError } from "../core/errors";
import type { StoredConnector } from "../state/types";
import { connectorStatus, isBeingDeleted, startingThen } from "./status";

export const lifecycleOperations = ["pause", "resume", "stop", "restart", "reset", "restart_task", "deploy"] as const;
export type Operation = (typeof lifecycleOperations)[number];

/** Applies an operation; throws 409 when the current status does not allow it. */
export function applyOperation(connector: StoredConnector, op: Operation, delayMs: number, now = Date.now()): void {
  const status = connectorStatus(connector, now);
  if (isBeingDeleted(connector)) throw new HttpError(409, `${connector.kind} ${connector.id} is being deleted`);
  switch (op) {
    case "pause":
      if (status === "Stopped")
        throw new HttpError(409, `Cannot pause ${connector.kind} ${connector.id}: it is Stopped`);
      if (status !== "Paused") connector.timeline = [{ status: "Paused", at: now }];
      return;
    case "stop":
      if (status !== "Stopped") connector.timeline = [{ status: "Stopped", at: now }];
      return;
    case "resume":
      if (status === "Active" || status === "Starting") return;
      connector.timeline = startingThen("Active", delayMs, now);
      return;
    case "restart":
    case "restart_task":
      if (status === "Stopped")
        throw new HttpError(409, `Cannot restart ${connector.kind} ${connector.id}: it is Stopped; resume it`);
      connector.timeline = startingThen(status === "Paused" ? "Paused" : "Active", delayMs, now);
      return;
    case "reset":
    case "deploy":
      connector.timeline = startingThen("Active", delayMs, now);
      connector.streamingPausedUntil = undefined;
      return;
  }
}
