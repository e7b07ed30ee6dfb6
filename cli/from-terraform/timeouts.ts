/**
 * Terraform's `timeouts { create = "30m" … }` block of a carried resource, as Pulumi's `customTimeouts` resource
 * option: the same deadlines for the same operations (Terraform's durations, `30m` or `1h30m`, are Pulumi's too).
 * Terraform's `read` has no counterpart (Pulumi's refresh has no deadline of its own): it is reported instead.
 */
import { entry, literal, object, type ObjectEntry } from "../export/code";
import type { Adopted } from "./files";

const operations = ["create", "update", "delete"] as const;

/** Adds `customTimeouts` to each declaration whose instance holds a `timeouts` block; the `read` ones it skipped. */
export function carryTimeouts(adopted: readonly Adopted[]): string[] {
  const skipped: string[] = [];
  for (const { object: planned, declaration } of adopted) {
    const block = planned.instance.attributes.timeouts;
    if (block === null || typeof block !== "object" || Array.isArray(block)) continue;
    const values = block as Record<string, unknown>;
    const entries: ObjectEntry[] = operations.flatMap((operation) =>
      typeof values[operation] === "string" && values[operation] !== ""
        ? [entry(operation, literal(values[operation] as string))]
        : [],
    );
    if (typeof values.read === "string" && values.read !== "") skipped.push(planned.instance.address);
    if (entries.length === 0) continue;
    declaration.options = [...(declaration.options ?? []), entry("customTimeouts", object(entries))];
  }
  return skipped;
}
