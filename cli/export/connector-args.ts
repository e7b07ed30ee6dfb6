import { type CatalogueSetting, findConnector, withdrawnSetting } from "../../catalogue";
import {
  isMasked,
  semanticEqual,
  type TypedConnectorKind,
  type TypedField,
  typedFields,
} from "../../provider/public/cli/programs";
import { type ConnectorRecord } from "../../provider/public/cli/service";
import { typedClassName } from "../../catalogue/naming";
import { entry, type Expr, jsonExpr, literal, object, type ObjectEntry } from "./code";

/** One setting of a connector as the service holds it, after leaving out defaults and empty secrets. */
interface LiveSetting {
  key: string;
  value: unknown;
  secret: boolean;
}

/** A secret setting of one resource; `setting` names it in the config key (`databasePassword`). */
export interface SecretRequest {
  setting: string;
  /** The dotted config key, for the person setting the value. */
  key: string;
}

/** How one source or destination is written: its class and its settings. */
export interface ConnectorArgs {
  /** `PostgresqlSource`, or `Source`/`Destination` when no typed class can hold the settings. */
  className: string;
  entries: ObjectEntry[];
  /** Why the generic class is used, for a comment above the resource. */
  note?: string;
}

/**
 * The arguments of a source or destination: its typed class with camelCase settings when the catalogue has one
 * and every live setting fits it exactly, otherwise the generic class with the dotted `config` map (and a note
 * saying why). Settings equal to the catalogue default are left out: the service fills them in, and adopting
 * then compares only what the program sets. Secret settings become `secretFor(setting)`, never their value.
 */
export function connectorArgs(
  kind: TypedConnectorKind,
  live: ConnectorRecord,
  secretFor: (request: SecretRequest) => Expr,
  alsoSecret: (key: string) => boolean = () => false,
): ConnectorArgs {
  const code = live.connector ?? "";
  const known = findConnector(kind, code);
  const catalogue = known?.settingsByKey ?? new Map<string, CatalogueSetting>();
  // A setting the service no longer takes (it may still answer one an older client wrote) stays out: the
  // provider's check refuses it, and leaving it out changes nothing on the service.
  const held = liveSettings(catalogue, live.config ?? {}, alsoSecret);
  const withdrawn = held.filter(({ key }) => withdrawnSetting(kind, code, key) !== undefined).map(({ key }) => key);
  const settings = held.filter(({ key }) => !withdrawn.includes(key));
  const withdrawnNote =
    withdrawn.length > 0
      ? ` It leaves out ${withdrawn.map((key) => `"${key}"`).join(", ")}: ${withdrawnSetting(kind, code, withdrawn[0])}.`
      : "";
  const fields = typedFields(kind, code);
  const typed = fields
    ? typedSettings(fields, settings)
    : `this version of pulumi-streamkap has no typed class for the "${code}" connector`;
  if (Array.isArray(typed)) {
    return {
      className: typedClassName(kind, code),
      entries: typed.map(({ name, key, value }) => entry(name, value ?? secretFor({ setting: name, key }))),
      ...(withdrawnNote ? { note: withdrawnNote.trim() } : {}),
    };
  }
  // The generic class takes text, numbers, booleans and lists of them (as the provider's check does): a nested
  // value cannot be written there, and is named instead.
  const nested = settings.filter(({ value }) => !isFlatValue(value)).map(({ key }) => `"${key}"`);
  const config = settings
    .filter(({ value }) => isFlatValue(value))
    .map(({ key, value, secret }) =>
      entry(key, secret ? secretFor({ setting: key, key }) : genericValue(catalogue.get(key), value)),
    );
  const leftOut =
    nested.length > 0 ? ` It leaves out ${nested.join(", ")}, which hold nested values it cannot take.` : "";
  // Settings the service holds and this catalogue does not list: sent knowingly, or the check refuses them.
  const unlisted = known
    ? settings.filter(({ key, value }) => isFlatValue(value) && !catalogue.has(key)).map(({ key }) => key)
    : [];
  return {
    className: kind === "source" ? "Source" : "Destination",
    entries: [
      entry("connector", literal(code)),
      entry("config", object(config)),
      ...(unlisted.length > 0 ? [entry("unlistedSettings", jsonExpr(unlisted))] : []),
    ],
    note: `The generic ${kind} class: ${typed}.${leftOut}${withdrawnNote}`,
  };
}

const isScalar = (value: unknown): boolean => ["string", "number", "boolean"].includes(typeof value);

/** A value the generic connector's `config` takes: a scalar or a list of scalars (secrets are always flat). */
function isFlatValue(value: unknown): boolean {
  return value === undefined || isScalar(value) || (Array.isArray(value) && value.every(isScalar));
}

/**
 * The live config minus unset values, catalogue defaults and empty secrets; secrets (the catalogue's, masked ones,
 * and those `alsoSecret` names) are flagged, never kept.
 */
function liveSettings(
  catalogue: ReadonlyMap<string, CatalogueSetting>,
  config: Record<string, unknown>,
  alsoSecret: (key: string) => boolean,
): LiveSetting[] {
  const settings: LiveSetting[] = [];
  for (const [key, value] of Object.entries(config)) {
    if (value === null || value === undefined) continue;
    const facts = catalogue.get(key);
    // The service masks secrets on every read; an unknown connector's masked key is a secret all the same.
    if (facts?.secret === true || isMasked(value) || alsoSecret(key)) {
      if (value !== "") settings.push({ key, value: undefined, secret: true });
      continue;
    }
    if (facts?.default !== undefined && semanticEqual(value, facts.default)) continue;
    settings.push({ key, value, secret: false });
  }
  return settings;
}

/** One typed setting; `value` is undefined for a secret, which the caller turns into a config read. */
interface TypedSetting {
  name: string;
  key: string;
  value?: Expr;
}

/** The typed settings, or the reason they cannot be typed (the generic class is used then). */
function typedSettings(fields: readonly TypedField[], settings: readonly LiveSetting[]): TypedSetting[] | string {
  const byKey = new Map(fields.map((field) => [field.key, field]));
  const typed: TypedSetting[] = [];
  for (const setting of settings) {
    const field = byKey.get(setting.key);
    if (!field) return `its setting "${setting.key}" is not in the connector catalogue`;
    if (setting.secret) {
      if (field.type !== "string") return `its secret setting "${setting.key}" is not text`;
      typed.push({ name: field.name, key: field.key });
      continue;
    }
    const value = typedValue(field, setting.value);
    if (value === undefined) return `the value of "${setting.key}" does not fit the typed setting \`${field.name}\``;
    typed.push({ name: field.name, key: field.key, value });
  }
  const missing = fields.find((field) => field.required && !settings.some((setting) => setting.key === field.key));
  if (missing) return `it has no value for the required setting "${missing.key}"`;
  return typed;
}

/** The live value in the typed setting's own type, or undefined when it does not convert exactly. */
function typedValue(field: TypedField, value: unknown): Expr | undefined {
  switch (field.type) {
    case "integer": {
      const number = wholeNumber(value);
      if (number === undefined) return undefined;
      if (field.range && (number < field.range[0] || number > field.range[1])) return undefined;
      return literal(number);
    }
    case "boolean": {
      const flag = booleanOf(value);
      return flag === undefined ? undefined : literal(flag);
    }
    case "string": {
      if (typeof value !== "string" && typeof value !== "number") return undefined;
      const text = String(value);
      return field.enum && !field.enum.includes(text) ? undefined : literal(text);
    }
    case "string[]":
      return Array.isArray(value) && value.every((item) => typeof item === "string") ? jsonExpr(value) : undefined;
    case "json":
      return jsonExpr(value);
  }
}

/** A generic connector's value: in the catalogue's type when it converts exactly, else as the service sent it. */
function genericValue(field: CatalogueSetting | undefined, value: unknown): Expr {
  if (field?.type === "integer") {
    const number = wholeNumber(value);
    const range = field.range;
    if (number !== undefined && (!range || (number >= range[0] && number <= range[1]))) return literal(number);
  }
  if (field?.type === "boolean") {
    const flag = booleanOf(value);
    if (flag !== undefined) return literal(flag);
  }
  return jsonExpr(value);
}

function wholeNumber(value: unknown): number | undefined {
  const number = typeof value === "string" && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
  return typeof number === "number" && Number.isSafeInteger(number) ? number : undefined;
}

function booleanOf(value: unknown): boolean | undefined {
  if (typeof value === "boolean") return value;
  return value === "true" ? true : value === "false" ? false : undefined;
}
