/**
 * What the lookups share in reading: reads by id, where an object that is not there is reported for the lookup that
 * asked, and the service's nulls as absent values.
 */
import type { z } from "zod";

import type { StreamkapClient } from "../client/client";
import { envelope } from "../client/responses";
import { ErrorCodes, errors, StreamkapError } from "../errors";

/** `lookup`'s answer when `what` ("source abc") is not on the service. */
export function notFound(lookup: string, what: string): StreamkapError {
  return errors.of(
    lookup,
    ErrorCodes.notFound,
    `${what} does not exist on the service (or these credentials cannot see it). Check the id, and that ` +
      "streamkap:endpoint and the credentials point at the right service.",
  );
}

/** `read`'s answer, with the service's not-found said in `lookup`'s words. */
export async function orNotFound<T>(lookup: string, what: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw StreamkapError.is(error) && error.code === ErrorCodes.notFound ? notFound(lookup, what) : error;
  }
}

/** The one object of a get-by-id envelope; not-found when there is none. */
export async function one<T extends z.ZodType>(
  client: StreamkapClient,
  lookup: string,
  what: string,
  path: string,
  item: T,
): Promise<z.infer<T>> {
  const answer = await orNotFound(lookup, what, () => client.call({ method: "GET", path, schema: envelope(item) }));
  const found = answer.result[0] as z.infer<T> | undefined;
  if (found === undefined) throw notFound(lookup, what);
  return found;
}

/** A number the service may answer as null, as the lookups answer it: absent. */
export const present = (value: number | null | undefined) => (value === null ? undefined : value);
