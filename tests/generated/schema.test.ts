/**
 * schema.json, the package schema of the provider plugin (issue #17), against its one source of truth: it is what
 * the generator makes today, it has a resource for every kind the provider serves, and every input, required
 * input, allowed value, replace-forcing input and secret in it is what `check` enforces for that kind. Its
 * functions are the SDK's lookups, one for one, and their inputs are the arguments the plugin's invokes take.
 */
import * as fs from "node:fs";
import * as path from "node:path";

import { z } from "zod";

import { checkInputs } from "../../provider/engine/check";
import { liveValueOf, typedFields } from "../../provider/kinds/typed/fields";
import type { JsonObject } from "../../provider/engine/kind";
import { kindNamed, kinds } from "../../provider/kinds";
import { lookupEntries, lookupNamed } from "../../provider/lookups/registry";
import * as sdk from "../../sdk";
import { inputJsonSchema, plainLinks, schemaFile, schemaText } from "../../scripts/gen-schema/generate";
import { readSdk } from "../../scripts/gen-schema/sdk-docs";
import type { JsonSchema, NamedType, PropertySpec, TypeSpec } from "../../scripts/gen-schema/types";
import { typedShims } from "../../sdk/generated/shims";

interface ResourceSpec {
  inputProperties: Record<string, PropertySpec>;
  requiredInputs: string[];
  properties: Record<string, PropertySpec>;
}

interface FunctionSpec {
  description: string;
  inputs?: { properties: Record<string, PropertySpec>; required?: string[] };
  outputs: { properties: Record<string, PropertySpec>; required?: string[] };
}

const text = schemaText();
const schema = JSON.parse(text) as {
  resources: Record<string, ResourceSpec>;
  functions: Record<string, FunctionSpec>;
  types: Record<string, NamedType>;
};
const kindOfToken = new Map<string, string>();

// Which kind each resource serves: read back through the SDK class of the same name.
for (const resource of readSdk(path.resolve(__dirname, "../../../sdk")).values()) {
  kindOfToken.set(`streamkap:index:${resource.className}`, resource.kind);
}

/** A property's type with its named type resolved. */
function resolve(spec: TypeSpec): TypeSpec | NamedType {
  const name = spec.$ref?.replace("#/types/", "");
  return name && schema.types[name] ? schema.types[name] : spec;
}

/** Every enum reachable from a JSON Schema, paired with the Pulumi type at the same place. */
function enumPairs(
  json: JsonSchema,
  spec: TypeSpec,
  at: string,
): Array<{ at: string; json: unknown[]; spec: unknown[] }> {
  const resolved = resolve(spec) as TypeSpec & Partial<NamedType>;
  if (json.enum) {
    const values = "enum" in resolved && resolved.enum ? resolved.enum.map((item) => item.value) : [];
    return [{ at, json: json.enum, spec: values }];
  }
  const union = json.anyOf ?? json.oneOf;
  if (union && resolved.oneOf)
    return union.flatMap((member, i) => enumPairs(member, resolved.oneOf?.[i] ?? {}, `${at}|${i}`));
  if (json.items && resolved.items) return enumPairs(json.items, resolved.items, `${at}[]`);
  if (json.properties && "properties" in resolved && resolved.properties) {
    const properties = resolved.properties;
    return Object.entries(json.properties).flatMap(([key, child]) =>
      properties[key]
        ? enumPairs(child, properties[key], `${at}.${key}`)
        : [{ at: `${at}.${key}`, json: ["present"], spec: [] }],
    );
  }
  return [];
}

test("schema.json is what `npm run generate` makes today", () => {
  const current = fs.readFileSync(schemaFile, "utf8") === text;
  expect({ current, fix: "npm run generate" }).toEqual({ current: true, fix: "npm run generate" });
});

/** Words that name no particular thing: a type called only this was named by accident (the property it met first). */
const genericWords = new Set(
  "To Input Output Resource Mode Format State Filter Type Kind Value Item Config Setting Settings Info Data Options Implementation Language Operation Channel Channels Alert Preference Snapshot Transform Transforms UnitTest MainTable Slack Acl PatternType Table Record".split(
    " ",
  ),
);

test("every type is named for what it is: no generic word, no number for a second of the same name", () => {
  const names = Object.keys(schema.types).map((token) => token.replace("streamkap:index:", ""));
  const accidental = names.filter(
    (name) => genericWords.has(name) || /\d$/.test(name) || (name.match(/[A-Z][a-z0-9]*/g) ?? []).length < 2,
  );
  expect({ accidental, fix: '.meta({ title: "…" }) on the zod declaration' }).toEqual({
    accidental: [],
    fix: '.meta({ title: "…" }) on the zod declaration',
  });
});

test("descriptions carry no TSDoc markup, which Python docstrings, Go comments and the Registry would print", () => {
  expect(fs.readFileSync(schemaFile, "utf8")).not.toContain("{@link");
  expect(plainLinks("see {@link Source} and {@link ProjectKey.clientSecret}, {@link getRoles}")).toBe(
    "see `Source` and `clientSecret` of `ProjectKey`, `getRoles`",
  );
  expect(plainLinks("{@link EnrichImplementationArgs} and {@link https://streamkap.com the docs}")).toBe(
    "`EnrichImplementation` and [the docs](https://streamkap.com)",
  );
});

test("one enum per meaning: no two enum types have the same allowed values", () => {
  const byValues = new Map<string, string[]>();
  for (const [token, type] of Object.entries(schema.types)) {
    if (!("enum" in type)) continue;
    const values = JSON.stringify(type.enum.map((item) => String(item.value)).sort());
    byValues.set(values, [...(byValues.get(values) ?? []), token.replace("streamkap:index:", "")]);
  }
  const repeated = [...byValues.values()].filter((names) => names.length > 1);
  expect({ repeated, fix: "name the shared type in catalogue/naming.ts (sharedSettingTypeNames)" }).toEqual({
    repeated: [],
    fix: "name the shared type in catalogue/naming.ts (sharedSettingTypeNames)",
  });
  // Settings of different keys that mean the same share one: Yes or No, whichever connector asks.
  const refOf = (token: string, input: string) =>
    (schema.resources[`streamkap:index:${token}`]?.inputProperties[input] as TypeSpec | undefined)?.$ref;
  expect(refOf("MysqlSource", "snapshotGtid")).toBe("#/types/streamkap:index:YesNo");
  expect(refOf("PostgresqlSource", "snapshotReadOnly")).toBe("#/types/streamkap:index:YesNo");
  expect(refOf("IcebergDestination", "insertMode")).toBe("#/types/streamkap:index:InsertMode");
  expect(refOf("R2Destination", "format")).toBe("#/types/streamkap:index:S3FileFormat");
  expect(refOf("GcsDestination", "format")).toBe("#/types/streamkap:index:FileFormat");
});

test("shared types carry their declared names", () => {
  const refOf = (token: string, input: string) =>
    (schema.resources[`streamkap:index:${token}`]?.inputProperties[input] as TypeSpec | undefined)?.$ref;
  expect(refOf("PostgresqlSource", "state")).toBe("#/types/streamkap:index:ConnectorState");
  expect(refOf("SnowflakeDestination", "snapshot")).toBe("#/types/streamkap:index:ConnectorSnapshot");
  expect(refOf("Pipeline", "offsetReset")).toBe("#/types/streamkap:index:PipelineOffsetReset");
  const acls = schema.resources["streamkap:index:KafkaUser"]?.inputProperties.acls as TypeSpec | undefined;
  expect(acls?.items?.$ref).toBe("#/types/streamkap:index:KafkaAcl");
  const to = (schema.types["streamkap:index:PipelineOffsetReset"] as { properties: Record<string, TypeSpec> })
    .properties.to;
  expect(to?.oneOf?.map((member) => member.$ref?.replace("#/types/streamkap:index:", ""))).toEqual([
    "OffsetResetTarget",
    "OffsetResetToTimestamp",
    "OffsetResetToOffset",
  ]);
});

test("every kind the provider serves has a resource, and every resource serves a kind", () => {
  const served = [...kindOfToken.values()].sort();
  expect(served).toEqual([...Object.keys(kinds), ...Object.keys(typedShims)].sort());
  expect(Object.keys(schema.resources).sort()).toEqual([...kindOfToken.keys()].sort());
});

/** Inputs of a resource that another input may stand for, each with that input and a value of it. */
const alternativeForms: Record<string, Record<string, { input: string; value: unknown }>> = {
  "streamkap:index:Pipeline": {
    sourceId: { input: "source", value: { id: "src-1" } },
    destinationId: { input: "destination", value: { id: "dst-1" } },
  },
};

describe.each(Object.keys(schema.resources).map((token) => [token] as const))("%s", (token) => {
  const resource = schema.resources[token];
  const kindName = kindOfToken.get(token) ?? "";
  const kind = kindNamed(kindName);
  const json = inputJsonSchema(kindName);

  test("its inputs and required inputs are the kind's", () => {
    expect(Object.keys(resource.inputProperties).sort()).toEqual(Object.keys(json.properties ?? {}).sort());
    expect([...resource.requiredInputs].sort()).toEqual([...(json.required ?? [])].sort());
    // Every input the schema marks optional may be left out: check refuses none of them when all are missing. A
    // kind named from the resource's name gets it as the SDK hands it over (a plugin does the same: autonaming).
    const named = "namePrefix" in kind.schema.shape ? { namePrefix: "resource" } : {};
    const refused = new Set(
      checkInputs(kind, undefined, named as JsonObject).failures.map((failure) => failure.property),
    );
    const optional = Object.keys(resource.inputProperties).filter((key) => !resource.requiredInputs.includes(key));
    // An input that is one of two forms of the same thing (a pipeline's `sourceId`, or `source` in Terraform's
    // shape) is refused when both are missing, and may be left out when the other is given.
    const otherForm = alternativeForms[token] ?? {};
    expect(optional.filter((key) => refused.has(key) && otherForm[key] === undefined)).toEqual([]);
    for (const [key, other] of Object.entries(otherForm)) {
      const given = { ...named, [other.input]: other.value } as JsonObject;
      const failures = checkInputs(kind, undefined, given).failures.map((failure) => failure.property);
      expect({ key, given: other.input, refused: failures.includes(key) }).toEqual({
        key,
        given: other.input,
        refused: false,
      });
    }
  });

  test("its allowed values are exactly those check takes", () => {
    const pairs = Object.entries(json.properties ?? {}).flatMap(([key, property]) =>
      enumPairs(property, resource.inputProperties[key] ?? {}, key),
    );
    for (const pair of pairs) expect({ at: pair.at, values: pair.spec }).toEqual({ at: pair.at, values: pair.json });
  });

  test("defaults are documented, never sent: the schema sets none that check does not fill in", () => {
    const filled = Object.entries(json.properties ?? {}).filter(([, property]) => property.default !== undefined);
    const declared = Object.entries(resource.inputProperties).filter(([, spec]) => "default" in spec);
    expect(declared.map(([key]) => key)).toEqual(filled.map(([key]) => key));
    // The service fills in a connector's own defaults; each is told in its input's description.
    const [family, code] = kindName.split(":");
    const fields = family === "source" || family === "destination" ? typedFields(family, code ?? "") : undefined;
    const flat = (text: string | undefined) => text?.replace(/\s+/g, " ");
    for (const field of fields ?? []) {
      if (field.default === undefined || field.secret) continue;
      const value = JSON.stringify(liveValueOf(field, field.default) ?? field.default);
      expect({ input: field.name, description: flat(resource.inputProperties[field.name]?.description) }).toEqual({
        input: field.name,
        description: expect.stringContaining(flat(`Defaults to \`${value}\`.`) ?? ""),
      });
    }
  });

  test("replace-forcing and secret inputs are the kind's", () => {
    const replacing = Object.entries(resource.inputProperties).filter(([, spec]) => spec.replaceOnChanges);
    expect(replacing.map(([key]) => key).sort()).toEqual(
      [...kind.replaceOn].filter((key) => key in resource.inputProperties).sort(),
    );
    const secrets = new Set(kind.secretKeys?.({} as JsonObject) ?? []);
    const secretInputs = Object.entries(resource.inputProperties).filter(([, spec]) => spec.secret);
    expect(secretInputs.map(([key]) => key).sort()).toEqual(
      Object.keys(resource.inputProperties)
        .filter((key) => secrets.has(key))
        .sort(),
    );
  });
});

test("every lookup the SDK exports is a function of the schema and an invoke of the plugin, and nothing else is", () => {
  const exported = Object.entries(sdk)
    .filter(([name, value]) => /^get[A-Z]/.test(name) && typeof value === "function")
    .map(([name]) => name)
    .sort();
  expect(exported.length).toBeGreaterThan(0);
  expect(Object.keys(schema.functions).sort()).toEqual(exported.map((name) => `streamkap:index:${name}`));
  expect(Object.keys(lookupEntries).sort()).toEqual(exported);
});

describe.each(Object.keys(schema.functions).map((token) => [token] as const))("%s", (token) => {
  const fn = schema.functions[token];
  const args = lookupNamed(token.replace("streamkap:index:", ""))?.args ?? z.strictObject({});
  const json = z.toJSONSchema(args, { io: "input" }) as JsonSchema;

  test("its inputs, required inputs and allowed values are the arguments the plugin's invoke takes", () => {
    expect(Object.keys(fn.inputs?.properties ?? {}).sort()).toEqual(Object.keys(json.properties ?? {}).sort());
    expect([...(fn.inputs?.required ?? [])].sort()).toEqual([...(json.required ?? [])].sort());
    const pairs = Object.entries(json.properties ?? {}).flatMap(([key, property]) =>
      enumPairs(property, fn.inputs?.properties[key] ?? {}, key),
    );
    for (const pair of pairs) expect({ at: pair.at, values: pair.spec }).toEqual({ at: pair.at, values: pair.json });
  });

  test("it is described, and answers an object", () => {
    expect(fn.description).not.toEqual("");
    expect(Object.keys(fn.outputs.properties).length).toBeGreaterThan(0);
  });
});
