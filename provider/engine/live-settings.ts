import type { JsonObject, KindDescription } from "./kind";

/**
 * Names the outputs that hold the service's value of an input the program leaves out. They are outputs only: the
 * inputs the program declared are what `diff` and drift compare, so a service default never shows as a change.
 * Keys starting with "__" are hidden in displays.
 */
export const liveOnlyKey = "__liveOnly";

/**
 * Outputs for the settings the program leaves out: each one's live value (the service's default included), and
 * the marker naming them. Secrets are never added: the service masks them, and a value the program did not give
 * has no business in state.
 */
export function liveSettingOutputs<I extends JsonObject, L>(
  kind: KindDescription<I, L>,
  live: L,
  inputs: JsonObject,
): JsonObject {
  const settings = kind.liveSettings?.(live);
  if (!settings) return {};
  const secret = new Set(kind.secretKeys?.(inputs as I) ?? []);
  const shown: JsonObject = {};
  for (const [key, value] of Object.entries(settings)) {
    if (inputs[key] === undefined && !secret.has(key) && value !== null) shown[key] = value;
  }
  const names = Object.keys(shown).sort();
  return names.length === 0 ? {} : { ...shown, [liveOnlyKey]: names };
}

/**
 * The same marker written the other way round: the input keys among the outputs that the program declared. A
 * connector leaves out most of its settings (28 of a Postgres source's 37), so naming the few it declared takes a
 * quarter of the bytes in every resource's state, which the engine rewrites after each step.
 */
export const declaredKey = "__declared";

/**
 * The outputs with their live-only marker in the shorter of its two forms. The declared form is used only when
 * it says exactly the same: every live-only name is an input key, so the live-only names are the input keys
 * among the outputs that it does not list.
 */
export function withShorterMarker(outputs: JsonObject, inputKeys: readonly string[]): JsonObject {
  const liveOnly = outputs[liveOnlyKey];
  if (!Array.isArray(liveOnly)) return outputs;
  const keys = new Set(inputKeys);
  if (!liveOnly.every((name) => typeof name === "string" && keys.has(name))) return outputs;
  const declared = presentInputKeysBut(outputs, inputKeys, liveOnly).sort();
  if (JSON.stringify(declared).length >= JSON.stringify(liveOnly).length) return outputs;
  const { [liveOnlyKey]: _replaced, ...rest } = outputs;
  return { ...rest, [declaredKey]: declared };
}

/** The input keys the outputs hold, but for `excluded`: one form of the marker is this of the other. */
function presentInputKeysBut(
  outputs: JsonObject,
  inputKeys: readonly string[],
  excluded: readonly unknown[],
): string[] {
  const left = new Set(excluded);
  return inputKeys.filter((key) => outputs[key] !== undefined && !left.has(key));
}

/**
 * The names an output set marks as live-only, from either form of the marker (none in state written before
 * outputs held live values). `inputKeys` are the kind's input keys, which the declared form is relative to.
 */
export function liveOnlyNames(outputs: JsonObject, inputKeys: readonly string[]): ReadonlySet<string> {
  const declared = outputs[declaredKey];
  if (Array.isArray(declared)) return new Set(presentInputKeysBut(outputs, inputKeys, declared));
  const names = outputs[liveOnlyKey];
  return new Set(Array.isArray(names) ? names.filter((name): name is string => typeof name === "string") : []);
}

/** The outputs without the live-only values and their marker: what the last `up` applied, and the outputs proper. */
export function withoutLiveOnly(outputs: JsonObject, inputKeys: readonly string[]): JsonObject {
  const names = liveOnlyNames(outputs, inputKeys);
  const kept: JsonObject = {};
  for (const [key, value] of Object.entries(outputs)) {
    if (key !== liveOnlyKey && key !== declaredKey && !names.has(key)) kept[key] = value;
  }
  return kept;
}
