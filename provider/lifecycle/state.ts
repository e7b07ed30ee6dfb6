import { setTimeout as sleep } from "node:timers/promises";

import { anyBody, type ConnectorRecord } from "../client/responses";
import type { Json, ObjectHandle } from "../engine/kind";
import { isPlainObject } from "../engine/values";
import { ErrorCodes, errors, StreamkapError } from "../errors";
import { type ConnectorState, connectorStates, defaultReadyTimeoutSeconds } from "./inputs";

/** One connector on the service, and the deadline of the step working on it. */
export interface Target {
  self: ObjectHandle<ConnectorRecord>;
  /** Epoch milliseconds after which waiting fails. */
  deadline: number;
  /**
   * For an object just created: until then, a read finding nothing is taken for a service not yet showing its
   * own write, and read again, rather than for an object deleted outside Pulumi (see {@link readConnector}).
   */
  appearBy?: number;
}

/**
 * How long a connector just created may read as missing. Nothing shows whether the real service's reads lag its
 * writes (no evidence either way: audit B14); a short tolerance costs nothing when they do not.
 */
export const newObjectGraceMs = 30_000;

export function deadlineAfter(readyTimeoutSeconds: number | undefined): number {
  return Date.now() + (readyTimeoutSeconds ?? defaultReadyTimeoutSeconds) * 1000;
}

/** The `connector_status` each declared state settles in, and what `desired_state` says on create. */
export const statusOfState: Record<ConnectorState, string> = {
  running: "Active",
  paused: "Paused",
  stopped: "Stopped",
};

/**
 * The declared state a live status means, or undefined for a status on its way somewhere (`Starting`,
 * `Pending Update`, …) or one that is not a state at all (`Broken`, `Unknown`): neither is drift.
 */
export function stateOfStatus(status: string | null | undefined): ConnectorState | undefined {
  return connectorStates.find((state) => statusOfState[state] === status);
}

/**
 * `state` as the live object implies it, for refresh: the prior value unless the service shows a settled,
 * different state. An unset `state` means running, so a running connector keeps it unset: no phantom diff.
 */
export function liveState(
  status: string | null | undefined,
  prior: ConnectorState | undefined,
): ConnectorState | undefined {
  const live = stateOfStatus(status);
  return live === undefined || live === (prior ?? "running") ? prior : live;
}

/**
 * Deadline of each attempt of a lifecycle operation. The service performs these on Kafka Connect inside the call
 * (they take no `wait=false`), trying every Kafka Connect node before giving up (TF internal/api/retry.go:12-14),
 * and the reference client sets no per-call deadline at all (audit B10); the usual 30 s could cut one off while
 * it is still working, and a timed-out call is then sent again on top of it.
 */
export const kafkaConnectCallTimeoutMs = 120_000;

/** Lifecycle operations: pause, resume and stop are PUTs; the rest are POSTs (api.md "All endpoints"). */
export type Action = "pause" | "resume" | "stop" | "restart" | "reset" | "restart_task" | "deploy";

const actionMethod: Record<Action, "PUT" | "POST"> = {
  pause: "PUT",
  resume: "PUT",
  stop: "PUT",
  restart: "POST",
  reset: "POST",
  restart_task: "POST",
  deploy: "POST",
};

/** What to tell the user when the service refuses an operation. */
const refusalAdvice: Record<Action, string> = {
  pause: "Check the connector's status in the Streamkap console; the next `pulumi up` tries again.",
  resume: "Check the connector's status in the Streamkap console; the next `pulumi up` tries again.",
  stop: "Check the connector's status in the Streamkap console; the next `pulumi up` tries again.",
  restart:
    "A stopped connector cannot be restarted: set `state` to `running` or `paused` in the same change. The next " +
    "`pulumi up` restarts it (the preview keeps showing `restartTrigger` as a pending change).",
  reset: "The next `pulumi up` resets it (the preview keeps showing `resetTrigger` as a pending change).",
  restart_task:
    "Check that the task number exists (see the `taskStatuses` output); a stopped connector's tasks cannot be " +
    "restarted. The next `pulumi up` restarts it (the preview keeps showing `restartTaskTrigger` as pending).",
  deploy: "The next `pulumi up` deploys it again.",
};

const actionPhrase: Record<Action, string> = {
  pause: "pause it",
  resume: "resume it",
  stop: "stop it",
  restart: "restart it",
  reset: "reset it",
  restart_task: "restart its task",
  deploy: "deploy it",
};

/** Performs one lifecycle operation. The answers are undocumented, so nothing is read from them. */
export async function act(target: Target, action: Action, body?: Json): Promise<void> {
  try {
    await target.self.context.client.call({
      method: actionMethod[action],
      path: `${target.self.path}/${action}`,
      body,
      schema: anyBody,
      // Sending an operation twice ends where sending it once does, so Kafka Connect's transient failures and
      // the service's 5xx are retried for the POST ones (restart, reset, deploy) as for the PUT ones.
      idempotent: true,
      timeoutMs: Math.max(target.self.context.client.settings.callTimeoutMs, kafkaConnectCallTimeoutMs),
    });
  } catch (error) {
    throw failure(target, `could not ${actionPhrase[action]}: ${messageOf(error)}. ${refusalAdvice[action]}`, error);
  }
}

/** The connector as the service has it now. An object just created that reads as missing is read again until `appearBy`. */
export async function readConnector(target: Target): Promise<ConnectorRecord> {
  for (let pause = 100; ; pause = Math.min(pause * 2, 2_000)) {
    const live = await target.self.read();
    if (live !== undefined) return live;
    const remaining = (target.appearBy ?? 0) - Date.now();
    if (remaining <= 0) throw errors.gone({ resource: target.self.context.label });
    await sleep(Math.min(pause, remaining));
  }
}

export interface WaitGoal {
  /** True when the status is the one waited for. */
  reached: (status: string) => boolean;
  /** How the timeout message names what was waited for, e.g. "`Paused`". */
  describe: string;
  /** Whether `Broken` ends the wait with the service's explanation. */
  failOnBroken: boolean;
}

/**
 * Polls the connector with backoff until its status reaches the goal, it breaks, or the deadline passes. The
 * last read happens at the deadline, so a status that arrives just in time counts. `seen` is a record the
 * caller has just received (a create's answer, an earlier read): it counts as the first read, which spares a
 * call that could only repeat it.
 */
export async function waitUntil(target: Target, goal: WaitGoal, seen?: ConnectorRecord): Promise<ConnectorRecord> {
  let live = seen ?? (await readConnector(target));
  for (let pause = 100; ; pause = Math.min(pause * 2, 5_000)) {
    const status = live.connector_status ?? "Unknown";
    if (goal.reached(status)) return live;
    if (goal.failOnBroken && status === "Broken") throw await brokenError(target);
    const remaining = target.deadline - Date.now();
    if (remaining <= 0) {
      throw errors.timedOut({
        resource: target.self.context.label,
        outcome: `it did not become ${goal.describe}`,
        deadline: `\`readyTimeoutSeconds\` deadline (default ${defaultReadyTimeoutSeconds})`,
        last: status,
      });
    }
    await sleep(Math.min(pause, remaining));
    live = await readConnector(target);
  }
}

/** Waits for the declared state; `Broken` fails with the service's explanation. */
export function waitForState(target: Target, state: ConnectorState, seen?: ConnectorRecord): Promise<ConnectorRecord> {
  const wanted = statusOfState[state];
  const goal = { reached: (status: string) => status === wanted, describe: `\`${wanted}\``, failOnBroken: true };
  return waitUntil(target, goal, seen);
}

/**
 * Moves a connector in `status` toward `state`: at most two operations, none when it is there or on its way.
 * Answers whether it acted (what was read before is then out of date).
 */
export async function moveToState(target: Target, status: string, state: ConnectorState): Promise<boolean> {
  switch (state) {
    case "running":
      if (status !== "Paused" && status !== "Stopped") return false;
      await act(target, "resume");
      return true;
    case "paused":
      if (status === "Paused") return false;
      // A stopped connector cannot be paused directly; resuming first is what the console does too.
      if (status === "Stopped") await act(target, "resume");
      await act(target, "pause");
      return true;
    case "stopped":
      if (status === "Stopped") return false;
      await act(target, "stop");
      return true;
  }
}

/** Asks the service why the connector is `Broken` and fails with its answer quoted. */
async function brokenError(target: Target): Promise<StreamkapError> {
  const label = target.self.context.label;
  let explanation: string;
  try {
    const answer = await target.self.context.client.call({
      method: "POST",
      path: `${target.self.path}/explain-error`,
      schema: anyBody,
      idempotent: true, // it only explains
    });
    explanation = `the service explains: "${explanationOf(answer)}"`;
  } catch (error) {
    explanation = `the service could not explain why (${messageOf(error)})`;
  }
  return errors.of(
    label,
    ErrorCodes.rejected,
    `the service reports it \`Broken\`; ${explanation}. Fix the cause (credentials, network access, the ` +
      "external system), then change `restartTrigger` to restart it; the next `pulumi up` checks again.",
  );
}

function explanationOf(answer: unknown): string {
  if (typeof answer === "string") return answer.slice(0, 1_000);
  if (isPlainObject(answer)) {
    for (const key of ["explanation", "detail", "message", "error"]) {
      const value = answer[key];
      if (typeof value === "string" && value.trim() !== "") return value.slice(0, 1_000);
    }
  }
  return "no explanation given";
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** An error naming the resource, keeping the code and call of the service's answer. */
export function failure(target: Target, what: string, cause: unknown): StreamkapError {
  const code = StreamkapError.is(cause) ? cause.code : ErrorCodes.rejected;
  const call = StreamkapError.is(cause) ? cause.call : undefined;
  return errors.of(target.self.context.label, code, what, call);
}
