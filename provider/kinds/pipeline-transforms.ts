import { z } from "zod";

import type { PipelineRecord, TransformRecord } from "../client/responses";
import { errors } from "../errors";
import type { CheckFailure, Json, JsonObject, KindContext } from "../engine/kind";
import { getObject } from "../engine/lookup";
import { isPlainObject, isUnknown, repeatedEntry, semanticEqual } from "../engine/values";
import { regexProblem } from "./regex";
import { transformKind } from "./transform";

/**
 * A pipeline's links to transforms, in the program's words: which transform's topics the pipeline delivers, and
 * which transform outputs it picks up by regex. On the wire (TF internal/api/pipeline.go:15-63) the first is one
 * item per (transform, topic), `{id, name, start_time, topic_id, topic}`; the second `{transform_id, regex}`,
 * stored and echoed unchanged.
 */
export const transformLinksSchema = z.array(
  z
    .strictObject({
      transformId: z.string().min(1, "must not be empty"),
      topics: z.array(z.string().min(1, "must not be empty")).min(1, "must list at least one topic"),
    })
    .meta({ title: "PipelineTransformLink" }),
);
export type PipelineTransformLinks = z.infer<typeof transformLinksSchema>;

export const topicAutoDiscoverySchema = z.array(
  z
    .strictObject({
      transformId: z.string().min(1, "must not be empty"),
      regex: z.string().min(1, "must not be empty"),
    })
    .meta({ title: "TopicAutoDiscoveryRule" }),
);
export type TopicAutoDiscovery = z.infer<typeof topicAutoDiscoverySchema>;

interface LinkInputs {
  transforms?: PipelineTransformLinks;
  topicAutoDiscovery?: TopicAutoDiscovery;
}

/**
 * Offline rules: one entry per transform (the service answers one item per topic and gives no way to tell two
 * entries of one transform apart, so a second entry would read back merged: phantom drift), no topic twice, and
 * regexes that compile.
 */
export function pipelineTransformRules(news: LinkInputs): CheckFailure[] {
  const failures: CheckFailure[] = [];
  const links = news.transforms;
  if (Array.isArray(links) && !isUnknown(links)) {
    const seen = new Map<string, number>();
    links.forEach((link, index) => {
      if (isUnknown(link)) return;
      // An id known only after `up` (a transform created in the same run) is compared when `up` checks again.
      const first = isUnknown(link.transformId) ? undefined : seen.get(link.transformId);
      if (first !== undefined) {
        failures.push({
          property: "transforms",
          reason:
            `\`transforms[${index}]\` names the transform of \`transforms[${first}]\` again; list all its topics ` +
            "in one entry",
        });
      } else if (!isUnknown(link.transformId)) seen.set(link.transformId, index);
      const topics = Array.isArray(link.topics) && !link.topics.some(isUnknown) ? link.topics : [];
      const repeated = repeatedEntry(topics);
      if (repeated !== undefined) {
        failures.push({
          property: "transforms",
          reason: `\`transforms[${index}].topics\` lists \`${repeated}\` more than once`,
        });
      }
    });
  }
  const rules = news.topicAutoDiscovery;
  if (Array.isArray(rules) && !isUnknown(rules)) {
    rules.forEach((rule, index) => {
      if (isUnknown(rule) || typeof rule.regex !== "string" || isUnknown(rule.regex)) return;
      const problem = regexProblem(rule.regex);
      if (problem !== undefined) {
        failures.push({
          property: "topicAutoDiscovery",
          reason: `\`topicAutoDiscovery[${index}].regex\` is not a regular expression (${problem})`,
        });
      }
    });
  }
  return failures;
}

/** One transform as the pipeline items need it: GET as the reference client asks (TF internal/api/transform.go:59). */
async function linkedTransform(
  context: KindContext,
  id: string,
  index: number,
  byResource: boolean,
): Promise<TransformRecord> {
  const live = await getObject(transformKind, context, id, { secret_returned: true, unwind_topics: false });
  if (live) return live;
  throw errors.missingReference({
    resource: context.label,
    input: `transforms[${index}].${byResource ? "transform" : "transformId"}`,
    what: "transform",
    id,
    byResource,
  });
}

/**
 * The `topic_id` of a (transform, topic) pair, as the reference client builds it (TF
 * internal/resource/pipeline/pipeline.go:504-568): the transform's own id for that topic when it has one, else
 * `source_<sourceId>.<topic>`. The service rebuilds `topic` as everything after the id's first dot, so either
 * form reads back as the name the program wrote.
 */
export function transformTopicId(
  transform: Pick<TransformRecord, "topics" | "topic_ids">,
  topic: string,
  sourceId: string,
): string {
  const index = listOf(transform.topics).indexOf(topic);
  const ids = listOf(transform.topic_ids);
  if (index >= 0 && index < ids.length) return ids[index];
  return sourceId === "" ? topic : `source_${sourceId}.${topic}`;
}

/** A list the service may answer as a single string (a transform's `topic_ids`: audit row V10). */
function listOf(value: string[] | string | null | undefined): string[] {
  if (Array.isArray(value)) return value;
  return typeof value === "string" && value !== "" ? [value] : [];
}

/**
 * The wire items of the program's links: one per (transform, topic), each transform read once. `byResource` when
 * the program links transform resources (the TypeScript class's `transform`), for naming a missing one.
 */
export async function transformItemsFor(
  context: KindContext,
  links: PipelineTransformLinks,
  sourceId: string,
  byResource = false,
): Promise<Json[]> {
  const transforms = await Promise.all(
    links.map((link, index) => linkedTransform(context, link.transformId, index, byResource)),
  );
  return links.flatMap((link, index) =>
    link.topics.map((topic) => ({
      id: transforms[index].id,
      name: transforms[index].name ?? "",
      start_time: transforms[index].start_time ?? null,
      topic_id: transformTopicId(transforms[index], topic, sourceId),
      topic,
    })),
  );
}

/** The wire rules of the program's auto-discovery. */
export function autoDiscoveryRules(rules: TopicAutoDiscovery): Json[] {
  return rules.map((rule) => ({ transform_id: rule.transformId, regex: rule.regex }));
}

/** The pretty topic of a live item: its `topic`, else everything after its `topic_id`'s first dot. */
function itemTopic(item: Record<string, unknown>): string {
  if (typeof item.topic === "string") return item.topic;
  const topicId = typeof item.topic_id === "string" ? item.topic_id : "";
  return topicId.slice(topicId.indexOf(".") + 1);
}

/** The live items grouped by transform, in the order the service lists them (TF api2ModelTransforms). */
export function liveLinks(live: PipelineRecord): PipelineTransformLinks {
  const byId = new Map<string, string[]>();
  for (const item of live.transforms ?? []) {
    if (!isPlainObject(item) || typeof item.id !== "string") continue;
    const topic = itemTopic(item);
    if (topic === "") continue; // stale data of a failed apply (TF pipeline.go:603-607)
    byId.set(item.id, [...(byId.get(item.id) ?? []), topic]);
  }
  return [...byId].map(([transformId, topics]) => ({ transformId, topics }));
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  semanticEqual([...new Set(a)].sort(), [...new Set(b)].sort());

/**
 * The live links shaped like the program's: its own order and topic order wherever they still denote what the
 * service holds, so only real drift differs. Undefined when the program does not manage them.
 */
export function liveTransformLinks(
  live: PipelineRecord,
  prior: PipelineTransformLinks | undefined,
): PipelineTransformLinks | undefined {
  if (prior === undefined || live.transforms === undefined || live.transforms === null) return prior;
  const current = new Map(liveLinks(live).map((link) => [link.transformId, link.topics]));
  const result: PipelineTransformLinks = [];
  for (const link of prior) {
    const topics = current.get(link.transformId);
    if (topics === undefined) continue; // detached outside Pulumi
    result.push(sameSet(topics, link.topics) ? link : { transformId: link.transformId, topics });
    current.delete(link.transformId);
  }
  for (const [transformId, topics] of current) result.push({ transformId, topics }); // attached outside Pulumi
  return result;
}

/** The live auto-discovery rules in the program's words; undefined when the answer has none. */
export function liveRules(live: PipelineRecord): TopicAutoDiscovery | undefined {
  return live.topic_auto_discovery_transforms
    ?.filter((rule): rule is JsonObject => isPlainObject(rule))
    .map((rule) => ({ transformId: String(rule.transform_id ?? ""), regex: String(rule.regex ?? "") }));
}

/** The live auto-discovery rules, the program's own list when it holds the same rules. */
export function liveAutoDiscovery(
  live: PipelineRecord,
  prior: TopicAutoDiscovery | undefined,
): TopicAutoDiscovery | undefined {
  if (prior === undefined) return prior;
  const current = liveRules(live);
  if (current === undefined) return prior;
  const keyOf = (rule: { transformId: string; regex: string }) => `${rule.transformId}\u0000${rule.regex}`;
  return sameSet(current.map(keyOf), prior.map(keyOf)) && current.length === prior.length ? prior : current;
}
