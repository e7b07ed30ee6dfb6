import { createHash, randomBytes } from "node:crypto";

import type { z } from "zod";

import { checkCommonInputs, splitCommonInputs } from "./common-inputs";
import type { CheckFailure, JsonObject, KindDescription } from "./kind";
import { closestMatch } from "./suggest";
import { inputKeys, isUnknown, isUnknownAt, valueAt, withoutProvider } from "./values";

export interface CheckOutcome {
  inputs: JsonObject;
  failures: CheckFailure[];
}

/**
 * Validates a resource's inputs offline: no API call, so `pulumi preview` catches bad input with no account and
 * sends nothing. Values not known until `up` are skipped. Reasons name the field and the rule, never the value.
 */
export function checkInputs<I extends JsonObject, L>(
  kind: KindDescription<I, L>,
  oldsRaw: Record<string, unknown> | undefined,
  newsRaw: Record<string, unknown>,
): CheckOutcome {
  const olds = oldsRaw && Object.keys(oldsRaw).length > 0 ? withoutProvider(oldsRaw) : undefined;
  const { common, own } = splitCommonInputs(withAutoName(olds, withoutProvider(newsRaw)));
  const commonFailures = checkCommonInputs(kind.kind, common, kind.adoptByName ?? true);

  const parsed = kind.schema.safeParse(own);
  if (!parsed.success) {
    const failures = parsed.error.issues
      .filter((issue) => !isUnknownAt(own, issue.path))
      .flatMap((issue) => describeIssue(kind, own, issue));
    return { inputs: { ...own, ...common }, failures: [...commonFailures, ...failures] };
  }
  const inputs = parsed.data;
  const failures = kind.rules ? kind.rules(inputs, olds as I | undefined) : [];
  return { inputs: { ...inputs, ...common }, failures: [...commonFailures, ...failures] };
}

/** Per name seed, the generation last seen with old inputs in this process (see withAutoName). */
const generationsSeen = new Map<string, number>();

/**
 * A resource given no `name` gets `<namePrefix>-<7 characters>`, kept across updates.
 *
 * The characters derive from the SDK's `nameSeed` (project, stack, logical name) and a generation, so they are
 * the same in every run: a create interrupted after the service made the object is retried under the same name
 * and finds it (operations.ts). When the engine replaces a resource it checks it again with no old inputs, right
 * after checking it with them; that second check takes the next generation, so the replacement has a fresh name,
 * is created before the old object is deleted, and there is no gap in the data flow.
 */
function withAutoName(olds: JsonObject | undefined, news: JsonObject): JsonObject {
  const prefix = news.namePrefix;
  const seed = typeof news.nameSeed === "string" && !isUnknown(news.nameSeed) ? news.nameSeed : undefined;
  if (news.name !== undefined || typeof prefix !== "string" || isUnknown(prefix)) {
    return news;
  }
  const previous = olds?.name;
  if (olds?.namePrefix === prefix && typeof previous === "string" && previous.startsWith(`${prefix}-`)) {
    const generation = typeof olds.nameGeneration === "number" ? olds.nameGeneration : 0;
    if (seed) generationsSeen.set(seed, generation);
    return compactJson({ ...news, name: previous, nameGeneration: olds.nameGeneration });
  }
  if (!seed) {
    // State written before seeds existed, or a program that bypasses the SDK: a random name.
    return { ...news, name: `${prefix}-${nameSuffix(randomBytes(16).toString("hex"))}` };
  }
  const seen = generationsSeen.get(seed);
  const generation = seen === undefined ? 0 : seen + 1;
  return { ...news, name: `${prefix}-${nameSuffix(`${seed}:${generation}`)}`, nameGeneration: generation };
}

/** Seven lowercase letters and digits from the hash of `source`. */
function nameSuffix(source: string): string {
  const digest = createHash("sha256").update(source).digest();
  return BigInt(`0x${digest.subarray(0, 8).toString("hex")}`)
    .toString(36)
    .padStart(7, "0")
    .slice(-7);
}

function compactJson(object: Record<string, unknown>): JsonObject {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as JsonObject;
}

function describeIssue<I extends JsonObject, L>(
  kind: KindDescription<I, L>,
  news: JsonObject,
  issue: z.core.$ZodIssue,
): CheckFailure[] {
  const path = issue.path.map(String);
  const where = path.join(".");
  const property = path[0] ?? "";

  if (issue.code === "unrecognized_keys") {
    const known = path.length === 0 ? inputKeys(kind as never) : [];
    return issue.keys.map((key) => {
      const suggestion = closestMatch(key, known);
      const hint = suggestion ? `; did you mean \`${suggestion}\`?` : "";
      const place = path.length === 0 ? `an input of a ${kind.kind}` : `allowed in \`${where}\``;
      return { property: path.length === 0 ? key : property, reason: `\`${key}\` is not ${place}${hint}` };
    });
  }
  if (issue.code === "invalid_type" && valueAt(news, issue.path) === undefined) {
    return [{ property, reason: `\`${where}\` is required` }];
  }
  return [{ property, reason: `\`${where}\`: ${issue.message}` }];
}
