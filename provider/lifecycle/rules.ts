import type { CheckFailure } from "../engine/kind";
import { isPlainObject, isUnknown } from "../engine/values";
import type { LifecycleInputs, SnapshotInput } from "./inputs";

/**
 * The lifecycle rules `check` applies offline, before any call: the snapshot rules of api.md ("POST
 * /sources/snapshot"), and rules that compare the new inputs with the old ones. Values not known until `up`
 * are skipped; reasons name the field and the rule, never a value.
 */
export function lifecycleRules(
  kind: "source" | "destination",
  news: LifecycleInputs,
  olds: Record<string, unknown> | undefined,
): CheckFailure[] {
  const snapshot = news.snapshot;
  if (snapshot === undefined) return [];
  if (kind === "destination") {
    return [
      {
        property: "snapshot",
        reason: "`snapshot` applies to sources only: a destination is never snapshotted; remove it here",
      },
    ];
  }
  return [...snapshotShapeRules(snapshot), ...snapshotChangeRules(news, snapshot, olds)];
}

function snapshotShapeRules(snapshot: SnapshotInput): CheckFailure[] {
  const failures: CheckFailure[] = [];
  const fail = (reason: string) => failures.push({ property: "snapshot", reason });
  if (snapshot.type === "blocking" && snapshot.filters !== undefined) {
    fail(
      "`snapshot.filters` work with incremental snapshots only: a blocking snapshot copies whole tables. " +
        'Remove the filters, or use `type: "incremental"`',
    );
  }
  if (snapshot.type === "blocking" && snapshot.surrogateKey !== undefined) {
    fail(
      "`snapshot.surrogateKey` applies to incremental snapshots only: it is how an incremental snapshot chunks a " +
        'table without a primary key, which a blocking snapshot copies as it is. Remove it, or use `type: "incremental"`',
    );
  }
  // The service refuses a filter on a table it is not asked to snapshot; with no `topics`, every table is.
  const topics = snapshot.topics;
  if (topics !== undefined && !topics.some(isUnknown)) {
    (snapshot.filters ?? []).forEach((filter, index) => {
      if (isUnknown(filter.table)) return;
      const covered = topics.some((topic) => topic === filter.table || topic.endsWith(`.${filter.table}`));
      if (!covered) {
        fail(`\`snapshot.filters[${index}].table\` is not among \`snapshot.topics\`: filter only tables you snapshot`);
      }
    });
  }
  return failures;
}

/**
 * Rules over old versus new inputs: the generation only counts up, and a raise needs a running source. A
 * `snapshot` newly added to an existing source counts from 0, as `converge` does.
 */
function snapshotChangeRules(
  news: LifecycleInputs,
  snapshot: SnapshotInput,
  olds: Record<string, unknown> | undefined,
): CheckFailure[] {
  if (olds === undefined) return []; // a new source: the generation is recorded, nothing starts
  const recorded = isPlainObject(olds.snapshot) ? olds.snapshot.generation : undefined;
  const previous = typeof recorded === "number" ? recorded : 0;
  if (snapshot.generation < previous) {
    return [
      {
        property: "snapshot",
        reason:
          "`snapshot.generation` was lowered; it only counts up (each raise starts one snapshot). Set it back to " +
          "its previous value, or raise it to start a snapshot",
      },
    ];
  }
  const state = news.state ?? "running";
  if (snapshot.generation > previous && state !== "running" && !isUnknown(state)) {
    return [
      {
        property: "snapshot",
        reason:
          "`snapshot.generation` was raised while `state` is not `running`: a snapshot needs a running source. " +
          "Set `state` to `running` in the same change, or raise the generation later",
      },
    ];
  }
  return [];
}
