import { type CatalogueConnector, type CatalogueSetting, type ConnectorKind, findConnector } from "../../../catalogue";
import { commonInputKeys } from "../../engine/common-inputs";
import type { Json } from "../../engine/kind";
import { connectorInputsSchema } from "../connector";
import { isMasked, sameConfigValue } from "../live-values";
import { splitList } from "../live-values";

/**
 * The camelCase inputs of a typed connector, derived from the catalogue in exactly one place: the provider's
 * typed kinds and the SDK generator (scripts/gen-connectors.ts) both take them from here, so the classes users
 * compile against and the schema `check` enforces can never disagree about a name, a type or a rule. A field is
 * its catalogue setting, renamed when the catalogue's name is taken by an input every connector has.
 */
export type TypedField = CatalogueSetting;

/** Source and destination connectors; transforms are a separate resource with their own config shape. */
export type TypedConnectorKind = Exclude<ConnectorKind, "transform">;

/**
 * Connectors with a hand-written resource of their own, which a generated class would duplicate under the same
 * name: the webhook source (`WebhookSource`, provider/kinds/webhook-source.ts) has a service-generated URL and
 * API key as outputs and its own settings.
 */
const handWritten: ReadonlySet<string> = new Set(["source:webhook"]);

export function hasHandWrittenResource(kind: ConnectorKind, code: string): boolean {
  return handWritten.has(`${kind}:${code}`);
}

/**
 * Names a catalogue field may not take: the inputs every kind and every connector takes (whatever they are
 * today), the generic connector's `connector`/`config`, and the outputs every connector resource declares.
 */
function reservedNames(): Set<string> {
  return new Set([
    ...commonInputKeys,
    ...Object.keys(connectorInputsSchema.shape),
    "connector",
    "config",
    "connectorStatus",
    "taskStatuses",
    "topics",
    "topicIds",
    "connectorDisplayName",
    "createdTimestamp",
    "createdFrom",
    "serviceId",
    "id",
    "urn",
  ]);
}

/**
 * The typed fields of a catalogue connector; undefined when the catalogue does not know it or it has a
 * hand-written resource.
 */
export function typedFields(kind: TypedConnectorKind, code: string): TypedField[] | undefined {
  const connector = findConnector(kind, code);
  return connector && !hasHandWrittenResource(kind, code) ? fieldsOf(connector) : undefined;
}

/** The typed fields of any catalogue entry, transforms included. */
export function fieldsOf(connector: CatalogueConnector): TypedField[] {
  const reserved = reservedNames();
  return connector.settings.map((setting) =>
    reserved.has(setting.name) ? { ...setting, name: `${setting.name}Setting` } : setting,
  );
}

/**
 * A setting's live value in the input's type: the service answers most values as text ("5432", "true"). Undefined
 * when the service holds none, masks it, or holds something the type cannot carry (the output then stays unset
 * rather than lie about its type).
 */
export function liveValueOf(field: Pick<TypedField, "type">, raw: unknown): Json | undefined {
  if (raw === undefined || raw === null || isMasked(raw)) return undefined;
  switch (field.type) {
    case "integer": {
      const number = typeof raw === "string" && raw.trim() !== "" ? Number(raw) : raw;
      return typeof number === "number" && Number.isInteger(number) ? number : undefined;
    }
    case "boolean":
      if (typeof raw === "boolean") return raw;
      return raw === "true" || raw === "false" ? raw === "true" : undefined;
    case "string":
      return typeof raw === "string" || typeof raw === "number" || typeof raw === "boolean" ? String(raw) : undefined;
    case "string[]":
      return splitList(raw);
    case "json":
      return raw as Json;
  }
}

/** Every non-secret setting the live config holds, by input name, in the input's type. */
export function liveSettingsOf(
  fields: readonly TypedField[],
  config: Record<string, unknown> | null | undefined,
): {
  [name: string]: Json;
} {
  const settings: { [name: string]: Json } = {};
  for (const field of fields) {
    if (field.secret) continue;
    const value = liveValueOf(field, config?.[field.key]);
    if (value !== undefined) settings[field.name] = value;
  }
  return settings;
}

/**
 * The settings a program importing the object would declare: every non-secret one the live config holds, by input
 * name and in the input's type, but for those equal to the catalogue's default (the service fills them in).
 */
export function importedSettingsOf(
  fields: readonly TypedField[],
  config: Record<string, unknown> | null | undefined,
): { [name: string]: Json } {
  const settings = liveSettingsOf(fields, config);
  for (const field of fields) {
    if (field.default !== undefined && sameConfigValue(config?.[field.key] as Json, field.default)) {
      delete settings[field.name];
    }
    // A secret the service told (an import reads with `secret_returned=true`); never its mask.
    const secret = field.secret ? liveValueOf(field, config?.[field.key]) : undefined;
    if (secret !== undefined && !isMasked(secret)) settings[field.name] = secret;
  }
  return settings;
}
