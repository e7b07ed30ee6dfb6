/**
 * The timeout (seconds) the engine sends with Create, Update and Delete, which the resource option `customTimeouts`
 * sets. The plugin hands it to the runtime as the `customTimeouts` input the dynamic providers receive from the
 * SDK, so both paths share one deadline rule.
 */
import type { TimedOperation } from "../runtime";

type Props = Record<string, unknown>;

/** `props` with the call's timeout as `customTimeouts[operation]`, when the program set one (0: none). */
export function withTimeout(operation: TimedOperation, seconds: number, props: Props): Props {
  if (!(seconds > 0)) return props;
  return { ...props, customTimeouts: { [operation]: `${seconds}s` } };
}

/** Outputs without the deadline the plugin added: it is the engine's to keep, not the resource's. */
export function withoutTimeouts(props: Props): Props {
  const { customTimeouts: _, ...rest } = props;
  return rest;
}
