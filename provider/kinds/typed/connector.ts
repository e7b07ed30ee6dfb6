import type { z } from "zod";

import type { ConnectorRecord } from "../../client/responses";
import type { JsonObject, KindDescription } from "../../engine/kind";
import { type ConnectorInputs, connectorInputsSchema, connectorKind } from "../connector";
import { liveSettingsOf, type TypedConnectorKind, typedFields } from "./fields";
import { apiOverTypedInputs, settingSchema, settingsLens } from "./view";

/**
 * A typed connector kind, e.g. `source:postgresql`: the generic source or destination with one camelCase input
 * per catalogue setting (`databasePort`) instead of the `connector` code and the dotted `config` map.
 *
 * It is a view over {@link connectorKind}: typed inputs are converted to the generic inputs, and the API calls,
 * outputs, post-apply work and rules are the generic kind's, so connector behaviour lives in one place. What it
 * adds is offline: a strict schema built from the catalogue (types, allowed values, ranges, required settings,
 * and a did-you-mean for a misspelled input), replacement named by the forcing setting itself, and drift read
 * back onto the camelCase inputs.
 *
 * Catalogue defaults are not written into the inputs: the service applies them, and a preview listing dozens of
 * defaults would hide the settings the program chose.
 */
export function typedConnectorKind(
  kind: TypedConnectorKind,
  code: string,
): KindDescription<JsonObject, ConnectorRecord> | undefined {
  const fields = typedFields(kind, code);
  if (!fields) return undefined;
  const generic = connectorKind(kind);
  const convert = settingsLens<ConnectorInputs>(fields, { connector: code }, true);
  const converge = generic.converge;
  // Everything the generic connector takes except `connector` and `config`, so common inputs added there
  // (name, state, tags, triggers…) reach every typed connector without a change here.
  const schema = connectorInputsSchema
    .omit({ connector: true, config: true })
    .extend(Object.fromEntries(fields.map((field) => [field.name, settingSchema(field)])));

  const api = generic.api;
  const secretNames = fields.filter((field) => field.secret).map((field) => field.name);

  // Every member is listed, none spread from the generic kind: a member that takes inputs must convert them.
  return {
    kind: `${code} ${kind}`,
    schema: schema as unknown as z.ZodType<JsonObject>,
    rules: (news, olds) =>
      (generic.rules?.(convert.toGeneric(news), olds && convert.toGeneric(olds)) ?? []).map(convert.failure),
    replaceOn: fields.filter((field) => field.forcesReplace).map((field) => field.name),
    configKeyOf: (input) => fields.find((field) => field.name === input)?.key,
    // The generic kind names `config` for a forcing key; here `replaceOn` names the setting itself.
    replaceWhen: (olds, news) =>
      (generic.replaceWhen?.(convert.toGeneric(olds), convert.toGeneric(news)) ?? []).filter(
        (key) => key !== "config" && key !== "connector",
      ),
    uniqueNames: generic.uniqueNames,
    ...(generic.adoptByName === undefined ? {} : { adoptByName: generic.adoptByName }),
    api: apiOverTypedInputs(api, convert.toGeneric),
    outputs: generic.outputs,
    liveSettings: (live) => liveSettingsOf(fields, live.config),
    liveInputs: (live, prior) => convert.fromGeneric(generic.liveInputs(live, convert.toGeneric(prior))),
    secretKeys: (inputs) => [
      ...new Set([...secretNames, ...(generic.secretKeys?.(convert.toGeneric(inputs)) ?? []).map(convert.nameOf)]),
    ],
    ...(converge && {
      converge: (self, live, inputs, previous) =>
        converge(self, live, convert.toGeneric(inputs), previous && convert.toGeneric(previous)),
    }),
  };
}

const kindNamePattern = /^(source|destination):([a-z0-9_]+)$/;
const cache = new Map<string, KindDescription<JsonObject, unknown> | undefined>();

/**
 * The typed kind for a registry name such as `source:postgresql`, or undefined for any other name (including a
 * connector this catalogue does not know, which the registry reports as state from a newer version).
 */
export function typedConnectorKindNamed(name: string): KindDescription<JsonObject, unknown> | undefined {
  const match = kindNamePattern.exec(name);
  if (!match) return undefined;
  if (!cache.has(name)) {
    const description = typedConnectorKind(match[1] as TypedConnectorKind, match[2]);
    cache.set(name, description as unknown as KindDescription<JsonObject, unknown> | undefined);
  }
  return cache.get(name);
}
