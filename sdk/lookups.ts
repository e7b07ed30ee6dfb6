/**
 * Lookups: read objects that another stack or the web console made, to reference them from this program.
 * They are plain async functions (dynamic providers cannot serve Pulumi invokes), called when the program runs,
 * in `preview` as in `up`. They use the provider's credentials and client: stack config `streamkap:endpoint`,
 * `streamkap:clientId`, `streamkap:secret` or `streamkap:projectKey`, else STREAMKAP_HOST, STREAMKAP_CLIENT_ID,
 * STREAMKAP_SECRET, STREAMKAP_PROJECT_KEY. The provider plugin serves the same lookups (provider/lookups) as
 * invokes, `streamkap:index:getSources` and so on.
 */
import type { TopicSerializationInfo } from "./access-lookups";
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
  /** The topic's database id, which `getTopicMetrics` takes as `topicDbIds`, when the service lists one. */
  dbId?: string;
  /** The number of partitions ({@link getTopic} only: the service's topic listing does not carry it). */
  partitions?: number;
  /** `delete`, `compact` or `delete,compact` ({@link getTopic} only, like `partitions`). */
  cleanupPolicy?: string;
  /** How its records are serialized, when the service says (see also `getTopicSerialization`). */
  serialization?: TopicSerializationInfo;
}

/** The owner kinds the service's topic listing filters by (DOCS list-all-topics). */
export type TopicEntityType = "sources" | "destinations" | "transforms" | "pipelines" | "manual";

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

/** A tag as {@link getTag} and {@link getTags} answer it. */
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

/** The source with this id. */
export async function getSource(id: string): Promise<ConnectorInfo> {
  return provider().lookups.getSource(client(), id);
}

/**
 * The sources that match every given filter, e.g. `getSources({ connector: "postgresql", tagIds: [prod.id] })`.
 * An empty list when none does.
 */
export async function getSources(filter: ConnectorFilter = {}): Promise<ConnectorInfo[]> {
  return provider().lookups.getSources(client(), filter);
}

/** The destination with this id. */
export async function getDestination(id: string): Promise<ConnectorInfo> {
  return provider().lookups.getDestination(client(), id);
}

/** The destinations that match every given filter; an empty list when none does. */
export async function getDestinations(filter: ConnectorFilter = {}): Promise<ConnectorInfo[]> {
  return provider().lookups.getDestinations(client(), filter);
}

/** The pipeline with this id. */
export async function getPipeline(id: string): Promise<PipelineInfo> {
  return provider().lookups.getPipeline(client(), id);
}

/** The topic with this id (a source topic's id is `source_<source id>.<table>`). */
export async function getTopic(id: string): Promise<TopicInfo> {
  return provider().lookups.getTopic(client(), id);
}

/** The topics that match every given filter; an empty list when none does. */
export async function getTopics(filter: TopicFilter = {}): Promise<TopicInfo[]> {
  return provider().lookups.getTopics(client(), filter);
}

/** The tag with this id, system tags included (Terraform's `streamkap_tag` data source). */
export async function getTag(id: string): Promise<TagInfo> {
  return provider().lookups.getTag(client(), id);
}

/**
 * The tags that match every given filter, system tags included: e.g. `getTags({ name: "Production" })`.
 * An empty list when none does.
 */
export async function getTags(filter: TagFilter = {}): Promise<TagInfo[]> {
  return provider().lookups.getTags(client(), filter);
}

/** The transform with this id. */
export async function getTransform(id: string): Promise<TransformInfo> {
  return provider().lookups.getTransform(client(), id);
}

/** The transforms whose name contains `partialName` (all of them without it). */
export async function getTransforms(filter: { partialName?: string } = {}): Promise<TransformInfo[]> {
  return provider().lookups.getTransforms(client(), filter);
}
