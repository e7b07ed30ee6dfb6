import { anyBody, topicsAnswer } from "../client/responses";
import type { Json, JsonObject } from "../engine/kind";
import { compact, isPlainObject } from "../engine/values";
import { StreamkapError } from "../errors";
import type { SnapshotInput } from "./inputs";
import { failure, messageOf, type Target } from "./state";

/**
 * The snapshot `generation` asks for, or undefined when there is none to start. On create the generation is
 * recorded, not acted on: a new source takes its initial snapshot by itself. On update it starts when the
 * generation is above the one in `previous` (the outputs of the last deployment, which keep the old `snapshot`
 * when starting failed); a `snapshot` newly added to an existing source counts from 0.
 */
export function snapshotToStart(
  snapshot: SnapshotInput | undefined,
  previous: JsonObject | undefined,
): SnapshotInput | undefined {
  if (snapshot === undefined || previous === undefined) return undefined;
  const before = isPlainObject(previous.snapshot) ? previous.snapshot.generation : undefined;
  return snapshot.generation > (typeof before === "number" ? before : 0) ? snapshot : undefined;
}

/**
 * Starts one snapshot (api.md "POST /sources/snapshot") and describes it for the `lastSnapshot` output. The
 * call is a POST and is never retried after the service may have acted on it: a snapshot starts at most once.
 */
export async function startSnapshot(target: Target, snapshot: SnapshotInput): Promise<JsonObject> {
  let answer: unknown;
  try {
    answer = await target.self.context.client.call({
      method: "POST",
      path: "/sources/snapshot",
      body: compact({
        source_id: target.self.id,
        snapshot_type: snapshot.type,
        topic_names: snapshot.topics,
        additional_conditions: snapshot.filters?.map((filter) => ({
          data_collection: filter.table,
          filter: filter.where,
        })),
        surrogate_key: snapshot.surrogateKey,
      }),
      schema: anyBody,
    });
  } catch (error) {
    const advice = StreamkapError.hasStatus(error, 409)
      ? "A snapshot of this source is already running (or the source is not running). Wait for it to finish, or " +
        "cancel it in the Streamkap console; the next `pulumi up` starts this one (the preview keeps showing " +
        "`snapshot` as a pending change)."
      : "The next `pulumi up` tries again (the preview keeps showing `snapshot` as a pending change).";
    throw failure(
      target,
      `could not start the snapshot \`snapshot.generation\` asks for: ${messageOf(error)}. ${advice}`,
      error,
    );
  }
  const topics = isPlainObject(answer) && Array.isArray(answer.topics) ? answer.topics : [];
  return compact({
    generation: snapshot.generation,
    type: snapshot.type,
    topics: snapshot.topics,
    status: summarize(topics.map((topic) => (isPlainObject(topic) ? topic.status : undefined))) ?? "started",
  });
}

/**
 * The snapshot states asked of the service, most telling first: running while any topic runs (or waits), then
 * failed, cancelled, completed. /topics/details items carry no snapshot status; it is only a filter
 * (`snapshot=running,completed,failed,pending,cancelled`, DOCS list-all-topics; openapi-digest.md §7).
 */
const statusQueries: Array<{ filter: string; status: string }> = [
  { filter: "running,pending", status: "running" },
  { filter: "failed", status: "failed" },
  { filter: "cancelled", status: "cancelled" },
  { filter: "completed", status: "completed" },
];

/**
 * `lastSnapshot` with its status as the source's topics report it now, for a snapshot that was still running
 * at the last deployment: the first state whose filter lists one of the snapshot's topics. Best effort: the
 * status is informative, so a failed read, or no topic in any state, keeps the old one.
 */
export async function refreshedSnapshot(target: Target, last: Json): Promise<Json> {
  if (!isPlainObject(last) || !["started", "running", "pending"].includes(String(last.status))) return last;
  const wanted = Array.isArray(last.topics) ? last.topics.map(String) : undefined;
  try {
    for (const { filter, status } of statusQueries) {
      const page = await target.self.context.client.call({
        method: "GET",
        path: "/topics/details",
        query: { entity_id: target.self.id, snapshot: filter, page_size: 100 },
        schema: topicsAnswer,
      });
      const found = (page.result ?? []).filter(
        (topic) => wanted === undefined || wanted.some((name) => denotes(name, topic)),
      );
      if (found.length > 0) return { ...last, status };
    }
    return last;
  } catch {
    return last;
  }
}

/** Whether a topic named by the program (`public.orders` or a full id) is this topic of the answer. */
function denotes(name: string, topic: Record<string, unknown>): boolean {
  const id = String(topic.id ?? "");
  return name === id || name === topic.name || id.endsWith(`.${name}`);
}

/** One status for a snapshot from its topics' statuses: running while any runs, then failed, cancelled, completed. */
function summarize(statuses: unknown[]): string | undefined {
  const known = new Set(statuses.filter((status): status is string => typeof status === "string"));
  for (const status of ["running", "pending", "failed", "cancelled", "completed"]) {
    if (known.has(status)) return status === "pending" ? "running" : status;
  }
  return undefined;
}
