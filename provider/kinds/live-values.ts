import type { Json, JsonObject } from "../engine/kind";
import { semanticEqual } from "../engine/values";

/** What the service shows instead of a secret value on reads. */
const maskedValues = new Set(["********", "*****", "***"]);

export function isMasked(value: unknown): boolean {
  return value === null || (typeof value === "string" && maskedValues.has(value));
}

/**
 * How a kind reads a live setting back as an input, so that refresh and the next preview tell the truth:
 *
 * - the program set it: the program's own value while the service means the same (it answers `"5"` for 5),
 *   else the live value in the program's type, which the next preview shows as drift to set back;
 * - the program left it unset: unset while the service holds the default, else the live value, so a change
 *   made outside Pulumi is visible rather than silently unmanaged;
 * - the service does not report it: whatever the program had.
 */
export function liveSetting<T extends Json>(
  prior: T | undefined,
  live: unknown,
  fallback: Json | undefined,
): T | undefined {
  if (live === undefined) return prior;
  if (prior === undefined) {
    return live === null || semanticEqual(live, fallback) ? undefined : (live as T);
  }
  return semanticEqual(prior, live) ? prior : (asTypeOf(prior, live) as T);
}

/** As {@link liveSetting}, for lists whose order means nothing (tag ids, topic names, role ids). */
export function liveSet(
  prior: string[] | undefined,
  live: string[] | undefined,
  fallback: string[],
): string[] | undefined {
  if (live === undefined) return prior;
  const same = (a: readonly string[], b: readonly string[]) => semanticEqual([...a].sort(), [...b].sort());
  if (prior === undefined) return same(live, fallback) ? undefined : live;
  return same(prior, live) ? prior : live;
}

/** A comma-separated list as the service stores it, as a list. */
export function splitList(value: unknown): string[] | undefined {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value !== "string") return undefined;
  return value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
}

/** Tag ids of a live object, whether the service lists ids or tag objects. */
export function tagIdsOf(tags: unknown): string[] | undefined {
  if (!Array.isArray(tags)) return undefined;
  return tags.map((tag) =>
    typeof tag === "object" && tag !== null ? String((tag as { id?: unknown }).id) : String(tag),
  );
}

/**
 * `tags` as refresh reads them: unmanaged tags (no `tags` input) stay unmanaged, the program's order is kept while
 * the set is the same, and an answer without tags is not taken as "none".
 */
export function managedTags(prior: string[] | undefined, liveTags: unknown): string[] | undefined {
  return prior === undefined ? undefined : liveSet(prior, tagIdsOf(liveTags), []);
}

/** A secret the service answered, or undefined when it masked it (every read after the create does). */
export function revealed(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" && !isMasked(value) ? value : undefined;
}

/**
 * Secret outputs the service shows only once: the ones this answer lacks, from the previous outputs. The engine
 * builds an update's outputs from the inputs and the live answer alone, so without this they would be lost.
 */
export function keptSecrets(
  current: JsonObject,
  previous: JsonObject | undefined,
  keys: readonly string[],
): JsonObject {
  const kept: JsonObject = {};
  for (const key of keys) {
    const value = previous?.[key];
    if (current[key] === undefined && value !== undefined && value !== null) kept[key] = value;
  }
  return kept;
}

/**
 * The live config restricted to the keys the program manages, in the program's own types: the service answers
 * "5432" where the program said 5432, and masks secrets, whose prior value is kept (a masked value cannot
 * drift visibly). Keys the service no longer has are left out, so the next preview shows them being added back.
 */
export function liveConfig(live: JsonObject | null | undefined, prior: JsonObject): JsonObject {
  const result: JsonObject = {};
  for (const [key, priorValue] of Object.entries(prior)) {
    const liveValue = live?.[key];
    if (liveValue === undefined) continue;
    if (isMasked(liveValue) || sameConfigValue(priorValue, liveValue)) {
      result[key] = priorValue;
    } else {
      result[key] = asTypeOf(priorValue, liveValue);
    }
  }
  return result;
}

/**
 * Equal as the service means them: "5432" and 5432, and a map-typed key's object and its JSON text (the service
 * answers either form whichever was sent: TF internal/resource/connector/base.go:852-880).
 */
export function sameConfigValue(a: Json | undefined, b: Json | undefined): boolean {
  return semanticEqual(a, b) || semanticEqual(asJsonStructure(a), asJsonStructure(b));
}

/** An object or list given as JSON text, parsed; anything else as it is. */
function asJsonStructure(value: Json | undefined): Json | undefined {
  if (typeof value !== "string" || !/^\s*[[{]/.test(value)) return value;
  try {
    return JSON.parse(value) as Json;
  } catch {
    return value;
  }
}

/** A live value in the program's type: the service answers numbers and booleans as text. */
function asTypeOf(prior: Json, live: unknown): Json {
  if (typeof prior === "number" && typeof live === "string" && live.trim() !== "" && Number.isFinite(Number(live))) {
    return Number(live);
  }
  if (typeof prior === "boolean" && (live === "true" || live === "false")) return live === "true";
  return live as Json;
}

/**
 * `kcClusterId` as refresh reads it: unmanaged stays unmanaged; a managed one takes the service's answer, null
 * being the default cluster (DOCS Source schema: "None means default cluster"). An answer without the field says
 * nothing, and keeps what the program declared.
 */
export function managedCluster(prior: string | undefined, live: { kc_cluster_id?: string | null }): string | undefined {
  if (prior === undefined || !Object.hasOwn(live, "kc_cluster_id")) return prior;
  return live.kc_cluster_id || undefined;
}
