/**
 * Tags: system tags (Development, Production) exist from the start in every service; custom tags are managed here.
 */
import { z } from "zod";
import { systemTagTypes, tagTypes } from "../../catalogue/wire-values";
import { HttpError, notFound } from "../core/errors";
import { objectId } from "../core/ids";
import { parseBody } from "../core/validate";
import { findTag, tagKey } from "../domain/tags";
import { ownedIn, route, type ApiContext, type RouteDef } from "../http/context";
import type { StoredTag } from "../state/types";
import { origins } from "./connector-common";

// The backend's TagTypeEnum (catalogue/wire-values.ts); `type` is required (TF internal/resource/tag/tag.go:77-93),
// and `environment`/`general` are reserved for system tags.
const reservedTypes: readonly string[] = systemTagTypes;
const createBody = z.object({
  name: z.string().min(1).max(255),
  description: z.string().max(1000).nullish(),
  type: z.array(z.enum(tagTypes)),
  created_from: z.enum(origins).default("api"),
});
const updateBody = z.object({
  name: z.string().min(1).max(255).optional(),
  description: z.string().max(1000).nullish(),
  type: z.array(z.enum(tagTypes)).optional(),
});

/** `?tag_ids=a&tag_ids=b` (TF internal/api/tag.go:55-75) or `?tag_ids=a,b`. */
function listParam(value: unknown): string[] | undefined {
  if (value === undefined) return undefined;
  const values = Array.isArray(value) ? value : [value];
  return values.flatMap((item) => String(item).split(",")).filter(Boolean);
}

function assertCustomTypes(types: string[] | undefined): void {
  const reserved = types?.find((type) => reservedTypes.includes(type));
  if (reserved !== undefined) {
    throw new HttpError(400, `Tag type '${reserved}' is reserved for system tags`);
  }
}

export function renderTag(tag: StoredTag) {
  return {
    id: tag.id,
    name: tag.name,
    description: tag.description,
    type: tag.type,
    system: tag.system,
    custom: tag.custom,
  };
}

function tagsOf(ctx: ApiContext): StoredTag[] {
  return ownedIn(ctx, ctx.store.state.tags).sort((a, b) => a.createdAt - b.createdAt || a.name.localeCompare(b.name));
}

// Names are compared as written: nothing shows the service folding case (a custom `production` beside the system
// `Production` is a guess either way: docs/real-api.md). TF shows only that an exact duplicate answers 400.
function assertUnique(ctx: ApiContext, name: string, exceptId?: string): void {
  if (tagsOf(ctx).some((tag) => tag.name === name && tag.id !== exceptId)) {
    throw new HttpError(400, `A tag named '${name}' already exists`);
  }
}

function ownCustom(ctx: ApiContext): StoredTag {
  const tag = findTag(ctx.store.state, ctx.caller.serviceId, ctx.params.tag_id ?? "");
  if (!tag) throw notFound("Tag");
  if (tag.system) throw new HttpError(400, `System tag '${tag.name}' cannot be changed or deleted`);
  return tag;
}

export const tagRoutes: RouteDef[] = [
  // Filters AND together; `tag_type` matches tags having any of the types (TF internal/api/tag.go:28-42).
  route("GET", "/tags", (ctx) => {
    const ids = listParam(ctx.query.tag_ids);
    const types = listParam(ctx.query.tag_type);
    const name = typeof ctx.query.tag_name === "string" ? ctx.query.tag_name.toLowerCase() : undefined;
    return {
      tags: tagsOf(ctx)
        .filter((tag) => ids === undefined || ids.includes(tag.id))
        .filter((tag) => types === undefined || tag.type.some((type) => types.includes(type)))
        .filter((tag) => name === undefined || tag.name.toLowerCase().includes(name))
        .map(renderTag),
    };
  }),
  route("GET", "/tags/:tag_id", (ctx) => {
    // GET /tags/{tag_type}: the tags applicable to one kind of object.
    const type = ctx.params.tag_id;
    return {
      tags: tagsOf(ctx)
        .filter((tag) => tag.type.includes(type))
        .map(renderTag),
    };
  }),
  route("POST", "/tags", (ctx) => {
    const body = parseBody(createBody, ctx.body);
    assertCustomTypes(body.type);
    assertUnique(ctx, body.name);
    const tag: StoredTag = {
      id: objectId(),
      serviceId: ctx.caller.serviceId,
      name: body.name,
      description: body.description ?? null,
      type: body.type,
      system: false,
      custom: true,
      createdAt: Date.now(),
      createdFrom: body.created_from,
    };
    ctx.store.state.tags[tagKey(tag.serviceId, tag.id)] = tag;
    ctx.store.changed();
    return renderTag(tag);
  }),
  route("PUT", "/tags/:tag_id", (ctx) => {
    const tag = ownCustom(ctx);
    const body = parseBody(updateBody, ctx.body);
    assertCustomTypes(body.type);
    if (body.name !== undefined) assertUnique(ctx, body.name, tag.id);
    if (body.name !== undefined) tag.name = body.name;
    if (body.description !== undefined) tag.description = body.description ?? null;
    if (body.type !== undefined) tag.type = body.type;
    ctx.store.changed();
    return renderTag(tag);
  }),
  route("DELETE", "/tags/:tag_id", (ctx) => {
    const tag = ownCustom(ctx);
    delete ctx.store.state.tags[tagKey(tag.serviceId, tag.id)];
    // The service's objects keep no dangling reference to a deleted tag.
    const strip = (entity: { serviceId: string; tags?: string[] }) => {
      if (entity.serviceId !== tag.serviceId) return;
      entity.tags = (entity.tags ?? []).filter((id) => id !== tag.id);
    };
    Object.values(ctx.store.state.connectors).forEach(strip);
    Object.values(ctx.store.state.pipelines).forEach(strip);
    Object.values(ctx.store.state.topics).forEach(strip);
    Object.values(ctx.store.state.transforms).forEach(strip);
    ctx.store.changed();
    return renderTag(tag);
  }),
];
