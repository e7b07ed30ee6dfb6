import { z } from "zod";

import { type TopicRecord, topicRecord } from "../client/responses";
import { type CheckFailure, inputSchema, type JsonObject, type KindDescription } from "../engine/kind";
import { requestFor } from "../engine/lookup";
import { compact, isUnknown } from "../engine/values";
import { managedTags } from "./live-values";
import { readTopic } from "./topic-facts";

const optionalNumber = (field: z.ZodNumber) => field.optional();

export const topicInputsSchema = z.strictObject({
  /** Required unless `topicId` names the topic (the engine derives one from the resource name otherwise). */
  name: z
    .string()
    .min(1, "must not be empty")
    .max(249, "must be at most 249 characters")
    .regex(/^[a-zA-Z0-9._-]+$/, "may hold only letters, digits, `.`, `_` and `-` (Kafka topic names)")
    .optional(),
  /**
   * A topic the service made for a source or transform, taken over by its id as Terraform's `streamkap_topic`
   * does: never created, its name the service's, and never deleted (a destroy only lets it go).
   */
  topicId: z.string().min(1, "must be a topic id such as source_<id>.public.orders").optional(),
  namePrefix: z.string().min(1).max(240).optional(),
  /** Can only grow. */
  partitions: optionalNumber(z.number().int().min(1).max(10_000)),
  replicationFactor: optionalNumber(z.number().int().min(1).max(10)),
  cleanupPolicy: z.enum(["delete", "compact", "delete,compact"]).optional(),
  minInsyncReplicas: optionalNumber(z.number().int().min(1).max(10)),
  /** -1 keeps records forever. */
  retentionMs: optionalNumber(z.number().int().min(-1)),
  /** -1 means no size limit. */
  retentionBytes: optionalNumber(z.number().int().min(-1)),
  maxMessageBytes: optionalNumber(z.number().int().min(1)),
  customConfigs: z.record(z.string().min(1), z.string()).optional(),
  tags: z.array(z.string().min(1)).optional(),
});
export type TopicInputs = z.infer<typeof topicInputsSchema> & JsonObject;

/**
 * PUT /topics/{id} takes only these two, inside `payload`, at least one of them (TF internal/api/topic.go:154-163).
 * Partitions can only grow (TF topic_resource_test.go:12-21), so a count the program leaves unset is never sent:
 * a topic grown outside Pulumi is never asked to shrink, and keeps the count it has.
 */
function topicPayload(inputs: TopicInputs): JsonObject {
  return { payload: compact({ partition_count: inputs.partitions, tags: inputs.tags }) };
}

export const topicKind: KindDescription<TopicInputs, TopicRecord> = {
  noun: "topic",
  schema: inputSchema<TopicInputs>(topicInputsSchema),
  rules: (news, olds) => {
    const failures: CheckFailure[] = [];
    if (news.topicId !== undefined && news.name !== undefined) {
      failures.push({
        property: "name",
        reason: "`name` and `topicId` cannot both be set: a topic taken over by `topicId` keeps the service's name",
      });
    }
    if (news.topicId === undefined && news.name === undefined) {
      failures.push({ property: "name", reason: "`name` is required (or `topicId`, to take over an existing topic)" });
    }
    // Unset, the topic keeps the count it has: only a declared count can ask it to shrink.
    const before = olds?.partitions ?? 1;
    const after = news.partitions;
    if (after !== undefined && !isUnknown(after) && after < before) {
      failures.push({
        property: "partitions",
        reason: `\`partitions\` can only grow (it is ${before}); to have fewer, create a new topic under another name`,
      });
    }
    const { minInsyncReplicas: minimum, replicationFactor: copies } = news;
    if (typeof minimum === "number" && typeof copies === "number" && minimum > copies) {
      // Kafka would then refuse every write that waits for all in-sync replicas.
      failures.push({
        property: "minInsyncReplicas",
        reason:
          "`minInsyncReplicas` must not exceed `replicationFactor`: there cannot be more in-sync copies than copies",
      });
    }
    return failures;
  },
  // Only partitions and tags can change in place (PUT /topics/{id} takes {payload: {partition_count, tags}}).
  replaceOn: [
    "name",
    "topicId",
    "replicationFactor",
    "cleanupPolicy",
    "minInsyncReplicas",
    "retentionMs",
    "retentionBytes",
    "maxMessageBytes",
    "customConfigs",
  ],
  uniqueNames: true,
  existingObject: (inputs) => (typeof inputs.topicId === "string" ? inputs.topicId : undefined),
  api: {
    collection: "/topics",
    listPath: "/topics/details",
    record: topicRecord,
    idOf: (live) => live.id,
    nameOf: (live) => live.name ?? live.topic_name ?? undefined,
    // TF internal/api/topic.go:191-199 pins `detailed=true`: without it the answer may lack the `kafka` block.
    getRequest: (id) => ({ method: "GET", path: `/topics/${encodeURIComponent(id)}`, query: { detailed: true } }),
    createBody: (inputs) =>
      compact({
        topic_name: inputs.name,
        num_partitions: inputs.partitions ?? 1,
        replication_factor: inputs.replicationFactor,
        cleanup_policy: inputs.cleanupPolicy,
        min_insync_replicas: inputs.minInsyncReplicas,
        retention_ms: inputs.retentionMs,
        retention_bytes: inputs.retentionBytes,
        max_message_bytes: inputs.maxMessageBytes,
        custom_configs: inputs.customConfigs,
      }),
    updateBody: topicPayload,
    // With neither declared there is nothing to send (the service refuses an empty payload): the topic is read.
    updateNeeded: (_olds, news) => news.partitions !== undefined || news.tags !== undefined,
    asyncDelete: false,
    // A topic taken over by `topicId` is its source's or transform's: destroying the resource only lets it go, as
    // Terraform's `streamkap_topic` does (TF internal/resource/topic/topic.go:225-236: "Destroying the resource
    // simply drops it from Terraform state"). Any other topic is deleted as every kind is.
    deleteRequest: (id, last) => (typeof last.topicId === "string" ? [] : requestFor("/topics", "DELETE", id)),
  },
  // POST /topics takes no tags: a tagged topic gets them with the one call that can set them, right after.
  converge: async (self, _live, inputs, previous) => {
    if (previous === undefined && inputs.tags !== undefined && inputs.tags.length > 0) {
      await self.context.client.call({
        method: "PUT",
        path: self.path,
        body: topicPayload(inputs),
        schema: topicRecord,
        idempotent: true,
      });
    }
    return {};
  },
  outputs: (live) => compact({ partitionCount: readTopic(live).partitions }),
  // Partitions and cleanup policy as the service reports them (TF topic.go:131-152: `kafka.partitions.count`,
  // `kafka.configs["cleanup.policy"]`), so a change made in the console shows as drift after refresh.
  liveInputs: (live, prior) => {
    const facts = readTopic(live);
    return compact({
      ...prior,
      // Taken over by `topicId`, the name is the service's and never an input.
      name: prior.topicId !== undefined ? prior.name : (facts.name ?? prior.name),
      // Unset, the count is the service's to keep (the `partitionCount` output shows it), never drift.
      partitions: prior.partitions === undefined ? undefined : (facts.partitions ?? prior.partitions),
      tags: managedTags(prior.tags, live.tags),
      cleanupPolicy:
        prior.cleanupPolicy === undefined
          ? undefined
          : ((facts.cleanupPolicy as TopicInputs["cleanupPolicy"]) ?? prior.cleanupPolicy),
    }) as TopicInputs;
  },
};
