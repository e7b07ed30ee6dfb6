import type { ConnectorRecord } from "../client/responses";
import type { Json, JsonObject, ObjectHandle } from "../engine/kind";
import { compact } from "../engine/values";
import { ErrorCodes, StreamkapError } from "../errors";
import type { ConnectorState, LifecycleInputs } from "./inputs";
import { refreshedSnapshot, snapshotToStart, startSnapshot } from "./snapshot";
import {
  act,
  deadlineAfter,
  messageOf,
  moveToState,
  newObjectGraceMs,
  readConnector,
  statusOfState,
  type Target,
  waitForState,
  waitUntil,
} from "./state";
import { firedTriggers } from "./triggers";

/**
 * A failed lifecycle step, carrying the outputs to store with the object anyway (see KindDescription.converge):
 * every input whose action did not happen keeps its previous value, so the next preview still shows the
 * change and the next `up` performs it, once.
 */
export class LifecycleError extends StreamkapError {
  constructor(
    cause: unknown,
    readonly outputs: JsonObject,
  ) {
    // The cause's code, call and named resource are kept, so callers branch on codes, never on the text.
    const known = StreamkapError.is(cause) ? cause : undefined;
    super(known?.code ?? ErrorCodes.rejected, messageOf(cause), known?.call, known?.resource);
    this.name = "LifecycleError";
    this.stack = `${this.name}: ${this.message}`;
  }
}

/**
 * Brings a source or destination, just created or updated, to what its lifecycle inputs declare:
 *
 * 1. deploys it when the service left it undeployed (`Pending`);
 * 2. performs each changed trigger once (reset, restart, restart of one task), resuming a stopped connector
 *    first when it is not meant to stay stopped;
 * 3. pauses, resumes or stops it toward `state`, and waits until it is there (`Broken` fails with the service's
 *    explanation; `readyTimeoutSeconds` bounds the wait);
 * 4. starts the snapshot a raised `snapshot.generation` asks for (sources only).
 *
 * Returns the live status and task statuses after waiting, and `lastSnapshot`.
 */
export async function convergeConnector(
  kind: "source" | "destination",
  self: ObjectHandle<ConnectorRecord>,
  live: ConnectorRecord,
  inputs: LifecycleInputs,
  previous: JsonObject | undefined,
): Promise<JsonObject> {
  const target: Target = {
    self,
    deadline: deadlineAfter(inputs.readyTimeoutSeconds),
    // Just created: a read that does not find it yet is read again for a while (audit B14).
    ...(previous === undefined ? { appearBy: Date.now() + newObjectGraceMs } : {}),
  };
  const state = inputs.state ?? "running";
  const triggers = firedTriggers(inputs, previous);
  const snapshot = kind === "source" ? snapshotToStart(inputs.snapshot, previous) : undefined;

  // Until its action happens, an input keeps its previous value (null when it had none) in what is stored.
  const pending: JsonObject = {};
  for (const trigger of triggers) pending[trigger.key] = previous?.[trigger.key] ?? null;
  if (snapshot !== undefined) pending.snapshot = previous?.snapshot ?? null;
  const carried: Json | undefined = previous?.lastSnapshot;

  try {
    // The last record read, while no action since has made it out of date: the wait starts from it.
    let current: ConnectorRecord | undefined = await settled(target, live, state);
    let status = current.connector_status ?? "Unknown";
    if (status === "Pending") {
      await act(target, "deploy"); // created or updated but not deployed: the service waits to be told
      status = "Starting";
      current = undefined;
    }
    for (const trigger of triggers) {
      if (status === "Stopped" && state !== "stopped") {
        await act(target, "resume"); // a stopped connector refuses restarts; it is meant to run anyway
        status = "Starting";
      }
      await act(target, trigger.action, trigger.body);
      delete pending[trigger.key];
    }
    if (triggers.length > 0) {
      current = await readConnector(target);
      status = current.connector_status ?? "Unknown";
    }
    if (await moveToState(target, status, state)) current = undefined;
    const ready = await waitForState(target, state, current);

    let lastSnapshot = carried;
    if (snapshot !== undefined) {
      lastSnapshot = await startSnapshot(target, snapshot);
      delete pending.snapshot;
    } else if (carried !== undefined) {
      lastSnapshot = await refreshedSnapshot(target, carried);
    }
    return compact({
      connectorStatus: ready.connector_status ?? undefined,
      taskStatuses: (ready.task_statuses as JsonObject | null | undefined) ?? undefined,
      lastSnapshot,
    });
  } catch (error) {
    throw new LifecycleError(error, compact({ ...pending, lastSnapshot: carried }));
  }
}

/**
 * The connector once the service has finished applying the create or update (`wait=false` returns at once and
 * passes through `Pending Update`): operations sent before that could race the deploy. A timeout names the
 * declared status, which is what the user is waiting for.
 */
function settled(target: Target, live: ConnectorRecord, state: ConnectorState): Promise<ConnectorRecord> {
  const goal = {
    reached: (current: string) => current !== "Pending Update",
    describe: `\`${statusOfState[state]}\``,
    failOnBroken: false,
  };
  return waitUntil(target, goal, live);
}
