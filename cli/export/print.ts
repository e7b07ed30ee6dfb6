import type { Expr, ObjectEntry, TemplatePart } from "./code";

/**
 * Prints expressions as Prettier would with its defaults (80 columns, two spaces, double quotes, trailing commas),
 * so that the exported program passes `prettier --check` without Prettier being installed where the command runs.
 * Only the constructs in code.ts are covered, each with the layout rule Prettier applies to it:
 *
 * - a group (array, object, call) stays on one line when it fits, counting what follows it up to the line end;
 *   otherwise it breaks, one element per line, with a trailing comma;
 * - an object property whose string value does not fit breaks after the colon, unless its key is shorter than
 *   five columns; a template literal never breaks; a property holding a group breaks inside the group;
 * - arrays of at least two objects (or arrays) with more than one entry each always break, and so does anything
 *   holding a comment or a multi-line template literal; arrays of numbers fill lines;
 * - `const x = new C("name", {` hugs its last argument when that first line fits, and otherwise puts each
 *   argument on a line of its own.
 *
 * tests/unit/export-print.test.ts compares this printer's output with Prettier's on every construct.
 */
export const printWidth = 80;

/** Keys narrower than this never move their value to the next line (Prettier's "short key" rule). */
const shortKeyWidth = 5;

/** The columns `text` takes in a terminal: wide East Asian characters count twice, combining marks not at all. */
export function textWidth(text: string): number {
  let width = 0;
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    if (code <= 0x1f || (code >= 0x7f && code <= 0x9f) || (code >= 0x300 && code <= 0x36f)) continue;
    width += isWide(code) ? 2 : 1;
  }
  return width;
}

function isWide(code: number): boolean {
  return (
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0xa4cf) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x1f300 && code <= 0x1faff) ||
    (code >= 0x20000 && code <= 0x3fffd)
  );
}

/** A string literal in the quotes Prettier prefers: double, unless the text holds more double than single quotes. */
export function stringLiteral(text: string): string {
  const doubles = text.split('"').length - 1;
  const singles = text.split("'").length - 1;
  const quote = doubles > singles ? "'" : '"';
  let body = "";
  for (const character of text) {
    body += character === quote ? `\\${quote}` : escapeCharacter(character);
  }
  return `${quote}${body}${quote}`;
}

function escapeCharacter(character: string): string {
  switch (character) {
    case "\\":
      return "\\\\";
    case "\n":
      return "\\n";
    case "\r":
      return "\\r";
    case "\t":
      return "\\t";
    case "\u2028":
    case "\u2029":
      return `\\u${character.charCodeAt(0).toString(16)}`;
    default: {
      const code = character.charCodeAt(0);
      return code < 0x20 || code === 0x7f ? `\\x${code.toString(16).padStart(2, "0")}` : character;
    }
  }
}

/** The text of a template literal: backquotes, backslashes and `${` escaped; line breaks kept as they are. */
function templateText(parts: readonly TemplatePart[], tag = ""): string {
  const text = parts
    .map((part) =>
      typeof part === "string"
        ? part
            .replace(/\\/g, "\\\\")
            .replace(/`/g, "\\`")
            .replace(/\$\{/g, "\\${")
            .replace(/\r/g, "\\r")
            // eslint-disable-next-line no-control-regex
            .replace(/[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`)
        : `\${${part.code}}`,
    )
    .join("");
  return `${tag}\`${text}\``;
}

const identifier = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A property key, quoted only when it is not an identifier (Prettier's "as-needed"). */
export function propertyKey(key: string): string {
  return identifier.test(key) ? key : stringLiteral(key);
}

function numberText(value: number): string {
  return String(value).replace("e+", "e");
}

/**
 * Whether the expression forces every group around it onto several lines: a comment, a multi-line template
 * literal, or an array that Prettier always breaks.
 */
function mustBreak(expr: Expr): boolean {
  switch (expr.type) {
    case "template":
      return expr.parts.some((part) => typeof part === "string" && part.includes("\n"));
    case "array":
      return alwaysBrokenArray(expr.items) || expr.items.some(mustBreak);
    case "object":
      return expr.entries.some((entry) => !("key" in entry) || mustBreak(entry.value));
    case "call":
      return expr.args.some(mustBreak);
    default:
      return false;
  }
}

/** Two or more objects (or arrays) of the same kind, each with more than one entry. */
function alwaysBrokenArray(items: readonly Expr[]): boolean {
  if (items.length < 2) return false;
  const kind = items[0].type;
  return items.every(
    (item) =>
      item.type === kind &&
      ((item.type === "object" && item.entries.length > 1) || (item.type === "array" && item.items.length > 1)),
  );
}

/** The expression on one line, or undefined when it cannot be printed on one. */
export function printFlat(expr: Expr): string | undefined {
  if (mustBreak(expr)) return undefined;
  return flat(expr);
}

function flat(expr: Expr): string {
  switch (expr.type) {
    case "literal":
      if (typeof expr.value === "string") return stringLiteral(expr.value);
      if (typeof expr.value === "number") return numberText(expr.value);
      return String(expr.value);
    case "ref":
      return expr.code;
    case "template":
      return templateText(expr.parts, expr.tag);
    case "call":
      return `${expr.callee}(${expr.args.map(flat).join(", ")})`;
    case "array":
      return `[${expr.items.map(flat).join(", ")}]`;
    case "object": {
      const properties = expr.entries.flatMap((entry) =>
        "key" in entry ? [`${propertyKey(entry.key)}: ${flat(entry.value)}`] : [],
      );
      return properties.length === 0 ? "{}" : `{ ${properties.join(", ")} }`;
    }
  }
}

const spaces = (indent: number): string => " ".repeat(indent);

/**
 * Lines printing `head` + the expression + `tail` at `indent`. `head` is `key: ` for an object property (then
 * `key` is given for the short-key rule) and empty for an array element or call argument.
 */
export function printLines(expr: Expr, indent: number, head: string, tail: string, key?: string): string[] {
  const pad = spaces(indent);
  const oneLine = printFlat(expr);
  if (oneLine !== undefined && textWidth(pad + head + oneLine + tail) <= printWidth) {
    return [pad + head + oneLine + tail];
  }
  const keyIsLong = key !== undefined && textWidth(propertyKey(key)) >= shortKeyWidth;
  switch (expr.type) {
    case "literal":
    case "ref":
      // Numbers, booleans and null stay after their key; strings and references move to the next line.
      if (keyIsLong && (expr.type === "ref" || typeof expr.value === "string")) {
        return [pad + head.trimEnd(), ...printLines(expr, indent + 2, "", tail)];
      }
      return [pad + head + flat(expr) + tail];
    case "template":
      return multiline(pad + head + templateText(expr.parts, expr.tag) + tail);
    case "array":
    case "object":
    case "call": {
      const opener = expr.type === "array" ? "[" : expr.type === "object" ? "{" : `${expr.callee}(`;
      if (keyIsLong && textWidth(pad + head + opener) > printWidth) {
        return [pad + head.trimEnd(), ...printLines(expr, indent + 2, "", tail)];
      }
      return brokenGroup(expr, indent, head, tail);
    }
  }
}

function brokenGroup(expr: Expr & { type: "array" | "object" | "call" }, indent: number, head: string, tail: string) {
  const pad = spaces(indent);
  switch (expr.type) {
    case "array":
      if (expr.items.length > 0 && expr.items.every(isNumber)) {
        return [
          pad + head + "[",
          ...fill(
            expr.items.map((item) => `${flat(item)},`),
            indent + 2,
          ),
          pad + "]" + tail,
        ];
      }
      return [
        pad + head + "[",
        ...expr.items.flatMap((item) => printLines(item, indent + 2, "", ",")),
        pad + "]" + tail,
      ];
    case "object":
      return [pad + head + "{", ...printEntries(expr.entries, indent + 2), pad + "}" + tail];
    case "call":
      return [
        pad + head + expr.callee + "(",
        ...expr.args.flatMap((arg) => printLines(arg, indent + 2, "", ",")),
        pad + ")" + tail,
      ];
  }
}

const isNumber = (expr: Expr): boolean => expr.type === "literal" && typeof expr.value === "number";

/** Words packed onto lines as Prettier's `fill` does: the next word goes on the line when it still fits. */
function fill(words: readonly string[], indent: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of words) {
    if (line !== "" && textWidth(`${line} ${word}`) <= printWidth) {
      line = `${line} ${word}`;
    } else {
      if (line !== "") lines.push(line);
      line = spaces(indent) + word;
    }
  }
  if (line !== "") lines.push(line);
  return lines;
}

/** The entries of a broken object, one per line. */
export function printEntries(entries: readonly ObjectEntry[], indent: number): string[] {
  return entries.flatMap((entry) =>
    "key" in entry
      ? printLines(entry.value, indent, `${propertyKey(entry.key)}: `, ",", entry.key)
      : commentLines(entry.comment, indent),
  );
}

/** `// text` lines at `indent`, one per line of the text. */
export function commentLines(text: string, indent: number): string[] {
  return text.split("\n").map((line) => `${spaces(indent)}//${line.trim() === "" ? "" : ` ${line.trimEnd()}`}`);
}

function multiline(text: string): string[] {
  return text.split("\n");
}

/**
 * `const <variable> = new <className>(<first>, { … });`: the last argument hugged when the first line fits,
 * otherwise every argument on a line of its own.
 */
export function printConstruction(
  variable: string,
  className: string,
  first: Expr,
  args: ObjectEntry[],
  options?: ObjectEntry[],
): string[] {
  const start = `const ${variable} = new ${className}(`;
  const hugged = `${start}${flat(first)}, {`;
  if (options && options.length > 0) {
    // Resource options make a third argument: Prettier then puts each argument on its own lines.
    const third = `  ${flat({ type: "object", entries: options })},`;
    return [start, ...printLines(first, 2, "", ","), "  {", ...printEntries(args, 4), "  },", third, ");"];
  }
  if (args.length === 0) return [`${hugged}});`];
  if (textWidth(hugged) <= printWidth) {
    return [hugged, ...printEntries(args, 2), "});"];
  }
  return [start, ...printLines(first, 2, "", ","), "  {", ...printEntries(args, 4), "  },", ");"];
}
