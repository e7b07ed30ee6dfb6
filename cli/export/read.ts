import { z } from "zod";

import type { StreamkapClient } from "../../provider/client/client";
import { readAllPages } from "../../provider/client/pages";
import { ErrorCodes, StreamkapError } from "../../provider/errors";
import {
  type ConnectorRecord,
  connectorRecord,
  describeParseFailure,
  type PipelineRecord,
  pipelineRecord,
  type TopicRecord,
  topicRecord,
} from "../../provider/client/responses";
import { type TagRecord, tagRecord, tagsIn } from "../../provider/kinds/tag";
import { type TransformRecord, transformRecord } from "../../provider/kinds/transform";

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
}

/** Told how many objects of a kind have been read so far, and once more when the kind is done. */
export type Progress = (what: string, count: number, done: boolean) => void;

/**
 * Reads the whole service through the provider's client (same retries, deadlines and token handling as
 * `pulumi up`), one kind at a time so the progress reads in order.
 */
export async function readService(client: StreamkapClient, progress: Progress): Promise<ServiceSnapshot> {
  const tags = await reading("tags", () => readTags(client, progress));
  const pages = <T extends z.ZodType<{ id: string }>>(path: string, item: T, what: string, filter = {}) =>
    reading(what, () => readAllPages(client, path, item, filter, (count, done) => progress(what, count, done)));
  const topics = await pages("/topics/details", topicRecord, "topics", { entity_type: "topic" });
  const allSources = await pages("/sources", connectorRecord, "sources");
  const destinations = await pages("/destinations", connectorRecord, "destinations");
  const transforms = await pages("/transforms", transformRecord, "transforms");
  const pipelines = await pages("/pipelines", pipelineRecord, "pipelines");
  return {
    sources: allSources.filter((source) => source.connector !== "webhook"),
    webhookSources: allSources.filter((source) => source.connector === "webhook"),
    destinations,
    pipelines,
    transforms,
    // The listing filters by entity type; a service that ignores the filter must not turn source topics into topics.
    topics: topics.filter((topic) => entityType(topic) === undefined || entityType(topic) === "topic"),
    tags,
  };
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

function entityType(topic: TopicRecord): string | undefined {
  const record = topic as TopicRecord & { entity_type?: unknown; entity?: { type?: unknown } | null };
  const type = record.entity_type ?? record.entity?.type;
  return typeof type === "string" ? type : undefined;
}
