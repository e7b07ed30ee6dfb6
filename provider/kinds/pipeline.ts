import { z } from "zod";

import { connectorRecord, envelope, type PipelineRecord, pipelineRecord } from "../client/responses";
import { ErrorCodes, StreamkapError } from "../errors";
import type { Json, JsonObject, KindContext, KindDescription } from "../engine/kind";
import { compact, semanticEqual } from "../engine/values";
import { liveTagIds } from "./lifecycle/tags";
import { nameSchema, namePrefixSchema } from "./names";

/** What the SDK knows of a linked source or destination from its outputs (see `hints` in KindDescription). */
const endpointHint = z.strictObject({ name: z.string(), connector: z.string() });

export const pipelineInputsSchema = z.strictObject({
  name: nameSchema,
  namePrefix: namePrefixSchema.optional(),
  sourceId: z.string().min(1),
  destinationId: z.string().min(1),
  /** Tables of the source ("public.orders") or full topic ids; absent means every topic of the source. */
  topics: z.array(z.string().min(1)).min(1, "must list at least one topic, or be left out for all").optional(),
  snapshotNewTables: z.boolean().optional(),
  /** Tag ids; the service tags a pipeline "Development" when none are given. */
  tags: z.array(z.string().min(1)).optional(),
  /** Filled by the SDK when the source and destination are resources of the program: spares two lookups. */
  endpoints: z.strictObject({ source: endpointHint.optional(), destination: endpointHint.optional() }).optional(),
});
export type PipelineInputs = z.infer<typeof pipelineInputsSchema> & JsonObject;

interface ConnectorRef {
  id: string;
  name: string;
  connector: string;
  topicIds: string[];
}

async function connectorRef(
  context: KindContext,
  collection: "/sources" | "/destinations",
  id: string,
  input: string,
): Promise<ConnectorRef> {
  const page = await context.client.call({
    method: "GET",
    path: `${collection}/${encodeURIComponent(id)}`,
    schema: envelope(connectorRecord),
  });
  const live = page.result[0];
  if (!live) {
    throw new StreamkapError(
      ErrorCodes.notFound,
      `${context.label}: \`${input}\` refers to ${collection.slice(1, -1)} ${id}, which does not exist on the service; ` +
        "pass the `id` of a source or destination resource of this stack, or refresh the stack that owns it.",
    );
  }
  return { id: live.id, name: live.name ?? "", connector: live.connector ?? "", topicIds: live.topic_ids ?? [] };
}

/** A source topic's full id is `source_<sourceId>.<table>` (the service's own scheme): no lookup needed. */
function topicId(sourceId: string, topic: string): string {
  return topic.startsWith(`source_${sourceId}.`) ? topic : `source_${sourceId}.${topic}`;
}

/**
 * The pipeline's body. A create costs one call when the program links resources of its own and names its
 * topics: names and connectors come from the SDK's hints and topic ids follow from the source's id. Only what
 * is missing is looked up (every topic of the source, or an end given as a bare id).
 */
async function pipelineBody(inputs: PipelineInputs, context: KindContext): Promise<JsonObject> {
  const hints = inputs.endpoints ?? {};
  const [source, destination] = await Promise.all([
    hints.source && inputs.topics !== undefined
      ? { id: inputs.sourceId, ...hints.source, topicIds: [] }
      : connectorRef(context, "/sources", inputs.sourceId, "sourceId"),
    hints.destination
      ? { id: inputs.destinationId, ...hints.destination, topicIds: [] }
      : connectorRef(context, "/destinations", inputs.destinationId, "destinationId"),
  ]);
  return compact({
    name: inputs.name,
    source: {
      id: source.id,
      name: source.name,
      connector: source.connector,
      topics: inputs.topics?.map((topic) => topicId(source.id, topic)) ?? source.topicIds,
    },
    destination: { id: destination.id, name: destination.name, connector: destination.connector },
    tags: inputs.tags ?? [],
    snapshot_new_tables: inputs.snapshotNewTables ?? false,
    transforms: [],
    topic_auto_discovery_transforms: [],
  });
}

function tagIds(live: PipelineRecord): string[] {
  return liveTagIds(live) ?? [];
}

export const pipelineKind: KindDescription<PipelineInputs, PipelineRecord> = {
  kind: "pipeline",
  schema: pipelineInputsSchema as z.ZodType<PipelineInputs>,
  // A pipeline is its source → destination link: pointing it elsewhere makes a new pipeline. It also lets a
  // source that must be deleted before its replacement exists take its pipelines down first (the service
  // refuses to delete a source a pipeline still uses).
  replaceOn: ["sourceId", "destinationId"],
  uniqueNames: true,
  hints: ["endpoints"],
  adoptByName: false,
  api: {
    collection: "/pipelines",
    record: pipelineRecord,
    idOf: (live) => live.id,
    nameOf: (live) => live.name ?? undefined,
    createBody: async (inputs, context) => ({
      ...(await pipelineBody(inputs, context)),
      created_from: context.createdFrom,
    }),
    updateBody: (inputs, context) => pipelineBody(inputs, context),
    asyncDelete: false,
  },
  outputs: (live) =>
    compact({
      topicIds: live.topic_ids ?? undefined,
      topicNames: live.topics ?? undefined,
      sourceName: live.source?.name ?? undefined,
      destinationName: live.destination?.name ?? undefined,
      tagIds: tagIds(live),
      createdFrom: live.created_from ?? undefined,
    }),
  liveInputs: (live, prior) => {
    const liveTopicIds = live.topic_ids ?? [];
    // Keep the program's own way of naming topics when it still denotes the live set.
    const priorTopicsMatch =
      prior.topics !== undefined &&
      prior.topics.length === liveTopicIds.length &&
      prior.topics.every((topic) => liveTopicIds.some((id) => id === topic || id.endsWith(`.${topic}`)));
    const liveTags = tagIds(live);
    return compact({
      ...prior,
      name: live.name ?? prior.name,
      sourceId: live.source?.id ?? prior.sourceId,
      destinationId: live.destination?.id ?? prior.destinationId,
      topics: prior.topics === undefined || priorTopicsMatch ? prior.topics : (liveTopicIds as Json[] as string[]),
      snapshotNewTables: prior.snapshotNewTables === undefined ? undefined : (live.snapshot_new_tables ?? undefined),
      tags:
        prior.tags === undefined || semanticEqual([...prior.tags].sort(), [...liveTags].sort()) ? prior.tags : liveTags,
    }) as PipelineInputs;
  },
};
