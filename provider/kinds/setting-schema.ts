import { z } from "zod";

import type { CatalogueSetting } from "../../catalogue";
import { sharedSettingTypeName } from "../../catalogue/naming";
import type { Json } from "../engine/kind";

/** The schemas made so far: catalogue settings are parsed once, so each is built once however often it is checked. */
const schemas = new WeakMap<CatalogueSetting, z.ZodType<Json | undefined>>();

/**
 * The one validator of a catalogue setting, from the catalogue's type, allowed values and range: the typed
 * kinds' schema takes it as is, and the generic `config` check ({@link settingProblem}) takes it over the
 * value as the service would read it. Messages name the rule, never the value (it may be a secret).
 */
export function settingSchema(field: CatalogueSetting): z.ZodType<Json | undefined> {
  let schema = schemas.get(field);
  if (!schema) schemas.set(field, (schema = buildSettingSchema(field)));
  return schema;
}

function buildSettingSchema(field: CatalogueSetting): z.ZodType<Json | undefined> {
  let schema: z.ZodType<Json>;
  switch (field.type) {
    case "integer": {
      let number = z.number({ error: "must be a whole number" }).int("must be a whole number");
      if (field.range) {
        const [min, max] = field.range;
        const reason = `must be between ${min} and ${max}`;
        number = number.min(min, reason).max(max, reason);
      }
      schema = number;
      break;
    }
    case "boolean":
      schema = z.boolean({ error: "must be true or false" });
      break;
    case "string":
      schema = field.enum ? enumSchema(field, field.enum) : z.string({ error: "must be a string" });
      break;
    case "string[]":
      schema = z.array(z.string({ error: "must be a string" }), { error: "must be a list of strings" });
      break;
    case "json":
      schema = z.json();
      break;
  }
  return field.required ? schema : schema.optional();
}

/**
 * A setting's allowed values; one many connectors share carries its declared type name (catalogue/naming.ts), its
 * values in one order wherever it appears, so that the one enum type is the same for every connector.
 */
function enumSchema(field: CatalogueSetting, values: readonly string[]): z.ZodType<Json> {
  const message = { error: `must be one of ${allowedValues(values)}` };
  const title = sharedSettingTypeName(field.key, values);
  if (title === undefined) return z.enum(values as [string, ...string[]], message);
  const ordered = [...values].sort();
  return z.enum(ordered as [string, ...string[]], message).meta({ title });
}

/** Long lists (the MySQL source takes 87 time zones) would bury the message; the SDK's TSDoc lists them all. */
function allowedValues(values: readonly string[]): string {
  const shown = values.slice(0, 12).join(", ");
  return values.length > 12 ? `${shown}, … (${values.length} values, listed in the input's documentation)` : shown;
}

/**
 * Why a dotted `config` value does not fit its setting, or undefined. The generic map may hold a setting as the
 * service stores it (`"5432"`, `"true"`, a comma-separated list), so text is read as the setting's type first.
 */
export function settingProblem(field: CatalogueSetting, value: Json): string | undefined {
  const result = settingSchema(field).safeParse(asSettingType(field, value));
  return result.success ? undefined : result.error.issues[0]?.message;
}

function asSettingType(field: CatalogueSetting, value: Json): Json {
  if (typeof value === "string") {
    if (field.type === "integer" && value.trim() !== "") return Number(value);
    if (field.type === "boolean" && (value === "true" || value === "false")) return value === "true";
    if (field.type === "string[]") return [value];
  }
  if (typeof value === "number" && field.type === "string") return String(value);
  return value;
}
