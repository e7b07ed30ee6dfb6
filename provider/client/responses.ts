import { z } from "zod";

/**
 * Response shapes, read tolerantly: unknown fields pass through, every field the service documents as
 * nullable may be null or absent, and only a field of the wrong type fails, naming what came instead.
 */

const nullableString = z.string().nullish();
const stringOrNumber = z.union([z.string(), z.number()]).transform(String);

/**
 * Config values come back mostly as strings, sometimes as numbers, booleans or lists, and map-typed keys
 * (Snowflake `auto.qa.dedupe.table.mapping`, ClickHouse `topics.config.map`, BigQuery `bigquery.json`, …) as
 * objects or as their JSON text (TF internal/resource/connector/base.go:852-880; helper/helper.go:116-143).
 */
export const configValue = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.array(z.unknown()),
  z.record(z.string(), z.unknown()),
  z.null(),
]);

export const connectorRecord = z.looseObject({
  id: z.string(),
  name: nullableString,
  connector: nullableString,
  connector_display_name: nullableString,
  created_timestamp: nullableString,
  created_from: nullableString,
  sub_id: nullableString,
  tenant_id: nullableString,
  service_id: nullableString,
  config: z.record(z.string(), configValue).nullish(),
  // DOCS Source schema: `topic_ids ((string|integer)[]|null)`; ids are read as strings whichever comes.
  topic_ids: z.array(stringOrNumber).nullish(),
  topics: z.array(stringOrNumber).nullish(),
  topic_map: z.record(z.string(), z.unknown()).nullish(),
  tasks: z.array(z.number()).nullish(),
  connector_status: nullableString,
  task_statuses: z.record(z.string(), z.unknown()).nullish(),
  // DOCS Source schema: "None means default cluster".
  kc_cluster_id: nullableString,
  // Ids or tag objects (see tagIdsOf).
  tags: z.array(z.unknown()).nullish(),
});
export type ConnectorRecord = z.infer<typeof connectorRecord>;

export const pipelineRecord = z.looseObject({
  id: z.string(),
  name: nullableString,
  created_from: nullableString,
  snapshot_new_tables: z.boolean().nullish(),
  topic_ids: z.array(z.string()).nullish(),
  topics: z.array(z.string()).nullish(),
  // `source.topics` are the pipeline's topics by pretty name ("public.orders"); older answers may echo the topic id
  // ("source_<id>.public.orders"), which the reference client strips (TF internal/resource/pipeline/pipeline.go:692-727).
  source: z
    .looseObject({
      id: z.string().nullish(),
      name: nullableString,
      connector: nullableString,
      topics: z.array(z.union([z.string(), z.number()]).transform(String)).nullish(),
    })
    .nullish(),
  destination: z.looseObject({ id: z.string().nullish(), name: nullableString, connector: nullableString }).nullish(),
  /** Items `{id, name, start_time, topic_id, topic}` (TF internal/api/pipeline.go:57-63); read item by item. */
  transforms: z.array(z.unknown()).nullish(),
  /** Items `{transform_id, regex}` (TF internal/api/pipeline.go:26-35). */
  topic_auto_discovery_transforms: z.array(z.unknown()).nullish(),
  tags: z.array(z.unknown()).nullish(),
});
export type PipelineRecord = z.infer<typeof pipelineRecord>;

const wireNumber = z.union([z.number(), z.string()]).nullish();

/**
 * A topic as GET /topics/{id}?detailed=true (TopicDetailsWithKafka), POST /topics and GET /topics/details answer
 * it. Read every known form: the partition count at `kafka.partitions.count` (TF internal/api/topic.go:27-43),
 * `kafka.partitions` as an int (TF topic.go:139-142), or top-level `num_partitions` (DOCS create-topic answer);
 * topic configs under their Kafka names in `kafka.configs` (TF topic.go:131-137). Use {@link readTopic}.
 */
export const topicRecord = z.looseObject({
  id: z.string(),
  name: nullableString,
  topic_name: nullableString,
  entity: z
    .looseObject({
      entity_type: nullableString,
      entity_id: nullableString,
      name: nullableString,
      // Its producer's topics, and their database ids in the same order (TF internal/api/topic.go:47-55).
      topic_ids: z.array(z.string()).nullish(),
      topic_db_ids: z.array(z.string()).nullish(),
    })
    .nullish()
    .catch(undefined),
  kafka: z
    .looseObject({
      partitions: z.union([wireNumber, z.looseObject({ count: wireNumber })]).optional(),
      replication_factor: wireNumber,
      configs: z.record(z.string(), z.unknown()).nullish(),
    })
    .nullish(),
  num_partitions: wireNumber,
  partition_count: wireNumber,
  replication_factor: wireNumber,
  cleanup_policy: nullableString,
  retention_ms: wireNumber,
  retention_bytes: wireNumber,
  serialization: z.unknown().optional(),
  tags: z.array(z.unknown()).nullish(),
});
export type TopicRecord = z.infer<typeof topicRecord>;

/**
 * A topic's serialization (TF internal/api/topic.go TopicSerialization): an object since the backend changed it
 * from a plain string, which older answers still are.
 */
export const topicSerialization = z.union([
  z.looseObject({
    key_format: nullableString,
    value_format: nullableString,
    key_converter: nullableString,
    value_converter: nullableString,
    schema_registry_enabled: z.boolean().nullish(),
  }),
  z.string().transform((format) => ({
    key_format: format,
    value_format: format,
    key_converter: undefined,
    value_converter: undefined,
    schema_registry_enabled: undefined,
  })),
]);

/** `POST /topics/table_metrics`: entity id → topic id → counters (TF internal/api/topic.go). */
export const topicTableMetrics = z.record(
  z.string(),
  z.record(
    z.string(),
    z.looseObject({
      messages_in: z.number().nullish(),
      messages_out: z.number().nullish(),
      bytes_in: z.number().nullish(),
      bytes_out: z.number().nullish(),
      lag: z.number().nullish(),
      avg_latency_ms: z.number().nullish(),
    }),
  ),
);

/**
 * A consumer group as `GET /consumer-groups` lists it: not published (api.md); read tolerantly, the local server's
 * shape first (docs/real-api.md).
 */
export const consumerGroupRecord = z.looseObject({
  group_id: z.string(),
  state: nullableString,
  lag: z.number().nullish(),
  entity_id: nullableString,
  topics: z
    .array(
      z.looseObject({
        topic: z.string(),
        current_offset: z.number().nullish(),
        log_end_offset: z.number().nullish(),
        lag: z.number().nullish(),
      }),
    )
    .nullish()
    .catch(undefined),
});

/**
 * An alert subscriber as `GET`/`PUT /alerts/subscribers/{id}` answer it: not published (api.md), read tolerantly,
 * the local server's shape (docs/real-api.md). `channels` names the connected channels, never their credentials.
 */
export const alertSubscriberRecord = z.looseObject({
  subscriber_id: z.string(),
  email: nullableString,
  name: nullableString,
  preferences: z
    .array(
      z.looseObject({
        trigger_type: z.string(),
        channels: z.array(z.string()).nullish(),
        entity_type: nullableString,
        entity_ids: z.array(z.string()).nullish(),
      }),
    )
    .nullish(),
  channels: z.array(z.string()).nullish(),
  updated_at: nullableString,
});
export type AlertSubscriberRecord = z.infer<typeof alertSubscriberRecord>;

/** `GET /auth/permissions`: not published (api.md); read as ids or as objects naming one. */
export const permissionRecord = z.union([
  z.string().transform((id) => ({ id, key: id, name: id, description: undefined as string | undefined })),
  z.looseObject({ id: z.string(), key: nullableString, name: nullableString, description: nullableString }),
]);

/** `GET /tags` answers `{tags: [...]}`; create and update answer one tag. */
export const tagRecord = z.looseObject({
  id: z.string(),
  name: z.string().nullish(),
  description: z.string().nullish(),
  type: z.array(z.string()).nullish(),
  system: z.boolean().nullish(),
  custom: z.boolean().nullish(),
});
export type TagRecord = z.infer<typeof tagRecord>;

/** Versions come as numbers or as text. */
const versionField = z.union([z.number(), z.string()]).nullish();

/** A role as `GET /auth/roles` answers it and a client credential carries it (api.md "Role"). */
export const roleRecord = z.looseObject({
  id: z.string(),
  key: nullableString,
  name: nullableString,
  description: nullableString,
  permissions: z.array(z.string()).nullish(),
});
export type RoleRecord = z.infer<typeof roleRecord>;

/** One Kafka ACL as the service stores it (TF internal/api/kafka_user.go KafkaACL). */
export const kafkaAclRecord = z.looseObject({
  topic_name: z.string(),
  operation: z.string(),
  resource_pattern_type: nullableString,
  resource: nullableString,
});

/** A Kafka user as the list and the writes answer it; never its password (TF internal/api/kafka_user.go). */
export const kafkaUserRecord = z.looseObject({
  username: z.string(),
  whitelist_ips: nullableString,
  kafka_proxy_endpoint: nullableString,
  schema_proxy_endpoint: nullableString,
  kafka_acls: z.array(kafkaAclRecord).nullish(),
  is_create_schema_registry: z.boolean().nullish(),
});
export type KafkaUserRecord = z.infer<typeof kafkaUserRecord>;

/**
 * A client credential (api.md "ClientCredential"): the create answer holds the secret, every later answer masks
 * it. Roles come as Role objects.
 */
export const clientCredentialRecord = z.looseObject({
  client_id: z.string(),
  secret: nullableString,
  description: nullableString,
  created_at: nullableString,
  service_id: nullableString,
  roles: z.array(z.union([z.string(), roleRecord])).nullish(),
});
export type ClientCredentialRecord = z.infer<typeof clientCredentialRecord>;

/** A transform as `GET /transforms/{id}` answers it (in the one-item envelope) and as the list items. */
export const transformRecord = z.looseObject({
  id: z.string(),
  name: nullableString,
  transform_type: nullableString,
  job_name: nullableString,
  created_from: nullableString,
  config: z.record(z.string(), z.unknown()).nullish(),
  implementation: z
    .looseObject({
      language: nullableString,
      value_transform: nullableString,
      key_transform: nullableString,
      topic_transform: nullableString,
    })
    .nullish(),
  live_version: versionField,
  preview_version: versionField,
  version: versionField,
  metrics: z.looseObject({ status: nullableString }).nullish(),
  start_time: nullableString,
  /** Output topics: ids and their pretty names, two parallel lists that may differ in length (TF datasource/transform_test.go:12-40). */
  topic_ids: z.union([z.array(z.string()), z.string()]).nullish(),
  topics: z.union([z.array(z.string()), z.string()]).nullish(),
  tags: z.array(z.unknown()).nullish(),
});
export type TransformRecord = z.infer<typeof transformRecord>;

/** The API half of a project key's credential file. */
const apiPart = z.looseObject({
  client_id: nullableString,
  client_secret: nullableString,
  token_endpoint: nullableString,
  api_url: nullableString,
});
const kafkaPart = z.looseObject({
  username: nullableString,
  password: nullableString,
  bootstrap_servers: nullableString,
});

/**
 * The create answer is the credential file (`project_key_id`, `api`, `kafka`); reads and PATCH answer a summary
 * (`id`, `status`, …), which `GET /project-keys/{id}` extends with the file, its secrets masked.
 */
export const projectKeyRecord = z
  .looseObject({
    id: nullableString,
    project_key_id: nullableString,
    name: nullableString,
    description: nullableString,
    service_id: nullableString,
    status: nullableString,
    tool_profile: nullableString,
    // The documented read (DOCS get-project-key): roles as Role objects, the API client's id, the Kafka user.
    roles: z.array(z.union([z.string(), z.looseObject({ id: nullableString, key: nullableString })])).nullish(),
    api_client_id: nullableString,
    kafka_username: nullableString,
    // Read too, should a service answer them (older shapes).
    role_ids: z.array(z.string()).nullish(),
    permission_ids: z.array(z.string()).nullish(),
    client_id: nullableString,
    api: apiPart.nullish(),
    kafka: kafkaPart.nullish(),
    credentials: z.looseObject({ api: apiPart.nullish(), kafka: kafkaPart.nullish() }).nullish(),
    // A PATCH that adds a capability answers its secrets once (DOCS PATCH /project-keys/{id}).
    new_api_credentials: apiPart.nullish(),
    new_kafka_credentials: kafkaPart.nullish(),
    // The key's Kafka user (DOCS get-project-key).
    kafka_acls: z.array(kafkaAclRecord).nullish(),
    whitelist_ips: nullableString,
  })
  .refine((live) => Boolean(live.id ?? live.project_key_id), "has neither `id` nor `project_key_id`");
export type ProjectKeyRecord = z.infer<typeof projectKeyRecord>;

/** `PUT /transforms/{id}/implementation_details`. */
export const implementationAnswer = z.looseObject({
  version_id: versionField,
  version: versionField,
  implementation: z.looseObject({ version: versionField }).nullish(),
});
/** `PUT /transforms/{id}/run-unit-tests/{version}`. */
export const unitTestAnswer = z.looseObject({
  unit_test: z
    .looseObject({
      test_name: z.string().nullish(),
      is_success: z.boolean().nullish(),
      text_diff: z.string().nullish(),
    })
    .nullish(),
});
/** `GET /transforms/{id}/job_status`. */
export const jobStatusAnswer = z.looseObject({ status: z.string().nullish(), job_name: z.string().nullish() });

/** `GET /topics/details` filtered by snapshot state: the items are only counted. */
export const topicsAnswer = z.looseObject({ result: z.array(z.looseObject({})).nullish() });

/** The list envelope `{result, page, page_size, total, has_next}`; GET by id answers it with one item. */
export function envelope<T extends z.ZodType>(item: T) {
  return z.looseObject({
    result: z.array(item),
    page: z.number().nullish(),
    page_size: z.number().nullish(),
    total: z.number().nullish(),
    has_next: z.boolean().nullish(),
  });
}

/** Answers whose body nobody reads (deletes, lifecycle actions). */
export const anyBody = z.unknown();

/** The service's error detail as one line: a 422's items as "loc: msg", or the text as is. */
export function describeDetail(body: unknown): string | undefined {
  if (typeof body === "string") {
    return body.slice(0, 500) || undefined;
  }
  if (typeof body !== "object" || body === null || !("detail" in body)) {
    return undefined;
  }
  const detail = (body as { detail: unknown }).detail;
  if (typeof detail === "string") {
    return detail;
  }
  if (Array.isArray(detail)) {
    return detail
      .map((item: { loc?: unknown; msg?: unknown }) => {
        const loc = Array.isArray(item?.loc) ? item.loc.filter((part) => part !== "body").join(".") : "";
        return loc ? `${loc}: ${String(item?.msg ?? "invalid")}` : String(item?.msg ?? "invalid");
      })
      .join("; ");
  }
  return JSON.stringify(detail).slice(0, 500);
}

/** "field `result.0.config`: Invalid input: expected record, received number" — zod 4 never quotes the value. */
export function describeParseFailure(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) {
    return "the answer did not match the API contract";
  }
  const path = issue.path.length > 0 ? `field \`${issue.path.join(".")}\`` : "the answer";
  return `${path}: ${issue.message}`;
}
