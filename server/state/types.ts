/**
 * The state of the local service: plain JSON-serialisable records, one map per kind, each kept whole in memory and
 * as one table of the embedded store (database.ts); webhook records live only in the store.
 * Time-driven changes (Starting→Active, async deletes, snapshots, topic discovery) are stored as timestamps and
 * evaluated when read, so no timer has to survive a restart and close() has nothing to cancel.
 */

export type Origin = "terraform" | "web" | "api";
export type ConfigValue = string | unknown[] | Record<string, unknown>;

export interface StoredService {
  id: string;
  name: string;
  tenantId: string;
  subId: string;
  createdAt: number;
}

export interface StoredCredential {
  clientId: string;
  secret: string;
  serviceId: string;
  description: string | null;
  createdAt: number;
  roles: string[];
  /** Set when the credential belongs to a project key (its client_id/client_secret pair). */
  projectKeyId?: string;
}

/** A status that takes effect at `at` (epoch ms); the effective status is the last step whose time has come. */
export interface StatusStep {
  status: string;
  at: number;
}

export interface ConfigChange {
  key: string;
  old_value: unknown;
  new_value: unknown;
}

export interface ConfigVersion {
  version: number;
  timestamp: number;
  origin: Origin;
  actor: string;
  summary: string;
  changes: ConfigChange[];
  /** Full config after this version (raw secrets), so compare-to-original needs no replay. */
  config: Record<string, ConfigValue>;
}

export interface StoredConnector {
  id: string;
  kind: "source" | "destination";
  serviceId: string;
  name: string;
  connector: string;
  config: Record<string, ConfigValue>;
  createdAt: number;
  createdFrom: Origin;
  tags: string[];
  /**
   * The Kafka Connect cluster the connector runs on, when not the service's default (the API's `kc_cluster_id`;
   * absent means the default cluster, which the service answers as null).
   */
  kcClusterId?: string;
  timeline: StatusStep[];
  /** Set by DELETE: the object disappears at this time. */
  deleteAt?: number;
  history: ConfigVersion[];
  /** Webhook sources: the path token under the webhook base URL. */
  webhookToken?: string;
  /** Blocking snapshots pause streaming until this time. */
  streamingPausedUntil?: number;
  /** Set by the local-only break switch: what explain-error answers while the connector is Broken. */
  failure?: string;
  /**
   * Destinations: the offsets its consumer group was reset to, by topic id, and when. They hold until the
   * destination runs again (it then reads to the end of each topic at once: nothing local delivers anywhere).
   */
  consumerOffsets?: { offsets: Record<string, number>; at: number };
}

export interface StoredPipeline {
  id: string;
  serviceId: string;
  name: string;
  createdAt: number;
  createdFrom: Origin;
  sourceId: string;
  destinationId: string;
  topicIds: string[];
  tags: string[];
  snapshotNewTables: boolean;
  /** One item per (transform, topic) pair, as the reference client sends them (TF internal/api/pipeline.go:57-63). */
  transforms: PipelineTransform[];
  /** Stored and echoed unchanged (TF internal/api/pipeline.go:26-35). */
  topicAutoDiscoveryTransforms: PipelineAutoDiscovery[];
  /** Set by DELETE: the pipeline lingers, keeping its name and its source and destination, until this time. */
  deleteAt?: number;
}

export interface PipelineTransform {
  id: string;
  name: string;
  start_time: string | null;
  /** The pretty `topic` is derived from it on every answer (see domain/pipelines.ts). */
  topic_id: string;
}

export interface PipelineAutoDiscovery {
  transform_id: string;
  regex: string;
}

export interface TopicSnapshot {
  type: "incremental" | "blocking";
  startedAt: number;
  /** Running from startedAt until this time, pending before startedAt. */
  completesAt: number;
  cancelledAt?: number;
  failed?: boolean;
}

export interface StoredTopic {
  id: string;
  serviceId: string;
  name: string;
  /** Stored singular (state.json of every version); answered plural, `topic` as `manual` (see wireEntityType). */
  entityType: "source" | "transform" | "topic";
  entityId: string | null;
  partitions: number;
  replicationFactor: number;
  cleanupPolicy: string;
  retentionMs: number;
  retentionBytes: number;
  minInsyncReplicas: number;
  maxMessageBytes: number;
  customConfigs: Record<string, string>;
  tags: string[];
  createdAt: number;
  /** Webhook topics created by an unlisted path become visible (registered) at this time. */
  registeredAt: number;
  /** Created by a webhook request to an unlisted path (not from the source's topic list). */
  discovered?: boolean;
  snapshot?: TopicSnapshot;
  /**
   * Local-only switch (POST /_local/sources/:id/snapshot/hold): this topic's snapshot, current or next, keeps
   * running until released, so tests never race the snapshot clock.
   */
  snapshotHeld?: boolean;
}

/** One record of a topic, as the store keeps it and the messages page answers it. */
export interface StoredMessage {
  offset: number;
  partition: number;
  key: unknown;
  value: unknown;
  timestamp: number;
  bytes: number;
}

/** A topic's counters; its records themselves live in the store's `messages` table, never in memory. */
export interface TopicData {
  nextOffset: number;
  eventsWritten: number;
  bytesWritten: number;
  /** Records and bytes still retained (older ones are dropped past the topic's retention). */
  retainedRecords: number;
  retainedBytes: number;
}

export interface StoredTag {
  id: string;
  serviceId: string;
  name: string;
  description: string | null;
  type: string[];
  system: boolean;
  custom: boolean;
  createdAt: number;
  createdFrom: Origin;
}

export interface TransformVersion {
  version: number;
  createdAt: number;
  implementation: Record<string, unknown>;
}

export interface StoredTransform {
  id: string;
  serviceId: string;
  name: string;
  transformType: string;
  config: Record<string, unknown>;
  createdAt: number;
  createdFrom: Origin;
  updatedAt: number;
  implementationUpdatedAt: number | null;
  versions: TransformVersion[];
  /**
   * The transform's current code. `PUT /transforms` overwrites it with the body's `implementation` (none: wiped);
   * `PUT …/implementation_details` sets it. Undefined in state written before this field: the latest version's.
   */
  implementation?: Record<string, unknown> | null;
  previewVersion: number | null;
  liveVersion: number | null;
  jobTimeline: StatusStep[];
  jobStartedAt: number | null;
  /** Tag ids (TF internal/api/transform.go:36-57); undefined in state written before transforms had tags. */
  tags?: string[];
  /** Until then `job_status` answers 400 "Job not found": the deployed job has not registered yet. */
  jobRegistersAt?: number;
  /** Set through `/_local/transforms/{id}/job-statuses`: what the next job_status reads answer, one each. */
  scriptedJobStatuses?: string[];
  deleteAt?: number;
}

export interface StoredProjectKey {
  id: string;
  serviceId: string;
  name: string;
  description: string | null;
  roleIds: string[];
  permissionIds: string[];
  toolProfile: string;
  /** MCP tool scoping (DOCS create-project-key); absent on keys stored before it was kept. */
  allowedTools?: string[];
  blockedTools?: string[];
  kafkaUsername: string | null;
  kafkaPassword: string | null;
  whitelistIps: string | null;
  kafkaAcls: unknown[];
  agentic: boolean;
  /** The key's API client; null for a Kafka-only key (made without roles or permissions), until it gets some. */
  clientId: string | null;
  createdAt: number;
  createdFrom: Origin;
  timeline: StatusStep[];
  deleteAt?: number;
}

/**
 * A Kafka user of a service's Kafka proxy (TF internal/api/kafka_user.go). Its password is write-only: no answer
 * carries it.
 */
export interface StoredKafkaUser {
  /** `<serviceId>/<username>`: usernames are unique per service. */
  id: string;
  serviceId: string;
  username: string;
  password: string;
  /** Comma-separated IP addresses or CIDR ranges, as the service stores them; "" allows any address. */
  whitelistIps: string;
  acls: StoredKafkaAcl[];
  isCreateSchemaRegistry: boolean;
  createdAt: number;
  createdFrom: Origin;
}

export interface StoredKafkaAcl {
  topic_name: string;
  operation: string;
  resource_pattern_type: string;
  resource: string;
}

/** One rule of an alert subscriber: which alerts reach it on which channels, for which objects. */
export interface StoredAlertPreference {
  trigger_type: string;
  channels: string[];
  entity_type: string | null;
  entity_ids: string[];
}

/**
 * An alert subscriber (`/alerts/subscribers/{subscriberId}`): who is told of which alerts, and the credentials of
 * its channels (webhook URLs), which no answer shows. Its shape is not published (docs/real-api.md).
 */
export interface StoredAlertSubscriber {
  /** `<serviceId>/<subscriberId>`. */
  id: string;
  serviceId: string;
  subscriberId: string;
  email: string | null;
  name: string | null;
  preferences: StoredAlertPreference[];
  /** Per channel (`slack`, `teams`, …), its credentials. */
  credentials: Record<string, Record<string, string>>;
  updatedAt: number;
}

export interface State {
  format: 1;
  /** HMAC key that signs access and refresh tokens, kept so tokens survive a restart with --data. */
  signingKey: string;
  defaultServiceId: string;
  services: Record<string, StoredService>;
  credentials: Record<string, StoredCredential>;
  connectors: Record<string, StoredConnector>;
  pipelines: Record<string, StoredPipeline>;
  topics: Record<string, StoredTopic>;
  topicData: Record<string, TopicData>;
  /** By `<serviceId>/<id>`: the system tags have the same ids in every service (domain/tags.ts). */
  tags: Record<string, StoredTag>;
  transforms: Record<string, StoredTransform>;
  projectKeys: Record<string, StoredProjectKey>;
  kafkaUsers: Record<string, StoredKafkaUser>;
  alertSubscribers: Record<string, StoredAlertSubscriber>;
}
