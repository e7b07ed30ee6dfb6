/** Tags as the lookups answer them, system tags included. */
import { z } from "zod";

import type { StreamkapClient } from "../client/client";
import { tagRecord } from "../client/responses";
import { tagByIdRequest, tagsIn } from "../kinds/tag";
import type { TagFilter } from "./args";
import { notFound, orNotFound } from "./reads";

type TagRecord = z.infer<typeof tagRecord>;

function tagInfo(tag: TagRecord) {
  return {
    id: tag.id,
    name: tag.name ?? "",
    description: tag.description ?? undefined,
    types: tag.type ?? [],
    system: tag.system ?? false,
  };
}

/** One tag by id, read as the tag kind reads it. */
export async function getTag(client: StreamkapClient, id: string) {
  const what = `tag ${id}`;
  const answer = await orNotFound("getTag", what, () => client.call({ ...tagByIdRequest(id), schema: z.unknown() }));
  const found = z
    .array(tagRecord)
    .parse(tagsIn(answer))
    .find((tag) => tag.id === id);
  if (found === undefined) throw notFound("getTag", what);
  return tagInfo(found);
}

export async function getTags(client: StreamkapClient, filter: TagFilter = {}) {
  // The service filters by `tag_name` and `tag_type` (TF internal/api/tag.go:55-75); the filters are applied here
  // again because a name filter may match parts of names.
  const query = { tag_name: filter.name, tag_type: filter.type };
  const answer = await client.call({ method: "GET", path: "/tags", query, schema: z.unknown() });
  const tags = z.array(tagRecord).parse(tagsIn(answer));
  return tags
    .map(tagInfo)
    .filter((tag) => filter.name === undefined || tag.name.toLowerCase() === filter.name.toLowerCase())
    .filter((tag) => filter.type === undefined || tag.types.includes(filter.type))
    .filter((tag) => filter.system === undefined || tag.system === filter.system);
}
