/**
 * What `export` and `from-terraform` use to read a live service: the provider's client and settings, its paging,
 * the zod records of each answer, and its errors (the commands report what they cannot read with the same codes).
 */
export { StreamkapClient } from "../../client/client";
export { readAllPages } from "../../client/pages";
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
} from "../../client/responses";
export { ErrorCodes, StreamkapError, withCodeInMessage } from "../../errors";
export { readTopic } from "../../kinds/topic-facts";
export { tagsIn } from "../../kinds/tag";
export { type ProviderSettings, resolveSettings } from "../../settings";
