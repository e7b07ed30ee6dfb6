import { pathText } from "./paths";
import { createHash, randomBytes } from "node:crypto";

import type { z } from "zod";

import { checkCommonInputs, splitCommonInputs } from "./common-inputs";
import type { CheckFailure, JsonObject, KindDescription } from "./kind";
import { closestMatch } from "../closest-match";
import { keysAt } from "./suggest";
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
  const news = withoutProvider(newsRaw);
  // An object the service made and named (kind.existingObject) keeps its own name: none is derived.
  const named = kind.existingObject?.(news as I) !== undefined ? news : withAutoName(olds, news);
  const { common, own } = splitCommonInputs(named);
  const commonFailures = checkCommonInputs(kind.noun, common, kind.adoptByName ?? true);
  const facts = { adopting: typeof common.adopt === "string" };

  const parsed = kind.schema.safeParse(own);
  if (!parsed.success) {
    const failures = parsed.error.issues
      .filter((issue) => !isUnknownAt(own, issue.path))
      .flatMap((issue) => describeIssue(kind, own, issue));
    const more = rulesOverTheRest(kind, own, parsed.error.issues, olds as I | undefined, facts);
    return { inputs: { ...own, ...common }, failures: [...commonFailures, ...failures, ...more] };
  }
  const inputs = kind.canonical ? kind.canonical(parsed.data) : parsed.data;
  const failures = kind.rules ? kind.rules(inputs, olds as I | undefined, facts) : [];
  return { inputs: { ...inputs, ...common }, failures: [...commonFailures, ...failures] };
}

/**
 * The kind's rules over the inputs the schema did accept, so that one preview reports every problem of a
 * resource (a wrong type in one input and a value outside the catalogue's range in another) rather than making
 * the user fix them one run at a time. Inputs with schema problems are left out; when the rest cannot stand on
 * its own (a rule needs an input that was left out), that rule is skipped: its input's problem is reported.
 * Inputs not known until `up` fail the schema too (the placeholder is a string); the rules get them as they are,
 * since every rule already leaves unknown values alone.
 */
function rulesOverTheRest<I extends JsonObject, L>(
  kind: KindDescription<I, L>,
  own: JsonObject,
  issues: readonly z.core.$ZodIssue[],
  olds: I | undefined,
  facts: { adopting: boolean },
): CheckFailure[] {
  if (!kind.rules) return [];
  const broken = new Set<string>();
  const waiting = new Set<string>();
  for (const issue of issues) {
    if (issue.path.length === 0 && issue.code === "unrecognized_keys") {
      issue.keys.forEach((key) => broken.add(key));
    } else {
      (isUnknownAt(own, issue.path) ? waiting : broken).add(String(issue.path[0] ?? ""));
    }
  }
  const rest = Object.fromEntries(
    Object.entries(own).filter(([key]) => !broken.has(key) && !waiting.has(key)),
  ) as JsonObject;
  const parsed = kind.schema.safeParse(rest);
  const lenient = parsed.success ? parsed : kind.schema.partial().safeParse(rest);
  if (!lenient.success) return [];
  const unknowns = [...waiting].filter((key) => !broken.has(key)).map((key) => [key, own[key]]);
  const inputs = { ...lenient.data, ...Object.fromEntries(unknowns) } as I;
  try {
    return kind.rules(inputs, olds, facts).filter((failure) => !broken.has(failure.property));
  } catch {
    return []; // a rule that needs an input with a problem of its own
  }
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
  const where = pathText(issue.path);
  const property = String(issue.path[0] ?? "");

  if (issue.code === "unrecognized_keys") {
    const atTop = issue.path.length === 0;
    const known = atTop ? inputKeys(kind) : keysAt(kind.schema, issue.path);
    return issue.keys.map((key) => {
      const suggestion = closestMatch(key, known);
      const hint = suggestion ? `; did you mean \`${suggestion}\`?` : "";
      const place = atTop ? `an input of a ${kind.noun}` : `allowed in \`${where}\``;
      return { property: atTop ? key : property, reason: `\`${key}\` is not ${place}${hint}` };
    });
  }
  const missing = issue.code === "invalid_type" || issue.code === "invalid_value";
  if (missing && issue.path.length > 0 && valueAt(news, issue.path) === undefined) {
    return [{ property, reason: `\`${where}\` is required` }];
  }
  return [{ property, reason: `\`${where}\`: ${ruleOf(issue)}` }];
}

/**
 * The rule an issue breaks, in the provider's words: the schema's own message where it has one, otherwise one
 * made from the issue's facts (zod's defaults read "Too small: expected number to be >=1"). Never the value. The
 * provider plugin's invokes say their arguments' rules with it too.
 */
export function ruleOf(issue: z.core.$ZodIssue): string {
  if (!/^(Invalid|Too (small|big))\b/.test(issue.message)) return issue.message;
  switch (issue.code) {
    case "invalid_type":
      return `must be ${typeName(issue.expected)}`;
    case "invalid_union": {
      const expected = [
        ...new Set(
          issue.errors.flatMap((branch) =>
            branch.flatMap((inner) =>
              inner.code === "invalid_type" && inner.path.length === 0 ? [typeName(inner.expected)] : [],
            ),
          ),
        ),
      ];
      return expected.length > 0 ? `must be ${listOfAlternatives(expected)}` : "has a type this input cannot take";
    }
    case "invalid_value":
      return `must be one of ${issue.values.map(String).join(", ")}`;
    case "too_small":
      return bound(issue.origin, "at least", "more than", Number(issue.minimum), issue.inclusive !== false);
    case "too_big":
      return bound(issue.origin, "at most", "less than", Number(issue.maximum), issue.inclusive !== false);
    case "invalid_format":
      return issue.format === "regex" ? "is not in the expected format" : `must be a valid ${issue.format}`;
    case "invalid_key":
      return "has a key this input cannot take (keys must be non-empty strings)";
    default:
      return issue.message;
  }
}

function typeName(expected: string): string {
  switch (expected) {
    case "int":
      return "a whole number";
    case "boolean":
      return "true or false";
    case "array":
      return "a list";
    case "object":
    case "record":
      return "an object";
    default:
      return `a ${expected}`;
  }
}

function listOfAlternatives(items: readonly string[]): string {
  return items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} or ${items[items.length - 1]}`;
}

/** "must be at least 1", "must be at most 255 characters", "must list at least 1 item". */
function bound(
  origin: string,
  inclusiveWord: string,
  exclusiveWord: string,
  limit: number,
  inclusive: boolean,
): string {
  const word = inclusive ? inclusiveWord : exclusiveWord;
  switch (origin) {
    case "string":
      return limit === 1 && word === "at least" ? "must not be empty" : `must be ${word} ${limit} characters`;
    case "array":
    case "set":
      return limit === 1 && word === "at least"
        ? "must list at least one item"
        : `must list ${word} ${limit} item${limit === 1 ? "" : "s"}`;
    default:
      return `must be ${word} ${limit}`;
  }
}
