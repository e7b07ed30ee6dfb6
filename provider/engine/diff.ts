import { adoptedMarker } from "./adopt";
import { commonInputKeys } from "./common-inputs";
import type { JsonObject, KindDescription } from "./kind";
import { liveOnlyNames } from "./live-settings";
import {
  containsUnknown,
  inputKeys,
  inputsFromOutputs,
  isPlainObject,
  isUnknown,
  semanticEqual,
  withoutProvider,
} from "./values";

/**
 * Marks the outputs of an object taken in by `pulumi import` (the provider plugin): they hold no secret, as the
 * service never answers one, so a secret the program declares is compared with the one the program declared
 * before (the state's inputs, which the engine keeps current) rather than with nothing.
 */
export const importedMarker = "__imported";

/** How one input differs from the last deployment's. */
export type PropertyChange = "add" | "delete" | "update";

/** The diff answer (the dynamic provider's shim forwards the first three fields). */
export interface DiffOutcome {
  changes?: boolean;
  replaces?: string[];
  deleteBeforeReplace?: boolean;
  /**
   * Each input that differs, as the service means it. The provider plugin reports them to the engine per
   * property (`detailedDiff`); a dynamic provider cannot, and the engine computes its own.
   */
  properties?: Record<string, PropertyChange>;
  /** Something the person running the preview must be told; not part of the engine's answer. */
  warning?: string;
}

/**
 * Compares the inputs stored with the last deployment (`oldOutputs` repeats them) with the program's inputs.
 *
 * - Nothing changed as the service means it: `changes: false`. This ignores the serialized provider text, so
 *   upgrading @pulumi/pulumi or this package never shows phantom updates.
 * - Something changed: `changes` is left undefined with `replaces`, so the engine computes its own
 *   property-level diff (shown by `pulumi preview --diff`, carried in `--json` as `detailedDiff`) and
 *   `replaceOnChanges` works.
 * - A replacement that keeps the object's name deletes the old object first: the service refuses two objects
 *   with one name.
 */
export function diffInputs<I extends JsonObject, L>(
  kind: KindDescription<I, L>,
  oldOutputs: Record<string, unknown>,
  newsRaw: Record<string, unknown>,
  oldInputs?: Record<string, unknown>,
): DiffOutcome {
  const news = withoutProvider(newsRaw) as I;
  const olds = withImportedSecrets(kind, oldOutputs, inputsFromOutputs(kind, withoutProvider(oldOutputs)), {
    oldInputs,
    news,
  });

  // `adopt` and `onDrift` steer the provider, and hints describe other objects: changing them alone changes
  // nothing on the service.
  const ignored = new Set<string>([...commonInputKeys, ...(kind.hints ?? [])]);
  const keys = new Set([...Object.keys(olds), ...Object.keys(news)].filter((key) => !ignored.has(key)));
  const unordered = new Set<string>(kind.unorderedInputs ?? []);
  const equal = (key: string, old: unknown) =>
    unordered.has(key) ? semanticEqual(sortedList(old), sortedList(news[key])) : semanticEqual(old, news[key]);
  // A setting the program now declares with the value the service already has (an import leaves out the
  // service's defaults; a converted program names them) changes nothing on the service.
  const liveOnly = liveOnlyNames(oldOutputs as JsonObject, inputKeys(kind));
  const same = (key: string) =>
    equal(key, olds[key]) || (olds[key] === undefined && liveOnly.has(key) && equal(key, oldOutputs[key]));
  const changed = [...keys].filter((key) => containsUnknown(news[key]) || !same(key));
  if (changed.length === 0) {
    return { changes: false };
  }
  // An adopted object's state inputs are the program's own, so the engine's input diff would find nothing:
  // say there are changes, and which.
  const adopted = oldOutputs[adoptedMarker] === true;
  const name = news.name ?? olds.name;
  const warning = adopted
    ? `${kind.noun}${typeof name === "string" ? ` "${name}"` : ""} was adopted as it was; the code differs from it in ` +
      `${changed.map((key) => `\`${key}\``).join(", ")}, which \`pulumi up\` will set as the code declares.`
    : undefined;

  const properties = Object.fromEntries(
    changed.map((key): [string, PropertyChange] => [
      key,
      olds[key] === undefined ? "add" : news[key] === undefined ? "delete" : "update",
    ]),
  );

  const replaces = new Set(changed.filter((key) => (kind.replaceOn as readonly string[]).includes(key)));
  for (const key of kind.replaceWhen?.(olds, news) ?? []) {
    replaces.add(key);
  }
  const changes = adopted ? true : undefined;
  if (replaces.size === 0) {
    return { changes, properties, warning };
  }
  const keepsName = isUnknown(news.name) || semanticEqual(olds.name, news.name);
  return {
    changes,
    replaces: [...replaces],
    deleteBeforeReplace: kind.uniqueNames && keepsName,
    properties,
    warning,
  };
}

/** A list as a sorted copy (an order-free comparison); anything else as it is. */
function sortedList(value: unknown): unknown {
  return Array.isArray(value) ? [...value].map(String).sort() : value;
}

/**
 * An imported object's secrets, which its outputs lack: the program's previous ones from the state's inputs, or,
 * before any (the first preview after the import), the program's own, as the service holds some value the
 * program cannot be shown to differ from. A secret key names an input (typed classes) or a key inside one
 * (`config` of the generic connectors).
 */
function withImportedSecrets<I extends JsonObject, L>(
  kind: KindDescription<I, L>,
  oldOutputs: Record<string, unknown>,
  olds: I,
  declared: { oldInputs?: Record<string, unknown>; news: I },
): I {
  if (oldOutputs[importedMarker] !== true) return olds;
  const secrets = new Set(kind.secretKeys?.(declared.news) ?? []);
  /** `old` with the secrets of `next` it lacks, from `previous` or else `next`; `old` itself when none. */
  const filled = (old: unknown, previous: unknown, next: Record<string, unknown>): unknown => {
    const missing = Object.keys(next).filter(
      (key) => secrets.has(key) && next[key] !== undefined && (!isPlainObject(old) || old[key] === undefined),
    );
    if (missing.length === 0) return old;
    const from = (key: string) => (isPlainObject(previous) ? previous[key] : undefined) ?? next[key];
    return { ...(isPlainObject(old) ? old : {}), ...Object.fromEntries(missing.map((key) => [key, from(key)])) };
  };
  const result = { ...(filled(olds, declared.oldInputs, declared.news) as Record<string, unknown>) };
  for (const [input, value] of Object.entries(declared.news)) {
    if (isPlainObject(value) && !secrets.has(input)) {
      const inner = filled(result[input], declared.oldInputs?.[input], value);
      if (inner !== result[input]) result[input] = inner;
    }
  }
  return result as I;
}
