/**
 * The console's in-process precondition on a connector's replacement (issue #39, M1): the config-history version,
 * name and tags the console read, checked in the same synchronous step as the write, so no API writer can slip in
 * between.
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

/** What the console read and builds its write on: the newest config version, and the name and tags it sends back. */
export interface ExpectedState {
  version: number;
  name: string;
  tags: readonly string[];
}

const expectedStates = new Map<string, ExpectedState>();

/** A condition for one in-process call: its header, and `release` once the call is answered. */
export interface Precondition {
  headers: Record<string, string>;
  release(): void;
}

/**
 * The write must find the object as the console read it: at `version` (its config history's newest), with the same
 * name and tags (which add no config version), or it is refused with 409.
 */
export function expectState(state: ExpectedState): Precondition {
  const nonce = randomBytes(24).toString("base64url");
  expectedStates.set(nonce, state);
  return { headers: { [preconditionHeader]: nonce }, release: () => expectedStates.delete(nonce) };
}

/** The state a request's registered precondition expects, or undefined (no condition, or not the console's). */
export function expectedStateOf(headers: IncomingHttpHeaders): ExpectedState | undefined {
  const nonce = headers[preconditionHeader];
  return typeof nonce === "string" ? expectedStates.get(nonce) : undefined;
}

/** Whether two tag lists hold the same tags, in any order. */
export function sameTags(a: readonly string[], b: readonly string[]): boolean {
  const held = new Set(a);
  return held.size === new Set(b).size && b.every((tag) => held.has(tag));
}
