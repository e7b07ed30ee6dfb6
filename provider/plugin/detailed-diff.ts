/**
 * The plugin's answer to the engine's Diff, with the per-property detail (`detailedDiff`): the engine then shows
 * and records exactly the inputs that differ as the service means them (not every input whose text changed),
 * each as an update or a replacement, and `--json` previews carry the same.
 */
import type { DiffOutcome, PropertyChange } from "../engine/diff";
import type { DiffResponse, PropertyDiffKind } from "../protocol/resource-provider";

/** The protocol's name of a property's change (`PropertyDiff.Kind`), `_REPLACE` when it forces a replacement. */
function kindOf(change: PropertyChange, replaces: boolean): PropertyDiffKind {
  const kind = change.toUpperCase() as Uppercase<PropertyChange>;
  return replaces ? `${kind}_REPLACE` : kind;
}

/** A `pulumirpc.DiffResponse`. */
export function diffResponse(outcome: DiffOutcome): DiffResponse {
  const properties = Object.entries(outcome.properties ?? {});
  if (outcome.changes === false) return { changes: "DIFF_NONE" };
  const replaces = new Set(outcome.replaces ?? []);
  return {
    changes: properties.length > 0 || outcome.changes === true ? "DIFF_SOME" : "DIFF_UNKNOWN",
    replaces: [...replaces],
    deleteBeforeReplace: outcome.deleteBeforeReplace === true,
    ...(properties.length > 0
      ? {
          hasDetailedDiff: true,
          detailedDiff: Object.fromEntries(
            properties.map(([key, change]) => [key, { kind: kindOf(change, replaces.has(key)), inputDiff: true }]),
          ),
        }
      : {}),
  };
}
