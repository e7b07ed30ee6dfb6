import { z } from "zod";

import { envelope } from "../client/responses";
import { sleep } from "../client/retry";
import { ErrorCodes, forResource, ResourceInitError, StreamkapError } from "../errors";
import type { JsonObject, KindContext, KindDescription } from "./kind";
import { inputsFromOutputs, isPlainObject, withoutProvider } from "./values";

/** An object created this long before our first attempt cannot be the one that attempt made. */
const clockSkewAllowanceMs = 5 * 60_000;
/** How long `delete` waits for the service to finish an asynchronous delete. */
const deleteDeadlineMs = 10 * 60_000;

export interface CreateOutcome {
  id: string;
  outs: JsonObject;
}

export async function createObject<I extends JsonObject, L>(
  kind: KindDescription<I, L>,
  context: KindContext,
  inputs: I,
): Promise<CreateOutcome> {
  const body = await kind.api.createBody(inputs, context);
  const started = Date.now();
  let live: L | undefined;
  for (let attempt = 1; live === undefined; attempt++) {
    try {
      live = await context.client.call({ method: "POST", path: kind.api.collection, body, schema: kind.api.record });
    } catch (error) {
      live = await recoverCreate(kind, context, inputs, error, started, attempt).catch((failure: unknown) => {
        throw forResource(context.label, failure);
      });
    }
  }
  const id = kind.api.idOf(live);
  return { id, outs: await converge(kind, context, id, live, inputs, undefined) };
}

/** Outputs after the kind's post-apply work; a failure there keeps the object (see ResourceInitError). */
async function converge<I extends JsonObject, L>(
  kind: KindDescription<I, L>,
  context: KindContext,
  id: string,
  live: L,
  inputs: I,
  previous: JsonObject | undefined,
): Promise<JsonObject> {
  const outs: JsonObject = { ...inputs, ...kind.outputs(live) };
  if (!kind.converge) return outs;
  try {
    return { ...outs, ...(await kind.converge(context, id, live, inputs, previous)) };
  } catch (error) {
    throw new ResourceInitError(id, outs, context.label, error);
  }
}

/**
 * After a failed create: the object this run made, when the answer was lost but the service acted (found by
 * exact name, `created_from` and creation time); `undefined` to send the create again when the service surely
 * did not act; otherwise the error, explained.
 */
async function recoverCreate<I extends JsonObject, L>(
  kind: KindDescription<I, L>,
  context: KindContext,
  inputs: I,
  error: unknown,
  started: number,
  attempt: number,
): Promise<L | undefined> {
  const name = typeof inputs.name === "string" ? inputs.name : undefined;
  // Only the create call itself can have acted without answering; a failure getting a token sent nothing.
  const ambiguous =
    StreamkapError.is(error) &&
    (error.code === ErrorCodes.unavailable || error.code === ErrorCodes.unreachable) &&
    error.call?.method === "POST" &&
    error.call.path === kind.api.collection;
  const refused = StreamkapError.is(error) && error.code === ErrorCodes.rejected;
  if (name === undefined || (!ambiguous && !refused)) {
    throw forResource(context.label, error);
  }

  const existing = await findByName(kind, context, name);
  const ours = existing.find((live) => isOwnCreation(live, context, started));
  if (ours !== undefined && (ambiguous || attempt > 1)) {
    return ours;
  }
  if (refused && existing.length > 0) {
    throw new StreamkapError(
      ErrorCodes.rejected,
      `${context.label}: a ${kind.kind} named "${name}" already exists in this service ` +
        `(${(error as StreamkapError).message}). Names are unique per service: choose another name, or leave ` +
        "`name` unset so one is generated, or delete the existing object first.",
      (error as StreamkapError).call,
    );
  }
  if (ambiguous && attempt < 3) {
    return undefined; // nothing by that name: the service did not act on it, so sending again is safe
  }
  throw forResource(context.label, error);
}

function isOwnCreation(live: unknown, context: KindContext, started: number): boolean {
  if (!isPlainObject(live)) return false;
  const createdFrom = live.created_from;
  if (typeof createdFrom === "string" && createdFrom !== context.createdFrom) return false;
  const created = typeof live.created_timestamp === "string" ? Date.parse(live.created_timestamp) : NaN;
  return Number.isNaN(created) || created >= started - clockSkewAllowanceMs;
}

export async function findByName<I extends JsonObject, L>(
  kind: KindDescription<I, L>,
  context: KindContext,
  name: string,
): Promise<L[]> {
  const page = await context.client.call({
    method: "GET",
    path: kind.api.collection,
    query: { partial_name: name, page_size: 100 },
    schema: envelope(kind.api.record),
  });
  return (page.result as L[]).filter((live) => kind.api.nameOf(live) === name);
}

/** The live object, or undefined when the service no longer has it. */
export async function getObject<I extends JsonObject, L>(
  kind: KindDescription<I, L>,
  context: KindContext,
  id: string,
): Promise<L | undefined> {
  try {
    const body = await context.client.call({
      method: "GET",
      path: `${kind.api.collection}/${encodeURIComponent(id)}`,
      schema: z.unknown(),
    });
    // Sources, destinations, pipelines and transforms answer a one-item envelope; others the bare object.
    const item = isPlainObject(body) && Array.isArray(body.result) ? body.result[0] : body;
    if (item === undefined || item === null) return undefined;
    const parsed = kind.api.record.safeParse(item);
    if (!parsed.success) {
      throw new StreamkapError(
        ErrorCodes.unexpectedResponse,
        `GET ${kind.api.collection}/${id} answered an object that is not a ${kind.kind}: ${parsed.error.issues[0]?.message}`,
      );
    }
    return parsed.data;
  } catch (error) {
    if (StreamkapError.is(error) && error.code === ErrorCodes.notFound) return undefined;
    throw forResource(context.label, error);
  }
}

/** An object the service is deleting counts as gone for refresh. */
function isBeingDeleted(live: unknown): boolean {
  return isPlainObject(live) && live.connector_status === "Deleting";
}

export interface ReadOutcome {
  id?: string;
  props?: JsonObject;
  inputs?: JsonObject;
}

export async function readObject<I extends JsonObject, L>(
  kind: KindDescription<I, L>,
  context: KindContext,
  id: string,
  oldOutputs: Record<string, unknown>,
): Promise<ReadOutcome> {
  const live = await getObject(kind, context, id);
  if (live === undefined || isBeingDeleted(live)) {
    return {}; // no id: the engine drops the resource from state and the next `up` creates it again
  }
  const prior = inputsFromOutputs(kind, withoutProvider(oldOutputs));
  const inputs = kind.liveInputs(live, prior);
  return { id, props: { ...withoutProvider(oldOutputs), ...inputs, ...kind.outputs(live) }, inputs };
}

export async function updateObject<I extends JsonObject, L>(
  kind: KindDescription<I, L>,
  context: KindContext,
  id: string,
  inputs: I,
  previous: JsonObject,
): Promise<JsonObject> {
  let live: L;
  try {
    live = await context.client.call({
      method: "PUT",
      path: `${kind.api.collection}/${encodeURIComponent(id)}`,
      body: await kind.api.updateBody(inputs, context, id),
      schema: kind.api.record,
    });
  } catch (error) {
    if (StreamkapError.is(error) && error.code === ErrorCodes.notFound) {
      throw new StreamkapError(
        ErrorCodes.notFound,
        `${context.label} no longer exists on the service (deleted outside Pulumi). Run \`pulumi refresh\` to ` +
          "forget it; the next `pulumi up` creates it again.",
        error.call,
      );
    }
    throw forResource(context.label, error);
  }
  return converge(kind, context, id, live, inputs, previous);
}

export async function deleteObject<I extends JsonObject, L>(
  kind: KindDescription<I, L>,
  context: KindContext,
  id: string,
): Promise<void> {
  const path = `${kind.api.collection}/${encodeURIComponent(id)}`;
  try {
    await context.client.call({ method: "DELETE", path, schema: z.unknown() });
  } catch (error) {
    if (StreamkapError.is(error) && error.code === ErrorCodes.notFound) return; // already gone
    throw forResource(context.label, error);
  }
  if (kind.api.asyncDelete) {
    await waitUntilGone(kind, context, id);
  }
}

/** The service deletes in the background and keeps the name taken until it is done; a replacement needs it. */
async function waitUntilGone<I extends JsonObject, L>(
  kind: KindDescription<I, L>,
  context: KindContext,
  id: string,
): Promise<void> {
  const deadline = Date.now() + deleteDeadlineMs;
  for (let wait = 100; ; wait = Math.min(wait * 2, 2_000)) {
    if ((await getObject(kind, context, id)) === undefined) return;
    if (Date.now() + wait > deadline) {
      throw new StreamkapError(
        ErrorCodes.timeout,
        `${context.label} was still being deleted after ${deleteDeadlineMs / 60_000} minutes; run the command again.`,
      );
    }
    await sleep(wait);
  }
}
