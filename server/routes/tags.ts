// Tags: system tags (Development, Production) exist from the start in every service; custom tags are managed here.
import { z } from "zod";
import { HttpError, notFound } from "../core/errors";
import { objectId } from "../core/ids";
import { parseBody } from "../core/validate";
import { route, type ApiContext, type RouteDef } from "../http/context";
import type { TagRecord } from "../state/types";
import { ORIGINS } from "./connector-common";

const TAG_TYPES = ["pipeline", "source", "destination", "transform", "topic"] as const;
const createBody = z.object({
  name: z.string().min(1).max(255),
  description: z.string().max(1000).nullish(),
  type: z.array(z.enum(TAG_TYPES)).default([...TAG_TYPES]),
  created_from: z.enum(ORIGINS).default("api"),
});
const updateBody = z.object({
  name: z.string().min(1).max(255).optional(),
  description: z.string().max(1000).nullish(),
  type: z.array(z.enum(TAG_TYPES)).optional(),
});

export function renderTag(t: TagRecord) {
  return { id: t.id, name: t.name, description: t.description, type: t.type, system: t.system, custom: t.custom };
}

function tagsOf(ctx: ApiContext): TagRecord[] {
  return Object.values(ctx.store.state.tags)
    .filter((t) => t.serviceId === ctx.caller.serviceId)
    .sort((a, b) => a.createdAt - b.createdAt || a.name.localeCompare(b.name));
}

function assertUnique(ctx: ApiContext, name: string, exceptId?: string): void {
  if (tagsOf(ctx).some((t) => t.name.toLowerCase() === name.toLowerCase() && t.id !== exceptId)) {
    throw new HttpError(400, `A tag named '${name}' already exists`);
  }
}

function ownCustom(ctx: ApiContext): TagRecord {
  const t = ctx.store.state.tags[ctx.params.tag_id];
  if (!t || t.serviceId !== ctx.caller.serviceId) throw notFound("Tag");
  if (t.system) throw new HttpError(400, `System tag '${t.name}' cannot be changed or deleted`);
  return t;
}

export const tagRoutes: RouteDef[] = [
  route("GET", "/tags", (ctx) => ({ tags: tagsOf(ctx).map(renderTag) })),
  route("GET", "/tags/:tag_id", (ctx) => {
    // GET /tags/{tag_type}: the tags applicable to one kind of object.
    const type = ctx.params.tag_id;
    return {
      tags: tagsOf(ctx)
        .filter((t) => t.type.includes(type))
        .map(renderTag),
    };
  }),
  route("POST", "/tags", (ctx) => {
    const body = parseBody(createBody, ctx.body);
    assertUnique(ctx, body.name);
    const tag: TagRecord = {
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
    ctx.store.state.tags[tag.id] = tag;
    ctx.store.changed();
    return renderTag(tag);
  }),
  route("PUT", "/tags/:tag_id", (ctx) => {
    const tag = ownCustom(ctx);
    const body = parseBody(updateBody, ctx.body);
    if (body.name !== undefined) assertUnique(ctx, body.name, tag.id);
    if (body.name !== undefined) tag.name = body.name;
    if (body.description !== undefined) tag.description = body.description ?? null;
    if (body.type !== undefined) tag.type = body.type;
    ctx.store.changed();
    return renderTag(tag);
  }),
  route("DELETE", "/tags/:tag_id", (ctx) => {
    const tag = ownCustom(ctx);
    delete ctx.store.state.tags[tag.id];
    // Objects keep no dangling reference to a deleted tag.
    const strip = (o: { tags: string[] }) => {
      o.tags = o.tags.filter((id) => id !== tag.id);
    };
    Object.values(ctx.store.state.connectors).forEach(strip);
    Object.values(ctx.store.state.pipelines).forEach(strip);
    Object.values(ctx.store.state.topics).forEach(strip);
    ctx.store.changed();
    return renderTag(tag);
  }),
];
