/**
 * The plugin's invokes (issue #17): every lookup of provider/lookups as the function `streamkap:index:<lookup>`,
 * read with the plugin's configured client, as its resources are. The arguments are the lookup's as one object
 * (schema.json's function inputs); one it refuses comes back as a failure naming the lookup and the argument.
 */
import { errors } from "../errors";
import { lookupEntries, lookupNamed, resultOf } from "../lookups/registry";
import type { JsonObject } from "../protocol/struct";
import { configuredClient } from "../runtime";
import { argumentFailures } from "./invoke-arguments";
import { markedSecret, revealProps } from "./wire-secrets";

const tokenPrefix = "streamkap:index:";

/** A function's answer: its outputs, or the arguments it refused. */
export interface InvokeResult {
  outputs: Record<string, unknown>;
  failures?: Array<{ property: string; reason: string }>;
}

export async function invoke(token: string, inputs: JsonObject): Promise<InvokeResult> {
  const name = token.startsWith(tokenPrefix) ? token.slice(tokenPrefix.length) : token;
  const lookup = lookupNamed(name);
  if (lookup === undefined) {
    throw errors.unknownFunction({ token, served: Object.keys(lookupEntries).join(", ") });
  }
  const secretArguments = new Set<string>();
  const args = revealProps(inputs, secretArguments);
  const parsed = lookup.args.safeParse(args);
  if (!parsed.success) {
    return { outputs: {}, failures: argumentFailures(name, lookup.args, args, parsed.error.issues) };
  }
  // Through JSON: the wire's Struct has no `undefined`, which marks an absent field in the lookups' answers.
  const result = JSON.parse(
    JSON.stringify(resultOf(name, await lookup.run(configuredClient(), parsed.data))),
  ) as JsonObject;
  // An answer read with a secret argument is as secret as it.
  const outputs = secretArguments.size > 0 ? markedSecret(result, new Set(Object.keys(result))) : result;
  return { outputs };
}
