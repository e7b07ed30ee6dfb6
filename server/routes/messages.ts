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
import type { TopicRecord } from "../state/types";
import { findOwn } from "./connector-common";

const messagesQuery = z
  .object({
    topic_id: z.string().min(1),
    offset: z.coerce.number().int().min(0).default(0),
    page: z.coerce.number().int().min(1).default(1),
    page_size: z.coerce.number().int().min(1).max(100).default(10),
  })
  .loose();

function metricsOf(ctx: ApiContext, t: TopicRecord) {
  const d = ctx.store.state.topicData[topicKey(t.serviceId, t.id)];
  return {
    topic_id: t.id,
    topic_name: t.name,
    events_written: d?.eventsWritten ?? 0,
    bytes_written: d?.bytesWritten ?? 0,
    // Local extension: what the topic still holds and the limits that drop older records.
    retained_records: d?.retainedRecords ?? 0,
    retained_bytes: d?.retainedBytes ?? 0,
    retention_max_records: retentionOf(ctx.store, t).maxRecords,
    retention_max_bytes: retentionOf(ctx.store, t).maxBytes,
  };
}

export const messageRoutes: RouteDef[] = [
  route("GET", "/topics/messages", (ctx) => {
    const q = parseQuery(messagesQuery, ctx.query);
    const t = findTopic(ctx.store, ctx.caller.serviceId, q.topic_id);
    if (!t) throw notFound("Topic");
    const key = topicKey(t.serviceId, t.id);
    const start = (q.page - 1) * q.page_size;
    const total = ctx.store.countMessages(key, q.offset);
    const page = ctx.store.messagesPage(key, q.offset, start, q.page_size, messagePageByteBudget);
    const last = page.records.at(-1);
    return {
      result: page.records.map((m) => ({
        topic: t.id,
        partition: m.partition,
        offset: m.offset,
        key: m.key,
        value: m.value,
        timestamp: nowIso(m.timestamp),
      })),
      page: q.page,
      page_size: q.page_size,
      total,
      has_next: page.cutByBudget || start + q.page_size < total,
      // Local extension: a page cut short by the byte budget goes on from here (?offset=next_offset&page=1).
      ...(page.cutByBudget && last ? { next_offset: last.offset + 1 } : {}),
    };
  }),
  route("GET", "/topics/metrics", (ctx) => {
    const ids = typeof ctx.query.topic_ids === "string" ? ctx.query.topic_ids.split(",") : undefined;
    const topics = Object.values(ctx.store.state.topics).filter(
      (t) => t.serviceId === ctx.caller.serviceId && (!ids || ids.includes(t.id)),
    );
    return { result: topics.map((t) => metricsOf(ctx, t)) };
  }),
  route("GET", "/sources/:id/metrics", (ctx) => {
    const source = findOwn(ctx, "source", ctx.params.id);
    const discovered = Object.values(ctx.store.state.topics).filter(
      (t) => t.entityId === source.id && t.discovered && !sourceTopics(ctx.store, source).includes(t),
    );
    const perTopic = [...sourceTopics(ctx.store, source), ...discovered].map((t) => metricsOf(ctx, t));
    return {
      source_id: source.id,
      events_written: perTopic.reduce((n, t) => n + t.events_written, 0),
      bytes_written: perTopic.reduce((n, t) => n + t.bytes_written, 0),
      topics: perTopic,
    };
  }),
];
