/**
 * The lookups, each taking the client to read with: the TypeScript SDK's functions (sdk/lookups.ts,
 * sdk/access-lookups.ts) call them with the program's client, the provider plugin's invokes (registry.ts) with
 * its configured one. Their answers are the SDK's `…Info` types, which the SDK's wrappers hold them to.
 */
export { getClientCredentials, getConsumerGroups, getKafkaUsers, getPermissions, getRoles } from "./access";
export { getDestination, getDestinations, getPipeline, getSource, getSources } from "./connectors";
export { getTag, getTags } from "./tags";
export { getTopic, getTopicMetrics, getTopics, getTopicSerialization, serializationInfo } from "./topics";
export { getTransform, getTransforms } from "./transforms";
