/**
 * `offsetReset` on a pipeline: move its destination's consumer group to the earliest or latest offset, a time or an
 * offset, once per change of `trigger`, with the pause and resume Kafka requires around it (a group with active
 * members cannot be reset). The body is the documented one (DOCS reset-consumer-group-offsets); the group's name
 * is not published, so it is a guess the program can override (docs/real-api.md).
 */
import { z } from "zod";

import { anyBody, type ConnectorRecord } from "../client/responses";
import type { Json, JsonObject, KindContext, ObjectHandle } from "../engine/kind";
import { compact, semanticEqual } from "../engine/values";
import {
  act,
  deadlineAfter,
  failure,
  messageOf,
  readConnector,
  stateOfStatus,
  type Target,
  waitForState,
} from "./state";

const triggerSchema = z.union([z.string(), z.number()]);

/** A time as ISO 8601 text or epoch milliseconds; text that is no time fails `check`. */
const timeSchema = z.union([
  z.number().int("must be whole epoch milliseconds").min(0, "must not be negative"),
  z.string().refine((text) => !Number.isNaN(Date.parse(text)), "must be an ISO 8601 time, e.g. 2026-11-20T08:00:00Z"),
]);

export const offsetResetSchema = z
  .strictObject({
    /** Any string or number; each change resets the offsets once. */
    trigger: triggerSchema,
    to: z.union([
      z
        .enum(["earliest", "latest"], { error: 'must be "earliest", "latest", { timestamp } or { offset }' })
        .meta({ title: "OffsetResetTarget" }),
      z.strictObject({ timestamp: timeSchema }).meta({ title: "OffsetResetToTimestamp" }),
      z
        .strictObject({ offset: z.number().int("must be a whole number").min(0, "must not be negative") })
        .meta({ title: "OffsetResetToOffset" }),
    ]),
    /** Tables (`public.orders`) or full topic ids; absent means every topic of the pipeline. */
    topics: z.array(z.string().min(1)).min(1, "must list at least one topic, or be left out for all").optional(),
    /** The destination's consumer group, when it is not `connect-destination_<destination id>`. */
    consumerGroup: z.string().min(1, "must not be empty").optional(),
  })
  .meta({ title: "PipelineOffsetReset" });
export type OffsetReset = z.infer<typeof offsetResetSchema>;

/** The reset a changed trigger asks for; none on create (the first value is recorded) or when unchanged. */
export function offsetResetToRun(
  declared: OffsetReset | undefined,
  previous: JsonObject | undefined,
): OffsetReset | undefined {
  if (declared === undefined || previous === undefined) return undefined;
  const before = previous.offsetReset as Partial<OffsetReset> | null | undefined;
  return semanticEqual(before?.trigger, declared.trigger) ? undefined : declared;
}

/** The consumer group a destination's sink connector reads with (Kafka Connect's `connect-<connector name>`). */
export function consumerGroupOf(reset: OffsetReset, destinationId: string): string {
  return reset.consumerGroup ?? `connect-destination_${destinationId}`;
}

/** The documented body: `{topics, strategy, timestamp?, offset?}`, the timestamp in epoch milliseconds. */
export function resetBody(reset: OffsetReset, topicIds: string[]): Json {
  const to = reset.to;
  if (typeof to === "string") return { topics: topicIds, strategy: to };
  if ("offset" in to) return { topics: topicIds, strategy: "offset", offset: to.offset };
  const timestamp = typeof to.timestamp === "number" ? to.timestamp : Date.parse(to.timestamp);
  return { topics: topicIds, strategy: "timestamp", timestamp };
}

/** Where the destination was: a running one is paused for the reset and resumed after it. */
function isRunning(live: ConnectorRecord): boolean {
  const state = stateOfStatus(live.connector_status);
  return state !== "paused" && state !== "stopped";
}

/**
 * Performs one reset: pauses a running destination and waits until it is paused, resets the group's offsets on
 * `topicIds`, and resumes the destination. A failure after the pause resumes it before reporting, so a failed
 * reset never leaves the destination paused. Returns what `lastOffsetReset` records.
 */
export async function resetOffsets(
  context: KindContext,
  destination: ObjectHandle<ConnectorRecord>,
  reset: OffsetReset,
  topicIds: string[],
  readyTimeoutSeconds?: number,
): Promise<JsonObject> {
  const target: Target = { self: destination, deadline: deadlineAfter(readyTimeoutSeconds) };
  const group = consumerGroupOf(reset, destination.id);
  const running = isRunning(await readConnector(target));
  if (running) {
    await act(target, "pause");
    await waitForState(target, "paused");
  }
  try {
    await context.client.call({
      method: "POST",
      path: `/consumer-groups/${encodeURIComponent(group)}/reset-offsets`,
      body: resetBody(reset, topicIds),
      schema: anyBody,
      // Moving offsets to the same place twice ends where moving them once does.
      idempotent: true,
    });
  } catch (error) {
    if (running) await act(target, "resume").catch(() => undefined);
    throw failure(
      target,
      `could not reset the offsets of consumer group \`${group}\`: ${messageOf(error)}. If the group has another ` +
        "name, set `offsetReset.consumerGroup` to it (`getConsumerGroups()` lists them). The next `pulumi up` " +
        "tries again (the preview keeps showing `offsetReset` as a pending change).",
      error,
    );
  }
  if (running) {
    await act(target, "resume");
    await waitForState(target, "running");
  }
  return compact({
    trigger: reset.trigger,
    consumerGroup: group,
    topics: topicIds,
    to: reset.to as Json,
    at: new Date().toISOString(),
  });
}
