/**
 * What the engine sends with a resource call that Pulumi's Node.js provider server does not pass on to the
 * provider, kept for the duration of the call by the plugin's gRPC wrapper (`withCall`):
 * - the `timeout` (seconds) of Create, Update and Delete, which the resource option `customTimeouts` sets. The
 *   operation hands it to the runtime as the `customTimeouts` input the dynamic providers receive from the SDK,
 *   so both paths share one deadline rule;
 * - Diff's old inputs (the server passes only the old outputs), which hold the secrets of an imported object.
 */
import { AsyncLocalStorage } from "node:async_hooks";

import type { TimedOperation } from "../runtime";

export interface CallContext {
  /** The call's timeout in seconds; 0 when none is set. */
  timeoutSeconds: number;
  /** Diff's old inputs, secrets revealed. */
  oldInputs?: Record<string, unknown>;
}

const currentCall = new AsyncLocalStorage<CallContext>();

/** Runs `work` with what the engine sent beside the call's arguments. */
export function withCall<T>(context: CallContext, work: () => T): T {
  return currentCall.run(context, work);
}

/** Diff's old inputs, when the engine sent them. */
export function oldInputsOfCall(): Record<string, unknown> | undefined {
  return currentCall.getStore()?.oldInputs;
}

/** `props` with the call's timeout as `customTimeouts[operation]`, when the program set one. */
export function withTimeoutOf(operation: TimedOperation, props: Record<string, unknown>): Record<string, unknown> {
  const seconds = currentCall.getStore()?.timeoutSeconds ?? 0;
  if (!(seconds > 0)) return props;
  return { ...props, customTimeouts: { [operation]: `${seconds}s` } };
}

/** Outputs without the deadline the plugin added: it is the engine's to keep, not the resource's. */
export function withoutTimeouts(props: Record<string, unknown>): Record<string, unknown> {
  const { customTimeouts: _, ...rest } = props;
  return rest;
}
