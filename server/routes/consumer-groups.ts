/**
 * Consumer Groups: list, inspect and reset the offsets of the caller's destinations' consumer groups. The reset
 * body is the documented one (DOCS reset-consumer-group-offsets: `topics` and `strategy` required, `timestamp` in
 * ms for the `timestamp` strategy, `offset` for the `offset` one); the answers' shapes are not published
 * (docs/real-api.md).
 */
import { z } from "zod";

import { HttpError, notFound } from "../core/errors";
import { parseBody } from "../core/validate";
import { ownedIn, route, type ApiContext, type RouteDef } from "../http/context";
import {
  consumerGroupId,
  committedOffset,
  destinationOfGroup,
  isActive,
  offsetBounds,
  renderConsumerGroup,
} from "../domain/consumer-groups";
import { findTopic, topicKey } from "../domain/topics";
import type { StoredConnector } from "../state/types";

const resetBody = z
  .object({
    topics: z.array(z.string().min(1)).min(1),
    strategy: z.enum(["earliest", "latest", "timestamp", "offset"]),
    timestamp: z.number().int().nullish(),
    offset: z.number().int().min(0).nullish(),
  })
  .superRefine((body, context) => {
    if (body.strategy === "timestamp" && (body.timestamp === undefined || body.timestamp === null)) {
      context.addIssue({
        code: "custom",
        path: ["timestamp"],
        message: "Value error, required for the 'timestamp' strategy",
      });
    }
    if (body.strategy === "offset" && (body.offset === undefined || body.offset === null)) {
      context.addIssue({
        code: "custom",
        path: ["offset"],
        message: "Value error, required for the 'offset' strategy",
      });
    }
  });

function ownGroup(ctx: ApiContext): StoredConnector {
  const destination = destinationOfGroup(ctx.store, ctx.caller.serviceId, ctx.params.group_id ?? "");
  if (!destination || destination.deleteAt !== undefined) throw notFound("Consumer group");
  return destination;
}

function resetOffsets(ctx: ApiContext) {
  const destination = ownGroup(ctx);
  const body = parseBody(resetBody, ctx.body);
  if (isActive(destination)) {
    throw new HttpError(
      409,
      `Consumer group '${consumerGroupId(destination.id)}' has active members: pause or stop destination ` +
        `'${destination.name}' before resetting its offsets`,
    );
  }
  const now = Date.now();
  const changes = body.topics.map((topicId) => {
    const topic = findTopic(ctx.store, ctx.caller.serviceId, topicId);
    if (!topic) throw notFound(`Topic '${topicId}'`);
    const { earliest, latest } = offsetBounds(ctx.store, topic);
    const previous = committedOffset(ctx.store, destination, topic, now);
    const wanted =
      body.strategy === "earliest"
        ? earliest
        : body.strategy === "latest"
          ? latest
          : body.strategy === "offset"
            ? (body.offset ?? latest)
            : (ctx.store.firstOffsetAtOrAfter(topicKey(topic.serviceId, topic.id), body.timestamp ?? now) ?? latest);
    return {
      topic: topic.id,
      partition: 0,
      previous_offset: previous,
      new_offset: Math.min(Math.max(wanted, earliest), latest),
    };
  });
  const kept = destination.consumerOffsets && !isActive(destination, now) ? destination.consumerOffsets.offsets : {};
  destination.consumerOffsets = {
    offsets: { ...kept, ...Object.fromEntries(changes.map((change) => [change.topic, change.new_offset])) },
    at: now,
  };
  ctx.store.changed();
  return { group_id: consumerGroupId(destination.id), strategy: body.strategy, topics: changes };
}

export const consumerGroupRoutes: RouteDef[] = [
  route("GET", "/consumer-groups", (ctx) =>
    ownedIn(ctx, ctx.store.state.connectors)
      .filter((connector) => connector.kind === "destination" && connector.deleteAt === undefined)
      .sort((a, b) => a.createdAt - b.createdAt)
      .map((destination) => renderConsumerGroup(ctx.store, destination)),
  ),
  route("GET", "/consumer-groups/:group_id", (ctx) => renderConsumerGroup(ctx.store, ownGroup(ctx))),
  route("POST", "/consumer-groups/:group_id/reset-offsets", resetOffsets),
];
