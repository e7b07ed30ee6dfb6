/**
 * The resource option `customTimeouts` reaches a provider plugin as the `timeout` (seconds) of each Create, Update
 * and Delete request, which Pulumi's Node.js provider server does not pass on to the provider. The plugin's gRPC
 * wrapper keeps it for the duration of the call (`withCallTimeout`), and the operation hands it to the runtime as
 * the `customTimeouts` input the dynamic providers receive from the SDK, so both paths share one deadline rule.
 */
import { AsyncLocalStorage } from "node:async_hooks";

type TimedOperation = "create" | "update" | "delete";

const callTimeout = new AsyncLocalStorage<number>();

/** Runs `work` with the call's timeout in seconds (0: none set). */
export function withCallTimeout<T>(seconds: number, work: () => T): T {
  return callTimeout.run(seconds, work);
}

/** `props` with the call's timeout as `customTimeouts[operation]`, when the program set one. */
export function withTimeoutOf(operation: TimedOperation, props: Record<string, unknown>): Record<string, unknown> {
  const seconds = callTimeout.getStore();
  if (seconds === undefined || !(seconds > 0)) return props;
  return { ...props, customTimeouts: { [operation]: `${seconds}s` } };
}

/** Outputs without the deadline the plugin added: it is the engine's to keep, not the resource's. */
export function withoutTimeouts(props: Record<string, unknown>): Record<string, unknown> {
  const { customTimeouts: _, ...rest } = props;
  return rest;
}
