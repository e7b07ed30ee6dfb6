import { z } from "zod";

import {
  type ClientCredentialRecord,
  clientCredentialRecord,
  type ConnectorRecord,
  connectorRecord,
  describeParseFailure,
  ErrorCodes,
  type KafkaUserRecord,
  kafkaUserRecord,
  type PipelineRecord,
  pipelineRecord,
  readAllPages,
  readTopic,
  type StreamkapClient,
  StreamkapError,
  type TagRecord,
  tagRecord,
  tagsIn,
  type TopicRecord,
  topicRecord,
  type TransformRecord,
  transformRecord,
} from "../../provider/public/cli/service";

/** Everything `export` writes out, as the service answered it. Secrets arrive masked: nothing asks for them. */
export interface ServiceSnapshot {
  sources: ConnectorRecord[];
  /** Sources with connector `webhook`, which have a resource of their own (`WebhookSource`). */
  webhookSources: ConnectorRecord[];
  destinations: ConnectorRecord[];
  pipelines: PipelineRecord[];
  transforms: TransformRecord[];
  /** Topics made on their own (`POST /topics`); those of sources and transforms come with their owners. */
  topics: TopicRecord[];
  /** Every tag, the service's own system tags included (needed to name them in references). */
  tags: TagRecord[];
  /** The service's Kafka users, without their passwords (no answer carries them). */
  kafkaUsers: KafkaUserRecord[];
  /** The API client credentials, without their secrets, when asked for (`from-terraform`); else none. */
  clientCredentials: ClientCredentialRecord[];
}

export interface ReadChoices {
  /** Read the client credentials too (only `from-terraform` carries them: an export never copies credentials). */
  clientCredentials?: boolean;
}

/** Told how many objects of a kind have been read so far, and once more when the kind is done. */
export type Progress = (what: string, count: number, done: boolean) => void;

/**
 * Reads the whole service through the provider's client (same retries, deadlines and token handling as
 * `pulumi up`), one kind at a time so the progress reads in order.
 */
export async function readService(
  client: StreamkapClient,
  progress: Progress,
  choices: ReadChoices = {},
): Promise<ServiceSnapshot> {
  const tags = await reading("tags", () => readTags(client, progress));
  const pages = <T extends z.ZodType<{ id: string }>>(path: string, item: T, what: string, filter = {}) =>
    reading(what, () => readAllPages(client, path, item, filter, (count, done) => progress(what, count, done)));
  // DOCS list-all-topics: `manual` names the topics made by hand; those of sources and transforms come with them.
  const listed = await pages("/topics/details", topicRecord, "topics", { entity_type: "manual" });
  const topics = await reading("topics", () => topicDetails(client, listed.filter(isManual)));
  const allSources = await pages("/sources", connectorRecord, "sources");
  const destinations = await pages("/destinations", connectorRecord, "destinations");
  const transforms = await pages("/transforms", transformRecord, "transforms");
  const pipelines = await pages("/pipelines", pipelineRecord, "pipelines");
  const kafkaUsers = await reading("Kafka users", () => readKafkaUsers(client, progress));
  // A bare list with no GET by client id (TF internal/api/client_credential.go).
  const clientCredentials = choices.clientCredentials
    ? await reading("client credentials", () =>
        client.call({ method: "GET", path: "/auth/client-credentials", schema: z.array(clientCredentialRecord) }),
      )
    : [];
  return {
    sources: allSources.filter((source) => source.connector !== "webhook"),
    webhookSources: allSources.filter((source) => source.connector === "webhook"),
    destinations,
    pipelines,
    transforms,
    topics,
    tags,
    kafkaUsers,
    clientCredentials,
  };
}

/** The Kafka users: a bare list (TF internal/api/kafka_user.go); none when the project has no Kafka access. */
async function readKafkaUsers(client: StreamkapClient, progress: Progress): Promise<KafkaUserRecord[]> {
  try {
    const users = await client.call({
      method: "GET",
      path: "/kafka-access/kafka-users",
      schema: z.array(kafkaUserRecord),
    });
    progress("Kafka users", users.length, true);
    return users;
  } catch (error) {
    if (StreamkapError.is(error) && error.code === ErrorCodes.notFound) return [];
    throw error;
  }
}

/** Runs one kind's reads; a failure says which kind could not be read, then what the service answered. */
async function reading<T>(what: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const cause = StreamkapError.is(error) ? error : undefined;
    throw new StreamkapError(
      cause?.code ?? ErrorCodes.unexpectedResponse,
      `export could not read the service's ${what}: ${message}`,
      cause?.call,
    );
  }
}

async function readTags(client: StreamkapClient, progress: Progress): Promise<TagRecord[]> {
  const answer = await client.call({ method: "GET", path: "/tags", schema: z.unknown() });
  const parsed = z.array(tagRecord).safeParse(tagsIn(answer));
  if (!parsed.success) {
    throw new StreamkapError(
      ErrorCodes.unexpectedResponse,
      `GET /tags answered, but ${describeParseFailure(parsed.error)}. The service may have changed its API; please report this.`,
    );
  }
  const tags = parsed.data;
  progress("tags", tags.length, true);
  return tags;
}

/** The listing filters by entity type; a service that ignores the filter must not turn source topics into topics. */
function isManual(topic: TopicRecord): boolean {
  const type = readTopic(topic).entityType;
  return type === undefined || type === "manual";
}

/**
 * Each topic as GET /topics/{id}?detailed=true answers it: the listing's items carry no partitions, configs or
 * tags (DOCS list-all-topics; TF internal/api/topic.go:70-79 vs 131-152). One deleted meanwhile is left out.
 */
export async function topicDetails(
  client: StreamkapClient,
  listed: ReadonlyArray<Pick<TopicRecord, "id">>,
): Promise<TopicRecord[]> {
  const topics: TopicRecord[] = [];
  for (const item of listed) {
    try {
      topics.push(
        await client.call({
          method: "GET",
          path: `/topics/${encodeURIComponent(item.id)}`,
          query: { detailed: true },
          schema: topicRecord,
        }),
      );
    } catch (error) {
      if (!(StreamkapError.is(error) && error.code === ErrorCodes.notFound)) throw error;
    }
  }
  return topics;
}
