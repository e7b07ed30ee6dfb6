/**
 * Lookups: read objects that another stack or the web console made, to reference them from this program.
 * They are plain async functions (dynamic providers cannot serve Pulumi invokes), called when the program runs,
 * in `preview` as in `up`. They use the provider's credentials and client: stack config `streamkap:endpoint`,
 * `streamkap:clientId`, `streamkap:secret` or `streamkap:projectKey`, else STREAMKAP_HOST, STREAMKAP_CLIENT_ID,
 * STREAMKAP_SECRET, STREAMKAP_PROJECT_KEY.
 */
import { z } from "zod";

import type * as ProviderApi from "../provider/public/sdk";
import { serializationInfo, type TopicSerializationInfo } from "./access-lookups";
import { lookupClient as client, provider } from "./provider";
import type { TagType } from "./tag";

/** A source or destination as a lookup answers it. */
export interface ConnectorInfo {
  /** The object's id, for `Pipeline` and the like. */
  id: string;
  /** The name on the service. */
  name: string;
  /** The connector code, e.g. `postgresql`, `webhook`. */
  connector: string;
  /** `Active`, `Paused`, `Broken`, … */
  connectorStatus?: string;
  /** Settings by dotted key; secrets come back masked. */
  config: Record<string, unknown>;
  /** Topic display names, e.g. `public.orders` (sources). */
  topics: string[];
  /** Full topic ids, e.g. `source_<id>.public.orders` (sources). */
  topicIds: string[];
  /** The ids of its tags. */
  tagIds: string[];
  /** How it was created: `api`, `terraform` or `web`. */
  createdFrom?: string;
}

/** Filters of {@link getSources} and {@link getDestinations}; all optional, combined with "and". */
export interface ConnectorFilter {
  /** Part of the name, case-insensitive. */
  partialName?: string;
  /** Connector code, e.g. `postgresql`. */
  connector?: string;
  /** Tag ids the object must carry. */
  tagIds?: string[];
  /** Whether the object needs `any` of `tagIds` or `all` of them. @default "any" */
  tagMatch?: "any" | "all";
}

/** A pipeline as {@link getPipeline} answers it. */
export interface PipelineInfo {
  /** The pipeline's id. */
  id: string;
  /** The name on the service. */
  name: string;
  /** The id of the source it reads. */
  sourceId?: string;
  /** The id of the destination it delivers to. */
  destinationId?: string;
  /** The full ids of the topics it delivers. */
  topicIds: string[];
  /** The ids of its tags. */
  tagIds: string[];
}

/** A topic as {@link getTopic} and {@link getTopics} answer it. */
export interface TopicInfo {
  /** The topic id, e.g. `source_<id>.public.orders` or the name of a topic made directly. */
  id: string;
  /** The display name, e.g. `public.orders`. */
  name: string;
  /** The number of partitions ({@link getTopic} only: the service's topic listing does not carry it). */
  partitions?: number;
  /** `delete`, `compact` or `delete,compact` ({@link getTopic} only, like `partitions`). */
  cleanupPolicy?: string;
  /** How its records are serialized, when the service says (see also `getTopicSerialization`). */
  serialization?: TopicSerializationInfo;
}

/** The owner kinds the service's topic listing filters by (DOCS list-all-topics). */
export type TopicEntityType = "sources" | "destinations" | "transforms" | "pipelines" | "manual";

/** The values the service takes, from those this SDK's first versions documented. */
const legacyEntityTypes: Record<string, TopicEntityType> = {
  source: "sources",
  transform: "transforms",
  topic: "manual",
};

/** Filters of {@link getTopics}. */
export interface TopicFilter {
  /** Part of the name or id, case-insensitive. */
  partialName?: string;
  /**
   * Only topics of this kind of owner: `sources`, `destinations`, `transforms`, `pipelines`, or `manual` for
   * topics made on their own (DOCS list-all-topics). The older `source`, `transform` and `topic` still work.
   */
  entityType?: TopicEntityType | "source" | "transform" | "topic";
  /** Only topics of this source or transform (or pipeline, or destination, with that `entityType`). */
  entityId?: string;
}

/** A tag as {@link getTags} answers it. */
export interface TagInfo {
  /** The tag's id, for the `tags` argument of pipelines, sources and others. */
  id: string;
  /** The tag's name. */
  name: string;
  /** Free text shown with the tag. */
  description?: string;
  /** The kinds of object the tag applies to. */
  types: string[];
  /** True for the service's own tags ("Development", "Production"). */
  system: boolean;
}

/** Filters of {@link getTags}. */
export interface TagFilter {
  /** The exact name, case-insensitive. */
  name?: string;
  /** Only tags that apply to this kind of object (`environment` finds the system environment tags). */
  type?: TagType | "environment" | "general";
  /** Only system tags (true) or only custom tags (false). */
  system?: boolean;
}

/** A transform as {@link getTransform} and {@link getTransforms} answer it. */
export interface TransformInfo {
  /** The transform's id. */
  id: string;
  /** The name on the service. */
  name: string;
  /** The kind of transform, e.g. `map_filter`. */
  type: string;
  /** Settings by dotted key. */
  config: Record<string, unknown>;
  /** The latest implementation version. */
  version?: number;
  /** The version the preview job runs. */
  previewVersion?: string;
  /** The version running live. */
  liveVersion?: string;
  /** `RUNNING`, `DEPLOYING`, `FAILED`, … */
  jobStatus?: string;
}

/** Every item of a paged list. */
function allPages<T extends z.ZodType<{ id: string }>>(
  path: string,
  item: T,
  query: Record<string, string | undefined>,
): Promise<z.infer<T>[]> {
  return provider().readAllPages(client(), path, item, query);
}

/** The one object of a get-by-id envelope; a clear error when there is none. */
async function one<T extends z.ZodType>(lookup: string, what: string, path: string, item: T): Promise<z.infer<T>> {
  const answer = await client()
    .call({ method: "GET", path, schema: provider().envelope(item) })
    .catch((error: unknown) => {
      throw provider().StreamkapError.is(error) && error.code === provider().ErrorCodes.notFound
        ? notFound(lookup, what)
        : error;
    });
  const found = answer.result[0] as z.infer<T> | undefined;
  if (found === undefined) throw notFound(lookup, what);
  return found;
}

function notFound(lookup: string, what: string): ProviderApi.StreamkapError {
  return new (provider().StreamkapError)(
    provider().ErrorCodes.notFound,
    `${lookup}: ${what} does not exist on the service (or these credentials cannot see it). Check the id, and ` +
      "that streamkap:endpoint and the credentials point at the right service.",
  );
}

const tagIdsOf = (tags: unknown): string[] => provider().tagIdsOf(tags) ?? [];

function connectorInfo(live: ProviderApi.ConnectorRecord): ConnectorInfo {
  return {
    id: live.id,
    name: live.name ?? "",
    connector: live.connector ?? "",
    connectorStatus: live.connector_status ?? undefined,
    config: live.config ?? {},
    topics: live.topics ?? [],
    topicIds: live.topic_ids ?? [],
    tagIds: tagIdsOf(live.tags),
    createdFrom: live.created_from ?? undefined,
  };
}

function connectorQuery(filter: ConnectorFilter): Record<string, string | undefined> {
  return {
    partial_name: filter.partialName,
    connector: filter.connector,
    tag_ids: filter.tagIds && filter.tagIds.length > 0 ? filter.tagIds.join(",") : undefined,
    tag_filter_operation:
      filter.tagIds && filter.tagIds.length > 0 ? (filter.tagMatch === "all" ? "and" : "or") : undefined,
  };
}

/** The source with this id. */
export async function getSource(id: string): Promise<ConnectorInfo> {
  return connectorInfo(
    await one("getSource", `source ${id}`, `/sources/${encodeURIComponent(id)}`, provider().connectorRecord),
  );
}

/**
 * The sources that match every given filter, e.g. `getSources({ connector: "postgresql", tagIds: [prod.id] })`.
 * An empty list when none does.
 */
export async function getSources(filter: ConnectorFilter = {}): Promise<ConnectorInfo[]> {
  return (await allPages("/sources", provider().connectorRecord, connectorQuery(filter))).map(connectorInfo);
}

/** The destination with this id. */
export async function getDestination(id: string): Promise<ConnectorInfo> {
  const path = `/destinations/${encodeURIComponent(id)}`;
  return connectorInfo(await one("getDestination", `destination ${id}`, path, provider().connectorRecord));
}

/** The destinations that match every given filter; an empty list when none does. */
export async function getDestinations(filter: ConnectorFilter = {}): Promise<ConnectorInfo[]> {
  return (await allPages("/destinations", provider().connectorRecord, connectorQuery(filter))).map(connectorInfo);
}

/** The pipeline with this id. */
export async function getPipeline(id: string): Promise<PipelineInfo> {
  const live = await one(
    "getPipeline",
    `pipeline ${id}`,
    `/pipelines/${encodeURIComponent(id)}`,
    provider().pipelineRecord,
  );
  return {
    id: live.id,
    name: live.name ?? "",
    sourceId: live.source?.id ?? undefined,
    destinationId: live.destination?.id ?? undefined,
    topicIds: live.topic_ids ?? [],
    tagIds: tagIdsOf(live.tags),
  };
}

/** The topic with this id (a source topic's id is `source_<source id>.<table>`). */
export async function getTopic(id: string): Promise<TopicInfo> {
  let live: z.infer<typeof ProviderApi.topicRecord>;
  try {
    // TF internal/api/topic.go:191-199: `detailed=true` so the answer carries the `kafka` block.
    live = await client().call({
      method: "GET",
      path: `/topics/${encodeURIComponent(id)}`,
      query: { detailed: true },
      schema: provider().topicRecord,
    });
  } catch (error) {
    throw provider().StreamkapError.is(error) && error.code === provider().ErrorCodes.notFound
      ? notFound("getTopic", `topic ${id}`)
      : error;
  }
  return topicInfo(live);
}

function topicInfo(live: z.infer<typeof ProviderApi.topicRecord>): TopicInfo {
  const facts = provider().readTopic(live);
  return {
    id: live.id,
    name: facts.name ?? live.id,
    partitions: facts.partitions,
    cleanupPolicy: facts.cleanupPolicy,
    serialization: serializationInfo(live.serialization),
  };
}

/** The topics that match every given filter; an empty list when none does. */
export async function getTopics(filter: TopicFilter = {}): Promise<TopicInfo[]> {
  const entityType =
    filter.entityType === undefined ? undefined : (legacyEntityTypes[filter.entityType] ?? filter.entityType);
  const query = { partial_name: filter.partialName, entity_type: entityType, entity_id: filter.entityId };
  return (await allPages("/topics/details", provider().topicRecord, query)).map(topicInfo);
}

/**
 * The tags that match every given filter, system tags included: e.g. `getTags({ name: "Production" })`.
 * An empty list when none does.
 */
export async function getTags(filter: TagFilter = {}): Promise<TagInfo[]> {
  // The service filters by `tag_name` and `tag_type` (TF internal/api/tag.go:55-75); the filters are applied here
  // again because a name filter may match parts of names.
  const query = { tag_name: filter.name, tag_type: filter.type };
  const answer = await client().call({ method: "GET", path: "/tags", query, schema: z.unknown() });
  const tags = z.array(provider().tagRecord).parse(provider().tagsIn(answer));
  return tags
    .map((tag) => ({
      id: tag.id,
      name: tag.name ?? "",
      description: tag.description ?? undefined,
      types: tag.type ?? [],
      system: tag.system ?? false,
    }))
    .filter((tag) => filter.name === undefined || tag.name.toLowerCase() === filter.name.toLowerCase())
    .filter((tag) => filter.type === undefined || tag.types.includes(filter.type))
    .filter((tag) => filter.system === undefined || tag.system === filter.system);
}

function transformInfo(live: z.infer<typeof ProviderApi.transformRecord>): TransformInfo {
  const text = (value: unknown) => (value === null || value === undefined ? undefined : String(value));
  return {
    id: live.id,
    name: live.name ?? "",
    type: live.transform_type ?? "",
    config: live.config ?? {},
    version: live.version === null || live.version === undefined ? undefined : Number(live.version),
    previewVersion: text(live.preview_version),
    liveVersion: text(live.live_version),
    jobStatus: live.metrics?.status ?? undefined,
  };
}

/** The transform with this id. */
export async function getTransform(id: string): Promise<TransformInfo> {
  const path = `/transforms/${encodeURIComponent(id)}`;
  return transformInfo(await one("getTransform", `transform ${id}`, path, provider().transformRecord));
}

/** The transforms whose name contains `partialName` (all of them without it). */
export async function getTransforms(filter: { partialName?: string } = {}): Promise<TransformInfo[]> {
  return (await allPages("/transforms", provider().transformRecord, { partial_name: filter.partialName })).map(
    transformInfo,
  );
}
