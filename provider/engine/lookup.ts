import { z } from "zod";

import { describeParseFailure } from "../client/responses";
import { ErrorCodes, forResource, StreamkapError, errors } from "../errors";
import type { JsonObject, KindApi, KindContext, KindDescription, KindRequest, ObjectHandle } from "./kind";
import { isPlainObject } from "./values";

/** The reference client stops after this many pages of a name search (TF internal/api/source.go:102-126). */
const maxNamePages = 1_000;
const namePageSize = 100;

/**
 * Every object of the kind named exactly `name`. `partial_name` matches substrings, so the exact match is made
 * here, over every page as the reference client does (TF internal/api/source.go:102-126): a name that many
 * others contain may sit past the first page. An item this provider cannot read is reported only when it may be
 * the one looked for (see {@link mayBe}), so one elsewhere on a page never hides it.
 */
export async function findByName<I extends JsonObject, L>(
  kind: KindDescription<I, L>,
  context: KindContext,
  name: string,
): Promise<L[]> {
  const path = kind.api.listPath ?? kind.api.collection;
  const found: L[] = [];
  const seen = new Set<string>();
  let previousFirst: string | undefined;
  for (let page = 1; page <= maxNamePages; page++) {
    const answer = await context.client.call({
      method: "GET",
      path,
      query: kind.api.wholeList ? undefined : { partial_name: name, page, page_size: namePageSize },
      schema: z.unknown(),
    });
    const items = itemsOf(kind.api, answer);
    // A list that ignores `page` (tags answer them all at once) repeats itself: one page is all there is.
    const first = JSON.stringify(items[0] ?? null);
    if (first === previousFirst) break;
    previousFirst = first;
    for (const item of items) {
      const parsed = kind.api.record.safeParse(item);
      if (!parsed.success) {
        if (!mayBe(item, name)) continue;
        const what = `an item that is not a ${kind.noun} (${describeParseFailure(parsed.error)})`;
        throw errors.unexpectedAnswer({ resource: context.label, what }, { method: "GET", path });
      }
      const live = parsed.data as L;
      const id = kind.api.idOf(live);
      if (kind.api.nameOf(live) === name && !seen.has(id)) {
        seen.add(id);
        found.push(live);
      }
    }
    const hasNext = isPlainObject(answer) && typeof answer.has_next === "boolean" ? answer.has_next : undefined;
    if (kind.api.wholeList || !(hasNext ?? items.length === namePageSize) || items.length === 0) break;
  }
  return found;
}

/**
 * Whether an item the kind's record cannot read may be the object looked for by `key` (its id or name), so that it
 * is reported rather than passed over: anything but an object, or an object holding the key.
 */
function mayBe(candidate: unknown, key: string): boolean {
  return !isPlainObject(candidate) || Object.values(candidate).includes(key);
}

/** The objects of a list or get answer: the kind's own reading, else an envelope, a bare array or one object. */
export function itemsOf<I extends JsonObject, L>(api: KindApi<I, L>, answer: unknown): unknown[] {
  if (api.itemsOf) return api.itemsOf(answer);
  if (Array.isArray(answer)) return answer;
  if (isPlainObject(answer) && Array.isArray(answer.result)) return answer.result;
  return answer === undefined || answer === null ? [] : [answer];
}

/** The request for `id`, from the kind's own descriptor or the collection's default shape. */
export function requestFor(collection: string, method: "GET" | "PUT" | "DELETE", id: string): KindRequest {
  return { method, path: `${collection}/${encodeURIComponent(id)}` };
}

/** The handle lifecycle procedures act on `id` through (see {@link ObjectHandle}). */
export function handleOf<I extends JsonObject, L>(
  kind: KindDescription<I, L>,
  context: KindContext,
  id: string,
): ObjectHandle<L> {
  const path = requestFor(kind.api.collection, "GET", id).path;
  return { context, id, path, read: (query) => getObject(kind, context, id, query) };
}

/** The live object, or undefined when the service no longer has it. `query` adds to the GET's own. */
export async function getObject<I extends JsonObject, L>(
  kind: KindDescription<I, L>,
  context: KindContext,
  id: string,
  query?: Record<string, string | number | boolean>,
): Promise<L | undefined> {
  try {
    const request = kind.api.getRequest?.(id) ?? requestFor(kind.api.collection, "GET", id);
    const body = await context.client.call({
      ...request,
      query: query && { ...request.query, ...query },
      schema: z.unknown(),
    });
    // Sources, destinations, pipelines and transforms answer a one-item envelope, others the bare object, tags,
    // Kafka users and credentials a list: take the object with that id, or one the record cannot read that may
    // be it (the only item, or see `mayBe`), to report it.
    const items = itemsOf(kind.api, body);
    const readable = (candidate: unknown) => kind.api.record.safeParse(candidate);
    const item =
      items.find((candidate) => {
        const parsed = readable(candidate);
        return parsed.success && kind.api.idOf(parsed.data) === id;
      }) ?? items.find((candidate) => !readable(candidate).success && (items.length === 1 || mayBe(candidate, id)));
    if (item === undefined || item === null) return undefined;
    const parsed = kind.api.record.safeParse(item);
    if (!parsed.success) {
      const what = `an object that is not a ${kind.noun} (${describeParseFailure(parsed.error)})`;
      throw errors.unexpectedAnswer({ resource: context.label, what }, request);
    }
    return parsed.data;
  } catch (error) {
    if (StreamkapError.is(error) && error.code === ErrorCodes.notFound) return undefined;
    throw forResource(context.label, error);
  }
}
