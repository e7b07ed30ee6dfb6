import { z } from "zod";

import { customTagTypes, systemTagTypes } from "../../catalogue/wire-values";
import { type TagRecord, tagRecord } from "../client/responses";
import { inputSchema, type JsonObject, type KindDescription, type KindRequest } from "../engine/kind";
import { compact, isPlainObject, repeatedEntry } from "../engine/values";
import { liveSet, liveSetting } from "./live-values";

/** What an unset `types` means: every kind of object a tag is put on through this provider. */
export const defaultTagTypes = ["sources", "destinations", "pipelines", "transforms", "topics"] as const;

// A custom tag takes the custom types (catalogue/wire-values.ts); the system ones are the service's own.
// Messages never repeat the value (check's rule for every input); a singular kind gets its plural as a hint.
const tagType = z.string().superRefine((value, context) => {
  if ((customTagTypes as readonly string[]).includes(value)) return;
  const plural = `${value}s`;
  const message = (systemTagTypes as readonly string[]).includes(value)
    ? `is reserved for the service's system tags; use one of ${customTagTypes.join(", ")}`
    : (customTagTypes as readonly string[]).includes(plural)
      ? `must be plural, as the service names kinds: did you mean \`${plural}\`?`
      : `must be one of ${customTagTypes.join(", ")}`;
  context.addIssue({ code: "custom", message });
});

export const tagInputsSchema = z.strictObject({
  name: z.string().min(1, "must not be empty").max(255, "must be at most 255 characters"),
  description: z.string().max(1000, "must be at most 1000 characters").optional(),
  types: z.array(tagType).min(1, "must list at least one kind of object, or be left out for all").optional(),
});
export type TagInputs = z.infer<typeof tagInputsSchema> & JsonObject;

/** The tags in a `GET /tags` answer (also accepted: a bare list, or the paged envelope). */
/** One tag as the reference client reads it: the list filtered by `tag_ids` (TF internal/api/tag.go:127-159). */
export function tagByIdRequest(id: string): KindRequest {
  return { method: "GET", path: "/tags", query: { tag_ids: id } };
}

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
  noun: "tag",
  schema: inputSchema<TagInputs>(tagInputsSchema),
  rules: (news) => {
    const repeated = repeatedEntry(Array.isArray(news.types) ? news.types : []);
    return repeated === undefined
      ? []
      : [{ property: "types", reason: `\`types\` lists \`${repeated}\` more than once` }];
  },
  replaceOn: [],
  // The service keeps a tag's types in an order of its own (an import writes that order).
  unorderedInputs: ["types"],
  uniqueNames: true,
  api: {
    collection: "/tags",
    record: tagRecord,
    idOf: (live) => live.id,
    nameOf: (live) => live.name ?? undefined,
    // `type` is always sent: the reference client requires it (TF internal/resource/tag/tag.go:77-93).
    createBody: (inputs, context) =>
      compact({
        name: inputs.name,
        description: inputs.description,
        type: inputs.types ?? [...defaultTagTypes],
        created_from: context.createdFrom,
      }),
    // Unset settings are sent as their defaults, so an update also undoes a change made outside Pulumi.
    updateBody: (inputs) => ({
      name: inputs.name,
      description: inputs.description ?? null,
      type: inputs.types ?? [...defaultTagTypes],
    }),
    // One tag is read as TF reads it: the list filtered by `tag_ids` (TF internal/api/tag.go:127-159).
    // (`GET /tags/{x}` lists the tags of object type x.)
    getRequest: tagByIdRequest,
    itemsOf: tagsIn,
    asyncDelete: false,
  },
  outputs: (live) => compact({ system: live.system ?? undefined, custom: live.custom ?? undefined }),
  liveInputs: (live, prior) =>
    compact({
      ...prior,
      name: live.name ?? prior.name,
      description: liveSetting(prior.description, live.description ?? null, ""),
      types: liveSet(prior.types, live.type ?? undefined, [...defaultTagTypes]) as TagInputs["types"],
    }) as TagInputs,
};
