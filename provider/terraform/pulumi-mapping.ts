/**
 * The plugin's `terraform` mapping: what `GetMapping{key: "terraform"}` answers, so that Pulumi's Terraform
 * converter (`pulumi convert --from terraform`, `pulumi import --from terraform`) writes this provider's resources
 * for the official provider's types. The JSON is pulumi-terraform-bridge's `MarshallableProvider` (v3.120.0,
 * pkg/tfbridge/info/info.go), the one shape the converter reads: the Terraform side (`provider`: each type's
 * attributes with their types and flags) and the Pulumi side (`resources[type].tok`, `fields[attr].name`,
 * `config[attr].name`). Built from official-provider.json and the plugin's schema (schema.json), both read by the
 * caller, so this module stays a pure function.
 */
import type { TerraformShape, TerraformType } from "./mapping";

/** A property of the plugin's schema, as far as the mapping follows it into nested types. */
export interface PropertySpec {
  type?: string;
  $ref?: string;
  items?: PropertySpec;
}

/** The part of the plugin's Pulumi schema (schema.json) the mapping is checked against. */
export interface PluginSchema {
  name: string;
  version?: string;
  config?: { variables?: Record<string, unknown> };
  resources: Record<
    string,
    { inputProperties?: Record<string, PropertySpec>; properties?: Record<string, PropertySpec> }
  >;
  types?: Record<string, { properties?: Record<string, PropertySpec> }>;
  /** The plugin's lookups (`streamkap:index:getTags`), for the official provider's data sources. */
  functions?: Record<
    string,
    { inputs?: { properties?: Record<string, PropertySpec> }; outputs?: { properties?: Record<string, PropertySpec> } }
  >;
}

/** One Terraform attribute or block (bridge `MarshallableSchemaShim`); `type` is the bridge's `shim.ValueType`. */
export interface TfSchemaShim {
  type: number;
  optional?: true;
  required?: true;
  computed?: true;
  sensitive?: true;
  maxItems?: number;
  element?: { schema: TfSchemaShim } | { resource: Record<string, TfSchemaShim> };
}

/** A Pulumi-side override of one attribute (bridge `MarshallableSchema`): its name here, or its members'. */
export interface FieldInfo {
  name?: string;
  /** Of a list's or set's elements. */
  element?: FieldInfo;
  /** Of an object's attributes. */
  fields?: Record<string, FieldInfo>;
}

export interface TerraformPulumiMapping {
  /** Must be an object: the converters dereference it without a check. */
  provider: {
    schema: Record<string, TfSchemaShim>;
    resources: Record<string, Record<string, TfSchemaShim>>;
    dataSources: Record<string, Record<string, TfSchemaShim>>;
  };
  name: string;
  version?: string;
  config: Record<string, FieldInfo>;
  resources: Record<string, { tok: string; fields: Record<string, FieldInfo> }>;
  dataSources: Record<string, { tok: string; fields: Record<string, FieldInfo> }>;
}

/** pulumi-terraform-bridge pkg/tfshim/shim.go `ValueType`. */
const valueType = { bool: 1, int: 2, float: 3, string: 4, list: 5, map: 6, set: 7 } as const;

/**
 * The official provider's configuration (internal/provider/provider.go: all optional strings) and our config keys
 * for them. Not in official-provider.json, which holds resource types only.
 */
const providerConfig: ReadonlyArray<{ tf: string; ours: string; sensitive?: true }> = [
  { tf: "host", ours: "endpoint" },
  { tf: "client_id", ours: "clientId" },
  { tf: "secret", ours: "secret", sensitive: true },
  { tf: "admin_tenant_id", ours: "adminTenantId" },
  { tf: "admin_service_id", ours: "adminServiceId" },
];

type Attributes = TerraformType["attributes"];

/**
 * The direct members of `prefix` (`""`: the type's top-level attributes), by their own names. The names only the
 * official provider's older releases wrote (`retired`) are left out: the converter reads a configuration for the newest.
 */
function membersOf(attributes: Attributes, prefix: string): Array<[string, Attributes[string]]> {
  return Object.entries(attributes)
    .filter(
      ([name, attribute]) => !attribute.retired && name.startsWith(prefix) && !name.slice(prefix.length).includes("."),
    )
    .map(([name, attribute]) => [name.slice(prefix.length), attribute]);
}

/** An attribute's Terraform schema; a nested one's members are the `parent.child` entries. */
function tfSchema(attributes: Attributes, path: string, shape: TerraformShape, sensitive: boolean): TfSchemaShim {
  const members = (): Record<string, TfSchemaShim> =>
    Object.fromEntries(
      membersOf(attributes, `${path}.`).map(([name, attribute]) => [
        name,
        tfSchema(attributes, `${path}.${name}`, attribute.tf, attribute.sensitive === true),
      ]),
    );
  let element: TfSchemaShim["element"];
  if (shape.type === "object") {
    // The bridge's shape for a plugin-framework object: a map whose element is a resource (the converter takes
    // that as one object, not a map of them).
    element = { resource: members() };
  } else if (shape.type === "map" && shape.nested) {
    element = { schema: { type: valueType.map, element: { resource: members() } } };
  } else if (shape.nested) {
    element = { resource: members() };
  } else if (shape.type === "list" || shape.type === "set" || shape.type === "map") {
    // Every primitive collection of the official provider holds strings.
    element = { schema: { type: valueType.string } };
  }
  return {
    type: valueType[shape.type === "object" ? "map" : shape.type],
    ...(shape.required ? { required: true } : {}),
    ...(shape.optional ? { optional: true } : {}),
    ...(shape.computed ? { computed: true } : {}),
    ...(sensitive ? { sensitive: true } : {}),
    ...(shape.maxItems !== undefined ? { maxItems: shape.maxItems } : {}),
    ...(element ? { element } : {}),
  };
}

/** A type's Terraform schema: each top-level attribute's. */
function typeSchema(type: TerraformType): Record<string, TfSchemaShim> {
  return Object.fromEntries(
    membersOf(type.attributes, "").map(([name, attribute]) => [
      name,
      tfSchema(type.attributes, name, attribute.tf, attribute.sensitive === true),
    ]),
  );
}

/**
 * Our name for one of official-provider.json's: the property itself, or its `…Id` form (the TypeScript classes
 * take a transform link's `transform`, a resource, where the plugin's schema takes `transformId`).
 */
function propertyNamed(name: string, properties: Record<string, PropertySpec>): string | undefined {
  if (name in properties) return name;
  return `${name}Id` in properties ? `${name}Id` : undefined;
}

/** The properties of the object type a property holds (or, for an array, each of its items holds). */
function memberProperties(schema: PluginSchema, spec: PropertySpec | undefined): Record<string, PropertySpec> {
  const ref = spec?.$ref ?? spec?.items?.$ref;
  const prefix = "#/types/";
  if (!ref?.startsWith(prefix)) return {};
  return schema.types?.[ref.slice(prefix.length)]?.properties ?? {};
}

/** `connectorStatus (output)` / `apiKey (secret output)` → the output's name. */
function outputName(ours: string | undefined): string | undefined {
  return /^([A-Za-z][A-Za-z0-9]*) \((?:secret )?output\)$/.exec(ours ?? "")?.[1];
}

/**
 * The members of `parent` (a TF attribute whose counterpart is our property `spec`), each that has a counterpart
 * in the property's object type. official-provider.json names one as `<our parent>[].<member>` (list items) or
 * `<our parent>.<member>` in `ours`.
 */
function memberFields(
  schema: PluginSchema,
  attributes: Attributes,
  parent: string,
  ourParent: string,
  spec: PropertySpec | undefined,
): Record<string, FieldInfo> {
  const properties = memberProperties(schema, spec);
  const fields: Record<string, FieldInfo> = {};
  for (const [name, attribute] of membersOf(attributes, `${parent}.`)) {
    const match = /^([A-Za-z0-9]+)(?:\[\])?\.([A-Za-z][A-Za-z0-9]*)$/.exec(attribute.ours ?? "");
    const ours = match?.[1] === ourParent ? propertyNamed(match[2], properties) : undefined;
    if (ours !== undefined) fields[name] = { name: ours };
  }
  return fields;
}

/** Our names for a type's attributes: inputs (and their members), and outputs a program may refer to. */
function fieldsOf(schema: PluginSchema, token: string, type: TerraformType): Record<string, FieldInfo> {
  const resource = schema.resources[token];
  const inputs = resource?.inputProperties ?? {};
  const outputs = resource?.properties ?? {};
  const fields: Record<string, FieldInfo> = {};
  for (const [name, attribute] of membersOf(type.attributes, "")) {
    if (name === "id") continue; // `id` is every resource's, in both tools.
    const input = attribute.input !== undefined ? propertyNamed(attribute.input, inputs) : undefined;
    if (input !== undefined) {
      const members = attribute.tf.nested
        ? memberFields(schema, type.attributes, name, attribute.input ?? "", inputs[input])
        : {};
      const hasMembers = Object.keys(members).length > 0;
      // A list's or set's members are its elements' (the converter's path says `attr[].member`); an object's its own.
      const isCollection = attribute.tf.type === "list" || attribute.tf.type === "set";
      fields[name] = {
        name: input,
        ...(hasMembers ? (isCollection ? { element: { fields: members } } : { fields: members }) : {}),
      };
      continue;
    }
    const output = outputName(attribute.ours);
    if (output !== undefined && output in outputs) fields[name] = { name: output };
  }
  return fields;
}

/**
 * The mapping for `types` (official-provider.json's resource types) onto the plugin's `schema`. Every type gets its
 * Terraform schema; a type whose counterpart class is a resource of the plugin gets its token and the names of the
 * attributes that have a counterpart (the others are left to the converter's own naming, and fail to bind, which
 * points at them). A pipeline's `source`/`destination` objects map to the plugin's inputs of the same shape: the
 * converter copies an object as it is, and the plugin reads its `id` (and the source's `topics`).
 */
export function terraformPulumiMapping(
  types: Record<string, TerraformType>,
  schema: PluginSchema,
  dataSources: Record<string, TerraformType> = {},
): TerraformPulumiMapping {
  const variables = schema.config?.variables ?? {};
  const mapping: TerraformPulumiMapping = {
    provider: {
      schema: Object.fromEntries(
        providerConfig.map(({ tf, sensitive }) => [
          tf,
          { type: valueType.string, optional: true, ...(sensitive ? { sensitive } : {}) },
        ]),
      ),
      resources: {},
      dataSources: {},
    },
    name: schema.name,
    ...(schema.version !== undefined ? { version: schema.version } : {}),
    config: Object.fromEntries(
      providerConfig.filter(({ ours }) => ours in variables).map(({ tf, ours }) => [tf, { name: ours }]),
    ),
    resources: {},
    dataSources: {},
  };
  for (const [tfType, type] of Object.entries(types)) {
    mapping.provider.resources[tfType] = typeSchema(type);
    const token = `${schema.name}:index:${type.counterpart}`;
    if (token in schema.resources) mapping.resources[tfType] = { tok: token, fields: fieldsOf(schema, token, type) };
  }
  // A data source becomes its lookup's invoke; its arguments and results that have a counterpart of the same
  // shape get their names (the others the converter names itself, which fails to bind and points at them).
  for (const [tfType, type] of Object.entries(dataSources)) {
    mapping.provider.dataSources[tfType] = typeSchema(type);
    const token = `${schema.name}:index:${type.counterpart}`;
    const lookup = schema.functions?.[token];
    if (!lookup) continue;
    const properties = { ...lookup.inputs?.properties, ...lookup.outputs?.properties };
    const fields: Record<string, FieldInfo> = {};
    for (const [name, attribute] of membersOf(type.attributes, "")) {
      if (attribute.input !== undefined && attribute.input in properties) fields[name] = { name: attribute.input };
    }
    mapping.dataSources[tfType] = { tok: token, fields };
  }
  return mapping;
}
