/**
 * The same program as a Pulumi YAML project on the provider plugin: `Pulumi.yaml` with its secret config, the
 * system-tag lookups and every resource, for users of the plugin (`from-terraform --language yaml`). Secrets stay
 * config reads (`secret: true`), never values. (Python, Go and C# come from the PCL form, pcl.ts: Pulumi's YAML
 * converter drops which config is secret.)
 */
import type { Expr, ObjectEntry, TemplatePart } from "./code";
import { isPulumiYamlFunctionKey, pulumiYamlText, yamlQuoted } from "./literals";
import { type ProgramModel, refuseNullProperties } from "./model";

/**
 * A YAML value as Pulumi YAML will read it: every string here is already in Pulumi YAML's syntax (text has its `$`
 * doubled, references are `${…}`), and is written as a double-quoted scalar.
 */
type YamlValue = string | number | boolean | null | YamlValue[] | { [key: string]: YamlValue };

export interface YamlContext {
  project: string;
  description: string;
}

/** Where the TypeScript program's classes take resources and the plugin's take their ids (docs/migration.md). */
export const pluginIdInputs: Record<string, Record<string, string>> = {
  Pipeline: { source: "sourceId", destination: "destinationId" },
};
export const pluginIdInItems: Record<string, string> = { transform: "transformId" };

/** The secret config reads of the program model, by the type Pulumi YAML declares their config with. */
const secretConfigTypes: Record<string, string> = {
  "config.requireSecret": "string",
  "config.requireSecretNumber": "integer",
  "config.requireSecretBoolean": "boolean",
};

class YamlWriter {
  readonly config = new Map<string, { type: string; secret?: boolean; default?: string }>();
  readonly variables = new Map<string, YamlValue>();
  /** Whether a pipeline's inputs are being written: its transform links take the plugin's `transformId`. */
  inPipeline = false;
  /** Object keys Pulumi YAML would read as a function (`fn::…`), each held by a variable: key → variable. */
  private readonly keyVariables = new Map<string, string>();

  constructor(private readonly declared: ReadonlySet<string>) {}

  /** `pg.id` → `${pg.id}`: a resource's YAML key is its TypeScript variable, unique in the program. */
  reference(code: string): string {
    const [variable = "", ...rest] = code.split(".");
    if (!this.declared.has(variable)) {
      if (variable === "namePrefix") {
        this.config.set("namePrefix", { type: "string", default: "" });
        return "${namePrefix}";
      }
      throw new Error(`the YAML program cannot refer to \`${code}\``);
    }
    return `\${${[variable, ...rest].join(".")}}`;
  }

  value(expr: Expr): YamlValue {
    switch (expr.type) {
      case "literal":
        return typeof expr.value === "string" ? pulumiYamlText(expr.value) : expr.value;
      case "array":
        return expr.items.map((item) => this.value(item));
      case "object":
        return this.entries(expr.entries);
      case "ref":
        return this.reference(expr.code);
      case "template":
        return expr.parts
          .map((part: TemplatePart) => (typeof part === "string" ? pulumiYamlText(part) : this.reference(part.code)))
          .join("");
      case "call":
        return this.call(expr.callee, expr.args);
    }
  }

  entries(entries: readonly ObjectEntry[], renames: Record<string, string> = {}): { [key: string]: YamlValue } {
    const result: { [key: string]: YamlValue } = {};
    for (const item of entries) {
      if (!("key" in item)) continue;
      const renamed =
        ownValue(renames, item.key) ?? (this.inPipeline ? ownValue(pluginIdInItems, item.key) : undefined);
      if (renamed !== undefined && item.value.type === "ref") {
        result[renamed] = this.reference(item.value.code.endsWith(".id") ? item.value.code : `${item.value.code}.id`);
        continue;
      }
      // An object the program does not hold, named by its id on the service (`from-terraform`).
      if (renamed !== undefined && item.value.type === "literal") {
        result[renamed] = this.value(item.value);
        continue;
      }
      result[this.key(item.key)] = this.value(item.value);
    }
    return result;
  }

  /**
   * An object key as Pulumi YAML reads it: keys are interpolated like any string, and an object whose only key
   * starts with `fn::` is a function call (`fn::readFile` reads a file). Such a key is written as a reference to a
   * variable holding it, which Pulumi YAML evaluates to the key itself.
   */
  private key(key: string): string {
    if (!isPulumiYamlFunctionKey(key)) return pulumiYamlText(key);
    let variable = this.keyVariables.get(key);
    if (variable === undefined) {
      variable = `literalKey${this.keyVariables.size + 1}`;
      this.keyVariables.set(key, variable);
      this.variables.set(variable, pulumiYamlText(key));
    }
    return `\${${variable}}`;
  }

  private call(callee: string, args: readonly Expr[]): YamlValue {
    const first = args[0];
    const text = first?.type === "literal" && typeof first.value === "string" ? first.value : undefined;
    const secretType = secretConfigTypes[callee];
    if (secretType !== undefined && text !== undefined) {
      this.config.set(text, { type: secretType, secret: true });
      return `\${${text}}`;
    }
    if (callee === "systemTagId" && text !== undefined) {
      const variable = `systemTag${text.replace(/[^A-Za-z0-9]/g, "")}`;
      this.variables.set(variable, {
        "fn::invoke": {
          function: "streamkap:index:getTags",
          arguments: { name: pulumiYamlText(text), system: true },
          return: "tags",
        },
      });
      return `\${${variable}[0].id}`;
    }
    throw new Error(`the YAML program has no form of \`${callee}(…)\``);
  }
}

/** A table's own value for a key (never one of Object.prototype's: keys here come from the service). */
export const ownValue = <T>(table: Record<string, T>, key: string): T | undefined =>
  Object.hasOwn(table, key) ? table[key] : undefined;

/** The project's Pulumi.yaml: config, variables and resources, in the model's order. */
export function renderYamlProgram(model: ProgramModel, context: YamlContext): string {
  refuseNullProperties(model.declarations, "a Pulumi YAML program");
  const writer = new YamlWriter(new Set(model.declarations.map((item) => item.variable)));
  const resources: { [key: string]: YamlValue } = {};
  for (const declaration of model.declarations) {
    const className = declaration.className.replace(/^streamkap\./, "");
    writer.inPipeline = className === "Pipeline";
    const properties = writer.entries(declaration.entries, pluginIdInputs[className]);
    const options = declaration.options ? writer.entries(declaration.options) : undefined;
    // Keys are unique in a YAML program; resource names only per type, as in the TypeScript program.
    resources[declaration.variable] = {
      type: `streamkap:index:${className}`,
      ...(declaration.resourceName !== declaration.variable ? { name: declaration.resourceName } : {}),
      properties,
      ...(options && Object.keys(options).length > 0 ? { options } : {}),
    };
  }
  const document: { [key: string]: YamlValue } = {
    name: context.project,
    runtime: "yaml",
    description: context.description,
    ...(writer.config.size > 0
      ? { config: Object.fromEntries([...writer.config].map(([key, spec]) => [key, { ...spec }])) }
      : {}),
    ...(writer.variables.size > 0 ? { variables: Object.fromEntries(writer.variables) } : {}),
    resources,
  };
  return `${yamlText(document, "")}\n`;
}

/** A key YAML reads as a string without quotes: a plain word that no YAML version takes for a boolean or null. */
const plainKey = /^[A-Za-z_][A-Za-z0-9_]*$/;
const reservedWords = /^(y|n|yes|no|on|off|true|false|null)$/i;
const keyText = (key: string): string => (plainKey.test(key) && !reservedWords.test(key) ? key : yamlQuoted(key));

/** Block-style YAML, strings double-quoted; empty collections as `[]`/`{}`. */
function yamlText(value: YamlValue, indent: string): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    return value
      .map((item) => {
        const text = yamlText(item, `${indent}  `);
        return isCollection(item) ? `${indent}- ${text.trimStart()}` : `${indent}- ${text}`;
      })
      .join("\n");
  }
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value);
    if (entries.length === 0) return "{}";
    return entries
      .map(([key, item]) => {
        const name = keyText(key);
        if (isCollection(item)) return `${indent}${name}:\n${yamlText(item, `${indent}  `)}`;
        return `${indent}${name}: ${yamlText(item, `${indent}  `)}`;
      })
      .join("\n");
  }
  return typeof value === "string" ? yamlQuoted(value) : JSON.stringify(value);
}

const isCollection = (value: YamlValue): boolean =>
  value !== null &&
  typeof value === "object" &&
  (Array.isArray(value) ? value.length > 0 : Object.keys(value).length > 0);
