import { z } from "zod";

import type { JsonObject, KindContext, KindDescription } from "./kind";
import { isPlainObject } from "./values";

/** Who made an object, as far as the service shows it. */
export type Provenance = "ours" | "theirs" | "unknown";

/**
 * Whether `live` was made with this provider's `created_from`. No documented answer carries `created_from`
 * (audit S22: DOCS Source, Pipeline and Transform schemas), so the object's own field is used only when present;
 * otherwise the origin of its first config-history version, for kinds that keep one (its shape is undocumented:
 * anything unreadable means "unknown"). Never fails: a lookup failing here leaves the decision to the caller's
 * other evidence.
 */
export async function provenanceOf<I extends JsonObject, L>(
  kind: KindDescription<I, L>,
  context: KindContext,
  live: L,
): Promise<Provenance> {
  const createdFrom = isPlainObject(live) ? live.created_from : undefined;
  if (typeof createdFrom === "string") return createdFrom === context.createdFrom ? "ours" : "theirs";
  if (!kind.api.configHistory) return "unknown";
  const origin = await firstOrigin(kind, context, kind.api.idOf(live)).catch(() => undefined);
  if (origin === undefined) return "unknown";
  return origin === context.createdFrom ? "ours" : "theirs";
}

const historyPage = z.looseObject({
  result: z.array(z.looseObject({ version: z.union([z.number(), z.string()]).nullish(), origin: z.unknown() })),
});

async function firstOrigin<I extends JsonObject, L>(
  kind: KindDescription<I, L>,
  context: KindContext,
  id: string,
): Promise<string | undefined> {
  const answer = await context.client.call({
    method: "GET",
    path: `${kind.api.collection}/${encodeURIComponent(id)}/config-history`,
    query: { page_size: 100 },
    schema: z.unknown(),
  });
  const parsed = historyPage.safeParse(answer);
  if (!parsed.success) return undefined;
  const first = parsed.data.result.find((version) => Number(version.version) === 1);
  return typeof first?.origin === "string" ? first.origin : undefined;
}
