/**
 * The small piece of TypeScript syntax the exported program is made of: values, references to other resources,
 * calls, template literals and comments. The model builds these; print.ts turns them into formatted text, so no
 * part of the exporter glues code together from strings.
 */

/** A JSON-like literal. */
export interface Literal {
  type: "literal";
  value: string | number | boolean | null;
}

export interface ArrayExpr {
  type: "array";
  items: Expr[];
}

export interface ObjectExpr {
  type: "object";
  entries: ObjectEntry[];
}

/** Code that is printed as is and never broken across lines: an identifier or a member, e.g. `team.id`. */
export interface Ref {
  type: "ref";
  code: string;
}

/** `callee(args)`, e.g. `config.requireSecret("dbPassword")`. */
export interface Call {
  type: "call";
  callee: string;
  args: Expr[];
}

/** A template literal, optionally tagged (`pulumi.interpolate`); `{ code }` parts are the `${…}` holes. */
export interface Template {
  type: "template";
  tag?: string;
  parts: TemplatePart[];
}

export type TemplatePart = string | { code: string };

export type Expr = Literal | ArrayExpr | ObjectExpr | Ref | Call | Template;

/** One line of an object literal: a property, or a `//` comment above the next one. */
export type ObjectEntry = { key: string; value: Expr } | { comment: string };

export const literal = (value: string | number | boolean | null): Literal => ({ type: "literal", value });
export const array = (items: Expr[]): ArrayExpr => ({ type: "array", items });
export const object = (entries: ObjectEntry[]): ObjectExpr => ({ type: "object", entries });
export const ref = (code: string): Ref => ({ type: "ref", code });
export const call = (callee: string, ...args: Expr[]): Call => ({ type: "call", callee, args });
export const template = (parts: TemplatePart[], tag?: string): Template => ({ type: "template", parts, tag });
export const entry = (key: string, value: Expr): ObjectEntry => ({ key, value });
export const comment = (text: string): ObjectEntry => ({ comment: text });

/** Any JSON value (config values, unit-test records) as an expression. */
export function jsonExpr(value: unknown): Expr {
  if (value === null || value === undefined) return literal(null);
  if (typeof value === "string" || typeof value === "boolean") return literal(value);
  if (typeof value === "number") return literal(Number.isFinite(value) ? value : null);
  if (Array.isArray(value)) return array(value.map(jsonExpr));
  if (typeof value === "object") {
    return object(Object.entries(value as Record<string, unknown>).map(([key, item]) => entry(key, jsonExpr(item))));
  }
  return literal(String(value));
}
