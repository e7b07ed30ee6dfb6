/**
 * What the `pulumi-streamkap` commands may use of the provider, in one place: `export` reads the service through
 * the provider's client and writes what its kinds would read back; `pr-summary` reads previews with the same
 * trigger and snapshot rules the provider applies. An eslint rule keeps `cli/` to this entry.
 */
export { StreamkapClient } from "../client/client";
export { readAllPages } from "../client/pages";
export {
  type ClientCredentialRecord,
  clientCredentialRecord,
  type ConnectorRecord,
  connectorRecord,
  describeParseFailure,
  type KafkaUserRecord,
  kafkaUserRecord,
  type PipelineRecord,
  pipelineRecord,
  type TagRecord,
  tagRecord,
  type TopicRecord,
  topicRecord,
  type TransformRecord,
  transformRecord,
} from "../client/responses";
export type { JsonObject } from "../engine/kind";
export { isPlainObject, semanticEqual, valueAt } from "../engine/values";
export { ErrorCodes, StreamkapError, withCodeInMessage } from "../errors";
export { isMasked, tagIdsOf } from "../kinds/live-values";
export type { LifecycleInputs } from "../lifecycle/inputs";
export { type OffsetReset, offsetResetToRun } from "../lifecycle/offset-reset";
export { snapshotToStart } from "../lifecycle/snapshot";
export { stateOfStatus } from "../lifecycle/state";
export { firedTriggers, type TriggerKey } from "../lifecycle/triggers";
export { liveLinks, liveRules } from "../kinds/pipeline-transforms";
export { type ClientCredentialInputs, clientCredentialKind } from "../kinds/client-credential";
export { type KafkaUserInputs, kafkaUserKind } from "../kinds/kafka-user";
export { type TagInputs, tagKind, tagsIn } from "../kinds/tag";
export { readTopic } from "../kinds/topic-facts";
export { catalogueDefault, languageKey, nameKey, transformTypes, typedConfigKeys } from "../kinds/transform-config";
export { sqlImplementationOf } from "../kinds/transform-implementation";
export { type TypedConnectorKind, type TypedField, typedFields } from "../kinds/typed/fields";
export { type WebhookSourceInputs, webhookSourceKind } from "../kinds/webhook-source";
export { type ProviderSettings, resolveSettings } from "../settings";
export {
  carriedByFromTerraform,
  officialTerraformProvider,
  type TerraformAttribute,
  type TerraformKind,
  type TerraformType,
} from "../terraform/mapping";
