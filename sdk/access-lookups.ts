/**
 * Lookups of who may do what: roles and permissions (for least-privilege credentials and project keys), the
 * service's Kafka users and client credentials; and of data in flight: consumer groups, and the traffic and
 * serialization of topics. Like every lookup
 * (see lookups.ts) they run when the program runs, in `preview` as in `up`, with the provider's credentials; the
 * provider plugin serves them as invokes too.
 */
import { lookupClient as client, provider } from "./provider";

/** A role as {@link getRoles} answers it. */
export interface RoleInfo {
  /** The role's id, e.g. `role_viewer`: what `ClientCredential` and `ProjectKey` take in `roles`. */
  id: string;
  /** The role's key, e.g. `viewer` (`ClientCredential` takes it too). */
  key: string;
  /** The display name. */
  name: string;
  /** What the role is for. */
  description?: string;
  /** The permissions the role grants, e.g. `pipelines:read`, when the service lists them. */
  permissions: string[];
}

/** A permission as {@link getPermissions} answers it. */
export interface PermissionInfo {
  /** The permission's id, e.g. `pipelines:read`: what `ProjectKey` takes in `permissions`. */
  id: string;
  /** The display name. */
  name: string;
  /** What it allows, when the service says. */
  description?: string;
}

/** A Kafka user as {@link getKafkaUsers} answers it (never its password). */
export interface KafkaUserInfo {
  username: string;
  /** The addresses allowed to connect; empty means any. */
  allowedIps: string[];
  /** The ACL rules, in the SDK's words (see `KafkaUserAclArgs`). */
  acls: Array<{ topic: string; operation: string; patternType: string; resource: string }>;
  /** Whether a schema registry user exists too. */
  schemaRegistry: boolean;
  kafkaProxyEndpoint?: string;
  schemaProxyEndpoint?: string;
}

/** A client credential as {@link getClientCredentials} answers it (never its secret). */
export interface ClientCredentialInfo {
  clientId: string;
  description?: string;
  /** The ids of its roles. */
  roleIds: string[];
  serviceId?: string;
  createdAt?: string;
}

/** A topic's serialization as {@link getTopicSerialization} answers it. */
export interface TopicSerializationInfo {
  /** `avro`, `json`, `json_schema`, `protobuf`, `string`, `bytearray` or `unknown`. */
  keyFormat: string;
  valueFormat: string;
  /** The Kafka Connect converter classes, when the service names them. */
  keyConverter?: string;
  valueConverter?: string;
  /** Whether the schema registry holds the topic's schemas. */
  schemaRegistryEnabled: boolean;
}

/** Whose topics {@link getTopicMetrics} reads: one source, transform or destination and some of its topic ids. */
export interface TopicMetricsEntity {
  /** The source's, transform's or destination's id. */
  id: string;
  entityType: "sources" | "transforms" | "destinations";
  /** Its connector or transform code, e.g. `postgresql`, `map_filter`. */
  connector: string;
  /** Full topic ids, e.g. `source_<id>.public.orders` (see `getTopics`). */
  topicIds: string[];
  /**
   * The database id of each topic in `topicIds`, in the same order (each topic's `dbId` in `getTopics`), which
   * the service takes with them.
   * @default read from the service's topic listing (one more call per entity)
   */
  topicDbIds?: string[];
}

/** One topic's counters as {@link getTopicMetrics} answers them; a counter the service did not give is absent. */
export interface TopicMetricsInfo {
  entityId: string;
  topicId: string;
  messagesIn?: number;
  messagesOut?: number;
  bytesIn?: number;
  bytesOut?: number;
  lag?: number;
  avgLatencyMs?: number;
}

/** A consumer group as {@link getConsumerGroups} answers it. */
export interface ConsumerGroupInfo {
  /** The group's id, for `offsetReset.consumerGroup` when the default name does not fit. */
  groupId: string;
  /** `Stable` while its destination runs, `Empty` when paused or stopped, as the service says. */
  state?: string;
  /** Records not yet read, over all its topics. */
  lag?: number;
  /** The destination reading with it, when the service says. */
  entityId?: string;
  topics: Array<{ topic: string; currentOffset?: number; logEndOffset?: number; lag?: number }>;
}

/** Every role of the service, e.g. to pick the least one a credential needs. */
export async function getRoles(): Promise<RoleInfo[]> {
  return provider().lookups.getRoles(client());
}

/** Every permission of the service, for a `ProjectKey` given `permissions` rather than roles. */
export async function getPermissions(): Promise<PermissionInfo[]> {
  return provider().lookups.getPermissions(client());
}

/** The service's Kafka users, project keys' included. */
export async function getKafkaUsers(): Promise<KafkaUserInfo[]> {
  return provider().lookups.getKafkaUsers(client());
}

/** The service's API client credentials, without their secrets (the service shows a secret only at creation). */
export async function getClientCredentials(): Promise<ClientCredentialInfo[]> {
  return provider().lookups.getClientCredentials(client());
}

/** The service's consumer groups: one per destination, over its pipelines' topics. */
export async function getConsumerGroups(): Promise<ConsumerGroupInfo[]> {
  return provider().lookups.getConsumerGroups(client());
}

/** How the topic with this id is serialized, as its producer (source or transform) writes it. */
export async function getTopicSerialization(topicId: string): Promise<TopicSerializationInfo> {
  return provider().lookups.getTopicSerialization(client(), topicId);
}

/**
 * Messages and bytes in and out, lag and latency, per topic of each entity, over the service's default window
 * (or `interval` units of `unit`). A topic the service has no figures for is absent from the answer.
 */
export async function getTopicMetrics(
  entities: TopicMetricsEntity[],
  window: { interval?: number; unit?: "minutes" | "hours" | "days" } = {},
): Promise<TopicMetricsInfo[]> {
  return provider().lookups.getTopicMetrics(client(), entities, window);
}
