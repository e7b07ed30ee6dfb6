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

/** The names an output set marks as live-only (none in state written before outputs held live values). */
export function liveOnlyNames(outputs: JsonObject): ReadonlySet<string> {
  const names = outputs[liveOnlyKey];
  return new Set(Array.isArray(names) ? names.filter((name): name is string => typeof name === "string") : []);
}

/** The outputs without the live-only values and their marker: what the last `up` applied, and the outputs proper. */
export function withoutLiveOnly(outputs: JsonObject): JsonObject {
  const names = liveOnlyNames(outputs);
  const kept: JsonObject = {};
  for (const [key, value] of Object.entries(outputs)) {
    if (key !== liveOnlyKey && !names.has(key)) kept[key] = value;
  }
  return kept;
}
