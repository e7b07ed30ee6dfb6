import type { z } from "zod";

import type { StreamkapClient } from "./client";
import { envelope } from "./responses";

const pageSize = 100;

/**
 * Every item of a paged list endpoint (`/sources`, `/topics/details`, …), 100 per call. A service that leaves out
 * `has_next` has more while its pages come back full. A listing that shifts while it is read (an object created
 * meanwhile) may repeat an item across pages: each id is kept once. `onPage` hears the count so far after each
 * page, and whether that was the last.
 */
export async function readAllPages<T extends z.ZodType<{ id: string }>>(
  client: StreamkapClient,
  path: string,
  item: T,
  query: Record<string, string | number | boolean | undefined> = {},
  onPage?: (count: number, done: boolean) => void,
): Promise<z.infer<T>[]> {
  const items: z.infer<T>[] = [];
  const seen = new Set<string>();
  for (let page = 1; ; page++) {
    const answer = await client.call({
      method: "GET",
      path,
      query: { ...query, page, page_size: pageSize },
      schema: envelope(item),
    });
    const fresh = (answer.result as z.infer<T>[]).filter((entry) => !seen.has(entry.id) && Boolean(seen.add(entry.id)));
    items.push(...fresh);
    const done = !(answer.has_next ?? answer.result.length === pageSize) || answer.result.length === 0;
    onPage?.(items.length, done);
    if (done) return items;
  }
}
