/**
 * Helpers shared by the source and destination routes: lookup within the caller's service, origin headers,
 * rendering options.
 */
import { z } from "zod";
import { HttpError, notFound } from "../core/errors";
import { parseWith } from "../core/validate";
import { header, ownedBy, type ApiContext } from "../http/context";
import type { StoredConnector, Origin } from "../state/types";
import type { Author, Kind } from "../domain/connectors";
import { findTag } from "../domain/tags";

export const origins = ["terraform", "web", "api"] as const;

export function label(kind: Kind): string {
  return kind === "source" ? "Source" : "Destination";
}

/** The caller's object of that kind, including one still being deleted; 404 otherwise. */
export function findOwn(ctx: ApiContext, kind: Kind, id: string | undefined): StoredConnector {
  const connector = ownedBy(ctx, ctx.store.state.connectors, id);
  if (connector?.kind !== kind) throw notFound(label(kind));
  return connector;
}

export function findLive(ctx: ApiContext, kind: Kind, id: string | undefined): StoredConnector {
  const connector = findOwn(ctx, kind, id);
  if (connector.deleteAt !== undefined) throw new HttpError(409, `${label(kind)} ${connector.id} is being deleted`);
  return connector;
}

/**
 * Local extension headers: X-Local-Origin (web|api|terraform) and X-Local-Actor let tests simulate an edit made
 * in the web console. Defaults: the given origin and the client id of the token.
 */
export function authorOf(ctx: ApiContext, defaultOrigin: Origin): Author {
  const origin = header(ctx, "x-local-origin");
  const actor = header(ctx, "x-local-actor");
  const parsed = parseWith(
    z.object({ "x-local-origin": z.enum(origins).optional() }),
    { "x-local-origin": origin },
    "header",
  );
  return {
    origin: parsed["x-local-origin"] ?? defaultOrigin,
    actor: actor && actor.trim() ? actor.trim() : ctx.caller.clientId,
  };
}

export function assertTagsExist(ctx: ApiContext, tagIds: string[], loc: string[]): void {
  tagIds.forEach((id, index) => {
    if (!findTag(ctx.store.state, ctx.caller.serviceId, id)) {
      throw new HttpError(422, [{ loc: [...loc, index], msg: `Tag ${id} not found`, type: "value_error" }]);
    }
  });
}

/**
 * A connector stays until no live pipeline uses it: 409 "used by pipeline" otherwise. A pipeline whose delete
 * was accepted holds nothing, whatever its `wait` said: the official Terraform provider deletes a pipeline with
 * `wait=false` and its connectors at once after (TF develop internal/api/pipeline.go:198-217,
 * internal/api/source.go:183-202), which its nightly acceptance run against the real service passes.
 */
export function assertNotInUse(ctx: ApiContext, kind: Kind, connector: StoredConnector): void {
  const field = kind === "source" ? "sourceId" : "destinationId";
  const user = Object.values(ctx.store.peek("pipelines")).find(
    (pipeline) => pipeline[field] === connector.id && pipeline.deleteAt === undefined,
  );
  if (user) {
    throw new HttpError(409, `${label(kind)} '${connector.name}' is used by pipeline '${user.name}' (${user.id})`);
  }
}
