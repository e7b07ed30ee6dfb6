/**
 * Pipeline facts shared by the routes and the store: topic naming, and older persisted records brought up to date.
 */
import type { StoredPipeline, PipelineTransform } from "../state/types";

/**
 * A topic's "pretty" name from its id: everything after the first dot, the way the service rebuilds the `topic`
 * of a pipeline's transform items (`get_pretty_topic_name_from_id`, quoted at TF
 * internal/resource/pipeline/pipeline.go:504-519 and :591-602). `source_<id>.public.orders` → `public.orders`.
 */
export function prettyTopicName(topicId: string): string {
  const dot = topicId.indexOf(".");
  return dot < 0 ? topicId : topicId.slice(dot + 1);
}

/** A pipeline's transform item as the service answers it: the stored fields plus the derived pretty `topic`. */
export function renderTransformItem(item: PipelineTransform) {
  return {
    id: item.id,
    name: item.name,
    start_time: item.start_time,
    topic_id: item.topic_id,
    topic: prettyTopicName(item.topic_id),
  };
}

/**
 * Records written by older versions of this server kept transform items as `{topic_id}` only and auto-discovery
 * rules as anything: fill the missing fields so that every answer has the real item shape.
 */
export function normalisePipeline(record: StoredPipeline): void {
  const items = (record.transforms ?? []) as Array<Partial<PipelineTransform>>;
  record.transforms = items.map((item) => ({
    id: item.id ?? "",
    name: item.name ?? "",
    start_time: item.start_time ?? null,
    topic_id: item.topic_id ?? "",
  }));
  const rules = (record.topicAutoDiscoveryTransforms ?? []) as unknown[];
  record.topicAutoDiscoveryTransforms = rules
    .filter((rule): rule is Record<string, unknown> => typeof rule === "object" && rule !== null)
    .map((rule) => ({ transform_id: String(rule.transform_id ?? ""), regex: String(rule.regex ?? "") }));
}
