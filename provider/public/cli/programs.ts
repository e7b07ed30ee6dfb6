/**
 * What `export` uses to write a live object back as a program's inputs, read as the provider's kinds read it: so
 * the written program previews with no change.
 */
export type { JsonObject } from "../../engine/kind";
export { semanticEqual } from "../../engine/values";
export { isMasked, tagIdsOf } from "../../kinds/live-values";
export { stateOfStatus } from "../../lifecycle/state";
export { liveLinks, liveRules } from "../../kinds/pipeline-transforms";
export { type KafkaUserInputs, kafkaUserKind } from "../../kinds/kafka-user";
export { type TagInputs, tagKind } from "../../kinds/tag";
export { catalogueDefault, languageKey, nameKey, transformTypes, typedConfigKeys } from "../../kinds/transform-config";
export { sqlImplementationOf } from "../../kinds/transform-implementation";
export { type TypedConnectorKind, type TypedField, typedFields } from "../../kinds/typed/fields";
export { type WebhookSourceInputs, webhookSourceKind } from "../../kinds/webhook-source";
