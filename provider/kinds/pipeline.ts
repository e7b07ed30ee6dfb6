import { z } from "zod";

import { type PipelineRecord, pipelineRecord } from "../client/responses";
import { errors } from "../errors";
import {
  type CheckFailure,
  inputSchema,
  type Json,
  type JsonObject,
  type KindContext,
  type KindDescription,
  type ObjectHandle,
} from "../engine/kind";
import { getObject, handleOf, requestFor } from "../engine/lookup";
import { changedBeyond, compact, isPlainObject, semanticEqual } from "../engine/values";
import { connectorKind } from "./connector";
import { nameSchema, namePrefixSchema } from "./names";
import {
  autoDiscoveryRules,
  type PipelineTransformLinks,
  pipelineTransformRules,
  topicAutoDiscoverySchema,
  transformItemsFor,
  transformLinksSchema,
  liveAutoDiscovery,
  liveLinks,
  liveRules,
  liveTransformLinks,
} from "./pipeline-transforms";
import { managedTags, tagIdsOf } from "./live-values";
import { LifecycleError } from "../lifecycle/converge";
import { offsetResetSchema, offsetResetToRun, resetOffsets } from "../lifecycle/offset-reset";

/** TF internal/api/pipeline.go:84,199,225. */
const writeQuery = { secret_returned: true, wait: false } as const;

/** What the SDK knows of a linked source or destination from its outputs (see `hints` in KindDescription). */
const endpointHint = z.strictObject({ name: z.string(), connector: z.string() });

export const pipelineInputsSchema = z.strictObject({
  name: nameSchema,
  namePrefix: namePrefixSchema.optional(),
  sourceId: z.string().min(1),
  destinationId: z.string().min(1),
  /**
   * Tables of the source ("public.orders"); a full topic id (`source_<id>.public.orders`) is taken as its table.
   * Absent means every topic of the source.
   */
  topics: z.array(z.string().min(1)).min(1, "must list at least one topic, or be left out for all").optional(),
  snapshotNewTables: z.boolean().optional(),
  /**
   * Tag ids. Absent: left as they are on the service (a new pipeline gets the "Development" tag); `[]`: none.
   */
  tags: z.array(z.string().min(1)).optional(),
  /**
   * Transforms whose topics the pipeline delivers: each transform by id with the topics it handles (TF
   * `transforms`). Absent: left as they are on the service; `[]`: none.
   */
  transforms: transformLinksSchema.optional(),
  /**
   * Rules that pick up a transform's output topics by regex, for topics named only at run time (a topic router's;
   * TF `topic_auto_discovery_transforms`). Absent: left as they are on the service; `[]`: none.
   */
  topicAutoDiscovery: topicAutoDiscoverySchema.optional(),
  /**
   * Replays (or skips) data: each change of `offsetReset.trigger` moves the destination's consumer group once.
   * Only `converge` acts on it: a change to it alone sends no update.
   */
  offsetReset: offsetResetSchema.optional(),
  /** Filled by the SDK when the source and destination are resources of the program: spares two lookups. */
  endpoints: z.strictObject({ source: endpointHint.optional(), destination: endpointHint.optional() }).optional(),
});
export type PipelineInputs = z.infer<typeof pipelineInputsSchema> & JsonObject;

/**
 * The ends as Terraform's `streamkap_pipeline` declares them, which Pulumi's Terraform converter copies as they are
 * (it renames attributes, never reshapes them): `source.id` is `sourceId`, `source.topics` is `topics`,
 * `destination.id` is `destinationId`. `name` and `connector` are the connector's own, read from the service.
 */
const terraformSourceSchema = z
  .strictObject({
    id: z.string().min(1),
    name: z.string().optional(),
    connector: z.string().optional(),
    topics: z.array(z.string().min(1)).min(1, "must list at least one topic, or be left out for all").optional(),
  })
  .meta({ title: "PipelineSource" });
const terraformDestinationSchema = z
  .strictObject({ id: z.string().min(1), name: z.string().optional(), connector: z.string().optional() })
  .meta({ title: "PipelineDestination" });

/** What the kind accepts: its own inputs, or the ends in Terraform's shape (`canonicalPipelineInputs`). */
export const pipelineAcceptedInputsSchema = pipelineInputsSchema.extend({
  sourceId: z.string().min(1).optional(),
  destinationId: z.string().min(1).optional(),
  source: terraformSourceSchema.optional().meta({
    description:
      "The source as Terraform's `streamkap_pipeline` declares it, for programs Pulumi's Terraform converter " +
      "wrote: `id` is `sourceId` and `topics` is `topics` (give one form, not both); `name` and `connector` are " +
      "read from the service.",
  }),
  destination: terraformDestinationSchema.optional().meta({
    description:
      "The destination as Terraform's `streamkap_pipeline` declares it, for programs Pulumi's Terraform " +
      "converter wrote: `id` is `destinationId` (give one form, not both); `name` and `connector` are read from " +
      "the service.",
  }),
});

/**
 * The ends given in Terraform's shape, as the kind's own inputs. Left as they are where both forms name an end
 * (or both name the topics): the rules then say which to keep.
 */
export function canonicalPipelineInputs(accepted: JsonObject): PipelineInputs {
  const { source, destination, ...rest } = accepted;
  const result: JsonObject = { ...rest };
  if (
    isPlainObject(source) &&
    rest.sourceId === undefined &&
    !(rest.topics !== undefined && source.topics !== undefined)
  ) {
    result.sourceId = source.id;
    if (source.topics !== undefined) result.topics = source.topics;
  } else if (source !== undefined) {
    result.source = source;
  }
  if (isPlainObject(destination) && rest.destinationId === undefined) {
    result.destinationId = destination.id;
  } else if (destination !== undefined) {
    result.destination = destination;
  }
  return result as PipelineInputs;
}

/** Each end named once, in one of its two forms (`canonicalPipelineInputs` keeps a form it could not take). */
function endRules(news: JsonObject): CheckFailure[] {
  const failures: CheckFailure[] = [];
  for (const end of ["source", "destination"] as const) {
    const idInput = `${end}Id`;
    if (news[end] !== undefined && news[idInput] !== undefined) {
      failures.push({ property: end, reason: `give \`${idInput}\` or \`${end}\` (Terraform's shape), not both` });
    } else if (end === "source" && news.source !== undefined) {
      // Kept although `sourceId` is not given: only because `topics` and `source.topics` are both.
      failures.push({ property: "topics", reason: "give `topics` or `source.topics` (Terraform's shape), not both" });
    } else if (news[idInput] === undefined) {
      failures.push({
        property: idInput,
        reason: `\`${idInput}\` is required (or \`${end}\`, as Terraform declares it)`,
      });
    }
  }
  return failures;
}

interface ConnectorRef {
  id: string;
  name: string;
  connector: string;
  /** The source's topics by pretty name ("public.orders"). */
  topicNames: string[];
}

/**
 * A pipeline's end, read from the service. A missing one is named by the argument the program wrote: the
 * TypeScript class (which sends `endpoints`) takes `source`, a resource; the plugin's classes take `sourceId`.
 */
async function connectorRef(
  context: KindContext,
  kind: "source" | "destination",
  id: string,
  inputs: PipelineInputs,
): Promise<ConnectorRef> {
  const live = await getObject(connectorKind(kind), context, id);
  if (!live) {
    const byResource = inputs.endpoints !== undefined;
    const input = byResource ? kind : `${kind}Id`;
    throw errors.missingReference({ resource: context.label, input, what: kind, id, byResource });
  }
  return {
    id: live.id,
    name: live.name ?? "",
    connector: live.connector ?? "",
    topicNames: (live.topics ?? live.topic_ids ?? []).map((topic) => prettyTopic(live.id, String(topic))),
  };
}

/**
 * A source topic by its pretty name: `source_<sourceId>.public.orders` → `public.orders`; a pretty name stays as it
 * is. The service takes and answers pretty names in `source.topics` and builds the topic id from them itself; the
 * reference client strips exactly this prefix, never a first segment, which would cut names like
 * `default.MyTable` (TF internal/resource/pipeline/pipeline.go:692-705; pipeline_test.go:231-262).
 */
export function prettyTopic(sourceId: string, topic: string): string {
  const prefix = `source_${sourceId}.`;
  return sourceId !== "" && topic.startsWith(prefix) ? topic.slice(prefix.length) : topic;
}

/** A topic of the pipeline by its full id: a table (`public.orders`) of its source becomes `source_<id>.public.orders`. */
function fullTopicId(sourceId: string, topic: string): string {
  return topic.startsWith("source_") ? topic : `source_${sourceId}.${topic}`;
}

/** The input only `converge` acts on: a change to it alone sends no pipeline update. */
const convergeOnly: ReadonlySet<string> = new Set(["offsetReset"]);

/**
 * Resets the destination's consumer group when `offsetReset.trigger` changed. Until it has happened, the stored
 * `offsetReset` keeps its previous value, so the next preview still shows the change and the next `up` does it,
 * once; `lastOffsetReset` records the last one done.
 */
async function convergeOffsetReset(
  self: ObjectHandle<PipelineRecord>,
  live: PipelineRecord,
  inputs: PipelineInputs,
  previous: JsonObject | undefined,
): Promise<JsonObject> {
  const carried = compact({ lastOffsetReset: previous?.lastOffsetReset });
  const reset = offsetResetToRun(inputs.offsetReset, previous);
  if (reset === undefined) return carried;
  const sourceId = live.source?.id ?? inputs.sourceId;
  const topics = reset.topics ?? live.topic_ids ?? liveTopicNames(live) ?? [];
  const destination = handleOf(
    connectorKind("destination"),
    self.context,
    live.destination?.id ?? inputs.destinationId,
  );
  try {
    const done = await resetOffsets(self.context, destination, reset, [
      ...new Set(topics.map((topic) => fullTopicId(sourceId, topic))),
    ]);
    return { lastOffsetReset: done };
  } catch (error) {
    throw new LifecycleError(error, { ...carried, offsetReset: (previous?.offsetReset as Json | undefined) ?? null });
  }
}

/** The pipeline's topics by pretty name: `source.topics` as the reference client reads them, else `topics`. */
function liveTopicNames(live: PipelineRecord): string[] | undefined {
  const sourceId = live.source?.id ?? "";
  const names = live.source?.topics ?? live.topics ?? live.topic_ids ?? undefined;
  return names?.map((topic) => prettyTopic(sourceId, topic));
}

/** An end of the live pipeline, when it is still the one declared and the service named it and its connector. */
function liveEnd(
  end: { id?: string | null; name?: string | null; connector?: string | null } | null | undefined,
  id: string,
): { name: string; connector: string } | undefined {
  return end?.id === id && end.name && end.connector ? { name: end.name, connector: end.connector } : undefined;
}

/**
 * The body both writes share. A create costs one call when the program names its topics and its ends are known:
 * from the SDK's hints, or because this process just created or updated them (a plugin SDK's program gives bare
 * ids); an update also knows an end it keeps from the pipeline as the service holds it (`live`). Only what is
 * missing is looked up (every topic of the source, or an end named nowhere else).
 */
async function pipelineBody(inputs: PipelineInputs, context: KindContext, live?: PipelineRecord): Promise<JsonObject> {
  const known = context.client.connectors;
  const recalled = {
    source: known.recall("source", inputs.sourceId),
    destination: known.recall("destination", inputs.destinationId),
  };
  const hints = {
    source: inputs.endpoints?.source ?? recalled.source ?? liveEnd(live?.source, inputs.sourceId),
    destination:
      inputs.endpoints?.destination ?? recalled.destination ?? liveEnd(live?.destination, inputs.destinationId),
  };
  // Every topic of the source, when the program names none: as the source answered in this run, else read.
  const sourceTopics = inputs.topics ?? recalled.source?.topics;
  const [source, destination] = await Promise.all([
    hints.source && sourceTopics !== undefined
      ? {
          id: inputs.sourceId,
          name: hints.source.name,
          connector: hints.source.connector,
          topicNames: sourceTopics.map((topic) => prettyTopic(inputs.sourceId, topic)),
        }
      : connectorRef(context, "source", inputs.sourceId, inputs),
    hints.destination
      ? {
          id: inputs.destinationId,
          name: hints.destination.name,
          connector: hints.destination.connector,
          topicNames: [],
        }
      : connectorRef(context, "destination", inputs.destinationId, inputs),
  ]);
  // TF internal/api/pipeline.go:15-24 and internal/resource/pipeline/pipeline.go:637-690: topics by pretty name.
  const topics = inputs.topics?.map((topic) => prettyTopic(source.id, topic)) ?? source.topicNames;
  return compact({
    name: inputs.name,
    source: { id: source.id, name: source.name, connector: source.connector, topics: [...new Set(topics)] },
    destination: { id: destination.id, name: destination.name, connector: destination.connector },
    snapshot_new_tables: inputs.snapshotNewTables ?? false,
  });
}

/** The pipeline as the service holds it now; what the program does not manage is sent back as it is. */
async function livePipeline(context: KindContext, id: string): Promise<PipelineRecord> {
  const live = await getObject(pipelineKind, context, id);
  if (!live) throw errors.gone({ resource: context.label });
  return live;
}

/**
 * Transform items as the reference client sends them, `{id, name, start_time, topic_id, topic}` (TF
 * internal/api/pipeline.go:57-63). An item this reading does not understand goes back untouched.
 */
function transformItems(live: PipelineRecord): Json[] {
  return (live.transforms ?? []).map((item) => {
    if (!isPlainObject(item) || typeof item.id !== "string" || typeof item.topic_id !== "string") return item as Json;
    return {
      id: item.id,
      name: typeof item.name === "string" ? item.name : "",
      start_time: typeof item.start_time === "string" ? item.start_time : null,
      topic_id: item.topic_id,
      topic: typeof item.topic === "string" ? item.topic : item.topic_id.slice(item.topic_id.indexOf(".") + 1),
    };
  });
}

export const pipelineKind: KindDescription<PipelineInputs, PipelineRecord> = {
  noun: "pipeline",
  schema: inputSchema<PipelineInputs>(pipelineAcceptedInputsSchema),
  canonical: canonicalPipelineInputs,
  rules: (news) => [...endRules(news), ...pipelineTransformRules(news)],
  // A pipeline is its source → destination link: pointing it elsewhere makes a new pipeline. It also lets a
  // source that must be deleted before its replacement exists take its pipelines down first (the service
  // refuses to delete a source a pipeline still uses).
  replaceOn: ["sourceId", "destinationId"],
  // Tag ids and topics are sets to the service (TF `tags` and `source.topics`: sets of strings).
  unorderedInputs: ["tags", "topics"],
  uniqueNames: true,
  hints: ["endpoints"],
  adoptByName: false,
  api: {
    collection: "/pipelines",
    record: pipelineRecord,
    idOf: (live) => live.id,
    nameOf: (live) => live.name ?? undefined,
    // Every write carries `?secret_returned=true&wait=false`, as the reference client's do (TF
    // internal/api/pipeline.go:84,199,225; its tests pin these URLs: internal/provider/error_handling_test.go:1005).
    writeQuery: writeQuery,
    updateNeeded: (olds, news) => changedBeyond(olds, news, convergeOnly),
    createBody: async (inputs, context) =>
      compact({
        ...(await pipelineBody(inputs, context)),
        // Unmanaged tags are left out, so the service gives the pipeline its default, the Development tag (TF
        // internal/resource/pipeline/pipeline.go:118-121; constants/tag.go:6). `[]` would mean "no tags".
        tags: inputs.tags,
        // Never null on the wire (TF pipeline.go:660-668): a new pipeline has none unless the program links some.
        transforms: await transformItemsFor(
          context,
          inputs.transforms ?? [],
          inputs.sourceId,
          inputs.endpoints !== undefined,
        ),
        topic_auto_discovery_transforms: autoDiscoveryRules(inputs.topicAutoDiscovery ?? []),
        created_from: context.createdFrom,
      }),
    // A PUT replaces the pipeline's transforms, auto-discovery rules and (when sent) tags, so what the program does
    // not manage is sent back as the service holds it: transforms attached in the console stay attached, and
    // console tags stay (tags `[]` would clear them: TF internal/api/source.go:30-37).
    updateBody: async (inputs, context, id) => {
      const [live, declaredItems] = await Promise.all([
        livePipeline(context, id),
        inputs.transforms === undefined
          ? undefined
          : transformItemsFor(context, inputs.transforms, inputs.sourceId, inputs.endpoints !== undefined),
      ]);
      // The ends it keeps are named as the service holds them: no read of either.
      const body = await pipelineBody(inputs, context, live);
      return compact({
        ...body,
        // Unset, it is the service's to keep: a pipeline made elsewhere (Terraform's default is true) is not turned
        // off by an update of something else, which the preview would not show.
        snapshot_new_tables: inputs.snapshotNewTables ?? live.snapshot_new_tables ?? false,
        tags: inputs.tags ?? tagIdsOf(live.tags),
        transforms: declaredItems ?? transformItems(live),
        topic_auto_discovery_transforms:
          inputs.topicAutoDiscovery === undefined
            ? ((live.topic_auto_discovery_transforms ?? []) as Json[])
            : autoDiscoveryRules(inputs.topicAutoDiscovery),
      });
    },
    // Deletes are asynchronous: the pipeline keeps its name (and its source) until the service has torn it down,
    // so the engine waits until it is gone (TF internal/api/pipeline.go:198-217; check_destroy_test.go:14-27).
    deleteRequest: (id) => ({ ...requestFor("/pipelines", "DELETE", id), query: writeQuery }),
    asyncDelete: true,
  },
  outputs: (live) =>
    compact({
      topicIds: live.topic_ids ?? undefined,
      topicNames: liveTopicNames(live),
      sourceName: live.source?.name ?? undefined,
      destinationName: live.destination?.name ?? undefined,
      tagIds: tagIdsOf(live.tags) ?? [],
      createdFrom: live.created_from ?? undefined,
    }),
  converge: convergeOffsetReset,
  // What the service decided for what the program leaves out: every topic, its snapshot default, the default tag.
  liveSettings: (live) =>
    compact({
      topics: liveTopicNames(live),
      snapshotNewTables: live.snapshot_new_tables ?? undefined,
      tags: tagIdsOf(live.tags) ?? [],
      transforms: live.transforms ? liveLinks(live) : undefined,
      topicAutoDiscovery: liveRules(live),
    }),
  liveInputs: (live, prior) => {
    const sourceId = live.source?.id ?? prior.sourceId;
    const liveTopics = liveTopicNames(live);
    // Keep the program's own way of naming topics (a pretty name or a full id) when it still denotes the live set.
    const priorTopics = prior.topics?.map((topic) => prettyTopic(sourceId, topic));
    const priorTopicsMatch =
      priorTopics !== undefined &&
      liveTopics !== undefined &&
      semanticEqual([...new Set(priorTopics)].sort(), [...new Set(liveTopics)].sort());
    return compact({
      ...prior,
      name: live.name ?? prior.name,
      sourceId: live.source?.id ?? prior.sourceId,
      destinationId: live.destination?.id ?? prior.destinationId,
      topics: prior.topics === undefined || liveTopics === undefined || priorTopicsMatch ? prior.topics : liveTopics,
      snapshotNewTables: prior.snapshotNewTables === undefined ? undefined : (live.snapshot_new_tables ?? undefined),
      tags: managedTags(prior.tags, live.tags),
      transforms: liveTransformLinks(live, prior.transforms as PipelineTransformLinks | undefined),
      topicAutoDiscovery: liveAutoDiscovery(live, prior.topicAutoDiscovery),
    }) as PipelineInputs;
  },
};
