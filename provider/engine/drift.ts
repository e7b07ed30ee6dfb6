import { z } from "zod";

import type { Json, JsonObject, KindContext, KindDescription } from "./kind";
import { isPlainObject, semanticEqual } from "./values";

/** One input that differs between the last `up` and the live object. */
export interface DriftEntry {
  /** How the preview names it: `name` or `config["database.port"]`. */
  path: string;
  /** The key inside an object input (a config key), for the history lookup. */
  key?: string;
  applied: Json | undefined;
  live: Json | undefined;
}

/** The inputs (one level into object inputs such as `config`) whose live value differs from the applied one. */
export function driftBetween(applied: JsonObject, live: JsonObject, keys: readonly string[]): DriftEntry[] {
  const entries: DriftEntry[] = [];
  for (const key of keys) {
    const before = applied[key];
    const now = live[key];
    if (semanticEqual(before, now)) continue;
    if (isPlainObject(before) && isPlainObject(now)) {
      for (const inner of new Set([...Object.keys(before), ...Object.keys(now)])) {
        if (!semanticEqual(before[inner], now[inner])) {
          entries.push({ path: `${key}["${inner}"]`, key: inner, applied: before[inner], live: now[inner] });
        }
      }
    } else {
      entries.push({ path: key, applied: before, live: now });
    }
  }
  return entries;
}

const historyPage = z.looseObject({
  result: z.array(
    z.looseObject({
      version: z.number(),
      timestamp: z.string().nullish(),
      origin: z.string().nullish(),
      actor: z.string().nullish(),
      changes: z.array(z.looseObject({ key: z.string() })).nullish(),
    }),
  ),
});
type HistoryVersion = z.infer<typeof historyPage>["result"][number];

const comparison = z.looseObject({
  original_version: z.number().nullish(),
  current_version: z.number().nullish(),
  changes: z.array(z.looseObject({ key: z.string() })).nullish(),
});

/** Config keys that must never be printed, whatever the catalogue says. */
const secretLooking = /pass(word)?|secret|private|token|credential|api\.?key|(^|\.)key$/i;

/**
 * What drifted, for a warning or an error to name after its resource: for each drifted input, its live value, and from the service's config history when it
 * changed, from which origin, by whom and at which version, plus how much changed since creation.
 */
export async function explainDrift<I extends JsonObject, L>(
  kind: KindDescription<I, L>,
  context: KindContext,
  id: string,
  drift: DriftEntry[],
  secretKeys: ReadonlySet<string>,
): Promise<string> {
  const history = kind.api.configHistory ? await fetchHistory(kind, context, id) : undefined;
  const lines = drift.map((entry) => {
    const name = entry.key ?? entry.path;
    const shown =
      secretKeys.has(name) || secretLooking.test(name)
        ? "has changed (secret value not shown)"
        : `is now ${show(entry.live)} (last applied: ${show(entry.applied)})`;
    const historyKey = entry.key ?? kind.configKeyOf?.(entry.path);
    const version =
      historyKey === undefined ? undefined : history?.versions.find((candidate) => changedKey(candidate, historyKey));
    const provenance = version
      ? `; changed ${version.timestamp ?? "at an unknown time"} by ${version.origin ?? "unknown origin"}` +
        `${version.actor ? ` (${version.actor})` : ""}, version ${version.version}`
      : "";
    return `  - ${entry.path} ${shown}${provenance}`;
  });
  const sinceCreation = history?.comparison
    ? `\nSince it was created (version ${history.comparison.original_version ?? 1}), ` +
      `${history.comparison.changes?.length ?? 0} setting(s) changed in all; it is now at version ` +
      `${history.comparison.current_version ?? "?"}.`
    : "";
  return `changed outside Pulumi since the last \`pulumi up\`:\n${lines.join("\n")}${sinceCreation}`;
}

function changedKey(version: HistoryVersion, key: string | undefined): boolean {
  return (version.changes ?? []).some((change) => change.key === key);
}

function show(value: Json | undefined): string {
  if (value === undefined || value === null) return "unset";
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

async function fetchHistory<I extends JsonObject, L>(
  kind: KindDescription<I, L>,
  context: KindContext,
  id: string,
): Promise<{ versions: HistoryVersion[]; comparison?: z.infer<typeof comparison> } | undefined> {
  const base = `${kind.api.collection}/${encodeURIComponent(id)}/config-history`;
  try {
    const [page, compared] = await Promise.all([
      context.client.call({ method: "GET", path: base, query: { page_size: 100 }, schema: historyPage }),
      context.client.call({ method: "GET", path: `${base}/compare-to-original`, schema: comparison }),
    ]);
    // Newest first, whatever order the service answers in.
    return { versions: [...page.result].sort((a, b) => b.version - a.version), comparison: compared };
  } catch {
    return undefined; // provenance is a courtesy: the drift itself is reported without it
  }
}
