/**
 * Snapshot endpoints of sources (single, legacy per-kind aliases, bulk) and topics.
 */
import { z } from "zod";
import { HttpError } from "../core/errors";
import { parseBody } from "../core/validate";
import { route, type ApiContext, type RouteDef } from "../http/context";
import { cancelSnapshot, checkSnapshot, startSnapshot, type SnapshotRequest } from "../domain/snapshots";
import { snapshotStatus } from "../domain/topics";
import type { StoredConnector, StoredTopic } from "../state/types";
import { findLive } from "./connector-common";

const condition = z.object({ data_collection: z.string(), filter: z.string() }).loose();
const snapshotBody = z
  .object({
    source_id: z.string(),
    topic_names: z.array(z.string()).nullish(),
    additional_conditions: z.array(condition).nullish(),
    snapshot_type: z.enum(["incremental", "blocking"]).default("incremental"),
    surrogate_key: z.string().nullish(),
  })
  .loose();
const cancelBody = z.object({ source_id: z.string(), topic_names: z.array(z.string()).nullish() }).loose();
const bulkBody = z
  .object({
    source_ids: z.array(z.string()).min(1),
    snapshot_type: z.enum(["incremental", "blocking"]).default("incremental"),
  })
  .loose();

function topicView(topic: StoredTopic) {
  return { topic_id: topic.id, topic_name: topic.name, status: snapshotStatus(topic) };
}

function answer(source: StoredConnector, type: string, topics: StoredTopic[], status: string) {
  return { source_id: source.id, snapshot_type: type, status, topics: topics.map(topicView) };
}

function request(body: z.output<typeof snapshotBody>): SnapshotRequest {
  return {
    topicNames: body.topic_names,
    additionalConditions: body.additional_conditions,
    snapshotType: body.snapshot_type,
    surrogateKey: body.surrogate_key,
  };
}

function snapshot(forced?: "incremental" | "blocking") {
  return (ctx: ApiContext) => {
    const raw = parseBody(snapshotBody, ctx.body);
    const body = forced ? { ...raw, snapshot_type: forced } : raw;
    const source = findLive(ctx, "source", body.source_id);
    const topics = checkSnapshot(ctx.store, source, request(body));
    startSnapshot(ctx.store, source, topics, request(body));
    return answer(source, body.snapshot_type, topics, "started");
  };
}

function cancel(ctx: ApiContext) {
  const body = parseBody(cancelBody, ctx.body);
  const source = findLive(ctx, "source", body.source_id);
  const result = cancelSnapshot(ctx.store, source, body.topic_names);
  return answer(source, result.type, result.topics, "cancelled");
}

function bulkSnapshot(ctx: ApiContext) {
  const body = parseBody(bulkBody, ctx.body);
  const sources = body.source_ids.map((id) => findLive(ctx, "source", id));
  const req: SnapshotRequest = { snapshotType: body.snapshot_type };
  // All-or-nothing: a source whose snapshot is already running makes the whole request 409.
  const plans = sources.map((connector) => ({ s: connector, topics: checkSnapshot(ctx.store, connector, req) }));
  for (const plan of plans) startSnapshot(ctx.store, plan.s, plan.topics, req);
  return { results: plans.map((plan) => answer(plan.s, body.snapshot_type, plan.topics, "started")) };
}

function bulkStop(ctx: ApiContext) {
  const body = parseBody(z.object({ source_ids: z.array(z.string()).min(1) }).loose(), ctx.body);
  const sources = body.source_ids.map((id) => findLive(ctx, "source", id));
  const results = [];
  for (const connector of sources) {
    try {
      const topic = cancelSnapshot(ctx.store, connector, null);
      results.push(answer(connector, topic.type, topic.topics, "cancelled"));
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      results.push({ source_id: connector.id, status: "not_running", topics: [] });
    }
  }
  return { results };
}

export const snapshotRoutes: RouteDef[] = [
  route("POST", "/sources/snapshot", snapshot()),
  route("POST", "/sources/execute_incremental_snapshot", snapshot("incremental")),
  route("POST", "/sources/execute_blocking_snapshot", snapshot("blocking")),
  route("POST", "/sources/cancel_snapshot", cancel),
  route("POST", "/sources/stop_incremental_snapshot", cancel),
  route("POST", "/sources/stop_blocking_snapshot", cancel),
  route("POST", "/sources/bulk/snapshot", bulkSnapshot),
  route("POST", "/sources/bulk/stop-snapshot", bulkStop),
];
