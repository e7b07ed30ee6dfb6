/**
 * Reading what webhook sources wrote: topic messages and the monitoring metrics (events written, bytes, per topic).
 */
import { z } from "zod";
import { notFound } from "../core/errors";
import { nowIso } from "../core/ids";
import { parseQuery } from "../core/validate";
import { route, type ApiContext, type RouteDef } from "../http/context";
import { findTopic, sourceTopics, topicKey } from "../domain/topics";
import { messagePageByteBudget, retentionOf } from "../domain/messages";
import type { StoredTopic } from "../state/types";
import { findOwn } from "./connector-common";

const messagesQuery = z
  .object({
    topic_id: z.string().min(1),
    offset: z.coerce.number().int().min(0).default(0),
    page: z.coerce.number().int().min(1).default(1),
    page_size: z.coerce.number().int().min(1).max(100).default(10),
  })
  .loose();

function metricsOf(ctx: ApiContext, topic: StoredTopic) {
  const data = ctx.store.state.topicData[topicKey(topic.serviceId, topic.id)];
  return {
    topic_id: topic.id,
    topic_name: topic.name,
    events_written: data?.eventsWritten ?? 0,
    bytes_written: data?.bytesWritten ?? 0,
    // Local extension: what the topic still holds and the limits that drop older records.
    retained_records: data?.retainedRecords ?? 0,
    retained_bytes: data?.retainedBytes ?? 0,
    retention_max_records: retentionOf(ctx.store, topic).maxRecords,
    retention_max_bytes: retentionOf(ctx.store, topic).maxBytes,
  };
}

export const messageRoutes: RouteDef[] = [
  route("GET", "/topics/messages", (ctx) => {
    const query = parseQuery(messagesQuery, ctx.query);
    const topic = findTopic(ctx.store, ctx.caller.serviceId, query.topic_id);
    if (!topic) throw notFound("Topic");
    const key = topicKey(topic.serviceId, topic.id);
    const start = (query.page - 1) * query.page_size;
    const total = ctx.store.countMessages(key, query.offset);
    const page = ctx.store.messagesPage(key, query.offset, start, query.page_size, messagePageByteBudget);
    const last = page.records.at(-1);
    return {
      result: page.records.map((message) => ({
        topic: topic.id,
        partition: message.partition,
        offset: message.offset,
        key: message.key,
        value: message.value,
        timestamp: nowIso(message.timestamp),
      })),
      page: query.page,
      page_size: query.page_size,
      total,
      has_next: page.cutByBudget || start + query.page_size < total,
      // Local extension: a page cut short by the byte budget goes on from here (?offset=next_offset&page=1).
      ...(page.cutByBudget && last ? { next_offset: last.offset + 1 } : {}),
    };
  }),
  route("GET", "/topics/metrics", (ctx) => {
    const ids = typeof ctx.query.topic_ids === "string" ? ctx.query.topic_ids.split(",") : undefined;
    const topics = Object.values(ctx.store.state.topics).filter(
      (topic) => topic.serviceId === ctx.caller.serviceId && (!ids || ids.includes(topic.id)),
    );
    return { result: topics.map((topic) => metricsOf(ctx, topic)) };
  }),
  route("GET", "/sources/:id/metrics", (ctx) => {
    const source = findOwn(ctx, "source", ctx.params.id);
    const discovered = Object.values(ctx.store.state.topics).filter(
      (topic) => topic.entityId === source.id && topic.discovered && !sourceTopics(ctx.store, source).includes(topic),
    );
    const perTopic = [...sourceTopics(ctx.store, source), ...discovered].map((topic) => metricsOf(ctx, topic));
    return {
      source_id: source.id,
      events_written: perTopic.reduce((sum, topic) => sum + topic.events_written, 0),
      bytes_written: perTopic.reduce((sum, topic) => sum + topic.bytes_written, 0),
      topics: perTopic,
    };
  }),
];
