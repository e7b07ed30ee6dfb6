/**
 * Terraform addresses as Terraform reads them: a state's module paths parsed (`module.app["eu"].module.db`), its
 * names held to Terraform's grammar, and addresses written back with every key an HCL quoted string. Whatever a
 * state holds, what `removed` blocks and `terraform state rm` lines name is an address and nothing else.
 */
import { hclQuoted } from "../export/literals";

/** A module call's instance in a path: its name, and its `count` number or `for_each` key when it has one. */
export interface ModuleStep {
  name: string;
  key?: string | number;
}

/** Terraform's identifiers: resource types and names, module names. */
const identifier = /^[A-Za-z_][A-Za-z0-9_-]*$/;

export const isTerraformIdentifier = (text: string): boolean => identifier.test(text);

/** An instance key as Terraform writes it in an address: a number, or an HCL quoted string. */
export const keyText = (key: string | number): string => `[${typeof key === "number" ? String(key) : hclQuoted(key)}]`;

/** `module.a["k"].module.b`; empty for the root module. */
export function modulePath(steps: readonly ModuleStep[], withKeys: boolean): string {
  return steps
    .map((step) => `module.${step.name}${withKeys && step.key !== undefined ? keyText(step.key) : ""}`)
    .join(".");
}

/** A resource or instance address; without keys, the configuration address a `removed` block names. */
export function resourceAddress(
  parts: {
    modules: readonly ModuleStep[];
    mode: "managed" | "data";
    type: string;
    name: string;
    key?: string | number;
  },
  withKeys: boolean,
): string {
  const path = modulePath(parts.modules, withKeys);
  const resource = `${parts.mode === "data" ? "data." : ""}${parts.type}.${parts.name}`;
  const key = withKeys && parts.key !== undefined ? keyText(parts.key) : "";
  return `${path === "" ? "" : `${path}.`}${resource}${key}`;
}

/**
 * A state's `module` field as steps, or undefined when it is not a module path Terraform writes. Keys are read as
 * HCL quoted strings (current Terraform and OpenTofu), with the escapes of Go's `%q` older releases wrote.
 */
export function parseModulePath(text: string): ModuleStep[] | undefined {
  const steps: ModuleStep[] = [];
  let rest = text;
  while (rest !== "") {
    const call = /^module\.([A-Za-z_][A-Za-z0-9_-]*)/.exec(rest);
    if (!call?.[1]) return undefined;
    const step: ModuleStep = { name: call[1] };
    rest = rest.slice(call[0].length);
    if (rest.startsWith("[")) {
      const key = parseKey(rest);
      if (!key) return undefined;
      step.key = key.key;
      rest = rest.slice(key.length);
    }
    steps.push(step);
    if (rest === "") break;
    if (!rest.startsWith(".")) return undefined;
    rest = rest.slice(1);
  }
  return steps;
}

/** `[3]` or `["text"]` at the start of `text`: the key and how many characters it took. */
function parseKey(text: string): { key: string | number; length: number } | undefined {
  const number = /^\[(0|[1-9][0-9]*)\]/.exec(text);
  if (number?.[1] !== undefined) return { key: Number(number[1]), length: number[0].length };
  if (!text.startsWith('["')) return undefined;
  let key = "";
  let index = 2;
  while (index < text.length) {
    const character = text[index] ?? "";
    if (character === '"') {
      return text[index + 1] === "]" ? { key, length: index + 2 } : undefined;
    }
    if ((character === "$" || character === "%") && text[index + 1] === character && text[index + 2] === "{") {
      key += `${character}{`;
      index += 3;
      continue;
    }
    if (character !== "\\") {
      const point = text.codePointAt(index) ?? 0;
      key += String.fromCodePoint(point);
      index += point > 0xffff ? 2 : 1;
      continue;
    }
    const escaped = unescape(text.slice(index));
    if (!escaped) return undefined;
    key += escaped.text;
    index += escaped.length;
  }
  return undefined;
}

const simpleEscapes: Record<string, string> = {
  n: "\n",
  r: "\r",
  t: "\t",
  '"': '"',
  "\\": "\\",
  a: "\x07",
  b: "\b",
  f: "\f",
  v: "\v",
};

/** One backslash escape at the start of `text`. */
function unescape(text: string): { text: string; length: number } | undefined {
  const letter = text[1] ?? "";
  const simple = simpleEscapes[letter];
  if (simple !== undefined && Object.hasOwn(simpleEscapes, letter)) return { text: simple, length: 2 };
  const digits = letter === "x" ? 2 : letter === "u" ? 4 : letter === "U" ? 8 : 0;
  const hexDigits = text.slice(2, 2 + digits);
  if (digits === 0 || !/^[0-9A-Fa-f]+$/.test(hexDigits) || hexDigits.length !== digits) return undefined;
  const point = Number.parseInt(hexDigits, 16);
  if (point > 0x10ffff || (point >= 0xd800 && point <= 0xdfff)) return undefined;
  return { text: String.fromCodePoint(point), length: 2 + digits };
}
