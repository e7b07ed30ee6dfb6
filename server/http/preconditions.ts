/**
 * The console's in-process precondition on a connector's replacement (issue #39, M1): the config-history version
 * the console read, checked in the same synchronous step as the write, so no API writer can slip in between.
 *
 * The public API of the real service takes no such condition (no If-Match, no version in the PUT body: TF
 * internal/api/source.go sends the whole object and nothing else), so none is offered to callers from outside:
 * the console registers an unguessable nonce here for the one call it makes in-process (fastify's inject) and
 * sends the nonce in a header; a header with a nonce not registered here (anything from outside) is ignored, and
 * the request is the public API's, unchanged.
 */
import { randomBytes } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";

export const preconditionHeader = "x-local-console-precondition";

const expectedVersions = new Map<string, number>();

/** A condition for one in-process call: its header, and `release` once the call is answered. */
export interface Precondition {
  headers: Record<string, string>;
  release(): void;
}

/** The write must find the object at `version` (its config history's newest), or it is refused with 409. */
export function expectVersion(version: number): Precondition {
  const nonce = randomBytes(24).toString("base64url");
  expectedVersions.set(nonce, version);
  return { headers: { [preconditionHeader]: nonce }, release: () => expectedVersions.delete(nonce) };
}

/** The version a request's registered precondition expects, or undefined (no condition, or not the console's). */
export function expectedVersionOf(headers: IncomingHttpHeaders): number | undefined {
  const nonce = headers[preconditionHeader];
  return typeof nonce === "string" ? expectedVersions.get(nonce) : undefined;
}
