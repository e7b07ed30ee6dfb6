import { z } from "zod";

import {
  type CheckFailure,
  failureAt,
  inputSchema,
  type JsonObject,
  type KindApi,
  type KindDescription,
} from "../../engine/kind";
import { settingSchema } from "../setting-schema";
import { importedSettingsOf, liveSettingsOf, type TypedField } from "./fields";

/** What makes a typed kind out of a generic one (see {@link typedView}). */
export interface TypedViewSpec<G extends JsonObject, L> {
  generic: KindDescription<G, L>;
  /** How messages name the kind, e.g. `postgresql source`. */
  noun: string;
  /** The generic kind's schema without the inputs the token fixes and without `config`. */
  baseSchema: z.ZodObject;
  /** The catalogue settings that become camelCase inputs. */
  settings: readonly TypedField[];
  /** The generic inputs the typed kind's token fixes (`{connector: "postgresql"}`, `{type: "enrich"}`). */
  fixed: JsonObject;
  /** See {@link settingsLens}. */
  emptyConfig: boolean;
}

/**
 * A typed kind (typed connectors and transforms) as a view over its generic kind: typed inputs are converted to
 * the generic ones, and the API calls, outputs, post-apply work and rules are the generic kind's, so behaviour
 * lives in one place. What the view adds is offline: a strict schema with one typed input per setting, failures,
 * replacements and drift named by the camelCase input. Every member is listed, none spread from the generic
 * kind: a member that takes inputs must convert them.
 */
export function typedView<G extends JsonObject, L>(spec: TypedViewSpec<G, L>): KindDescription<JsonObject, L> {
  const { generic, settings } = spec;
  const convert = settingsLens<G>(settings, spec.fixed, spec.emptyConfig);
  const { converge, canonical } = generic;
  const schema = spec.baseSchema.extend(
    Object.fromEntries(settings.map((field) => [field.name, settingSchema(field)])),
  );
  const secretNames = settings.filter((field) => field.secret).map((field) => field.name);
  return {
    noun: spec.noun,
    schema: inputSchema<JsonObject>(schema),
    // Inputs the generic kind also takes in Terraform's shape, turned into its own through the generic form.
    ...(canonical && {
      canonical: (accepted: JsonObject) => convert.fromGeneric(canonical(convert.toGeneric(accepted))),
    }),
    rules: (news, olds, facts) =>
      (generic.rules?.(convert.toGeneric(news), olds && convert.toGeneric(olds), facts) ?? []).map(convert.failure),
    // The generic kind's `replaceWhen` names `config` for a forcing key; here each forcing setting is an input.
    replaceOn: settings.filter((field) => field.forcesReplace).map((field) => field.name),
    configKeyOf: (input) => settings.find((field) => field.name === input)?.key,
    ...(generic.unorderedInputs === undefined ? {} : { unorderedInputs: generic.unorderedInputs }),
    uniqueNames: generic.uniqueNames,
    ...(generic.adoptByName === undefined ? {} : { adoptByName: generic.adoptByName }),
    api: apiOverTypedInputs(generic.api, convert.toGeneric),
    outputs: generic.outputs,
    liveSettings: (live) => ({ ...generic.liveSettings?.(live), ...liveSettingsOf(settings, liveConfigOf(live)) }),
    liveInputs: (live, prior) => convert.fromGeneric(generic.liveInputs(live, convert.toGeneric(prior))),
    ...(generic.importInputs && {
      importInputs: (live) => ({
        ...convert.fromGeneric(generic.importInputs?.(live) ?? ({} as G)),
        ...importedSettingsOf(settings, liveConfigOf(live)),
      }),
    }),
    secretKeys: (inputs) => [
      ...new Set([...secretNames, ...(generic.secretKeys?.(convert.toGeneric(inputs)) ?? []).map(convert.nameOf)]),
    ],
    ...(converge && {
      converge: (self, live, inputs, previous) =>
        converge(self, live, convert.toGeneric(inputs), previous && convert.toGeneric(previous)),
    }),
  };
}

/** The live object's `config` map (connectors and transforms both answer one). */
function liveConfigOf(live: unknown): Record<string, unknown> | null | undefined {
  return (live as { config?: Record<string, unknown> | null }).config;
}

/**
 * A generic kind's API seen through typed inputs (typed connectors and transforms). Only the bodies,
 * `createRequest` and `updateNeeded` read inputs, so they convert; every other member passes through as it is, members added to
 * `KindApi` later included.
 */
function apiOverTypedInputs<T extends JsonObject, G extends JsonObject, L>(
  api: KindApi<G, L>,
  toGeneric: (typed: T) => G,
): KindApi<T, L> {
  const { createBody: _create, createRequest, updateBody: _update, updateNeeded: _needed, ...unchanged } = api;
  return {
    ...unchanged,
    createBody: (inputs, context) => api.createBody(toGeneric(inputs), context),
    createRequest: createRequest && ((inputs, body) => createRequest(toGeneric(inputs), body)),
    updateBody: (inputs, context, id, previous) =>
      api.updateBody(toGeneric(inputs), context, id, previous && toGeneric(previous as T)),
    updateNeeded: (olds, news) => api.updateNeeded?.(toGeneric(olds), toGeneric(news)) ?? true,
  };
}

/**
 * The one lens between a typed kind's camelCase settings and its generic kind's dotted `config`: typed
 * connectors and typed transforms both see their generic kind through it.
 */
export interface SettingsLens<G extends JsonObject> {
  /** Typed inputs (or outputs, which repeat them) as the generic kind's: settings into `config`, `fixed` added. */
  toGeneric(typed: JsonObject): G;
  /** The generic kind's inputs back onto camelCase settings; a key absent from `config` stays absent. */
  fromGeneric(generic: G): JsonObject;
  /** A generic rule's failure, renamed from the dotted key to the camelCase input the program sets. */
  failure(failure: CheckFailure): CheckFailure;
  /** The camelCase input of a dotted key (the key itself for a key that has none). */
  nameOf(key: string): string;
}

/**
 * @param fixed the generic inputs the typed kind's token fixes (`{connector: "postgresql"}`, `{type: "enrich"}`).
 * @param emptyConfig whether the generic kind is given `config: {}` when no setting is set (connectors are; a
 *   generic transform written without settings has no `config`).
 */
export function settingsLens<G extends JsonObject>(
  fields: readonly TypedField[],
  fixed: JsonObject,
  emptyConfig: boolean,
): SettingsLens<G> {
  const byName = new Map(fields.map((field) => [field.name, field]));
  const byKey = new Map(fields.map((field) => [field.key, field]));
  return {
    toGeneric(typed) {
      const rest: JsonObject = {};
      const config: JsonObject = {};
      for (const [name, value] of Object.entries(typed)) {
        const field = byName.get(name);
        if (field === undefined) rest[name] = value;
        else if (value !== undefined) config[field.key] = value;
      }
      const withConfig = emptyConfig || Object.keys(config).length > 0;
      return { ...rest, ...fixed, ...(withConfig && { config }) } as G;
    },
    fromGeneric(generic) {
      const typed: JsonObject = {};
      for (const [input, value] of Object.entries(generic)) {
        if (input !== "config" && !Object.hasOwn(fixed, input)) typed[input] = value;
      }
      for (const [key, value] of Object.entries((generic.config ?? {}) as JsonObject)) {
        const field = byKey.get(key);
        if (field !== undefined) typed[field.name] = value;
      }
      return typed;
    },
    nameOf: (key) => byKey.get(key)?.name ?? key,
    failure(failure) {
      const [input, key, ...rest] = failure.path ?? [];
      const field = input === "config" && typeof key === "string" ? byKey.get(key) : undefined;
      if (!field || failure.rule === undefined) return failure;
      return failureAt([field.name, ...rest], failure.rule);
    },
  };
}
