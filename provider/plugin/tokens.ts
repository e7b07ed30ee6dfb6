/**
 * The plugin's resource tokens (`streamkap:index:<Class>`, schema.json's) and what it reads from a resource's URN:
 * the kind that serves it, and the name a resource given none gets, as the TypeScript SDK names it.
 */
import { createHash } from "node:crypto";

import { connectorCodes, transformTypes } from "../../catalogue";
import { typedClassName } from "../../catalogue/naming";
import type { JsonObject } from "../engine/kind";
import { errors } from "../errors";
import { kindNamed, kinds } from "../kinds";

type Props = Record<string, unknown>;

/** Every resource token of the schema, to the kind that serves it (the SDK's class names, by the same rules). */
function tokenKinds(): Map<string, string> {
  const map = new Map<string, string>();
  const add = (className: string, kind: string) => map.set(`streamkap:index:${className}`, kind);
  for (const family of ["source", "destination"] as const) {
    for (const code of connectorCodes(family)) add(typedClassName(family, code), `${family}:${code}`);
  }
  for (const code of transformTypes) add(typedClassName("transform", code), `transform:${code}`);
  // Hand-written kinds last: where a catalogue code's class name is one of theirs (`webhook` → `WebhookSource`),
  // the hand-written kind serves the token, as the SDK's hand-written class is the one exported under it.
  for (const kind of Object.keys(kinds)) add(kind.charAt(0).toUpperCase() + kind.slice(1), kind);
  return map;
}

const kindsByToken = tokenKinds();

/** `urn:pulumi:<stack>::<project>::<type>::<name>` → its type and parts. */
function parseUrn(urn: string): { stack: string; project: string; type: string; name: string } {
  const parts = urn.split("::");
  return {
    stack: (parts[0] ?? "").replace(/^urn:pulumi:/, ""),
    project: parts[1] ?? "",
    type: (parts[2] ?? "").split("$").pop() ?? "",
    name: parts.slice(3).join("::"),
  };
}

export function kindOf(urn: string): string {
  const { type } = parseUrn(urn);
  const kind = kindsByToken.get(type);
  // A type this plugin does not serve was written by a newer pulumi-streamkap: the same advice as for state.
  if (kind === undefined) throw errors.newerState({ kind: type });
  return kind;
}

/**
 * A resource given no `name` is named `<resource name>-<7 characters>`, as the TypeScript SDK names it: the
 * resource name becomes `namePrefix` and the URN the seed (check.ts derives the name from both).
 */
export function withAutoName(kind: string, urn: string, news: Props): Props {
  const description = kindNamed(kind);
  if (news.name !== undefined || !("namePrefix" in description.schema.shape)) return news;
  // An object the service named (a topic taken over by `topicId`) keeps its name: none is derived.
  if (description.existingObject?.(news as JsonObject) !== undefined) return news;
  const { stack, project, name } = parseUrn(urn);
  // The SDK's seed (sdk/naming.ts): the same resource gets the same name in every run, and in either path.
  const nameSeed = createHash("sha256").update(`${project}/${stack}/${name}`).digest("hex").slice(0, 16);
  return { ...news, namePrefix: name, nameSeed };
}

/** Every resource token the plugin serves (for tests and the schema's generator to hold against each other). */
export function resourceTokens(): string[] {
  return [...kindsByToken.keys()].sort();
}
