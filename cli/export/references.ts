import { array, type ArrayExpr, type Expr, literal, ref, template, type TemplatePart } from "./code";

/** An exported source or destination, as other resources refer to it. */
export interface ConnectorReference {
  variable: string;
  /** Set when the program does not hold the connector (`from-terraform`): it is named by this id on the service. */
  keptId?: string;
  /** Webhook sources are not `Connector`s in the SDK: a pipeline takes their `.id`, not the object. */
  webhook: boolean;
  /** The topics the service lists for it (display names), to tell "every topic" from a selection. */
  topics: readonly string[];
}

/**
 * How the program refers to objects of the same service, by their ids there. Every reference is a resource of
 * the program (or a lookup of a system tag), never a raw id, so a copy in another service links its own objects.
 */
export interface References {
  /** A tag id as the program writes it; undefined when no such tag exists (a dangling reference). */
  tagId(id: string): Expr | undefined;
  connector(id: string): ConnectorReference | undefined;
  /** The variable of the exported topic with this name on the service. */
  topicNamed(name: string): string | undefined;
  /** Every exported source, webhook sources included: id → variable. */
  sources(): ReadonlyMap<string, string>;
  /** The exported transform with this id on the service (a reference; with `only`, the id of one it leaves out). */
  transform(id: string): Expr | undefined;
}

/** A list of tag ids as references, and a note for each id that no longer names a tag. */
export function tagList(ids: readonly string[], references: References): { list?: ArrayExpr; notes: string[] } {
  const items: Expr[] = [];
  const notes: string[] = [];
  for (const id of ids) {
    const expr = references.tagId(id);
    if (expr) items.push(expr);
    else notes.push(`Tag ${id} is left out of \`tags\`: the service has no tag with that id.`);
  }
  return { list: items.length > 0 ? array(items) : undefined, notes };
}

/**
 * A topic pattern with the sources it names (`source_<id>`) as references to their resources, or the topic it
 * names exactly as a reference to that topic's `name`: in a copy, the pattern then names the copy's own topics.
 */
export function topicPattern(pattern: string, references: References): { expr: Expr; notes: string[] } {
  const topic = references.topicNamed(pattern);
  if (topic) return { expr: ref(`${topic}.name`), notes: [] };
  const parts: TemplatePart[] = [];
  const ids = [...references.sources().keys()].sort((a, b) => b.length - a.length);
  let rest = pattern;
  while (rest.length > 0) {
    const at = firstMention(rest, ids);
    if (!at) {
      parts.push(rest);
      break;
    }
    if (at.index > 0) parts.push(rest.slice(0, at.index));
    parts.push("source_", { code: `${references.sources().get(at.id)}.id` });
    rest = rest.slice(at.index + `source_${at.id}`.length);
  }
  const notes = [...pattern.matchAll(/source_([0-9a-zA-Z]{8,})/g)]
    .map((match) => match[1])
    .filter((id) => !references.sources().has(id))
    .map((id) => `The pattern names source ${id}, which is not on the service: it is kept as written.`);
  if (parts.every((part) => typeof part === "string")) return { expr: literal(pattern), notes };
  return { expr: template(mergeText(parts), "pulumi.interpolate"), notes };
}

function firstMention(text: string, ids: readonly string[]): { index: number; id: string } | undefined {
  let best: { index: number; id: string } | undefined;
  for (const id of ids) {
    const index = text.indexOf(`source_${id}`);
    if (index >= 0 && (best === undefined || index < best.index)) best = { index, id };
  }
  return best;
}

function mergeText(parts: readonly TemplatePart[]): TemplatePart[] {
  const merged: TemplatePart[] = [];
  for (const part of parts) {
    const last = merged[merged.length - 1];
    if (typeof part === "string" && typeof last === "string") merged[merged.length - 1] = last + part;
    else merged.push(part);
  }
  return merged;
}
