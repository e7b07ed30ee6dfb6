import { z } from "zod";

import type { CheckFailure, JsonObject } from "./kind";
import { isUnknown } from "./unknown";

/**
 * Inputs every kind takes, handled by the engine rather than by each kind:
 * - `adopt`: take over an existing object (by id, or `"byName"`) instead of creating one;
 * - `onDrift`: what an update does when the live object changed outside Pulumi since the last `up`;
 * - `namePrefix`, `nameSeed`, `nameGeneration`: how a name is derived when the program gives none (check.ts).
 */
export const commonInputsSchema = z.strictObject({
  adopt: z.string().min(1, 'must be an object id or "byName"').optional(),
  onDrift: z.enum(["overwrite", "fail"]).optional(),
  namePrefix: z.string().min(1).max(240).optional(),
  nameSeed: z
    .string()
    .regex(/^[0-9a-f]{8,64}$/, "must be the hex seed the SDK derives")
    .optional(),
  nameGeneration: z.number().int().min(0).optional(),
});
export type CommonInputs = z.infer<typeof commonInputsSchema>;

export const commonInputKeys = Object.keys(commonInputsSchema.shape);

/** Common inputs that only matter when the object is created: a change to them alone changes nothing live. */
export const createOnlyInputKeys = new Set(["adopt"]);

/** Splits an input bag into the common inputs and the kind's own. */
export function splitCommonInputs(inputs: JsonObject): { common: JsonObject; own: JsonObject } {
  const common: JsonObject = {};
  const own: JsonObject = {};
  for (const [key, value] of Object.entries(inputs)) {
    (commonInputKeys.includes(key) ? common : own)[key] = value;
  }
  return { common, own };
}

/** Offline rules for the common inputs. */
export function checkCommonInputs(kind: string, common: JsonObject, adoptByName: boolean): CheckFailure[] {
  const failures: CheckFailure[] = [];
  const parsed = commonInputsSchema.safeParse(common);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? "");
      if (!isUnknown(common[key])) failures.push({ property: key, reason: `\`${key}\`: ${issue.message}` });
    }
  }
  if (common.adopt === "byName" && !adoptByName) {
    failures.push({
      property: "adopt",
      reason:
        `\`adopt: "byName"\` is not allowed for a ${kind}: another ${kind} of the same name may carry other data. ` +
        `Give the id of the ${kind} to take over instead.`,
    });
  }
  return failures;
}
