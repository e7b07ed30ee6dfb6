import { semanticEqual } from "../engine/values";

/** The tag ids of a live connector: the service may answer ids or tag objects; undefined when it says nothing. */
export function liveTagIds(live: Record<string, unknown>): string[] | undefined {
  if (!Array.isArray(live.tags)) return undefined;
  return live.tags.map((tag) =>
    typeof tag === "object" && tag !== null ? String((tag as { id?: unknown }).id) : String(tag),
  );
}

/**
 * `tags` as the live object implies it, for refresh: unmanaged tags (no `tags` input) stay unmanaged, the
 * program's order is kept when the set is the same, and an answer without tags is not taken as "none".
 */
export function liveTags(live: Record<string, unknown>, prior: string[] | undefined): string[] | undefined {
  const ids = liveTagIds(live);
  if (prior === undefined || ids === undefined) return prior;
  return semanticEqual([...prior].sort(), [...ids].sort()) ? prior : ids;
}
