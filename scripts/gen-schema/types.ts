/**
 * A kind's input schema (zod, as JSON Schema) in Pulumi package-schema terms: scalars as they are, lists and maps,
 * enums and nested objects as named types (`#/types/streamkap:index:<Name>`, shared by every resource whose shape
 * is the same), unions as `oneOf`, and anything Pulumi's schema cannot say as `pulumi.json#/Any`.
 */
export interface TypeSpec {
  type?: string;
  items?: TypeSpec;
  additionalProperties?: TypeSpec;
  $ref?: string;
  oneOf?: TypeSpec[];
}

export interface PropertySpec extends TypeSpec {
  description?: string;
  secret?: boolean;
  replaceOnChanges?: boolean;
  default?: unknown;
}

export interface ObjectTypeSpec {
  type: "object";
  description?: string;
  properties: Record<string, PropertySpec>;
  required?: string[];
}

export interface EnumTypeSpec {
  type: "string" | "integer" | "number";
  description?: string;
  enum: Array<{ name: string; value: string | number }>;
}

export type NamedType = ObjectTypeSpec | EnumTypeSpec;

/** JSON Schema as zod writes it: only the parts used here. */
export interface JsonSchema {
  type?: string | string[];
  enum?: Array<string | number>;
  const?: string | number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
  /** The type's declared name: zod's `.meta({ title })`. */
  title?: string;
  /** zod's `.meta({ description })`: an input's words where the SDK has none of its own (a plugin-only input). */
  description?: string;
}

const any: TypeSpec = { $ref: "pulumi.json#/Any" };
export const pascal = (name: string) =>
  name.replace(/(^|[^A-Za-z0-9]+)([A-Za-z0-9])/g, (_, _sep, c: string) => c.toUpperCase());

/**
 * An enum value's member name in every SDK, chosen rather than left to each generator: without one, each derives a
 * name from the value as it is (TypeScript and C# `Connector_status`, Go `AlertType_Connector_status`), a name
 * nobody would choose and, once released, a promise in every language.
 * The value's words in PascalCase: `connector_status` → `ConnectorStatus`, `us-east-1` → `UsEast1`, `READ` → `Read`.
 */
export function enumMemberName(value: string | number): string {
  const words = String(value)
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== "");
  const name = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase()).join("");
  return /^[A-Za-z]/.test(name) ? name : `Value${name}`;
}

/** The members of an enum type, each named by {@link enumMemberName}; two values with one name are refused. */
export function enumMembers(values: ReadonlyArray<string | number>, typeName: string): EnumTypeSpec["enum"] {
  const members = values.map((value) => ({ name: enumMemberName(value), value }));
  const seen = new Map<string, string | number>();
  for (const { name, value } of members) {
    const other = seen.get(name);
    if (other !== undefined)
      throw new Error(`${typeName}: ${JSON.stringify(other)} and ${JSON.stringify(value)} both name ${name}`);
    seen.set(name, value);
  }
  return members;
}

export const singular = (name: string) => name.replace(/ies$/, "y").replace(/([^s])s$/, "$1");

/**
 * The named types of a package. A type's name is declared, never found: a zod schema's `.meta({ title })` names
 * it (and every resource using that schema shares the type), and one without a title is named by where it is
 * declared, its owner's name and its property's (`RedisSourceMode`). Nothing is named first-come or numbered,
 * so adding a connector or a lookup never renames a type that exists: two different types wanting one name
 * stop the generator with the fix to make.
 */
export class TypeRegistry {
  readonly types = new Map<string, NamedType>();
  private readonly lowerNames = new Map<string, string>();

  /** `spec` under `name`; a name used twice must mean the same type. */
  register(name: string, spec: NamedType): TypeSpec {
    const ref = { $ref: `#/types/streamkap:index:${name}` };
    const known = this.types.get(name);
    if (known) {
      if (JSON.stringify(known) === JSON.stringify(spec)) return ref;
      throw new Error(
        `two different types are both named ${name}: give one a name of its own with .meta({ title: "…" }) ` +
          `at its zod declaration (or, for a lookup's type, its TypeScript interface name)`,
      );
    }
    // Tokens must differ in more than case: Python modules and C# classes would clash.
    const clash = this.lowerNames.get(name.toLowerCase());
    if (clash) throw new Error(`types ${clash} and ${name} differ only in case; rename one with .meta({ title })`);
    this.types.set(name, spec);
    this.lowerNames.set(name.toLowerCase(), name);
    return ref;
  }

  /** The Pulumi type of one JSON Schema, named after the property (`name`) of `owner` when it needs a name. */
  typeOf(schema: JsonSchema, name: string, owner: string): TypeSpec {
    const union = schema.anyOf ?? schema.oneOf;
    if (union) {
      const members = union.map((member) => this.typeOf(member, name, owner));
      return members.some((member) => member.$ref === any.$ref) ? any : { oneOf: members };
    }
    if (Array.isArray(schema.type)) {
      return this.typeOf({ anyOf: schema.type.map((type) => ({ type })) }, name, owner);
    }
    if (schema.enum && schema.enum.length > 0) {
      const type = typeof schema.enum[0] === "string" ? "string" : "number";
      return this.register(schema.title ?? `${owner}${pascal(name)}`, {
        type,
        enum: enumMembers(schema.enum, schema.title ?? `${owner}${pascal(name)}`),
      });
    }
    switch (schema.type) {
      case "string":
      case "boolean":
      case "integer":
      case "number":
        return { type: schema.type };
      case "array":
        // An item is named in the singular: `acls` holds `Acl`s.
        return { type: "array", items: schema.items ? this.typeOf(schema.items, singular(name), owner) : any };
      case "object":
        return this.objectType(schema, name, owner);
      default:
        return any;
    }
  }

  private objectType(schema: JsonSchema, name: string, owner: string): TypeSpec {
    if (!schema.properties || Object.keys(schema.properties).length === 0) {
      const values = typeof schema.additionalProperties === "object" ? schema.additionalProperties : undefined;
      return { type: "object", additionalProperties: values ? this.typeOf(values, name, owner) : any };
    }
    const typeName = schema.title ?? `${owner}${pascal(name)}`;
    const properties: Record<string, PropertySpec> = {};
    for (const [key, property] of Object.entries(schema.properties)) {
      properties[key] = this.typeOf(property, key, typeName);
    }
    const spec: ObjectTypeSpec = { type: "object", properties };
    if (schema.required && schema.required.length > 0) spec.required = [...schema.required];
    return this.register(typeName, spec);
  }
}
