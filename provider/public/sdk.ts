/**
 * What the SDK may use of the provider, in one place: the SDK's lookups call the API from the program itself,
 * and its classes mark catalogue-secret settings. Everything else of the provider is loaded only by the runtime,
 * by package name, when Pulumi calls it (sdk/shim-methods.ts). An eslint rule keeps `sdk/` to this entry.
 */
export { clientFor, type StreamkapClient } from "../client/client";
export { readAllPages } from "../client/pages";
export {
  clientCredentialRecord,
  type ConnectorRecord,
  connectorRecord,
  consumerGroupRecord,
  envelope,
  kafkaUserRecord,
  permissionRecord,
  pipelineRecord,
  roleRecord,
  tagRecord,
  topicRecord,
  topicSerialization,
  topicTableMetrics,
  transformRecord,
} from "../client/responses";
export { ErrorCodes, StreamkapError } from "../errors";
export { secretKeys } from "../kinds/connector-config";
export { splitList, tagIdsOf } from "../kinds/live-values";
export { tagsIn } from "../kinds/tag";
export { readTopic } from "../kinds/topic-facts";
export { resolveSettings } from "../settings";
