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
  enum: Array<{ value: string | number }>;
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
}

const any: TypeSpec = { $ref: "pulumi.json#/Any" };
export const pascal = (name: string) =>
  name.replace(/(^|[^A-Za-z0-9]+)([A-Za-z0-9])/g, (_, _sep, c: string) => c.toUpperCase());

export const singular = (name: string) => name.replace(/ies$/, "y").replace(/([^s])s$/, "$1");

/** The named types of a package, each registered once by content; a name taken by other content gets a prefix. */
export class TypeRegistry {
  readonly types = new Map<string, NamedType>();
  private readonly byContent = new Map<string, string>();
  private readonly lowerNames = new Set<string>();

  /**
   * `spec` as a named type: `preferred` unless another type has that name, the one of the same content if there
   * is one.
   */
  register(preferred: string, owner: string, spec: NamedType): TypeSpec {
    const content = JSON.stringify(spec);
    const known = this.byContent.get(content);
    if (known) return { $ref: `#/types/streamkap:index:${known}` };
    // Tokens must differ in more than case: Python modules and C# classes would clash.
    const taken = (candidate: string) => this.lowerNames.has(candidate.toLowerCase());
    let name = preferred;
    if (taken(name)) name = `${owner}${preferred}`;
    for (let n = 2; taken(name); n++) name = `${owner}${preferred}${n}`;
    this.types.set(name, spec);
    this.lowerNames.add(name.toLowerCase());
    this.byContent.set(content, name);
    return { $ref: `#/types/streamkap:index:${name}` };
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
      return this.register(pascal(name), owner, { type, enum: schema.enum.map((value) => ({ value })) });
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
    const properties: Record<string, PropertySpec> = {};
    for (const [key, property] of Object.entries(schema.properties)) {
      properties[key] = this.typeOf(property, key, `${owner}${pascal(name)}`);
    }
    const spec: ObjectTypeSpec = { type: "object", properties };
    if (schema.required && schema.required.length > 0) spec.required = [...schema.required];
    return this.register(pascal(name), owner, spec);
  }
}
