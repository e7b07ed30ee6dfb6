import { randomBytes } from "node:crypto";

import type { z } from "zod";

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
  const news = withAutoName(olds, withoutProvider(newsRaw));

  const parsed = kind.schema.safeParse(news);
  if (!parsed.success) {
    const failures = parsed.error.issues
      .filter((issue) => !isUnknownAt(news, issue.path))
      .flatMap((issue) => describeIssue(kind, news, issue));
    return { inputs: news, failures };
  }
  const inputs = parsed.data;
  const failures = kind.rules ? kind.rules(inputs, olds as I | undefined) : [];
  return { inputs, failures };
}

/**
 * A resource given no `name` gets `<namePrefix>-<7 random characters>`, kept across updates. When the engine
 * replaces the resource it checks again with no old inputs, so the replacement gets a fresh name and can be
 * created before the old object is deleted: no gap in the data flow.
 */
function withAutoName(olds: JsonObject | undefined, news: JsonObject): JsonObject {
  const prefix = news.namePrefix;
  if (news.name !== undefined || typeof prefix !== "string" || isUnknown(prefix)) {
    return news;
  }
  const previous = olds?.name;
  if (olds?.namePrefix === prefix && typeof previous === "string" && previous.startsWith(`${prefix}-`)) {
    return { ...news, name: previous };
  }
  const suffix = randomBytes(8)
    .toString("base64url")
    .replace(/[^a-z0-9]/gi, "")
    .toLowerCase()
    .slice(0, 7);
  return { ...news, name: `${prefix}-${suffix.padEnd(7, "0")}` };
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
