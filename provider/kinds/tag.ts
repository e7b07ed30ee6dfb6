import { z } from "zod";

import type { JsonObject, KindDescription } from "../engine/kind";
import { compact, isPlainObject } from "../engine/values";
import { liveSet, liveSetting } from "./live-values";

/** The kinds of object a tag can be put on; a tag made without `types` applies to all of them. */
export const tagTypes = ["pipeline", "source", "destination", "transform", "topic"] as const;

export const tagInputsSchema = z.strictObject({
  name: z.string().min(1, "must not be empty").max(255, "must be at most 255 characters"),
  description: z.string().max(1000, "must be at most 1000 characters").optional(),
  types: z.array(z.enum(tagTypes)).min(1, "must list at least one kind of object, or be left out for all").optional(),
});
export type TagInputs = z.infer<typeof tagInputsSchema> & JsonObject;

/** `GET /tags` answers `{tags: [...]}`; create and update answer one tag. */
export const tagRecord = z.looseObject({
  id: z.string(),
  name: z.string().nullish(),
  description: z.string().nullish(),
  type: z.array(z.string()).nullish(),
  system: z.boolean().nullish(),
  custom: z.boolean().nullish(),
});
export type TagRecord = z.infer<typeof tagRecord>;

/** The tags in a `GET /tags` answer (also accepted: a bare list, or the paged envelope). */
export function tagsIn(answer: unknown): unknown[] {
  if (Array.isArray(answer)) return answer;
  if (isPlainObject(answer)) {
    if (Array.isArray(answer.tags)) return answer.tags;
    if (Array.isArray(answer.result)) return answer.result;
  }
  return [];
}

/**
 * A custom tag. Every service also has system tags ("Development", "Production") that cannot be changed; the
 * service tags a pipeline "Development" when it is given no tags. Everything about a tag changes in place.
 */
export const tagKind: KindDescription<TagInputs, TagRecord> = {
  kind: "tag",
  schema: tagInputsSchema as z.ZodType<TagInputs>,
  rules: (news) => {
    const types = Array.isArray(news.types) ? news.types : [];
    const repeated = types.filter((type, index) => types.indexOf(type) !== index);
    return repeated.length > 0
      ? [{ property: "types", reason: `\`types\` lists \`${repeated[0]}\` more than once` }]
      : [];
  },
  replaceOn: [],
  uniqueNames: true,
  api: {
    collection: "/tags",
    record: tagRecord,
    idOf: (live) => live.id,
    nameOf: (live) => live.name ?? undefined,
    createBody: (inputs, context) =>
      compact({
        name: inputs.name,
        description: inputs.description,
        type: inputs.types,
        created_from: context.createdFrom,
      }),
    // Unset settings are sent as their defaults, so an update also undoes a change made outside Pulumi.
    updateBody: (inputs) => ({
      name: inputs.name,
      description: inputs.description ?? null,
      type: inputs.types ?? [...tagTypes],
    }),
    // `GET /tags/{x}` lists the tags of object type x; one tag is read from the list of all of them.
    getRequest: () => ({ method: "GET", path: "/tags" }),
    itemsOf: tagsIn,
    asyncDelete: false,
  },
  outputs: (live) => compact({ system: live.system ?? undefined, custom: live.custom ?? undefined }),
  liveInputs: (live, prior) =>
    compact({
      ...prior,
      name: live.name ?? prior.name,
      description: liveSetting(prior.description, live.description ?? null, ""),
      types: liveSet(prior.types, live.type ?? undefined, [...tagTypes]) as TagInputs["types"],
    }) as TagInputs,
};
