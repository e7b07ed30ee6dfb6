/**
 * HTML as the console writes it: a tagged template that escapes every value it is given, so a name, a setting or
 * a webhook record an API caller chose can never become markup. Markup is only what a template or `raw` made.
 */

/** Markup, already safe to send. */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

const entities: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** The value as text inside markup or an attribute value. */
export function escapeText(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (char) => entities[char] ?? char);
}

/** One interpolated value: markup as it is, a list item by item, nothing for absent values, else escaped text. */
function piece(value: unknown): string {
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(piece).join("");
  if (value === undefined || value === null || value === false) return "";
  return escapeText(value);
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let text = strings[0] ?? "";
  values.forEach((value, index) => {
    text += piece(value) + (strings[index + 1] ?? "");
  });
  return new Html(text);
}

/** Markup the console wrote itself (its stylesheet, an SVG it drew from escaped parts). */
export function raw(text: string): Html {
  return new Html(text);
}
