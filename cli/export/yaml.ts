/**
 * The same program as a Pulumi YAML project on the provider plugin: `Pulumi.yaml` with its secret config, the
 * system-tag lookups and every resource, for users of the plugin (`from-terraform --language yaml`). Secrets stay
 * config reads (`secret: true`), never values. (Python, Go and C# come from the PCL form, pcl.ts: Pulumi's YAML
 * converter drops which config is secret.)
 */
import type { Expr, ObjectEntry, TemplatePart } from "./code";
import type { ProgramModel } from "./model";

/** A YAML value: scalars are written as JSON (valid YAML, no quoting rules to get wrong). */
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

class YamlWriter {
  readonly config = new Map<string, { type: string; secret?: boolean; default?: string }>();
  readonly variables = new Map<string, YamlValue>();

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
        return typeof expr.value === "string" ? escape(expr.value) : expr.value;
      case "array":
        return expr.items.map((item) => this.value(item));
      case "object":
        return this.entries(expr.entries);
      case "ref":
        return this.reference(expr.code);
      case "template":
        return expr.parts
          .map((part: TemplatePart) => (typeof part === "string" ? escape(part) : this.reference(part.code)))
          .join("");
      case "call":
        return this.call(expr.callee, expr.args);
    }
  }

  entries(entries: readonly ObjectEntry[], renames: Record<string, string> = {}): { [key: string]: YamlValue } {
    const result: { [key: string]: YamlValue } = {};
    for (const item of entries) {
      if (!("key" in item)) continue;
      const renamed = renames[item.key] ?? pluginIdInItems[item.key];
      if (renamed !== undefined && item.value.type === "ref") {
        result[renamed] = this.reference(item.value.code.endsWith(".id") ? item.value.code : `${item.value.code}.id`);
        continue;
      }
      result[item.key] = this.value(item.value);
    }
    return result;
  }

  private call(callee: string, args: readonly Expr[]): YamlValue {
    const first = args[0];
    const text = first?.type === "literal" && typeof first.value === "string" ? first.value : undefined;
    if (callee === "config.requireSecret" && text !== undefined) {
      this.config.set(text, { type: "string", secret: true });
      return `\${${text}}`;
    }
    if (callee === "systemTagId" && text !== undefined) {
      const variable = `systemTag${text.replace(/[^A-Za-z0-9]/g, "")}`;
      this.variables.set(variable, {
        "fn::invoke": {
          function: "streamkap:index:getTags",
          arguments: { name: text, system: true },
          return: "tags",
        },
      });
      return `\${${variable}[0].id}`;
    }
    throw new Error(`the YAML program has no form of \`${callee}(…)\``);
  }
}

/** `${` starts an interpolation in Pulumi YAML: a literal one is written `$${`. */
const escape = (text: string): string => text.replace(/\$\{/g, "$$$${");

/** The project's Pulumi.yaml: config, variables and resources, in the model's order. */
export function renderYamlProgram(model: ProgramModel, context: YamlContext): string {
  const writer = new YamlWriter(new Set(model.declarations.map((item) => item.variable)));
  const resources: { [key: string]: YamlValue } = {};
  for (const declaration of model.declarations) {
    const className = declaration.className.replace(/^streamkap\./, "");
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

/** Block-style YAML with JSON scalars; empty collections as `[]`/`{}`. */
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
        const name = /^[A-Za-z_][A-Za-z0-9_:.-]*$/.test(key) ? key : JSON.stringify(key);
        if (isCollection(item)) return `${indent}${name}:\n${yamlText(item, `${indent}  `)}`;
        return `${indent}${name}: ${yamlText(item, `${indent}  `)}`;
      })
      .join("\n");
  }
  return JSON.stringify(value);
}

const isCollection = (value: YamlValue): boolean =>
  value !== null &&
  typeof value === "object" &&
  (Array.isArray(value) ? value.length > 0 : Object.keys(value).length > 0);
