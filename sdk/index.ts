/**
 * pulumi-streamkap: Pulumi resources for the Streamkap change-data-capture platform.
 *
 * Credentials come from stack config (`streamkap:clientId`, secret `streamkap:secret`, or secret
 * `streamkap:projectKey`; `streamkap:endpoint` for another API address such as the local API server) or from
 * the environment (`STREAMKAP_CLIENT_ID`, `STREAMKAP_SECRET`, `STREAMKAP_HOST`).
 */
export type { ManagedArgs } from "./common";
export {
  type ConfigValue,
  type ConnectorArgs,
  type ConnectorCommonArgs,
  type ConnectorState,
  Destination,
  type DestinationArgs,
  type LastSnapshot,
  type RestartTaskTriggerArgs,
  type SnapshotArgs,
  type SnapshotFilter,
  Source,
} from "./connectors";
export {
  Pipeline,
  type PipelineArgs,
  type PipelineOffsetResetArgs,
  type PipelineTopicAutoDiscoveryArgs,
  type PipelineTransformArgs,
} from "./pipeline";
export { Topic, type TopicArgs } from "./topic";
export { type KafkaAccessArgs, type KafkaAclArgs, ProjectKey, type ProjectKeyArgs } from "./project-key";
export { Tag, type TagArgs, type TagType } from "./tag";
export {
  type KafkaAclOperation,
  type KafkaAclResource,
  KafkaUser,
  type KafkaUserAclArgs,
  type KafkaUserArgs,
} from "./kafka-user";
export { ClientCredential, type ClientCredentialArgs } from "./client-credential";
export {
  type AlertChannel,
  type AlertPreferenceArgs,
  AlertSubscriber,
  type AlertSubscriberArgs,
  type AlertType,
  type AlertWebhookArgs,
} from "./alert-subscriber";
export {
  type AnyTransformImplementationArgs,
  type EnrichImplementationArgs,
  type RollupImplementationArgs,
  type SqlJoinImplementationArgs,
  type SqlTableArgs,
  type TestJson,
  type TestRecordArgs,
  Transform,
  type TransformArgs,
  type TransformImplementationArgs,
  type TransformType,
  type TransformUnitTestArgs,
} from "./transform";
// The dedicated webhook source (generated URL, secret API key); it takes precedence over any generated class.
export { WebhookSource, type WebhookSourceArgs } from "./webhook-source";
export * from "./access-lookups";
export * from "./lookups";
// Typed sources and destinations, one class per catalogue connector (generated: see sdk/generated/index.ts).
export * from "./generated";
