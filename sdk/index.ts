/**
 * pulumi-streamkap: Pulumi resources for the Streamkap change-data-capture platform.
 *
 * Credentials come from stack config (`streamkap:clientId`, secret `streamkap:secret`, or secret
 * `streamkap:projectKey`; `streamkap:endpoint` for another API address such as the local API server) or from
 * the environment (`STREAMKAP_CLIENT_ID`, `STREAMKAP_SECRET`, `STREAMKAP_HOST`).
 */
export { type ConfigValue, type ConnectorArgs, type ConnectorCommonArgs, Destination, Source } from "./connectors";
export { Pipeline, type PipelineArgs } from "./pipeline";
export { Topic, type TopicArgs } from "./topic";
