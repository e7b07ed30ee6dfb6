/**
 * Writes schema.json, the Pulumi package schema of the provider plugin (issue #17), from the one source of truth:
 * the kind descriptions (inputs, what forces a replacement, what is secret) and the TypeScript SDK's TSDoc
 * (descriptions, outputs), and for its functions the lookups the plugin serves, in the SDK's words (functions.ts). `npm run generate` runs it; tests/generated/schema.test.ts holds the file to what `check`
 * enforces and to what this makes today.
 */
import * as fs from "node:fs";
import * as path from "node:path";

import { z } from "zod";

import { commonInputsSchema } from "../../provider/engine/common-inputs";
import type { JsonObject } from "../../provider/engine/kind";
import { kindNamed } from "../../provider/kinds";
import { type SettingSpec, settingSources } from "../../provider/settings";
import { type ClassDocs, typedClassDocs } from "../gen-connectors";
import { packageVersion } from "../package-version";
import { examplesSection, generateExamples } from "./examples";
import { functionSpecs } from "./functions";
import { readSdk, type ResourceClass } from "./sdk-docs";
import { readLookups } from "./sdk-lookups";
import { type JsonSchema, type PropertySpec, TypeRegistry, type TypeSpec } from "./types";

const repoRoot = path.resolve(__dirname, "../../..");
export const schemaFile = path.join(repoRoot, "schema.json");

/** Inputs the TypeScript SDK derives or passes for the dynamic provider; a provider plugin names objects itself. */
export const internalInputs = new Set(["namePrefix", "nameSeed", "nameGeneration", "customTimeouts", "endpoints"]);
/** The SDK's argument behind a provider input, where the two differ (a pipeline's ends). */
const argumentOf: Record<string, string> = { sourceId: "source", destinationId: "destination" };

/** A kind's inputs as JSON Schema, the engine's common inputs (`adopt`, `onDrift`) included. */
export function inputJsonSchema(kind: string): JsonSchema {
  const own = z.toJSONSchema(kindNamed(kind).schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  const common = z.toJSONSchema(commonInputsSchema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  const properties = Object.fromEntries(
    Object.entries({ ...own.properties, ...common.properties }).filter(([key]) => !internalInputs.has(key)),
  );
  // A kind that derives a name when none is given (it has `namePrefix`) does not require one.
  const named = own.properties?.namePrefix !== undefined;
  const required = (own.required ?? []).filter((key) => key in properties && !(named && key === "name"));
  return { type: "object", properties, required };
}

/** An output's type from its TypeScript declaration (`pulumi.Output<string[] | undefined>`); Any when unsure. */
function outputType(typeText: string): TypeSpec {
  const inner = /^pulumi\.Output<(.*)>$/s.exec(typeText.trim())?.[1] ?? "";
  const types = inner
    .split("|")
    .map((part) => part.trim())
    .filter((part) => part !== "undefined" && part !== "null");
  if (types.length !== 1) return { $ref: "pulumi.json#/Any" };
  const [type] = types;
  if (type === "string" || type === "boolean" || type === "number") return { type };
  if (type === "string[]") return { type: "array", items: { type: "string" } };
  return { $ref: "pulumi.json#/Any" };
}

function resourceSpec(resource: ResourceClass, registry: TypeRegistry, declared: ClassDocs | undefined) {
  const kind = kindNamed(resource.kind);
  const schema = inputJsonSchema(resource.kind);
  const secrets = new Set([...(kind.secretKeys?.({} as JsonObject) ?? []), ...resource.secretOutputs]);
  const replaces = new Set<string>(kind.replaceOn);
  const inputProperties: Record<string, PropertySpec> = {};
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    const description = property.description ?? declared?.args.get(key) ?? resource.args.get(argumentOf[key] ?? key);
    inputProperties[key] = {
      ...registry.typeOf(property, key, resource.className),
      ...(description ? { description } : {}),
      ...(secrets.has(key) ? { secret: true } : {}),
      ...(replaces.has(key) ? { replaceOnChanges: true } : {}),
    };
  }
  const properties: Record<string, PropertySpec> = { ...inputProperties };
  for (const [key, output] of resource.outputs) {
    if (key in properties || internalInputs.has(key)) continue;
    properties[key] = {
      ...outputType(output.type),
      ...(output.description ? { description: output.description } : {}),
      ...(secrets.has(key) ? { secret: true } : {}),
    };
  }
  return {
    description: declared?.description ?? resource.description,
    inputProperties,
    requiredInputs: schema.required ?? [],
    properties,
  };
}

/** The whole package schema. */
export function buildSchema(): Record<string, unknown> {
  const registry = new TypeRegistry();
  const classes = [...readSdk(path.join(repoRoot, "sdk")).values()].sort((a, b) =>
    a.className.localeCompare(b.className),
  );
  // A generated class's words come from the declarations its TSDoc is written from; a hand-written class's
  // TSDoc is its declaration.
  const generated = typedClassDocs();
  const resources = Object.fromEntries(
    classes.map((resource) => [
      `streamkap:index:${resource.className}`,
      resourceSpec(resource, registry, generated.get(resource.className)),
    ]),
  );
  // After the resources: their types keep the names they had before the package had functions.
  const functions = functionSpecs(readLookups(path.join(repoRoot, "sdk")), registry);
  const variables = Object.fromEntries(
    Object.entries(settingSources).map(([name, source]: [string, SettingSpec]) => [
      name,
      {
        type: source.type,
        // Documented, never set here: a default in the schema would make every SDK send it.
        description:
          `${source.description}\n\n` +
          (source.default === undefined ? "" : `Defaults to \`${String(source.default)}\`. `) +
          `Stack config \`${source.config}\`; else the environment variable \`${source.env}\`.`,
        ...(source.secret ? { secret: true } : {}),
      },
    ]),
  );
  return {
    name: "streamkap",
    version: packageVersion(),
    displayName: "Streamkap",
    description: "Streamkap change-data-capture: sources, destinations, pipelines, transforms, topics and access.",
    repository: "https://github.com/streamkap-com/pulumi-streamkap",
    publisher: "pulumi-streamkap",
    // Where `pulumi plugin install` and the engine fetch the plugin's archives (`npm run release` makes them):
    // the GitHub releases of the repository.
    pluginDownloadURL: "github://api.github.com/streamkap-com/pulumi-streamkap",
    config: { variables },
    provider: {
      inputProperties: variables,
    },
    resources,
    functions,
    types: Object.fromEntries(
      [...registry.types]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([name, spec]) => [`streamkap:index:${name}`, spec]),
    ),
    language: {
      nodejs: { packageName: "@streamkap/pulumi" },
      python: { packageName: "pulumi_streamkap" },
      go: { importBasePath: "github.com/streamkap-com/pulumi-streamkap/sdk-gen/go/streamkap" },
      // `Streamkap.Pulumi`: the C# generator wants a one-word root namespace (it drops a namespace's first two
      // parts to name the directory of its files).
      csharp: { rootNamespace: "Streamkap", namespaces: { streamkap: "Pulumi" } },
    },
  };
}

/**
 * TSDoc's `{@link …}` as every language's docs can show it: Python docstrings, Go comments and the Registry's
 * pages would print the markup itself. A link to a class, function or type becomes its name in code (`Source`; a
 * member, `clientSecret` of `ProjectKey`, as each language spells the member its own way); a link to a page, a
 * Markdown link.
 */
export function plainLinks(text: string): string {
  return text.replace(
    /\{@link\s+([^\s}|]+)(?:\s*\|?\s*([^}]*))?\}/g,
    (_, target: string, label: string | undefined) => {
      const shown = label?.trim();
      if (/^https?:\/\//.test(target)) return shown ? `[${shown}](${target})` : `<${target}>`;
      const [owner = "", member] = target.replace(/Args(?=\.|$)/, "").split(".");
      if (shown) return shown;
      return member === undefined ? `\`${owner}\`` : `\`${member}\` of \`${owner}\``;
    },
  );
}

/** Every `description` in the schema with {@link plainLinks}. */
function withPlainLinks<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => withPlainLinks(item)) as T;
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      key === "description" && typeof item === "string" ? plainLinks(item) : withPlainLinks(item),
    ]),
  ) as T;
}

/**
 * The schema as written to schema.json: each resource's description ends with its examples in every language
 * (examples.ts), generated from the schema without them.
 */
export function schemaText(): string {
  const schema = withPlainLinks(buildSchema());
  const examples = generateExamples(`${JSON.stringify(schema, null, 2)}\n`);
  const resources = schema.resources as Record<string, { description: string }>;
  for (const [token, resource] of Object.entries(resources)) {
    const programs = examples.get(token.split(":").at(-1) ?? "");
    if (!programs) throw new Error(`${token} has no example`);
    resource.description = `${resource.description}\n\n${examplesSection(programs)}`;
  }
  return `${JSON.stringify(schema, null, 2)}\n`;
}

if (require.main === module) {
  fs.writeFileSync(schemaFile, schemaText());
  console.log(`${schemaFile} written`);
}
