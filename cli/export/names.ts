/**
 * Names in the exported program: the part of each service name after the prefix, the Pulumi resource name and
 * the variable derived from it, and the config key of each secret. All are derived from the service names
 * deterministically, so exporting the same service twice writes the same program.
 */

/** What each kind of exported object is called in variable suffixes and messages. */
export const kindWords = {
  tag: "tag",
  topic: "topic",
  source: "source",
  webhookSource: "webhook source",
  destination: "destination",
  transform: "transform",
  pipeline: "pipeline",
  kafkaUser: "Kafka user",
  clientCredential: "client credential",
} as const;
export type ExportKind = keyof typeof kindWords;

/** A service name split at the prefix: `rest` is what the program writes after `${namePrefix}`. */
export interface SplitName {
  rest: string;
  /** False when the name does not start with the prefix: the program then writes it whole, in every stack. */
  prefixed: boolean;
}

export function splitPrefix(name: string, prefix: string): SplitName {
  return name.startsWith(prefix)
    ? { rest: name.slice(prefix.length), prefixed: true }
    : { rest: name, prefixed: false };
}

/** Words JavaScript reserves, and the names the program itself declares. */
const taken = new Set([
  ...["break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do", "else"],
  ...["enum", "export", "extends", "false", "finally", "for", "function", "if", "import", "in", "instanceof"],
  ...["new", "null", "return", "super", "switch", "this", "throw", "true", "try", "typeof", "var", "void"],
  ...["while", "with", "yield", "let", "static", "implements", "interface", "package", "private", "protected"],
  ...["public", "await", "async", "arguments", "eval", "undefined", "NaN", "Infinity", "require", "module"],
  ...["exports", "pulumi", "streamkap", "config", "namePrefix", "systemTagId"],
]);

/** Variables stay short enough that `const <variable> = new streamkap.<Class>(` fits on one line. */
const maxVariableLength = 30;

const capitalize = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/** `orders-db` → `ordersDb`; empty when the text has no letters or digits. */
export function camelCase(text: string): string {
  const words = text.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return words
    .map((word, index) => (index === 0 ? word.charAt(0).toLowerCase() + word.slice(1) : capitalize(word)))
    .join("");
}

/**
 * Hands out resource names (unique per kind), variables (unique in the program) and secret config keys (unique
 * in the stack). The first object to ask for a name gets it plain; later ones get a kind suffix or a number.
 */
export class Namer {
  private readonly resourceNames = new Map<ExportKind, Set<string>>();
  private readonly variables = new Set<string>();
  private readonly configKeys = new Set<string>(["namePrefix"]);

  /** A valid, stable Pulumi resource name from the service name (after the prefix). */
  resourceName(kind: ExportKind, serviceName: string): string {
    const base =
      serviceName
        .replace(/[^A-Za-z0-9._-]+/g, "-")
        .replace(/-{2,}/g, "-")
        .replace(/^[-.]+|[-.]+$/g, "") || kind.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    const used = this.resourceNames.get(kind) ?? new Set<string>();
    this.resourceNames.set(kind, used);
    return claim(used, base, (n) => `${base}-${n}`);
  }

  /** A TypeScript variable for the resource: its name in camelCase, with the kind added when that is taken. */
  variable(kind: ExportKind, resourceName: string): string {
    const suffix = capitalize(camelCase(kindWords[kind]));
    let base = camelCase(resourceName).slice(0, maxVariableLength);
    if (base === "" || /^[0-9]/.test(base)) base = `${camelCase(kindWords[kind])}${capitalize(base)}`;
    const withKind = `${base.slice(0, maxVariableLength - suffix.length)}${suffix}`;
    const candidate = taken.has(base) || this.variables.has(base) ? withKind : base;
    return claim(this.variables, candidate, (n) => `${withKind.slice(0, maxVariableLength - 3)}${n}`, taken);
  }

  /** The stack config key holding one secret setting of a resource, e.g. `ordersDbDatabasePassword`. */
  configKey(variable: string, setting: string): string {
    const base = `${variable}${capitalize(camelCase(setting))}`;
    return claim(this.configKeys, base, (n) => `${base}${n}`);
  }
}

/** `base` if free, else the first free `numbered(n)` for n = 2, 3, …; records what it returns. */
function claim(
  used: Set<string>,
  base: string,
  numbered: (n: number) => string,
  reserved: ReadonlySet<string> = new Set(),
): string {
  let candidate = base;
  for (let n = 2; used.has(candidate) || reserved.has(candidate); n++) candidate = numbered(n);
  used.add(candidate);
  return candidate;
}
