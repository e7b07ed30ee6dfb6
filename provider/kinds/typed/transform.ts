import { z } from "zod";

import { type TransformRecord } from "../../client/responses";
import { findConnector } from "../../../catalogue";
import type { JsonObject, KindDescription } from "../../engine/kind";
import { type TransformInputs, transformInputsSchema, transformKind } from "../transform";
import { languageKey, transformTypes, type TypedConfigInput, typedConfigKeys } from "../transform-config";
import { fieldsOf, liveSettingsOf, type TypedField } from "./fields";
import { apiOverTypedInputs, settingSchema, settingsLens } from "./view";

/**
 * One catalogue setting of a transform and the input that carries it. The generic transform already has typed
 * inputs for the topic patterns, formats and parallelism (`owned`), and `implementation.language` for the
 * language (`language`); every other setting (`sql_join`'s `transforms.topic.ttl`) becomes a camelCase input of
 * its own (`setting`), named after its key without the `transforms.` prefix: `topicTtl`.
 */
export type TypedTransformField = TypedField & { role: "owned" | "language" | "setting" };

/** Inputs and outputs of the generic transform, which a setting's name must not take. */
const reservedNames: ReadonlySet<string> = new Set([
  ...Object.keys(transformInputsSchema.shape),
  "version",
  "previewVersion",
  "liveVersion",
  "jobName",
  "jobStatus",
  "createdFrom",
  "id",
  "urn",
]);

const ownedInputs = new Map(
  Object.entries(typedConfigKeys).map(([input, key]): [string, TypedConfigInput] => [key, input as TypedConfigInput]),
);

/**
 * The typed settings of a catalogue transform, derived here only: the provider's typed transform kinds and the
 * SDK generator (scripts/gen-connectors.ts) both take them from this function, so they cannot disagree.
 * Undefined for a transform the catalogue does not know.
 */
export function typedTransformFields(code: string): TypedTransformField[] | undefined {
  const entry = findConnector("transform", code);
  if (!entry || !(transformTypes as readonly string[]).includes(code)) return undefined;
  return fieldsOf(entry).map((field): TypedTransformField => {
    const owned = ownedInputs.get(field.key);
    if (owned !== undefined) return { ...field, name: owned, role: "owned" };
    if (field.key === languageKey) return { ...field, role: "language" };
    const short = field.key
      .replace(/^transforms\./, "")
      .replace(/[._-]+([a-zA-Z0-9])/g, (_, c: string) => c.toUpperCase());
    return { ...field, name: reservedNames.has(short) ? `${short}Setting` : short, role: "setting" };
  });
}

/**
 * A typed transform kind, e.g. `transform:sql_join`: the generic transform with its type fixed by the token and
 * each catalogue setting that has no generic input as a camelCase input instead of the dotted `config` map.
 *
 * It is a view over {@link transformKind}, as typed connectors are over the generic connector: inputs are
 * converted to the generic ones, and the API calls, rules, deploys and outputs are the generic kind's. What it
 * adds is offline: a strict schema without `type` and `config`, failures and drift named by the camelCase input.
 */
export function typedTransformKind(code: string): KindDescription<JsonObject, TransformRecord> | undefined {
  const fields = typedTransformFields(code);
  if (!fields) return undefined;
  const settings = fields.filter((field) => field.role === "setting");
  const generic = transformKind;
  const convert = settingsLens<TransformInputs>(settings, { type: code }, false);
  const converge = generic.converge;
  // Everything the generic transform takes except `type` and `config`, so inputs added there reach every typed
  // transform without a change here. Values are checked against the catalogue by the generic rules.
  const schema = transformInputsSchema
    .omit({ type: true, config: true })
    .extend(Object.fromEntries(settings.map((field) => [field.name, settingSchema(field)])));
  const api = generic.api;

  // Every member is listed, none spread from the generic kind: a member that takes inputs must convert them.
  return {
    kind: `${code} transform`,
    schema: schema as unknown as z.ZodType<JsonObject>,
    rules: (news, olds) =>
      (generic.rules?.(convert.toGeneric(news), olds && convert.toGeneric(olds)) ?? []).map(convert.failure),
    // The type, the generic kind's only replace-forcing input, is fixed by the token.
    replaceOn: [],
    configKeyOf: (input) => settings.find((field) => field.name === input)?.key,
    uniqueNames: generic.uniqueNames,
    ...(generic.adoptByName === undefined ? {} : { adoptByName: generic.adoptByName }),
    api: apiOverTypedInputs(api, convert.toGeneric),
    outputs: generic.outputs,
    liveSettings: (live) => ({ ...generic.liveSettings?.(live), ...liveSettingsOf(settings, live.config) }),
    liveInputs: (live, prior) => convert.fromGeneric(generic.liveInputs(live, convert.toGeneric(prior))),
    ...(generic.secretKeys && { secretKeys: (inputs) => generic.secretKeys?.(convert.toGeneric(inputs)) ?? [] }),
    ...(converge && {
      converge: (self, live, inputs, previous) =>
        converge(self, live, convert.toGeneric(inputs), previous && convert.toGeneric(previous)),
    }),
  };
}

const kindNamePattern = /^transform:([a-z0-9_]+)$/;
const cache = new Map<string, KindDescription<JsonObject, unknown> | undefined>();

/** The typed kind for a registry name such as `transform:map_filter`, or undefined for any other name. */
export function typedTransformKindNamed(name: string): KindDescription<JsonObject, unknown> | undefined {
  const match = kindNamePattern.exec(name);
  if (!match) return undefined;
  if (!cache.has(name)) {
    cache.set(name, typedTransformKind(match[1]) as unknown as KindDescription<JsonObject, unknown> | undefined);
  }
  return cache.get(name);
}
