import { ErrorCodes, errors } from "../errors";
import { splitCommonInputs } from "./common-inputs";
import type { JsonObject, KindContext, KindDescription } from "./kind";
import { liveSettingOutputs } from "./live-settings";
import { findByName, getObject } from "./lookup";
import { isPlainObject, storedOutputs } from "./values";

/**
 * Marks the outputs of an adopted object: its state inputs are the program's, while its outputs hold the live
 * values, so `diff` compares those itself (see diff.ts). Keys starting with "__" are hidden in displays.
 */
export const adoptedMarker = "__adopted";

/**
 * `adopt`: take over an object that already exists (made in the console, by another tool, or by a stack being
 * replaced) instead of creating one. Nothing on the service changes: the outputs record the object as it is, so
 * the next preview shows exactly where the code and the live object differ, and `up` then applies the code.
 * Refused when the object is of another connector than the code declares: that would be a replacement.
 */
export async function adoptObject<I extends JsonObject, L>(
  kind: KindDescription<I, L>,
  context: KindContext,
  inputs: I,
  existing?: string,
): Promise<{ id: string; outs: JsonObject }> {
  // `adopt` names the object when both are given: the kind's own reference (a topic's `topicId`) is the same one.
  const target = typeof inputs.adopt === "string" ? inputs.adopt : String(existing);
  let live =
    target === "byName"
      ? await byName(kind, context, inputs)
      : await getObject(kind, context, target, kind.api.adoptQuery);
  if (target === "byName" && live !== undefined && kind.api.adoptQuery) {
    // A list answer never carries secrets: a kind that needs them reads the object it found by name itself.
    live = await getObject(kind, context, kind.api.idOf(live), kind.api.adoptQuery);
  }
  if (live === undefined) {
    throw errors.of(
      context.label,
      ErrorCodes.notFound,
      `there is no ${kind.noun} ${target === "byName" ? `named "${String(inputs.name)}"` : `with id ${target}`} ` +
        "in this service to adopt. Check the id or name (and the credentials' service), or remove `adopt` to create it.",
    );
  }
  const liveConnector = isPlainObject(live) ? live.connector : undefined;
  if (typeof inputs.connector === "string" && typeof liveConnector === "string" && liveConnector !== inputs.connector) {
    throw errors.of(
      context.label,
      ErrorCodes.rejected,
      `the existing ${kind.noun} is a ${liveConnector} connector, but the code declares ` +
        `${inputs.connector}. Adopting it would change its type, which needs a new connector: correct \`connector\`, ` +
        "or remove `adopt` to create a new one under another name.",
    );
  }
  const { common, own } = splitCommonInputs(inputs);
  const declared = kind.liveInputs(live, own as I);
  return {
    id: kind.api.idOf(live),
    outs: storedOutputs(kind, {
      ...liveSettingOutputs(kind, live, { ...common, ...declared }),
      ...common,
      ...declared,
      ...kind.adoptedOutputs?.(own as I),
      ...kind.outputs(live),
      [adoptedMarker]: true,
    }),
  };
}

async function byName<I extends JsonObject, L>(
  kind: KindDescription<I, L>,
  context: KindContext,
  inputs: I,
): Promise<L | undefined> {
  if (typeof inputs.name !== "string") {
    throw errors.of(context.label, ErrorCodes.rejected, '`adopt: "byName"` needs an explicit `name`.');
  }
  const [first] = await findByName(kind, context, inputs.name);
  return first;
}
