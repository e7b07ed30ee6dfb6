/**
 * The plugin's `terraform` mapping (provider/terraform/pulumi-mapping.ts), which Pulumi's Terraform converter reads
 * to write this provider's resources for the official provider's types: every token and property name it gives is
 * one of the plugin's schema (schema.json), the Terraform side has the shapes the converter names things by, and the
 * plugin answers `GetMappings`/`GetMapping` for the key "terraform" only, in messages Pulumi's own code decodes.
 */
import * as fs from "node:fs";
import * as path from "node:path";

import { getMapping, getMappings } from "../../provider/plugin/terraform-mapping";
import { decode, encode } from "../../provider/protocol/messages";
import { resourceProvider } from "../../provider/protocol/resource-provider";
import { carriedByFromTerraform, officialTerraformProvider } from "../../provider/terraform/mapping";
import {
  type FieldInfo,
  type PluginSchema,
  type PropertySpec,
  terraformPulumiMapping,
} from "../../provider/terraform/pulumi-mapping";
import { readReference, terraformMapping, terraformMappingFile } from "../../scripts/parity/generate";
import { withdrawnSetting } from "../../catalogue";
import { versionsIn } from "../../provider/terraform/releases";
import type { ReleaseShape, Releases } from "../../scripts/parity/reference";

const provider = require("@pulumi/pulumi/proto/provider_pb");

const repoRoot = path.resolve(__dirname, "../../..");
const schemaText = () => fs.readFileSync(path.join(repoRoot, "schema.json"), "utf8");
const schema = JSON.parse(schemaText()) as PluginSchema;
const official = officialTerraformProvider().resources;
const mapping = terraformPulumiMapping(official, schema, officialTerraformProvider().dataSources);

/** The properties of the object type a property holds, or each item of it. */
function membersOf(spec: PropertySpec | undefined): Record<string, PropertySpec> {
  const ref = spec?.$ref ?? spec?.items?.$ref ?? "";
  return schema.types?.[ref.replace("#/types/", "")]?.properties ?? {};
}

/** Every name a field gives that is not a property where it points: `path` for each. */
function strangers(fields: Record<string, FieldInfo>, properties: Record<string, PropertySpec>, at: string): string[] {
  return Object.entries(fields).flatMap(([tfName, field]) => {
    const name = field.name ?? "";
    const here = `${at}${tfName}→${name}`;
    if (!(name in properties)) return [here];
    const members = membersOf(properties[name]);
    return [
      ...strangers(field.fields ?? {}, members, `${here}.`),
      ...strangers(field.element?.fields ?? {}, members, `${here}[].`),
    ];
  });
}

test("official-provider.json, with each attribute's Terraform shape, is what the generator makes today", () => {
  const current =
    fs.readFileSync(terraformMappingFile, "utf8") === `${JSON.stringify(terraformMapping(readReference()), null, 1)}\n`;
  const fix = "Run `npm run generate` and commit provider/terraform/official-provider.json.";
  expect({ current, fix }).toEqual({ current: true, fix });
});

const carried = Object.entries(official).filter(
  ([, type]) => type.kind !== null && carriedByFromTerraform.has(type.kind),
);

test("every resource type `from-terraform` carries maps to a resource of the plugin's schema, by its properties", () => {
  expect(carried.length).toBeGreaterThan(50);
  for (const [tfType] of carried) {
    const resource = mapping.resources[tfType];
    expect([tfType, resource?.tok !== undefined && resource.tok in schema.resources]).toEqual([tfType, true]);
    // Inputs name what the converter writes; outputs what a program refers to (`webhook_url` → `url`).
    const inputs = schema.resources[resource.tok].inputProperties ?? {};
    const outputs = schema.resources[resource.tok].properties ?? {};
    const topLevel = Object.fromEntries(
      Object.entries(resource.fields).filter(([tfName]) => official[tfType].attributes[tfName]?.input !== undefined),
    );
    expect([tfType, strangers(topLevel, inputs, "")]).toEqual([tfType, []]);
    expect([tfType, strangers(resource.fields, { ...inputs, ...outputs }, "")]).toEqual([tfType, []]);
    // Each type has its Terraform schema: the converter pluralises and flattens by it.
    expect(Object.keys(mapping.provider.resources[tfType]).length).toBeGreaterThan(0);
  }
});

test("a source's settings, secret or not, by our names; its Terraform schema as the official provider's", () => {
  const postgres = mapping.resources.streamkap_source_postgresql;
  expect(postgres.tok).toBe("streamkap:index:PostgresqlSource");
  expect(postgres.fields.database_password).toEqual({ name: "databasePassword" });
  expect(postgres.fields.database_hostname).toEqual({ name: "databaseHostname" });
  expect(postgres.fields.connector_status).toEqual({ name: "connectorStatus" });
  const tfSchema = mapping.provider.resources.streamkap_source_postgresql;
  expect(tfSchema.database_password).toEqual({ type: 4, required: true, sensitive: true });
  expect(tfSchema.id).toEqual({ type: 4, computed: true });
  expect(tfSchema.tags).toMatchObject({ type: 7, optional: true, element: { schema: { type: 4 } } });
  // `timeouts` is a single block (Terraform's nesting "single", which the bridge writes as a map holding one
  // resource); the converter lifts it to Pulumi's customTimeouts option, so no field names it.
  expect(tfSchema.timeouts).toMatchObject({
    type: 6,
    optional: true,
    element: { resource: { create: { type: 4, optional: true }, delete: { type: 4 }, update: { type: 4 } } },
  });
  expect(postgres.fields.timeouts).toBeUndefined();
});

test("a pipeline's source and destination are taken in Terraform's shape; its transform links keep their members", () => {
  const pipeline = mapping.resources.streamkap_pipeline;
  expect(pipeline.tok).toBe("streamkap:index:Pipeline");
  // The converter copies an object as it is (it renames, never reshapes): the plugin's Pipeline takes Terraform's
  // `source`/`destination` objects, whose members have the same names, and each end's `connector` is an output.
  expect(pipeline.fields.source).toEqual({ name: "source" });
  expect(pipeline.fields.destination).toEqual({ name: "destination" });
  const inputs = schema.resources["streamkap:index:Pipeline"]?.inputProperties ?? {};
  const members = (ref: string | undefined) =>
    Object.keys(schema.types?.[String(ref).replace("#/types/", "")]?.properties ?? {}).sort();
  expect(members(inputs.source?.$ref)).toEqual(["connector", "id", "name", "topics"]);
  expect(members(inputs.destination?.$ref)).toEqual(["connector", "id", "name"]);
  expect(mapping.resources.streamkap_source_postgresql.fields.connector).toEqual({ name: "connector" });
  expect(mapping.resources.streamkap_destination_snowflake.fields.connector).toEqual({ name: "connector" });
  expect(pipeline.fields.transforms).toEqual({
    name: "transforms",
    element: { fields: { id: { name: "transformId" }, topics: { name: "topics" } } },
  });
  expect(pipeline.fields.topic_auto_discovery_transforms).toEqual({
    name: "topicAutoDiscovery",
    element: { fields: { regex: { name: "regex" }, transform_id: { name: "transformId" } } },
  });
  // The Terraform `source` is an object (the bridge's map of one resource), its members strings and a set.
  expect(mapping.provider.resources.streamkap_pipeline.source).toEqual({
    type: 6,
    required: true,
    element: {
      resource: {
        connector: { type: 4, required: true },
        id: { type: 4, required: true },
        name: { type: 4, required: true },
        topics: { type: 7, optional: true, computed: true, element: { schema: { type: 4 } } },
      },
    },
  });
  expect(mapping.provider.resources.streamkap_kafka_user.kafka_acls).toMatchObject({
    type: 5,
    element: { resource: {} },
  });
  expect(mapping.resources.streamkap_kafka_user.fields.kafka_acls.element?.fields?.topic_name).toEqual({
    name: "topic",
  });
});

test("a tag's `type` set is the plugin's `types`; the provider's settings are our config keys", () => {
  expect(mapping.resources.streamkap_tag).toMatchObject({
    tok: "streamkap:index:Tag",
    fields: { type: { name: "types" } },
  });
  expect(mapping.provider.resources.streamkap_tag.type).toEqual({
    type: 7,
    required: true,
    element: { schema: { type: 4 } },
  });
  expect(mapping.config).toEqual({
    host: { name: "endpoint" },
    client_id: { name: "clientId" },
    secret: { name: "secret" },
    admin_tenant_id: { name: "adminTenantId" },
    admin_service_id: { name: "adminServiceId" },
  });
  expect(mapping.provider.schema.secret).toEqual({ type: 4, optional: true, sensitive: true });
  expect(mapping.name).toBe("streamkap");
});

test("GetMappings and GetMapping answer the key terraform (or tf) for the provider streamkap, and nothing else", () => {
  for (const key of ["terraform", "tf"]) {
    expect(getMappings({ key })).toEqual({ providers: ["streamkap"] });
    for (const wanted of ["", "streamkap"]) {
      const answer = getMapping({ key, provider: wanted }, schemaText);
      expect(answer.provider).toBe("streamkap");
      expect(JSON.parse(String(answer.data))).toEqual(JSON.parse(JSON.stringify(mapping)));
    }
  }
  expect(getMappings({ key: "opentofu" })).toEqual({ providers: [] });
  // A request with no key, as the plugin reads it at its boundary.
  expect(getMappings(resourceProvider.GetMappings.request.parse({}))).toEqual({ providers: [] });
  expect(getMapping({ key: "opentofu", provider: "" }, schemaText)).toEqual({});
  expect(getMapping({ key: "terraform", provider: "aws" }, schemaText)).toEqual({});
});

test("the messages, as the plugin encodes and decodes them, are Pulumi's (provider.proto's field numbers)", () => {
  const answer = getMapping({ key: "terraform", provider: "streamkap" }, schemaText);
  const response = provider.GetMappingResponse.deserializeBinary(encode("pulumirpc.GetMappingResponse", answer));
  expect(response.getProvider()).toBe("streamkap");
  expect(JSON.parse(Buffer.from(response.getData_asU8()).toString("utf8")).resources.streamkap_tag.tok).toBe(
    "streamkap:index:Tag",
  );
  const mappings = provider.GetMappingsResponse.deserializeBinary(
    encode("pulumirpc.GetMappingsResponse", getMappings({ key: "terraform" })),
  );
  expect(mappings.getProvidersList()).toEqual(["streamkap"]);

  const request = new provider.GetMappingRequest();
  request.setKey("terraform");
  request.setProvider("streamkap");
  expect(decode("pulumirpc.GetMappingRequest", Buffer.from(request.serializeBinary()))).toEqual({
    key: "terraform",
    provider: "streamkap",
  });
  const list = new provider.GetMappingsRequest();
  list.setKey("tf");
  expect(decode("pulumirpc.GetMappingsRequest", Buffer.from(list.serializeBinary()))).toEqual({ key: "tf" });
});

test("a topic is taken over by `topicId`, as Terraform's streamkap_topic is: no name to invent, never deleted", () => {
  expect(mapping.resources.streamkap_topic).toEqual({
    tok: "streamkap:index:Topic",
    fields: { partition_count: { name: "partitions" }, tags: { name: "tags" }, topic_id: { name: "topicId" } },
  });
});

test("a pipeline's `destination` has its members in the Terraform schema, as `source` does", () => {
  expect(mapping.provider.resources.streamkap_pipeline.destination).toEqual({
    type: 6,
    required: true,
    element: {
      resource: {
        connector: { type: 4, required: true },
        id: { type: 4, required: true },
        name: { type: 4, required: true },
      },
    },
  });
});

test("the official provider's data sources become the plugin's lookups, with the arguments they share", () => {
  const tokens = Object.fromEntries(Object.entries(mapping.dataSources).map(([type, info]) => [type, info.tok]));
  expect(tokens).toEqual({
    streamkap_roles: "streamkap:index:getRoles",
    streamkap_tag: "streamkap:index:getTag",
    streamkap_tags: "streamkap:index:getTags",
    streamkap_topic: "streamkap:index:getTopic",
    streamkap_topic_metrics: "streamkap:index:getTopicMetrics",
    streamkap_topics: "streamkap:index:getTopics",
    streamkap_transform: "streamkap:index:getTransform",
  });
  expect(mapping.dataSources.streamkap_tags.fields).toEqual({
    filter_name: { name: "name" },
    filter_type: { name: "type" },
  });
  for (const [type, info] of Object.entries(mapping.dataSources)) {
    const lookup = schema.functions?.[info.tok];
    const properties = { ...lookup?.inputs?.properties, ...lookup?.outputs?.properties };
    expect({ type, strangers: strangers(info.fields, properties, "") }).toEqual({ type, strangers: [] });
    expect(Object.keys(mapping.provider.dataSources[type] ?? {}).length).toBeGreaterThan(0);
  }
});

/** The bridge's value type (pulumi-terraform-bridge shim.ValueType) of a Terraform type or nesting. */
function bridgeType(shape: ReleaseShape): number {
  const nesting: Record<string, number> = { single: 6, list: 5, set: 7, map: 6 };
  if (shape.nesting) return nesting[shape.nesting] ?? -1;
  const [outer] = Array.isArray(shape.type) ? shape.type : [shape.type];
  const types: Record<string, number> = { string: 4, number: 2, bool: 1, list: 5, set: 7, map: 6, object: 6 };
  return types[String(outer)] ?? -1;
}

test("every attribute of the newest release has Terraform's own type in the mapping (deprecated aliases too)", () => {
  const releases = JSON.parse(
    fs.readFileSync(path.join(repoRoot, "scripts", "parity", "releases.json"), "utf8"),
  ) as Releases;
  const newest = releases.releases[releases.releases.length - 1];
  const differing: string[] = [];
  for (const [type, paths] of Object.entries(releases.resources)) {
    for (const [name, shapes] of Object.entries(paths)) {
      if (name.includes(".")) continue;
      const shape = shapes.find((entry) => versionsIn(entry.in, releases.releases).has(newest))?.shape;
      if (!shape) continue;
      const mapped = mapping.provider.resources[type]?.[name];
      if (mapped?.type !== bridgeType(shape))
        differing.push(`${type}.${name}: ${mapped?.type} for ${bridgeType(shape)}`);
    }
  }
  expect(differing).toEqual([]);
  // SQL Server's deprecated aliases are numbers in Terraform.
  expect(mapping.provider.resources.streamkap_source_sqlserver.snapshot_parallelism.type).toBe(2);
});

test("no attribute's advice names a setting the service dropped (the check would refuse it)", () => {
  const advice = Object.entries(official).flatMap(([type, info]) =>
    Object.entries(info.attributes).flatMap(([name, attribute]) => {
      const key = /config\["([^"]+)"\]/.exec(attribute.note ?? "")?.[1];
      const kind = info.kind === "source" || info.kind === "destination" ? info.kind : undefined;
      return key && kind && info.code && withdrawnSetting(kind, info.code, key) ? [`${type}.${name}`] : [];
    }),
  );
  expect(advice).toEqual([]);
});
