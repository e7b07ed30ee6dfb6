import { z } from "zod";

import type { CheckFailure, JsonObject } from "./kind";
import { isUnknown } from "./unknown";

/** A duration as Pulumi's `customTimeouts` take it (Go's time.ParseDuration): `90s`, `10m`, `1h30m`. */
const duration = z
  .string()
  .regex(/^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/, 'must be a duration such as "90s", "10m" or "1h30m"');

/** A duration of `customTimeouts` in milliseconds; undefined for one that is not a valid duration. */
export function durationMs(text: string): number | undefined {
  const units: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1_000, m: 60_000, h: 3_600_000 };
  if (!/^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/.test(text)) return undefined;
  let total = 0;
  for (const [, amount, , unit] of text.matchAll(/(\d+(\.\d+)?)(ns|us|µs|ms|s|m|h)/g)) {
    total += Number(amount) * units[unit];
  }
  return total;
}

/**
 * Inputs every kind takes, handled by the engine rather than by each kind:
 * - `adopt`: take over an existing object (by id, or `"byName"`) instead of creating one;
 * - `onDrift`: what an update does when the live object changed outside Pulumi since the last `up`;
 * - `namePrefix`, `nameSeed`, `nameGeneration`: how a name is derived when the program gives none (check.ts);
 * - `customTimeouts`: the resource option of that name, which the SDK passes on: each operation's deadline.
 */
export const commonInputsSchema = z.strictObject({
  adopt: z.string().min(1, 'must be an object id or "byName"').optional(),
  onDrift: z.enum(["overwrite", "fail"]).meta({ title: "DriftAction" }).optional(),
  namePrefix: z.string().min(1).max(240).optional(),
  nameSeed: z
    .string()
    .regex(/^[0-9a-f]{8,64}$/, "must be the hex seed the SDK derives")
    .optional(),
  nameGeneration: z.number().int().min(0).optional(),
  customTimeouts: z
    .strictObject({ create: duration.optional(), update: duration.optional(), delete: duration.optional() })
    .optional(),
});

export const commonInputKeys = Object.keys(commonInputsSchema.shape);

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
