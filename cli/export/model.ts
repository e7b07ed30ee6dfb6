import { type ConnectorRecord, tagIdsOf, stateOfStatus } from "../../provider/public/cli";
import { call, entry, type Expr, literal, type ObjectEntry, ref, template } from "./code";
import { connectorArgs, type SecretRequest } from "./connector-args";
import { type ExportKind, kindWords, Namer, splitPrefix } from "./names";
import { type Args, tagArgs, topicArgs, webhookSourceArgs } from "./object-args";
import { missingEnd, pipelineArgs } from "./pipeline-args";
import type { ServiceSnapshot } from "./read";
import { type ConnectorReference, type References, tagList } from "./references";
import { isExportableTransformType, transformArgs } from "./transform-args";

export interface ExportChoices {
  /** The prefix the live names carry; the program writes `${namePrefix}<rest>` for each name that has it. */
  prefix: string;
  /** Take over the live objects (`adopt: "<id>"`) instead of creating copies. */
  adopt: boolean;
}

/** One `const <variable> = new streamkap.<className>("<resourceName>", { … })` of the program. */
export interface Declaration {
  kind: ExportKind;
  /** Lines of a `//` comment above it. */
  comments: string[];
  variable: string;
  className: string;
  resourceName: string;
  entries: ObjectEntry[];
}

/** A secret setting the program reads from stack config; the value is never exported. */
export interface SecretSetting {
  configKey: string;
  /** What belongs there, e.g. `database.password of source "orders-db"`. */
  description: string;
}

export interface ProgramModel {
  /** In an order where each refers only to earlier ones. */
  declarations: Declaration[];
  /** Objects the program does not hold, each with the reason. */
  leftOut: string[];
  secrets: SecretSetting[];
  /** Whether the program looks up the service's own tags (their ids differ between services). */
  usesSystemTags: boolean;
  /** Things the person running the export should know; also written as comments into the program. */
  warnings: string[];
}

const byNameThenId = <T extends { id: string; name?: string | null }>(a: T, b: T): number =>
  (a.name ?? "").localeCompare(b.name ?? "") || a.id.localeCompare(b.id);

/**
 * Turns a snapshot of the service into the program's declarations: tags, topics, sources, webhook sources,
 * destinations, transforms, pipelines, in that order, each referring to the others by variable.
 */
export function buildProgram(snapshot: ServiceSnapshot, choices: ExportChoices): ProgramModel {
  const namer = new Namer();
  const model: ProgramModel = { declarations: [], leftOut: [], secrets: [], usesSystemTags: false, warnings: [] };
  const tagExprs = new Map<string, Expr>();
  const connectors = new Map<string, ConnectorReference>();
  const topicVariables = new Map<string, string>();
  const sourceVariables = new Map<string, string>();
  const transformVariables = new Map<string, string>();
  const references: References = {
    tagId: (id) => {
      const expr = tagExprs.get(id);
      if (expr?.type === "call") model.usesSystemTags = true;
      return expr;
    },
    connector: (id) => connectors.get(id),
    topicNamed: (name) => topicVariables.get(name),
    sources: () => sourceVariables,
    transform: (id) => transformVariables.get(id),
  };

  /**
   * Declares one object: its names, `adopt`, then `args`, built once its variable is known (secret config keys
   * start with it). `args` may name the class itself (connectors: typed or generic).
   */
  const declare = (
    kind: ExportKind,
    className: string,
    live: { id: string; name?: string | null },
    args: (variable: string, label: string) => Args & { className?: string; note?: string },
  ): string => {
    const serviceName = live.name ?? "";
    const split = splitPrefix(serviceName, choices.prefix);
    const resourceName = namer.resourceName(kind, split.rest);
    const variable = namer.variable(kind, resourceName);
    const label = `${kindWords[kind]} "${serviceName}"`;
    const built = args(variable, label);
    const comments = [...(built.note ? [built.note] : []), ...built.notes];
    if (!split.prefixed) {
      const warning = `The name of ${label} does not start with the prefix "${choices.prefix}": every stack gives it this name.`;
      comments.push(warning);
      model.warnings.push(warning);
    }
    const name: Expr = split.prefixed ? template([{ code: "namePrefix" }, split.rest]) : literal(serviceName);
    model.declarations.push({
      kind,
      comments,
      variable,
      className: `streamkap.${built.className ?? className}`,
      resourceName,
      entries: [entry("name", name), ...(choices.adopt ? [entry("adopt", literal(live.id))] : []), ...built.entries],
    });
    return variable;
  };

  const secretFor =
    (variable: string, label: string) =>
    (request: SecretRequest): Expr => {
      const configKey = namer.configKey(variable, request.setting);
      model.secrets.push({ configKey, description: `${request.key} of ${label}` });
      return call("config.requireSecret", literal(configKey));
    };

  for (const tag of snapshot.tags.filter((candidate) => candidate.system === true)) {
    tagExprs.set(tag.id, call("systemTagId", literal(tag.name ?? "")));
  }
  for (const tag of snapshot.tags.filter((candidate) => candidate.system !== true).sort(byNameThenId)) {
    const variable = declare("tag", "Tag", tag, () => tagArgs(tag));
    tagExprs.set(tag.id, ref(`${variable}.id`));
  }

  const topics = snapshot.topics.map((topic) => ({ ...topic, name: topic.name ?? topic.topic_name ?? topic.id }));
  for (const topic of topics.sort(byNameThenId)) {
    const variable = declare("topic", "Topic", topic, () => topicArgs(topic, references));
    topicVariables.set(topic.name, variable);
  }

  const declareConnector = (kind: "source" | "destination", live: ConnectorRecord) => {
    const variable = declare(kind, "", live, (name, label) => {
      const typed = connectorArgs(kind, live, secretFor(name, label));
      const lifecycle = lifecycleArgs(live, references);
      return { ...typed, entries: [...typed.entries, ...lifecycle.entries], notes: lifecycle.notes };
    });
    connectors.set(live.id, { variable, webhook: false, topics: live.topics ?? [] });
    if (kind === "source") sourceVariables.set(live.id, variable);
  };
  for (const source of [...snapshot.sources].sort(byNameThenId)) declareConnector("source", source);
  for (const hooks of [...snapshot.webhookSources].sort(byNameThenId)) {
    const variable = declare("webhookSource", "WebhookSource", hooks, () => webhookSourceArgs(hooks, references));
    connectors.set(hooks.id, { variable, webhook: true, topics: hooks.topics ?? [] });
    sourceVariables.set(hooks.id, variable);
  }
  for (const destination of [...snapshot.destinations].sort(byNameThenId)) {
    declareConnector("destination", destination);
  }

  for (const transform of [...snapshot.transforms].sort(byNameThenId)) {
    if (!isExportableTransformType(transform.transform_type)) {
      model.leftOut.push(
        `Transform "${transform.name ?? transform.id}" (${transform.id}) is left out: its type ` +
          `"${transform.transform_type ?? "(none)"}" is not one this version of pulumi-streamkap knows.`,
      );
      continue;
    }
    const variable = declare("transform", "Transform", transform, () => transformArgs(transform, references));
    transformVariables.set(transform.id, variable);
  }

  const development = snapshot.tags.find((tag) => tag.system === true && tag.name === "Development")?.id;
  for (const pipeline of [...snapshot.pipelines].sort(byNameThenId)) {
    const missing = missingEnd(pipeline, references);
    if (missing) {
      model.leftOut.push(`Pipeline "${pipeline.name ?? pipeline.id}" (${pipeline.id}) is left out: ${missing}.`);
      continue;
    }
    declare("pipeline", "Pipeline", pipeline, () => pipelineArgs(pipeline, references, development));
  }
  model.warnings.push(...model.leftOut);
  return model;
}

/** `state` when the connector is paused or stopped (running is the default), and its tags. */
function lifecycleArgs(live: ConnectorRecord, references: References): Args {
  const entries: ObjectEntry[] = [];
  const state = stateOfStatus(live.connector_status);
  if (state !== undefined && state !== "running") entries.push(entry("state", literal(state)));
  const tags = tagList(tagIdsOf(live.tags) ?? [], references);
  if (tags.list) entries.push(entry("tags", tags.list));
  return { entries, notes: tags.notes };
}
