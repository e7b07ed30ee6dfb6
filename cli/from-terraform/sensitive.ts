/**
 * What Terraform marks sensitive stays secret: every value at a path of an instance's `sensitive_attributes` (a
 * `sensitive = true` variable's hostname, user name, URL; nested paths too) becomes a secret config read in the
 * program, is left out of the report's prose, and is proven absent from every file and line the command writes.
 */
import { ErrorCodes, StreamkapError } from "../../provider/public/cli/service";
import { call, type Expr, literal, type ObjectEntry } from "../export/code";
import { declarationLabel, type ProgramModel, type SecretSetting } from "../export/model";
import type { Adopted } from "./files";
import type { PathStep, StateInstance } from "./state";

/** A scalar Terraform marks sensitive. */
export type SensitiveValue = string | number | boolean;

/** The value at a path of the attributes, if the path leads anywhere. */
function valueAt(attributes: Record<string, unknown>, path: readonly PathStep[]): unknown {
  let value: unknown = attributes;
  for (const step of path) {
    if (typeof value !== "object" || value === null) return undefined;
    const key = String(step);
    if (!Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** Every scalar in a value: a sensitive list or object is sensitive through and through. */
function scalarsOf(value: unknown): SensitiveValue[] {
  if (typeof value === "string") return value === "" ? [] : [value];
  if (typeof value === "number" || typeof value === "boolean") return [value];
  if (Array.isArray(value)) return value.flatMap(scalarsOf);
  if (typeof value === "object" && value !== null) return Object.values(value).flatMap(scalarsOf);
  return [];
}

/** The instance's sensitive values, and the attributes they sit in (a path's first step). */
export function sensitiveOf(instance: StateInstance): { values: SensitiveValue[]; attributes: Set<string> } {
  const values = instance.sensitivePaths.flatMap((path) => scalarsOf(valueAt(instance.attributes, path)));
  const attributes = new Set(instance.sensitivePaths.map((path) => String(path[0])));
  return { values: [...new Set(values)], attributes };
}

/** A sensitive value a secret config read now stands for, with the value `--set-secrets` stores. */
export interface SensitiveSecret {
  setting: SecretSetting;
  value: SensitiveValue;
}

const capitalize = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * Replaces, in each adopted object's declaration, every literal equal to one of its sensitive values (a whole
 * template of that text too) by a secret config read of its own key; returns the secrets added, in order.
 */
export function keepSensitiveSecret(model: ProgramModel, adopted: readonly Adopted[]): SensitiveSecret[] {
  const used = new Set(model.secrets.map((secret) => secret.configKey));
  const added: SensitiveSecret[] = [];
  for (const { object, declaration } of adopted) {
    const { values } = sensitiveOf(object.instance);
    if (values.length === 0) continue;
    const secretFor = (value: SensitiveValue, path: string): Expr => {
      const words = path
        .replace(/\[\d+\]/g, "")
        .split(/[^A-Za-z0-9]+/)
        .filter(Boolean)
        .map(capitalize)
        .join("");
      const base = `${declaration.variable}${words}`;
      let configKey = base;
      for (let n = 2; used.has(configKey); n++) configKey = `${base}${n}`;
      used.add(configKey);
      const setting: SecretSetting = {
        configKey,
        description: `${path} of ${declarationLabel(declaration)}, sensitive in Terraform`,
        objectId: object.id,
        key: path,
      };
      model.secrets.push(setting);
      added.push({ setting, value });
      if (typeof value === "number") {
        if (!Number.isSafeInteger(value)) {
          throw new StreamkapError(
            ErrorCodes.programValue,
            `${setting.description} is a number with a fraction, which no secret config of every language holds ` +
              "exactly, so nothing was written. Make it not sensitive in Terraform, or set it in the program by hand.",
          );
        }
        return call("config.requireSecretNumber", literal(configKey));
      }
      return call(
        typeof value === "boolean" ? "config.requireSecretBoolean" : "config.requireSecret",
        literal(configKey),
      );
    };
    declaration.entries = replaced(declaration.entries, values, secretFor, "");
  }
  return added;
}

function replaced(
  entries: readonly ObjectEntry[],
  values: readonly SensitiveValue[],
  secretFor: (value: SensitiveValue, path: string) => Expr,
  path: string,
): ObjectEntry[] {
  return entries.map((item) => {
    if (!("key" in item) || item.key === "adopt") return item;
    const at = path === "" ? item.key : `${path}.${item.key}`;
    return { key: item.key, value: replacedExpr(item.value, values, secretFor, at) };
  });
}

function replacedExpr(
  expr: Expr,
  values: readonly SensitiveValue[],
  secretFor: (value: SensitiveValue, path: string) => Expr,
  path: string,
): Expr {
  switch (expr.type) {
    case "literal": {
      const match = values.find((value) => value === expr.value);
      return match === undefined ? expr : secretFor(match, path);
    }
    case "template": {
      // `${namePrefix}<rest>`: the whole name is the sensitive value (from-terraform's prefix is empty).
      const text = expr.parts.filter((part): part is string => typeof part === "string").join("");
      const match = values.find((value) => value === text);
      return match === undefined ? expr : secretFor(match, path);
    }
    case "array":
      return {
        ...expr,
        items: expr.items.map((item, index) => replacedExpr(item, values, secretFor, `${path}[${index}]`)),
      };
    case "object":
      return { ...expr, entries: replaced(expr.entries, values, secretFor, path) };
    default:
      return expr;
  }
}

/**
 * The sensitive texts of the carried objects that the state does not also show, whole or inside another value, in
 * an attribute not marked so: those are the texts no file may hold.
 */
export function sensitiveTexts(adopted: readonly Adopted[], all: readonly StateInstance[]): string[] {
  const sensitive = new Set(
    adopted.flatMap(({ object }) =>
      sensitiveOf(object.instance).values.flatMap((value) => (typeof value === "string" ? [value] : [])),
    ),
  );
  const shown: string[] = [];
  for (const instance of all) {
    const marked = sensitiveOf(instance).attributes;
    for (const [name, value] of Object.entries(instance.attributes)) {
      if (!marked.has(name)) for (const scalar of scalarsOf(value)) if (typeof scalar === "string") shown.push(scalar);
    }
  }
  return [...sensitive].filter((text) => !shown.some((plain) => plain.includes(text)));
}

/**
 * Prose about the program (comments, reasons, descriptions) with each sensitive text replaced by a placeholder:
 * wherever it is quoted (a name, `source "orders"`), and, when it is four characters or more, anywhere.
 */
export function redactProse(model: ProgramModel, texts: readonly string[]): void {
  const redact = (prose: string): string =>
    texts.reduce((result, text) => {
      const unquoted = result.split(`"${text}"`).join('"(sensitive)"');
      return text.length >= 4 ? unquoted.split(text).join("(sensitive)") : unquoted;
    }, prose);
  for (const declaration of model.declarations) declaration.comments = declaration.comments.map(redact);
  model.leftOut = model.leftOut.map(redact);
  model.warnings = model.warnings.map(redact);
  for (const secret of model.secrets) secret.description = redact(secret.description);
}

/**
 * Refuses output that holds a sensitive text (of four characters or more: shorter ones occur in any text by
 * chance): a bug here, never a thing to write.
 */
export function refuseSensitiveIn(
  outputs: ReadonlyArray<{ name: string; text: string }>,
  texts: readonly string[],
): void {
  for (const { name, text } of outputs) {
    const found = texts.find((sensitive) => sensitive.length >= 4 && text.includes(sensitive));
    if (found !== undefined) {
      throw new StreamkapError(
        ErrorCodes.internal,
        `${name} would hold a value Terraform marks sensitive, so nothing was written. This is a bug of ` +
          "from-terraform: report it (without the state).",
      );
    }
  }
}
