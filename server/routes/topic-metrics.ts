/**
 * POST /topics/table_metrics: per entity and topic, what went in and out (TF internal/api/topic.go
 * TopicTableMetricsRequest/Response). The answer is a map `entity_id → topic_id → metrics`; a topic the caller does
 * not have is left out rather than failing the whole call (docs/real-api.md).
 *
 * This server counts what is written to a topic (webhook requests, `_local` writes). Nothing local consumes, so a
 * topic a pipeline reads is taken as read as fast as it is written: out = in and no lag.
 */
import { z } from "zod";

import { parseBody } from "../core/validate";
import { route, type ApiContext, type RouteDef } from "../http/context";
import { deliveredTopicIds } from "../domain/consumer-groups";
import { findTopic, topicDbId, topicKey } from "../domain/topics";
import { HttpError } from "../core/errors";

const entityTypes = ["sources", "transforms", "destinations"] as const;
const body = z.object({
  entities: z
    .array(
      z.object({
        id: z.string().min(1),
        entity_type: z.enum(entityTypes),
        connector: z.string(),
        topic_ids: z.array(z.string()).max(1000),
        // Required with its topics (TF datasource/topic_metrics.go:93-98; "Use streamkap_topics data source first to
        // get topic_db_ids", docs/data-sources/topic_metrics.md): one per topic id, from `/topics/details`.
        topic_db_ids: z.array(z.string()).max(1000),
      }),
    )
    .max(1000),
  timestamp_from: z.string().nullish(),
  timestamp_to: z.string().nullish(),
  time_type: z.enum(["latest", "timeseries", "timesummary"]).nullish(),
  time_interval: z.number().int().min(1).nullish(),
  time_unit: z.enum(["minute", "hour", "day", "week", "month", "minutes", "hours", "days"]).nullish(),
});

type Counters = Record<string, number>;

function tableMetrics(ctx: ApiContext) {
  const request = parseBody(body, ctx.body);
  request.entities.forEach((entity, index) => {
    if (entity.topic_db_ids.length !== entity.topic_ids.length) {
      throw new HttpError(422, [
        {
          loc: ["body", "entities", index, "topic_db_ids"],
          msg: "topic_db_ids must hold the database id of each topic in topic_ids, in the same order (see GET /topics/details, entity.topic_db_ids)",
          type: "value_error",
        },
      ]);
    }
  });
  const consumed = deliveredTopicIds(ctx.store, ctx.caller.serviceId);
  // Built without prototypes: an entity or topic id such as `__proto__` is an answer key like any other (N10).
  const answer: Record<string, Record<string, Counters>> = Object.create(null);
  for (const entity of request.entities) {
    const perTopic: Record<string, Counters> = Object.create(null);
    entity.topic_ids.forEach((topicId, index) => {
      const topic = findTopic(ctx.store, ctx.caller.serviceId, topicId);
      // A topic named with another topic's database id is not that topic: left out, as an unknown one is.
      if (!topic || topicDbId(topic) !== entity.topic_db_ids[index]) return;
      const data = ctx.store.state.topicData[topicKey(topic.serviceId, topic.id)];
      const messagesIn = data?.eventsWritten ?? 0;
      const bytesIn = data?.bytesWritten ?? 0;
      const read = consumed.has(topic.id);
      perTopic[topicId] = {
        messages_in: messagesIn,
        messages_out: read ? messagesIn : 0,
        bytes_in: bytesIn,
        bytes_out: read ? bytesIn : 0,
        lag: 0,
        avg_latency_ms: 0,
      };
    });
    answer[entity.id] = perTopic;
  }
  return answer;
}

export const topicMetricsRoutes: RouteDef[] = [route("POST", "/topics/table_metrics", tableMetrics)];
