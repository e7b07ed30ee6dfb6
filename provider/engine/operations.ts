import { setTimeout as sleep } from "node:timers/promises";

import { z } from "zod";

import { isKafkaConnectTransient, kafkaConnectRetryDelayMs } from "../client/kafka-connect";
import { ErrorCodes, errors, forResource, ResourceInitError, StreamkapError } from "../errors";
import { adoptedMarker, adoptObject } from "./adopt";
import { importedMarker } from "./diff";
import { splitCommonInputs } from "./common-inputs";
import { driftBetween, explainDrift } from "./drift";
import type { ConvergeFailure, DeleteRequest, JsonObject, KindContext, KindDescription } from "./kind";
import { liveSettingOutputs, withoutLiveOnly } from "./live-settings";
import { findByName, getObject, handleOf, requestFor } from "./lookup";
import { provenanceOf } from "./provenance";
import { warn } from "./report";
import { inputKeys, inputsFromOutputs, isPlainObject, ownInputKeys, storedOutputs, withoutProvider } from "./values";

/** An object created this long before our first attempt cannot be the one that attempt made. */
const clockSkewAllowanceMs = 5 * 60_000;
/**
 * How many times a create whose answer was lost is sent, each time only after looking for the object by name and
 * not finding it. Bounded, so a service that keeps failing ends in an error rather than a loop.
 */
const maxCreateAttempts = 6;
/** How long `delete` waits for the service to finish an asynchronous delete. */
const deleteDeadlineMs = 10 * 60_000;

/**
 * How long to wait before sending a create again after one that surely made nothing. Kafka Connect being busy
 * (rebalancing, electing leaders) passes in seconds, not milliseconds: back off as for any Kafka Connect
 * transient failure (see client/kafka-connect.ts), doubling up to 15 s. Other failures were retried by the
 * client already; send again at once.
 */
function createRetryDelayMs(error: unknown, attempt: number): number {
  if (!StreamkapError.is(error) || !isKafkaConnectTransient(error.call?.detail)) return 0;
  return Math.min(kafkaConnectRetryDelayMs * 2 ** (attempt - 1), 15_000);
}

export interface CreateOutcome {
  id: string;
  outs: JsonObject;
}

export async function createObject<I extends JsonObject, L>(
  kind: KindDescription<I, L>,
  context: KindContext,
  inputs: I,
): Promise<CreateOutcome> {
  const existing = kind.existingObject?.(inputs);
  if (typeof inputs.adopt === "string" || existing !== undefined) {
    return adoptObject(kind, context, inputs, existing);
  }
  const body = await kind.api.createBody(inputs, context);
  if (kind.checksNameBeforeCreate) await refuseTakenName(kind, context, inputs);
  const started = Date.now();
  let live: L | undefined;
  let orphan = false;
  for (let attempt = 1; live === undefined; attempt++) {
    try {
      const request = kind.api.createRequest?.(inputs, body) ?? {
        method: "POST" as const,
        path: kind.api.collection,
        query: kind.api.writeQuery,
        body,
      };
      live = await context.client.call({ ...request, schema: kind.api.record });
    } catch (error) {
      const recovered = await recoverCreate(kind, context, inputs, error, started, attempt).catch(
        (failure: unknown) => {
          throw forResource(context.label, failure);
        },
      );
      live = recovered?.live;
      orphan = recovered?.orphan ?? false;
      if (live === undefined) await sleep(createRetryDelayMs(error, attempt));
    }
  }
  const id = kind.api.idOf(live);
  if (orphan) {
    // Made by an earlier, interrupted run, perhaps from older code: bring it to what the program declares now.
    live = await putInputs(kind, context, id, inputs);
  }
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
  const outs: JsonObject = { ...liveSettingOutputs(kind, live, inputs), ...inputs, ...kind.outputs(live) };
  if (!kind.converge) return storedOutputs(kind, outs);
  try {
    const converged = await kind.converge(handleOf(kind, context, id), live, inputs, previous);
    return storedOutputs(kind, { ...outs, ...converged });
  } catch (error) {
    throw new ResourceInitError(id, { ...outs, ...keptOutputs(error) }, context.label, error);
  }
}

/** The outputs a failed `converge` asks to keep (see {@link ConvergeFailure}); none when it names none. */
function keptOutputs(error: unknown): JsonObject {
  const outputs = (error as Partial<ConvergeFailure> | null | undefined)?.outputs;
  return isPlainObject(outputs) ? (outputs as JsonObject) : {};
}

/**
 * After a failed create, one of:
 * - the object this run made, when the answer was lost but the service acted (found by exact name,
 *   `created_from` and creation time);
 * - an orphan of an earlier run that died between the service creating the object and Pulumi recording it:
 *   the name was derived from this stack's seed (check.ts), so a same-named object with our `created_from` is
 *   ours, whenever it was made (`orphan: true`);
 * - `undefined`, to send the create again, when the service surely did not act;
 * - otherwise the error, explained.
 */
async function recoverCreate<I extends JsonObject, L>(
  kind: KindDescription<I, L>,
  context: KindContext,
  inputs: I,
  error: unknown,
  started: number,
  attempt: number,
): Promise<{ live: L; orphan: boolean } | undefined> {
  const name = declaredNameOf(kind, inputs);
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
  if (kind.checksNameBeforeCreate) {
    return recoverUnprovable(kind, context, inputs, error, { name, existing, ambiguous, attempt });
  }
  const derivedName = typeof inputs.nameSeed === "string";
  const ours = await findAsync(existing, (live) =>
    isOwnCreation(kind, context, live, inputs, derivedName ? undefined : started),
  );
  if (ours !== undefined && (ambiguous || attempt > 1 || derivedName)) {
    return { live: ours, orphan: !ambiguous && attempt === 1 };
  }
  // An explicit name carries no seed, so an object under it cannot be known as ours by its name alone: one made
  // by this provider and holding exactly the declared settings is what an interrupted run left (see
  // docs/reliability.md).
  const leftover =
    refused && !derivedName ? await findAsync(existing, (live) => isLeftover(kind, context, live, inputs)) : undefined;
  if (leftover !== undefined) {
    return { live: leftover, orphan: true };
  }
  if (refused && existing.length > 0) {
    throw errors.of(
      context.label,
      ErrorCodes.rejected,
      `a ${kind.noun} named "${name}" already exists in this service ` +
        `(${(error as StreamkapError).message}). Names are unique per service: choose another name, or leave ` +
        "`name` unset so one is generated, or delete the existing object first.",
      (error as StreamkapError).call,
    );
  }
  if (ambiguous && attempt < maxCreateAttempts) {
    return undefined; // nothing by that name: the service did not act on it, so sending again is safe
  }
  throw forResource(context.label, error);
}

/** The declared name of a kind that names its objects by another input (`nameInput`). */
function declaredNameOf<I extends JsonObject, L>(kind: KindDescription<I, L>, inputs: I): string | undefined {
  const declared = inputs[kind.nameInput ?? "name"];
  return typeof declared === "string" ? declared : undefined;
}

function nameTaken<I extends JsonObject, L>(
  kind: KindDescription<I, L>,
  context: KindContext,
  name: string,
  cause?: StreamkapError,
): StreamkapError {
  const input = kind.nameInput ?? "name";
  return errors.of(
    context.label,
    ErrorCodes.rejected,
    `a ${kind.noun} with ${input} "${name}" already exists in this service${cause ? ` (${cause.message})` : ""}, ` +
      `and the service keeps nothing that shows who made it, so it is not taken over. Choose another \`${input}\`, ` +
      `or, if it is this program's (an earlier \`pulumi up\` was interrupted), declare \`adopt: "${name}"\`: ` +
      "the next `pulumi up` then sets it to what the program declares, its password included.",
    cause?.call,
  );
}

/** A kind whose maker the service does not keep (`checksNameBeforeCreate`): a taken name fails before the create. */
async function refuseTakenName<I extends JsonObject, L>(
  kind: KindDescription<I, L>,
  context: KindContext,
  inputs: I,
): Promise<void> {
  const name = declaredNameOf(kind, inputs);
  if (name === undefined) return;
  const existing = await findByName(kind, context, name).catch((failure: unknown) => {
    throw forResource(context.label, failure);
  });
  if (existing.length > 0) throw nameTaken(kind, context, name);
}

/**
 * After a failed create of a kind whose maker the service does not keep, the name was free just before (see
 * `refuseTakenName`). A refused create takes nothing over. After a lost answer: nothing by that name means the
 * service did not act (send again); an object holding exactly the declared settings was made by this create; any
 * other is someone else's, and the create fails naming it.
 */
async function recoverUnprovable<I extends JsonObject, L>(
  kind: KindDescription<I, L>,
  context: KindContext,
  inputs: I,
  error: unknown,
  found: { name: string; existing: L[]; ambiguous: boolean; attempt: number },
): Promise<{ live: L; orphan: boolean } | undefined> {
  const { name, existing, ambiguous, attempt } = found;
  if (!ambiguous) {
    throw existing.length > 0
      ? nameTaken(kind, context, name, error as StreamkapError)
      : forResource(context.label, error);
  }
  if (existing.length === 0) {
    if (attempt < maxCreateAttempts) return undefined;
    throw forResource(context.label, error);
  }
  const made = existing.find((live) => holdsDeclared(kind, live, inputs));
  if (made !== undefined) return { live: made, orphan: false };
  throw errors.of(
    context.label,
    ErrorCodes.rejected,
    `the answer to the create was lost (${(error as StreamkapError).message}), and a ${kind.noun} "${name}" now ` +
      "exists that does not hold the declared settings: it may be someone else's, so it is not taken over. " +
      `Look at it in the console; if it is this program's, declare \`adopt: "${name}"\` and run \`pulumi up\` ` +
      "again, otherwise choose another name.",
    (error as StreamkapError).call,
  );
}

/**
 * Whether a same-named object is the one this provider made: not when the service shows another maker (see
 * provenance.ts); when `started` is given (a lost answer in this run), only when made no earlier than the create
 * began (give or take). When the service shows no maker at all, a time check alone (`started`) or, for an
 * object of an earlier run, holding exactly the declared settings must do: a same-named object made by someone
 * else for something else is never taken over.
 */
async function isOwnCreation<I extends JsonObject, L>(
  kind: KindDescription<I, L>,
  context: KindContext,
  live: L,
  inputs: I,
  started: number | undefined,
): Promise<boolean> {
  if (!isPlainObject(live)) return false;
  if (started !== undefined) {
    const created = typeof live.created_timestamp === "string" ? Date.parse(live.created_timestamp) : NaN;
    if (!Number.isNaN(created) && created < started - clockSkewAllowanceMs) return false;
  }
  const provenance = await provenanceOf(kind, context, live);
  if (provenance !== "unknown") return provenance === "ours";
  return started !== undefined || holdsDeclared(kind, live, inputs);
}

/** Made by this provider, when the service says, and holding exactly what the inputs declare. */
async function isLeftover<I extends JsonObject, L>(
  kind: KindDescription<I, L>,
  context: KindContext,
  live: L,
  inputs: I,
): Promise<boolean> {
  return (await provenanceOf(kind, context, live)) !== "theirs" && holdsDeclared(kind, live, inputs);
}

function holdsDeclared<I extends JsonObject, L>(kind: KindDescription<I, L>, live: L, inputs: I): boolean {
  const declared = splitCommonInputs(inputs).own as I;
  return driftBetween(declared, kind.liveInputs(live, declared), ownInputKeys(kind)).length === 0;
}

async function findAsync<T>(items: T[], test: (item: T) => Promise<boolean>): Promise<T | undefined> {
  for (const item of items) if (await test(item)) return item;
  return undefined;
}

/**
 * An object the service is deleting counts as gone for refresh. The real service has no such status (its
 * connector statuses: DOCS Source schema); an older local server invented `Deleting`, and it costs nothing to
 * keep understanding it.
 */
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
  const stored = inputsFromOutputs(kind, withoutProvider(oldOutputs));
  // A read with nothing applied before (`pulumi import` of an object by id) takes the live values, secrets
  // included where the service tells them; it is no drift.
  const imported = Object.keys(stored).length === 0;
  const live = await getObject(kind, context, id, imported ? kind.api.importQuery : undefined);
  if (live === undefined || isBeingDeleted(live)) {
    return {}; // no id: the engine drops the resource from state and the next `up` creates it again
  }
  const prior = imported ? (kind.importInputs?.(live) ?? stored) : stored;
  const inputs = kind.liveInputs(live, prior);
  const drift = imported ? [] : driftBetween(prior, inputs, ownInputKeys(kind));
  if (drift.length > 0) {
    const explanation = await explainDrift(kind, context, id, drift, new Set(kind.secretKeys?.(prior) ?? []));
    await warn(
      `${context.label} ${explanation}\n` +
        'The next `pulumi up` sets the declared values back; with `onDrift: "fail"` it refuses instead.',
    );
  }
  const props: JsonObject = {
    ...withoutLiveOnly(withoutProvider(oldOutputs), inputKeys(kind)),
    ...liveSettingOutputs(kind, live, inputs),
    ...inputs,
    ...kind.outputs(live),
  };
  delete props[adoptedMarker]; // state inputs now hold the live values, so the engine's own diff is exact again
  if (imported) props[importedMarker] = true;
  return { id, props: storedOutputs(kind, props), inputs };
}

export async function updateObject<I extends JsonObject, L>(
  kind: KindDescription<I, L>,
  context: KindContext,
  id: string,
  inputs: I,
  previous: JsonObject,
): Promise<JsonObject> {
  if (inputs.onDrift === "fail") {
    await refuseIfDrifted(kind, context, id, inputsFromOutputs(kind, previous));
  }
  if (kind.api.updateNeeded && !kind.api.updateNeeded(inputsFromOutputs(kind, previous), inputs)) {
    // Only inputs that `converge` acts on changed (a pause, a trigger): no update call, so no redeploy.
    const current = await getObject(kind, context, id);
    if (current !== undefined) return converge(kind, context, id, current, inputs, previous);
  }
  const live = await putInputs(kind, context, id, inputs, previous);
  return converge(kind, context, id, live, inputs, previous);
}

/** Sends the inputs to the existing object (the kind's update request) and answers the object as it now is. */
async function putInputs<I extends JsonObject, L>(
  kind: KindDescription<I, L>,
  context: KindContext,
  id: string,
  inputs: I,
  previous?: JsonObject,
): Promise<L> {
  try {
    const body = await kind.api.updateBody(inputs, context, id, previous);
    const request = kind.api.updateRequest?.(id, body) ?? {
      ...requestFor(kind.api.collection, "PUT", id),
      query: kind.api.writeQuery,
      body,
    };
    return await context.client.call({ ...request, schema: kind.api.record });
  } catch (error) {
    if (StreamkapError.is(error) && error.code === ErrorCodes.notFound) {
      throw errors.gone({ resource: context.label }, error.call);
    }
    throw forResource(context.label, error);
  }
}

export async function deleteObject<I extends JsonObject, L>(
  kind: KindDescription<I, L>,
  context: KindContext,
  id: string,
  last: JsonObject = {},
): Promise<void> {
  const requests: DeleteRequest[] = [
    kind.api.deleteRequest?.(id, last) ?? requestFor(kind.api.collection, "DELETE", id),
  ].flat();
  for (const { notFound, ...request } of requests) {
    try {
      await context.client.call({ ...request, schema: z.unknown() });
    } catch (error) {
      if (StreamkapError.is(error) && error.code === ErrorCodes.notFound) {
        if (notFound === "part done") continue; // that part was undone already: the rest still is to do
        return; // already gone
      }
      throw forResource(context.label, error);
    }
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
  // A read right after the DELETE would find the object still there (the service has only just begun), so the
  // first read waits a moment: one read per delete when the service is quick, and no time lost when it is not.
  for (let wait = 100; ; wait = Math.min(wait * 2, 2_000)) {
    await sleep(Math.min(wait, Math.max(0, deadline - Date.now())));
    if ((await getObject(kind, context, id)) === undefined) return;
    if (Date.now() >= deadline) {
      const deadline = `${deleteDeadlineMs / 60_000}-minute deadline`;
      throw errors.timedOut({ resource: context.label, outcome: "it was not gone", deadline });
    }
  }
}

/**
 * `onDrift: "fail"`: before changing anything, compare the live object with what the last `up` applied, and
 * refuse, naming the keys and versions, when someone changed it outside Pulumi since.
 */
async function refuseIfDrifted<I extends JsonObject, L>(
  kind: KindDescription<I, L>,
  context: KindContext,
  id: string,
  applied: I,
): Promise<void> {
  const live = await getObject(kind, context, id);
  if (live === undefined) return; // the update itself reports the missing object
  const drift = driftBetween(applied, kind.liveInputs(live, applied), ownInputKeys(kind));
  if (drift.length === 0) return;
  const explanation = await explainDrift(kind, context, id, drift, new Set(kind.secretKeys?.(applied) ?? []));
  throw errors.of(
    context.label,
    ErrorCodes.rejected,
    `${explanation}\n` +
      '`onDrift` is "fail", so nothing was changed. Run `pulumi refresh` to take the live values into the stack ' +
      '(the next preview then shows exactly what `up` would change), or set `onDrift: "overwrite"`.',
  );
}
