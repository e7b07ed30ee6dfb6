/**
 * docs/parity.md: every resource type, data source and attribute of the reference Terraform provider
 * (scripts/parity/reference.json) and its counterpart here, so a Terraform configuration can be moved over line by
 * line. Our side is read from the same sources the SDK is generated from (the connector catalogue through the
 * typed fields, the generator's class names), so the table cannot drift from the classes users compile against.
 * `npm run generate` writes it; tests/generated/parity.test.ts keeps it current.
 */
import * as fs from "node:fs";
import * as path from "node:path";

import { withdrawnSetting } from "../../catalogue";
import { typedFields } from "../../provider/kinds/typed/fields";
import { carriedByFromTerraform, type TerraformKind } from "../../provider/terraform/mapping";
import { typedTransformFields } from "../../provider/kinds/typed/transform";
import { className } from "../gen-connectors/render";
import { transformClassName } from "../gen-connectors/typed-transforms";
import type { Reference, ReferenceAttribute, ReferenceType, ReleaseShape } from "./reference";

/** One attribute's counterpart: what to write here, and a note; `ours` undefined means there is none. */
interface Counterpart {
  ours?: string;
  note?: string;
}

interface TypeMapping {
  /** The class or lookup to use. */
  counterpart: string;
  note?: string;
  attribute(attribute: ReferenceAttribute): Counterpart;
}

const customTimeouts: Counterpart = {
  ours: "resource option `customTimeouts`",
  note: '`{ create, update, delete }`, e.g. `"30m"`; each operation\'s deadline',
};

/** Attributes every source and destination has in the reference, whatever its connector. */
function connectorCommon(name: string, code: string): Counterpart | undefined {
  switch (name) {
    case "id":
      return { ours: "`id`" };
    case "name":
      return { ours: "`name`", note: "optional here: derived from the resource name when left out" };
    case "tags":
      return { ours: "`tags`" };
    case "timeouts":
      return customTimeouts;
    case "connector":
      return { ours: "`connector` (output)", note: `connector code \`${code}\`, also in the class` };
    case "connector_status":
      return { ours: "`connectorStatus` (output)" };
    case "kc_cluster_id":
      return { ours: "`kcClusterId`", note: '`""` (Terraform\'s default cluster) is leaving it out' };
    default:
      return undefined;
  }
}

const inlineCode = (text: string) => `\`${text}\``;

function connectorMapping(type: ReferenceType, kind: "source" | "destination"): TypeMapping {
  const code = type.code ?? "";
  if (kind === "source" && code === "webhook") return webhookMapping();
  const fields = typedFields(kind, code);
  const generic = kind === "source" ? "Source" : "Destination";
  if (!fields) {
    return {
      counterpart: `\`${generic}\` with \`connector: "${code}"\``,
      note: "not in the connector catalogue yet: settings go in `config` by their dotted keys",
      attribute: (attribute) =>
        connectorCommon(attribute.name, code) ??
        (attribute.apiKey ? { ours: inlineCode(`config["${attribute.apiKey}"]`) } : { note: "no counterpart" }),
    };
  }
  const byKey = new Map(fields.map((field) => [field.key, field]));
  const parentKeys = new Map(type.attributes.map((attribute) => [attribute.name, attribute.apiKey]));
  return {
    counterpart: `\`${className({ kind, code })}\``,
    attribute(attribute) {
      const common = connectorCommon(attribute.name, code);
      if (common) return common;
      const parent = attribute.name.includes(".") ? attribute.name.slice(0, attribute.name.lastIndexOf(".")) : "";
      const parentField = byKey.get(parentKeys.get(parent) ?? "");
      if (parentField) {
        const member = attribute.name.slice(parent.length + 1);
        return { ours: inlineCode(parentField.name), note: `\`${member}\` inside each entry of its JSON value` };
      }
      const field = attribute.apiKey ? byKey.get(attribute.apiKey) : undefined;
      if (field) {
        const notes = [
          ...(attribute.deprecated ? ["a deprecated Terraform alias"] : []),
          ...(field.secret ? ["secret"] : []),
          ...(field.forcesReplace ? ["replaces the connector"] : []),
        ];
        return { ours: inlineCode(field.name), note: notes.join("; ") || undefined };
      }
      const withdrawn = attribute.apiKey ? withdrawnSetting(kind, code, attribute.apiKey) : undefined;
      if (withdrawn) return { note: `\`${attribute.apiKey}\`: ${withdrawn}; leave it out` };
      if (attribute.apiKey) {
        return {
          note: `\`${attribute.apiKey}\` is not in the connector catalogue: use \`${generic}\` with \`config["${attribute.apiKey}"]\``,
        };
      }
      return { note: "no counterpart: not a setting of the connector" };
    },
  };
}

function webhookMapping(): TypeMapping {
  const names: Record<string, Counterpart> = {
    webhook_url: { ours: "`url` (output)" },
    api_key: { ours: "`apiKey` (secret output)", note: "bump `keyVersion` for a new URL and key" },
    topic_include_list: {
      ours: "`topicIncludeList`",
      note: "read as `topics`, a list; the base URL feeds the first, or `defaultTopic`",
    },
    format: { ours: "`format`" },
    transforms_infer_schema_add_delete_field: { ours: "`addDeleteField`" },
    camel_source_camel_message_header_key: { ours: "`keyHeader`" },
  };
  return {
    counterpart: "`WebhookSource`",
    attribute: (attribute) =>
      names[attribute.name] ??
      connectorCommon(attribute.name, "webhook") ??
      (attribute.apiKey ? { ours: inlineCode(`config["${attribute.apiKey}"]`) } : { note: "no counterpart" }),
  };
}

function transformMapping(type: ReferenceType): TypeMapping {
  const code = type.code ?? "";
  const fields = typedTransformFields(code) ?? [];
  const byKey = new Map(fields.map((field) => [field.key, field]));
  const sql = code === "enrich" || code === "rollup" || code === "sql_join";
  const names: Record<string, Counterpart> = {
    id: { ours: "`id`" },
    name: { ours: "`name`", note: "optional here: derived from the resource name when left out" },
    timeouts: customTimeouts,
    transform_type: { ours: "the class", note: `type \`${code}\`` },
    implementation_json: {
      ours: "`implementationJson`",
      note: sql
        ? "JSON text, read as `implementation` (typed: tables, query, `keyFields`, `stateTtlMs`, checked in the preview)"
        : code === "topic_router"
          ? "a topic router has none"
          : "JSON text, read as `implementation` (typed: `language`, `valueTransform`, `keyTransform`, `topicTransform`; plus `unitTest`)",
    },
    deploy: { ours: "`deploy`" },
    replay_window: { ours: "`replayWindow`" },
    connector_status: { ours: "`jobStatus` (output)" },
    tags: { ours: "`tags`" },
  };
  return {
    counterpart: `\`${transformClassName(code)}\``,
    attribute(attribute) {
      const named = names[attribute.name];
      if (named) return named;
      const field = attribute.apiKey ? byKey.get(attribute.apiKey) : undefined;
      if (field?.role === "language")
        return { ours: "`transformsLanguage`", note: "read as `implementation.language`" };
      if (field) return { ours: inlineCode(field.name) };
      return attribute.apiKey
        ? { note: `\`${attribute.apiKey}\` is not in the catalogue: use \`Transform\` with \`config\`` }
        : { note: "no counterpart" };
    },
  };
}

/** Hand-written mappings: the reference's own resources and data sources, attribute by attribute. */
const handWritten: Record<string, { counterpart: string; note?: string; attributes: Record<string, Counterpart> }> = {
  streamkap_pipeline: {
    counterpart: "`Pipeline`",
    attributes: {
      id: { ours: "`id`" },
      name: { ours: "`name`", note: "optional here" },
      source: { ours: "`source`", note: "a source resource, or its id" },
      "source.id": { ours: "`source`" },
      "source.name": { ours: "`sourceName` (output)", note: "read from the source, never set" },
      "source.connector": { note: "read from the source, never set" },
      "source.topics": { ours: "`topics`", note: "table names or full topic ids; left out: every topic" },
      destination: { ours: "`destination`", note: "a destination resource, or its id" },
      "destination.id": { ours: "`destination`" },
      "destination.name": { ours: "`destinationName` (output)", note: "read from the destination, never set" },
      "destination.connector": { note: "read from the destination, never set" },
      snapshot_new_tables: { ours: "`snapshotNewTables`" },
      transforms: { ours: "`transforms`", note: "left out: the service's are kept, never cleared" },
      "transforms.id": { ours: "`transforms[].transform`", note: "a transform resource, or its id" },
      "transforms.topics": { ours: "`transforms[].topics`" },
      topic_auto_discovery_transforms: { ours: "`topicAutoDiscovery`" },
      "topic_auto_discovery_transforms.transform_id": { ours: "`topicAutoDiscovery[].transform`" },
      "topic_auto_discovery_transforms.regex": { ours: "`topicAutoDiscovery[].regex`" },
      tags: { ours: "`tags`", note: "left out: the service's default (Development) is kept" },
      timeouts: customTimeouts,
    },
  },
  streamkap_topic: {
    counterpart: "`Topic`",
    attributes: {
      topic_id: {
        ours: "`topicId`",
        note: "the topic is its source's: taken over, keeping its name, and never deleted, as in Terraform",
      },
      partition_count: { ours: "`partitions`", note: "can only grow: a smaller number fails the preview" },
      tags: { ours: "`tags`" },
    },
  },
  streamkap_tag: {
    counterpart: "`Tag`",
    attributes: {
      id: { ours: "`id`" },
      name: { ours: "`name`" },
      description: { ours: "`description`" },
      type: { ours: "`types`", note: "plural kinds: `sources`, `pipelines`, …" },
      system: { ours: "`system` (output)" },
      custom: { ours: "`custom` (output)" },
    },
  },
  streamkap_kafka_user: {
    counterpart: "`KafkaUser`",
    note: "In the reference's code, though its provider does not register it yet.",
    attributes: {
      id: { ours: "`id`", note: "the username" },
      username: { ours: "`username`", note: "lowercase, checked in the preview; a new one replaces the user" },
      password: { ours: "`password`", note: "always secret; changes in place" },
      whitelist_ips: { ours: "`allowedIps`", note: "a list, each an IP address or CIDR range checked in the preview" },
      is_create_schema_registry: { ours: "`schemaRegistry`" },
      kafka_proxy_endpoint: { ours: "`kafkaProxyEndpoint` (output)" },
      schema_proxy_endpoint: { ours: "`schemaProxyEndpoint` (output)" },
      kafka_acls: { ours: "`acls`" },
      "kafka_acls.topic_name": { ours: "`acls[].topic`" },
      "kafka_acls.operation": { ours: "`acls[].operation`" },
      "kafka_acls.resource_pattern_type": { ours: "`acls[].patternType`", note: "default `LITERAL`" },
      "kafka_acls.resource": { ours: "`acls[].resource`", note: "default `TOPIC`" },
    },
  },
  streamkap_client_credential: {
    counterpart: "`ClientCredential`",
    note: "In the reference's code, though its provider does not register it yet.",
    attributes: {
      id: { ours: "`id`", note: "the client id" },
      client_id: { ours: "`clientId` (output)" },
      secret: {
        ours: "`secret` (output)",
        note: "secret; shown once by the service, kept across refreshes; an adopted credential's comes from `adoptedSecret`",
      },
      role_ids: { ours: "`roles`", note: "by id or key; a change replaces the credential, the new one first" },
      description: { ours: "`description`", note: "changes in place (the reference replaces)" },
      service_id: { ours: "`serviceId` (output)", note: "always the credentials' own service" },
      created_at: { ours: "`createdAt` (output)" },
      roles: { note: "`getRoles()` describes each role" },
      "roles.id": { ours: "`roles`" },
      "roles.key": { note: "`getRoles()`" },
      "roles.name": { note: "`getRoles()`" },
      "roles.description": { note: "`getRoles()`" },
    },
  },
};

/** The topic data sources' `serialization` block, answered by `getTopic(s)` and `getTopicSerialization`. */
function serializationRows(parent: string): Record<string, Counterpart> {
  const fields: Record<string, string> = {
    key_format: "keyFormat",
    value_format: "valueFormat",
    key_converter: "keyConverter",
    value_converter: "valueConverter",
    schema_registry_enabled: "schemaRegistryEnabled",
  };
  return {
    [parent]: { ours: "`serialization`", note: "also `getTopicSerialization(id)`" },
    ...Object.fromEntries(
      Object.entries(fields).map(([field, ours]) => [`${parent}.${field}`, { ours: `\`serialization.${ours}\`` }]),
    ),
  };
}

const handWrittenLookups: Record<string, { counterpart: string; attributes: Record<string, Counterpart> }> = {
  streamkap_transform: {
    counterpart: "`getTransform(id)`",
    attributes: {
      id: { ours: "`id`" },
      name: { ours: "`name`" },
      start_time: { note: "not answered by `getTransform`" },
      topic_ids: { note: 'use `getTopics({ entityType: "transforms", entityId })`' },
      topic_map: { note: 'use `getTopics({ entityType: "transforms", entityId })`' },
      "topic_map.id": { ours: "`getTopics(…)[].id`" },
      "topic_map.name": { ours: "`getTopics(…)[].name`" },
    },
  },
  streamkap_tag: {
    counterpart: "`getTag(id)`",
    attributes: {
      id: { ours: "`id`" },
      name: { ours: "`name`" },
      description: { ours: "`description`" },
      type: { ours: "`types`" },
      system: { ours: "`system`" },
      custom: { ours: "`!system`" },
    },
  },
  streamkap_tags: {
    counterpart: "`getTags(filter)`",
    attributes: {
      filter_ids: { note: "filter the answer by id in the program" },
      filter_name: { ours: "`name`" },
      filter_type: { ours: "`type`" },
      tags: { ours: "the answer" },
      "tags.id": { ours: "`id`" },
      "tags.name": { ours: "`name`" },
      "tags.description": { ours: "`description`" },
      "tags.type": { ours: "`types`" },
      "tags.system": { ours: "`system`" },
      "tags.custom": { ours: "`!system`" },
    },
  },
  streamkap_topics: {
    counterpart: "`getTopics(filter)`",
    attributes: {
      entity_ids: { ours: "`entityId`", note: "one at a time" },
      entity_type: { ours: "`entityType`" },
      topics: { ours: "the answer" },
      "topics.id": { ours: "`id`" },
      "topics.name": { ours: "`name`" },
      "topics.entity_id": { note: "the filter's `entityId`" },
      "topics.entity_name": { note: "not answered" },
      "topics.entity_type": { note: "the filter's `entityType`" },
      "topics.messages_7d": { note: "not answered" },
      "topics.messages_30d": { note: "not answered" },
      "topics.prefix": { note: "not answered" },
      total: { ours: "the answer's `length`" },
      ...serializationRows("topics.serialization"),
    },
  },
  streamkap_topic: {
    counterpart: "`getTopic(id)`",
    attributes: {
      id: { ours: "`id`" },
      name: { ours: "`name`" },
      partitions: { ours: "`partitions`" },
      cleanup_policy: { ours: "`cleanupPolicy`" },
      retention_ms: { note: "not answered by `getTopic`" },
      prefix: { note: "not answered" },
      entity_id: { note: "not answered" },
      entity_name: { note: "not answered" },
      entity_type: { note: "not answered" },
      ...serializationRows("serialization"),
    },
  },
  streamkap_topic_metrics: {
    counterpart: "`getTopicMetrics(entities, window)`",
    attributes: {
      entities: { ours: "`entities`" },
      "entities.id": { ours: "`entities[].id`" },
      "entities.entity_type": { ours: "`entities[].entityType`" },
      "entities.connector": { ours: "`entities[].connector`" },
      "entities.topic_ids": { ours: "`entities[].topicIds`" },
      "entities.topic_db_ids": { note: "sent empty: the service's internal ids are not needed" },
      time_interval: { ours: "`window.interval`" },
      time_unit: { ours: "`window.unit`" },
      results: { ours: "the answer" },
      "results.entity_id": { ours: "`entityId`" },
      "results.topic_id": { ours: "`topicId`" },
      "results.messages_in": { ours: "`messagesIn`" },
      "results.messages_out": { ours: "`messagesOut`" },
      "results.bytes_in": { ours: "`bytesIn`" },
      "results.bytes_out": { ours: "`bytesOut`" },
      "results.lag": { ours: "`lag`" },
      "results.avg_latency_ms": { ours: "`avgLatencyMs`" },
    },
  },
  streamkap_roles: {
    counterpart: "`getRoles()`",
    attributes: {
      id: { ours: "`id`" },
      key: { ours: "`key`" },
      name: { ours: "`name`" },
      description: { ours: "`description`" },
    },
  },
};

function mappingOf(type: ReferenceType): TypeMapping {
  const fixed = handWritten[type.name];
  if (fixed) {
    return {
      counterpart: fixed.counterpart,
      note: fixed.note,
      attribute: (attribute) => fixed.attributes[attribute.name] ?? { note: "no counterpart" },
    };
  }
  if (type.name.startsWith("streamkap_source_")) return connectorMapping(type, "source");
  if (type.name.startsWith("streamkap_destination_")) return connectorMapping(type, "destination");
  if (type.name.startsWith("streamkap_transform_")) return transformMapping(type);
  return { counterpart: "none", attribute: () => ({ note: "no counterpart" }) };
}

function lookupMappingOf(type: ReferenceType): TypeMapping {
  const fixed = handWrittenLookups[type.name];
  if (!fixed) return { counterpart: "none", attribute: () => ({ note: "no counterpart" }) };
  return {
    counterpart: fixed.counterpart,
    attribute: (attribute) => fixed.attributes[attribute.name] ?? { note: "no counterpart" },
  };
}

/** Text safe inside a Markdown table cell. */
const cell = (text: string) => text.replace(/\|/g, "\\|");

function flags(attribute: ReferenceAttribute): string {
  const words = [
    attribute.required ? "required" : attribute.optional ? "optional" : attribute.computed ? "computed" : "",
    attribute.sensitive ? "sensitive" : "",
  ].filter(Boolean);
  return words.join(", ");
}

interface Section {
  type: ReferenceType;
  mapping: TypeMapping;
  rows: Array<{ attribute: ReferenceAttribute; counterpart: Counterpart }>;
}

/**
 * An attribute's counterpart. A retired one (a name only older releases wrote) has that of the attribute it
 * became, said to be its older name; one the provider dropped keeps what its API key gives, said to be dropped.
 */
function counterpartOf(type: ReferenceType, mapping: TypeMapping, attribute: ReferenceAttribute): Counterpart {
  // Every resource's `timeouts` block: its members are the option's.
  const timeout = /^timeouts\.(\w+)$/.exec(attribute.name)?.[1];
  if (timeout) return { ours: `resource option \`customTimeouts.${timeout}\`` };
  if (!attribute.retired) return mapping.attribute(attribute);
  const newer = attribute.renamedTo
    ? type.attributes.find((candidate) => candidate.name === attribute.renamedTo)
    : undefined;
  const counterpart = mapping.attribute(newer ?? attribute);
  if (newer) {
    const said = `older name (${attribute.retired}) of \`${newer.name}\``;
    return { ...counterpart, note: [said, counterpart.note].filter(Boolean).join("; ") };
  }
  if (counterpart.ours) return { ...counterpart, note: [`only in ${attribute.retired}`, counterpart.note].join("; ") };
  // Dropped: a later release's configuration leaves it out; the service may still hold the value, which
  // from-terraform then carries as the service shows it, unless the service no longer takes the setting.
  const kind = kindOf(type.name);
  const withdrawn =
    attribute.apiKey && type.code && (kind === "source" || kind === "destination")
      ? withdrawnSetting(kind, type.code, attribute.apiKey)
      : undefined;
  if (withdrawn) return { note: `only in ${attribute.retired}, dropped since; \`${attribute.apiKey}\`: ${withdrawn}` };
  const held = attribute.apiKey
    ? `; from-terraform carries \`${attribute.apiKey}\` as the service holds it, if it still does`
    : "";
  return { note: `only in ${attribute.retired}, dropped since${held}` };
}

function section(type: ReferenceType, mapping: TypeMapping): Section {
  return {
    type,
    mapping,
    rows: type.attributes.map((attribute) => ({ attribute, counterpart: counterpartOf(type, mapping, attribute) })),
  };
}

/** What `pulumi-streamkap from-terraform` does with a resource type's instances in a state. */
function fromTerraformLine(name: string): string[] {
  const kind = kindOf(name);
  if (kind === undefined) return [];
  return carriedByFromTerraform.has(kind as TerraformKind)
    ? ["`from-terraform`: carried; each instance is adopted by its id, its attributes read from the service.", ""]
    : [
        "`from-terraform`: not carried yet; the command names each instance and writes nothing without `--partial`.",
        "",
      ];
}

function render(section: Section, resource = true): string {
  const lines = [
    `### \`${section.type.name}\` → ${section.mapping.counterpart}`,
    "",
    ...(resource ? fromTerraformLine(section.type.name) : []),
    ...(section.mapping.note ? [`${section.mapping.note[0].toUpperCase()}${section.mapping.note.slice(1)}.`, ""] : []),
    "| Terraform attribute | pulumi-streamkap | Notes |",
    "|---|---|---|",
    ...section.rows.map(
      ({ attribute, counterpart }) =>
        `| \`${attribute.name}\`${attribute.apiKey ? ` (\`${cell(attribute.apiKey)}\`)` : ""} | ` +
        `${cell(counterpart.ours ?? "—")} | ${cell([flags(attribute), counterpart.note].filter(Boolean).join("; "))} |`,
    ),
    "",
  ];
  return lines.join("\n");
}

/** The Markdown of docs/parity.md. */
export function parityMarkdown(reference: Reference): string {
  const resources = reference.resources.map((type) => section(type, mappingOf(type)));
  const lookups = reference.dataSources.map((type) => section(type, lookupMappingOf(type)));
  const all = [...resources, ...lookups];
  const rows = all.flatMap((item) => item.rows);
  const mapped = rows.filter((row) => row.counterpart.ours !== undefined).length;
  const typesMapped = all.filter((item) => !item.mapping.counterpart.startsWith("none")).length;
  return [
    "<!-- Generated by scripts/parity/generate.ts from scripts/parity/reference.json: run `npm run generate`. -->",
    "",
    "# Moving over from the Terraform provider",
    "",
    `Every resource type, data source and attribute of the official Terraform provider (${reference.source}),`,
    "and what to write here instead. Connector and transform settings are matched by the API config key behind",
    "them (shown after the attribute), so a setting found here is the same setting on the service.",
    ...(reference.releasesSource
      ? [
          `The attribute names only older releases wrote (${reference.releasesSource}, each release's schema) are`,
          "listed too, each with the newer attribute it became or the release that dropped it, so a configuration or",
          "state of any release maps the same way.",
        ]
      : []),
    "",
    `- ${reference.resources.length} resource types and ${reference.dataSources.length} data sources; ` +
      `${typesMapped} of them have a counterpart here.`,
    `- ${rows.length} attributes; ${mapped} have a counterpart, and each of the other ${rows.length - mapped} ` +
      "says why not (a setting missing from the connector catalogue can still be set through the generic " +
      "`Source`/`Destination` with `config`).",
    "- Attribute names are Terraform's snake_case; ours are camelCase. `—` means no counterpart.",
    "- Every resource here also takes `adopt` (take over an existing object, in place of `terraform import`) and",
    "  `onDrift`; a setting left out of the program is still an output holding the service's value.",
    "",
    "## Resources",
    "",
    ...resources.map((resource) => render(resource)),
    "## Data sources",
    "",
    ...lookups.map((lookup) => render(lookup, false)),
  ]
    .join("\n")
    .replace(/\n+$/, "\n");
}

/** What a Terraform resource type becomes here, for `from-terraform` and the plugin's `terraform` mapping. */
function kindOf(name: string): string | undefined {
  if (name === "streamkap_source_webhook") return "webhookSource";
  if (name.startsWith("streamkap_source_")) return "source";
  if (name.startsWith("streamkap_destination_")) return "destination";
  if (name.startsWith("streamkap_transform_")) return "transform";
  const fixed: Record<string, string> = {
    streamkap_pipeline: "pipeline",
    streamkap_tag: "tag",
    streamkap_topic: "topic",
    streamkap_kafka_user: "kafkaUser",
    streamkap_client_credential: "clientCredential",
  };
  return fixed[name];
}

/** A Terraform attribute's shape as official-provider.json records it (`tfShapeSchema` in mapping.ts). */
interface TfShape {
  type: "string" | "bool" | "int" | "list" | "set" | "map" | "object";
  /** Its elements (or, for `object`, itself) are objects whose attributes are the `parent.child` entries. */
  nested?: true;
  maxItems?: number;
  required?: true;
  optional?: true;
  computed?: true;
}

/**
 * The reference's attribute kinds (plugin-framework schema types) as shapes. Every collection of primitives in the
 * reference is of strings (`ElementType: types.StringType` throughout), so a primitive element is always a string.
 * A kind not listed here fails the generator, so a new one is looked at before the plugin's mapping guesses it.
 */
const tfShapes: Record<string, Pick<TfShape, "type" | "nested" | "maxItems">> = {
  String: { type: "string" },
  Bool: { type: "bool" },
  Int64: { type: "int" },
  Set: { type: "set" },
  List: { type: "list" },
  Map: { type: "map" },
  ListNested: { type: "list", nested: true },
  ListNestedBlock: { type: "list", nested: true },
  MapNested: { type: "map", nested: true },
  SingleNested: { type: "object", nested: true },
  Object: { type: "object", nested: true },
  // `timeouts`: a single nested block, which Terraform's tooling shows as a list of at most one.
  Block: { type: "list", nested: true, maxItems: 1 },
};

/**
 * An attribute's Terraform shape as OpenTofu reports the newest release that had it (release-schemas.ts), else as
 * its schema kind says.
 */
function tfShape(attribute: ReferenceAttribute): TfShape {
  return attribute.tf ? releasedShape(attribute.tf) : kindShape(attribute);
}

/** Terraform's type (`"number"`, `["set", "string"]`, `["object", {…}]`) as a shape. */
function typeShape(type: unknown): Pick<TfShape, "type" | "nested"> {
  const [outer, element] = Array.isArray(type) ? type : [type];
  const primitive: Record<string, TfShape["type"]> = { string: "string", number: "int", bool: "bool" };
  if (typeof outer === "string" && primitive[outer]) return { type: primitive[outer] };
  if (outer === "object") return { type: "object", nested: true };
  if (outer === "list" || outer === "set" || outer === "map") {
    const ofObjects = Array.isArray(element) && element[0] === "object";
    return { type: outer, ...(ofObjects ? { nested: true as const } : {}) };
  }
  throw new Error(`Terraform type ${JSON.stringify(type)} has no shape here`);
}

function releasedShape(shape: ReleaseShape): TfShape {
  const nesting: Record<string, TfShape["type"]> = { single: "object", list: "list", set: "set", map: "map" };
  const base: Pick<TfShape, "type" | "nested"> = shape.nesting
    ? { type: nesting[shape.nesting] ?? "object", nested: true }
    : typeShape(shape.type);
  // A block has no flags of its own: Terraform takes it as optional.
  const optional = shape.optional === true || (shape.block === true && !shape.required);
  return {
    ...base,
    ...(shape.maxItems !== undefined ? { maxItems: shape.maxItems } : {}),
    ...(shape.required ? { required: true } : {}),
    ...(optional ? { optional: true } : {}),
    ...(shape.computed ? { computed: true } : {}),
  };
}

function kindShape(attribute: ReferenceAttribute): TfShape {
  const shape = tfShapes[attribute.kind];
  if (!shape) throw new Error(`${attribute.name}: attribute kind ${attribute.kind} has no Terraform shape here`);
  // A block carries no flags of its own in the reference: Terraform takes it as optional.
  const isBlock = attribute.kind.endsWith("Block");
  const optional = attribute.optional || (isBlock && !attribute.required && !attribute.computed);
  return {
    ...shape,
    ...(attribute.required ? { required: true } : {}),
    ...(optional ? { optional: true } : {}),
    ...(attribute.computed ? { computed: true } : {}),
  };
}

/**
 * The same correspondence as docs/parity.md, as data (provider/terraform/official-provider.json): per resource
 * type its kind here, connector code or transform type, counterpart, and per attribute its API key, whether
 * Terraform marks it sensitive, our input (`input`, when it is one plain input) or what stands for it, and its
 * Terraform shape (`tf`: type and flags, which the plugin's `terraform` mapping gives Pulumi's converter).
 */
export function terraformMapping(reference: Reference): unknown {
  const plainInput = /^`([A-Za-z][A-Za-z0-9]*)`$/;
  const strip = (text: string) => text.replace(/`/g, "");
  const attributesOf = (type: ReferenceType, mapping: TypeMapping) =>
    Object.fromEntries(
      type.attributes.map((attribute) => {
        const counterpart = counterpartOf(type, mapping, attribute);
        const input = plainInput.exec(counterpart.ours ?? "")?.[1];
        return [
          attribute.name,
          {
            ...(attribute.apiKey ? { apiKey: attribute.apiKey } : {}),
            ...(attribute.sensitive ? { sensitive: true } : {}),
            ...(attribute.computed && !attribute.optional && !attribute.required ? { computed: true } : {}),
            ...(attribute.retired ? { retired: true } : {}),
            ...(attribute.releases ? { releases: attribute.releases } : {}),
            ...(input ? { input } : counterpart.ours ? { ours: strip(counterpart.ours) } : {}),
            ...(counterpart.note ? { note: strip(counterpart.note) } : {}),
            tf: tfShape(attribute),
          },
        ];
      }),
    );
  const resources = Object.fromEntries(
    reference.resources.map((type) => {
      const mapping = mappingOf(type);
      return [
        type.name,
        {
          kind: kindOf(type.name) ?? null,
          ...(type.code ? { code: type.code } : {}),
          counterpart: strip(mapping.counterpart),
          attributes: attributesOf(type, mapping),
        },
      ];
    }),
  );
  // A data source's counterpart is a lookup: `getTags(filter)` names the function `getTags`.
  const dataSources = Object.fromEntries(
    reference.dataSources.map((type) => {
      const mapping = lookupMappingOf(type);
      const lookup = /^`(get[A-Za-z]+)/.exec(mapping.counterpart)?.[1];
      return [
        type.name,
        {
          kind: null,
          counterpart: lookup ?? strip(mapping.counterpart),
          attributes: attributesOf(type, mapping),
        },
      ];
    }),
  );
  return {
    source: reference.source,
    ...(reference.releasesSource ? { releasesSource: reference.releasesSource } : {}),
    ...(reference.releases ? { releases: reference.releases } : {}),
    resources,
    dataSources,
  };
}

const repoRoot = path.resolve(__dirname, "../../..");
export const terraformMappingFile = path.join(repoRoot, "provider", "terraform", "official-provider.json");
export const referenceFile = path.join(repoRoot, "scripts", "parity", "reference.json");
export const parityFile = path.join(repoRoot, "docs", "parity.md");

export function readReference(): Reference {
  return JSON.parse(fs.readFileSync(referenceFile, "utf8")) as Reference;
}

if (require.main === module) {
  const reference = readReference();
  fs.writeFileSync(parityFile, parityMarkdown(reference));
  fs.mkdirSync(path.dirname(terraformMappingFile), { recursive: true });
  fs.writeFileSync(terraformMappingFile, `${JSON.stringify(terraformMapping(reference), null, 1)}\n`);
  console.log(`${path.relative(repoRoot, parityFile)} and ${path.relative(repoRoot, terraformMappingFile)} written`);
}
