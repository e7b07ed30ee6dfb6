/**
 * The service's wire values that are fixed lists, once: the provider checks a program's inputs against them and the
 * local server checks request bodies against them. Data only; each side keeps its own validation and messages.
 * The order is the one both sides show (error messages, the plugin schema's enums): keep it.
 */

/** Kafka's ACL operations, as the reference client allows them (TF internal/resource/kafka_user/kafka_user.go). */
export const kafkaAclOperations = [
  "ALL",
  "ALTER",
  "ALTER_CONFIGS",
  "CREATE",
  "DELETE",
  "DESCRIBE",
  "DESCRIBE_CONFIGS",
  "READ",
  "WRITE",
] as const;
/** How an ACL's name matches (TF internal/resource/kafka_user/kafka_user.go). */
export const kafkaAclPatternTypes = ["LITERAL", "PREFIXED"] as const;
/**
 * What an ACL applies to: the resource types of the Kafka Access guide (docs.streamkap.com/kafka-access); the
 * reference client offers the first two.
 */
export const kafkaAclResources = ["TOPIC", "GROUP", "CLUSTER", "TRANSACTIONAL_ID", "DELEGATION_TOKEN"] as const;

/** The alerts a subscriber can be told of (DOCS summarise-alert, `trigger_type`). */
export const alertTypes = [
  "connector_status",
  "latency",
  "lag",
  "no_records",
  "dlq",
  "json_column_detected",
  "transform_status",
] as const;
/** The objects an alert concerns (DOCS summarise-alert, `entity_type`). */
export const alertEntityTypes = ["sources", "destinations", "pipelines"] as const;
/** The channels reached through credentials of their own (docs.streamkap.com/alerts). */
export const alertCredentialChannels = ["slack", "teams", "discord", "mattermost", "webhook"] as const;
/** The channels alerts reach (docs.streamkap.com/alerts): `email` uses the subscriber's address. */
export const alertChannels = ["email", ...alertCredentialChannels] as const;

/**
 * The kinds of owner the service's topic listing names and filters by (`entity_type`; DOCS list-all-topics,
 * TF internal/api/topic.go:47).
 */
export const topicEntityTypes = ["sources", "destinations", "transforms", "pipelines", "manual"] as const;

/**
 * The values of a tag's `type`: the backend's `TagTypeEnum` (mirrored by TF internal/constants/tag.go:17-28), plural.
 * `environment` and `general` are reserved for the service's system tags (TF internal/resource/tag/tag.go:77-93);
 * the rest a custom tag may take.
 */
export const systemTagTypes = ["environment", "general"] as const;
export const customTagTypes = [
  "sources",
  "destinations",
  "pipelines",
  "transforms",
  "topics",
  "services",
  "users",
  "tenant",
] as const;
export const tagTypes = [...systemTagTypes, ...customTagTypes] as const;
