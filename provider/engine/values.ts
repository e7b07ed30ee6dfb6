import { commonInputKeys } from "./common-inputs";
import { liveOnlyNames, withShorterMarker } from "./live-settings";
import type { Json, JsonObject, KindDescription } from "./kind";
import { isUnknown } from "./unknown";

export { isUnknown, unknownValue } from "./unknown";
import { providerKey } from "./kind";

/**
 * The first entry a list names twice, or undefined. A list holding an entry not known until `up` is not judged:
 * two unknown entries are alike only in the preview.
 */
export function repeatedEntry<T>(list: readonly T[]): T | undefined {
  if (list.some(isUnknown)) return undefined;
  return list.find((entry, index) => list.indexOf(entry) !== index);
}

/**
 * Whether an input other than `ignored` differs: when only inputs that `converge` acts on changed, an update
 * needs no update call (see KindApi.updateNeeded).
 */
export function changedBeyond(olds: JsonObject, news: JsonObject, ignored: ReadonlySet<string>): boolean {
  const keys = new Set([...Object.keys(olds), ...Object.keys(news)]);
  return [...keys].some((key) => !ignored.has(key) && !semanticEqual(olds[key], news[key]));
}

/** True when the value is unknown or holds an unknown anywhere inside it. */
export function containsUnknown(value: unknown): boolean {
  if (isUnknown(value)) return true;
  if (Array.isArray(value)) return value.some(containsUnknown);
  if (isPlainObject(value)) return Object.values(value).some(containsUnknown);
  return false;
}

/** The value at `path` inside `root`, or undefined. */
export function valueAt(root: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let current: unknown = root;
  for (const part of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[part];
  }
  return current;
}

/** True when any prefix of `path` inside `root` is unknown: validation of that part must wait for `up`. */
export function isUnknownAt(root: unknown, path: ReadonlyArray<PropertyKey>): boolean {
  for (let length = 1; length <= path.length; length++) {
    if (isUnknown(valueAt(root, path.slice(0, length)))) return true;
  }
  return false;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Equality as the service means it: it answers numbers and booleans as strings ("5432", "true"), so a scalar
 * equals another when their text does. Lists compare in order; objects by their keys, where a missing key
 * equals an undefined or null one.
 */
export function semanticEqual(a: unknown, b: unknown): boolean {
  if (isAbsent(a) || isAbsent(b)) return isAbsent(a) && isAbsent(b);
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => semanticEqual(item, b[index]));
  }
  if (isPlainObject(a) || isPlainObject(b)) {
    if (!isPlainObject(a) || !isPlainObject(b)) return false;
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) => semanticEqual(a[key], b[key]));
  }
  return String(a) === String(b);
}

function isAbsent(value: unknown): boolean {
  return value === undefined || value === null;
}

/**
 * The top-level input keys a kind declares, the engine's common inputs included, each once (a connector's own
 * schema repeats `namePrefix`, and a repeated key would be written twice into every state's `__declared`).
 */
export function inputKeys<I extends JsonObject, L>(kind: KindDescription<I, L>): string[] {
  return [...new Set([...ownInputKeys(kind), ...commonInputKeys])];
}

/** The top-level input keys of the kind's own schema. */
export function ownInputKeys<I extends JsonObject, L>(kind: KindDescription<I, L>): string[] {
  return Object.keys(kind.schema.shape);
}

/** The inputs stored inside a resource's outputs (outputs repeat every input so `diff` can compare them). */
export function inputsFromOutputs<I extends JsonObject>(kind: KindDescription<I, unknown>, outputs: JsonObject): I {
  const inputs: JsonObject = {};
  const keys = inputKeys(kind);
  const liveOnly = liveOnlyNames(outputs, keys);
  for (const key of keys) {
    if (outputs[key] !== undefined && !liveOnly.has(key)) inputs[key] = outputs[key];
  }
  return inputs as I;
}

/** A copy without the serialized provider, which is the engine's business, not ours. */
export function withoutProvider(props: Record<string, unknown> | undefined): JsonObject {
  const copy: Record<string, unknown> = { ...(props ?? {}) };
  delete copy[providerKey];
  return copy as JsonObject;
}

/** Drops undefined members so the result is storable JSON (the engine rejects undefined). */
export function compact(object: Record<string, Json | undefined>): JsonObject {
  const result: JsonObject = {};
  for (const [key, value] of Object.entries(object)) {
    if (value !== undefined) result[key] = value;
  }
  return result;
}

/**
 * The outputs as the state keeps them: the live-only marker in its shorter form. Hints (`hints` in KindDescription,
 * a pipeline's `endpoints`) stay, though no program reads them: a dynamic provider's `read` is given the outputs
 * alone, and the inputs a refresh returns must equal what the program sends. Otherwise every pipeline's inputs
 * differ after a refresh, and the next `up` rewrites the whole state once more for each of them (measured at 2,000
 * resources: the update round took 223 s against 110 s for the floor at equal state).
 */
export function storedOutputs<I extends JsonObject, L>(kind: KindDescription<I, L>, outputs: JsonObject): JsonObject {
  return withShorterMarker(outputs, inputKeys(kind));
}
