/**
 * An invoke's arguments that its lookup refuses, as the failures Pulumi prints ("<token> invoke failed: <reason>
 * (<property>)"): each names the lookup and the argument, and says what it must be, never what it was (an argument
 * may come from a secret).
 */
import type { z } from "zod";

import { ruleOf } from "../engine/check";
import { pathText } from "../engine/paths";
import { closestMatch } from "../closest-match";
import { keysAt } from "../engine/suggest";
import { valueAt } from "../engine/values";
import { errors } from "../errors";

export interface ArgumentFailure {
  property: string;
  reason: string;
}

export function argumentFailures(
  lookup: string,
  schema: z.ZodObject,
  given: Record<string, unknown>,
  issues: readonly z.core.$ZodIssue[],
): ArgumentFailure[] {
  const failure = (path: readonly PropertyKey[], rule: string): ArgumentFailure => {
    const argument = pathText(path);
    return { property: argument, reason: errors.invalidArgument({ lookup, argument, rule }).message };
  };
  return issues.flatMap((issue) => {
    if (issue.code === "unrecognized_keys") {
      const known = keysAt(schema, issue.path);
      const owner = issue.path.length === 0 ? "" : `\`${pathText(issue.path)}\``;
      return issue.keys.map((key) => {
        const suggestion = closestMatch(key, known);
        const rule =
          (owner ? `is not a field of ${owner}` : "is not one it takes") +
          (suggestion ? `; did you mean \`${suggestion}\`?` : ".") +
          ` ${owner || "It"} takes ${known.length === 0 ? "none" : known.join(", ")}`;
        return failure([...issue.path, key], rule);
      });
    }
    if (valueAt(given, issue.path) === undefined) return [failure(issue.path, "is required")];
    return [failure(issue.path, ruleOf(issue))];
  });
}
