/**
 * The provider runtime: what the serialized shim in every resource's state calls, as
 * `require("pulumi-streamkap/provider-runtime")`. State written today is read by refresh and destroy years
 * from now, through this entry, so its exported functions and their arguments never change shape: add, never
 * rename or remove.
 */
import "./supported-node";

import { clientFor, type OperationDeadline, type StreamkapClient } from "./client/client";
import { checkInputs, type CheckOutcome } from "./engine/check";
import { type DiffOutcome, diffInputs } from "./engine/diff";
import { type JsonObject, type KindContext, type KindDescription, providerKey } from "./engine/kind";
import { createObject, deleteObject, readObject, type ReadOutcome, updateObject } from "./engine/operations";
import { warn } from "./engine/report";
import { durationMs } from "./engine/common-inputs";
import { isPlainObject, withoutProvider } from "./engine/values";
import { ErrorCodes, errors, ResourceInitError, withCodeInMessage, withCodeTag } from "./errors";
import { kindNamed } from "./kinds";
import { resolveSettings, type SettingLookup } from "./settings";

/** Stack configuration as the dynamic-provider host hands it to `configure`. */
export interface StackConfig {
  get(key: string): string | undefined;
}

let lookup: SettingLookup = () => undefined;

/** Receives the stack's configuration (secrets decrypted). Called once per resource kind, before its first call. */
export async function configure(config: StackConfig): Promise<void> {
  lookup = (key) => config.get(key);
}

/** The client of the configured settings, as every resource call gets it: the provider plugin's invokes read with it. */
export function configuredClient(): StreamkapClient {
  return clientFor(resolveSettings(lookup, process.env));
}

/** The operations `customTimeouts` bounds, as Pulumi names them. */
export type TimedOperation = "create" | "update" | "delete";

function contextFor(
  kind: KindDescription<JsonObject, unknown>,
  props: Record<string, unknown>,
  operation?: TimedOperation,
): KindContext {
  const settings = resolveSettings(lookup, process.env);
  const name = typeof props.name === "string" ? props.name : undefined;
  const label = name ? `${kind.noun} "${name}"` : kind.noun;
  const client = clientFor(settings);
  const deadline = operation && operationDeadline(props, operation, label);
  return { client: deadline ? client.withDeadline(deadline) : client, createdFrom: settings.createdFrom, label };
}

/** The deadline `customTimeouts` sets for this operation, from now; undefined when the program set none. */
function operationDeadline(
  props: Record<string, unknown>,
  operation: TimedOperation,
  label: string,
): OperationDeadline | undefined {
  const timeouts = props.customTimeouts;
  const text = isPlainObject(timeouts) ? timeouts[operation] : undefined;
  const ms = typeof text === "string" ? durationMs(text) : undefined;
  if (ms === undefined) return undefined;
  const at = Date.now() + ms;
  const next =
    operation === "create"
      ? "run `pulumi up` again: it finds the object by name rather than create a second one"
      : `run \`pulumi ${operation === "delete" ? "destroy" : "up"}\` again to finish it`;
  return {
    at,
    expired: (cause) =>
      errors.of(
        label,
        ErrorCodes.timeout,
        `the ${operation} did not finish within ${String(text)} (customTimeouts.${operation}). The ` +
          `service may still be at work on it: raise customTimeouts.${operation}, or ${next}.` +
          (cause instanceof Error ? ` The call in flight: ${cause.message}` : ""),
      ),
  };
}

export async function check(
  kind: string,
  olds: Record<string, unknown> | undefined,
  news: Record<string, unknown>,
): Promise<CheckOutcome> {
  const outcome = checkInputs(kindNamed(kind), olds, news);
  // The engine prints `property X value <the input's value> has a problem` for a failure that names a property,
  // which would show a secret inside `config` in plaintext. Without a property it prints only our reason, and
  // the reason names the field itself.
  return {
    inputs: outcome.inputs,
    failures: outcome.failures.map((failure) => ({
      property: "",
      reason: withCodeTag(failure.reason, ErrorCodes.invalidInput),
    })),
  };
}

/** An operation whose failure leaves for the engine with its code at the end of its message. */
async function coded<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    throw withCodeInMessage(error);
  }
}

export async function diff(
  kind: string,
  _id: string,
  olds: Record<string, unknown>,
  news: Record<string, unknown>,
  oldInputs?: Record<string, unknown>,
): Promise<DiffOutcome> {
  const { warning, ...outcome } = diffInputs(kindNamed(kind), olds, news, oldInputs);
  if (warning) await warn(warning);
  return outcome;
}

export async function create(kind: string, inputs: Record<string, unknown>): Promise<{ id: string; outs: JsonObject }> {
  const description = kindNamed(kind);
  const clean = withoutProvider(inputs);
  return coded(() =>
    keepingProvider(inputs, () => createObject(description, contextFor(description, clean, "create"), clean)),
  );
}

/**
 * The host stores an initialization error's properties as the resource's outputs as they are; the serialized
 * provider must be among them, or a later refresh or destroy of that resource has no code to run.
 */
async function keepingProvider<T>(inputs: Record<string, unknown>, operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (ResourceInitError.is(error)) {
      error.properties = { ...error.properties, [providerKey]: inputs[providerKey] };
    }
    throw error;
  }
}

export async function read(kind: string, id: string, props: Record<string, unknown> | undefined): Promise<ReadOutcome> {
  const description = kindNamed(kind);
  const clean = withoutProvider(props);
  return coded(() => readObject(description, contextFor(description, clean), id, clean));
}

export async function update(
  kind: string,
  id: string,
  olds: Record<string, unknown>,
  news: Record<string, unknown>,
): Promise<{ outs: JsonObject }> {
  const description = kindNamed(kind);
  const clean = withoutProvider(news);
  return coded(() =>
    keepingProvider(news, async () => ({
      outs: await updateObject(description, contextFor(description, clean, "update"), id, clean, withoutProvider(olds)),
    })),
  );
}

async function remove(kind: string, id: string, props: Record<string, unknown>): Promise<void> {
  const description = kindNamed(kind);
  const clean = withoutProvider(props);
  await coded(() => deleteObject(description, contextFor(description, clean, "delete"), id, clean as JsonObject));
}

export { remove as delete };
