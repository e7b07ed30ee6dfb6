import { liveLinks, liveRules, tagIdsOf } from "../../provider/public/cli/programs";
import { type PipelineRecord } from "../../provider/public/cli/service";
import { array, entry, type Expr, jsonExpr, literal, object, type ObjectEntry, ref } from "./code";
import type { Args } from "./object-args";
import { type ConnectorReference, type References, tagList } from "./references";

/** Why a pipeline cannot be written: it needs both its ends in the program. */
export function missingEnd(live: PipelineRecord, references: References): string | undefined {
  const sourceId = live.source?.id ?? "";
  const destinationId = live.destination?.id ?? "";
  if (!references.connector(sourceId)) return `its source ${sourceId || "(none)"} is not on the service`;
  if (!references.connector(destinationId)) return `its destination ${destinationId || "(none)"} is not on the service`;
  return undefined;
}

/**
 * A pipeline's settings: its source and destination as the program's resources, the topics it delivers (left
 * out when it delivers every topic of the source, the resource's default), and its tags. The service tags a
 * pipeline "Development" when it is given none, so that tag alone is left out too; a copy gets it the same way.
 * Call {@link missingEnd} first.
 */
export function pipelineArgs(live: PipelineRecord, references: References, developmentTagId?: string): Args {
  const source = references.connector(live.source?.id ?? "");
  const destination = references.connector(live.destination?.id ?? "");
  const entries: ObjectEntry[] = [];
  const notes: string[] = [];
  if (!source || !destination) throw new Error("pipelineArgs: call missingEnd first");
  const end = (reference: ConnectorReference) =>
    reference.keptId !== undefined
      ? literal(reference.keptId)
      : ref(reference.webhook ? `${reference.variable}.id` : reference.variable);
  entries.push(entry("source", end(source)));
  entries.push(entry("destination", end(destination)));

  const topics = live.topics ?? [];
  const everyTopic = topics.length === source.topics.length && topics.every((topic) => source.topics.includes(topic));
  if (topics.length === 0) {
    notes.push(
      "The service lists no topics for it; `topics` is left out, so a copy delivers every topic of the source.",
    );
  } else if (!everyTopic) {
    entries.push(entry("topics", jsonExpr(topics)));
  }
  if (live.snapshot_new_tables === true) entries.push(entry("snapshotNewTables", literal(true)));

  const ids = tagIdsOf(live.tags) ?? [];
  const onlyTheDefault = ids.length === 1 && ids[0] === developmentTagId;
  if (!onlyTheDefault && ids.length > 0) {
    const tags = tagList(ids, references);
    if (tags.list) entries.push(entry("tags", tags.list));
    notes.push(...tags.notes);
  }
  const links = transformLinks(live, references);
  entries.push(...links.entries);
  notes.push(...links.notes);
  return { entries, notes };
}

/**
 * The transforms the pipeline delivers from, and its auto-discovery rules, as references to the exported
 * transforms: a copy links its own. A link to a transform the export left out is dropped, with a note.
 */
function transformLinks(live: PipelineRecord, references: References): Args {
  const entries: ObjectEntry[] = [];
  const notes: string[] = [];
  const transformOf = (id: string, what: string): Expr | undefined => {
    const transform = references.transform(id);
    if (transform === undefined) notes.push(`${what} names transform ${id}, which is not exported: it is left out.`);
    return transform;
  };
  const links = liveLinks(live).flatMap((link) => {
    const transform = transformOf(link.transformId, "A transform link");
    // A topic of this service the program declares is named through its resource: a copy names its own.
    const topics = link.topics.map((topic) => {
      const declared = references.topicNamed(topic);
      return declared ? ref(`${declared}.name`) : literal(topic);
    });
    return transform ? [object([entry("transform", transform), entry("topics", array(topics))])] : [];
  });
  if (links.length > 0) entries.push(entry("transforms", array(links)));
  const rules = (liveRules(live) ?? []).flatMap((rule) => {
    const transform = transformOf(rule.transformId, "An auto-discovery rule");
    return transform ? [object([entry("transform", transform), entry("regex", literal(rule.regex))])] : [];
  });
  if (rules.length > 0) entries.push(entry("topicAutoDiscovery", array(rules)));
  return { entries, notes };
}
