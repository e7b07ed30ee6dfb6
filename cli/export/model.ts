import { tagIdsOf, stateOfStatus } from "../../provider/public/cli/programs";
import { type ConnectorRecord, ErrorCodes, StreamkapError } from "../../provider/public/cli/service";
import { call, entry, type Expr, literal, type ObjectEntry, ref, template } from "./code";
import { connectorArgs, type SecretRequest } from "./connector-args";
import { refuseUnwritable } from "./literals";
import { type ExportKind, kindWords, Namer, splitPrefix } from "./names";
import { type Args, clientCredentialArgs, kafkaUserArgs, tagArgs, topicArgs, webhookSourceArgs } from "./object-args";
import { missingEnd, pipelineArgs } from "./pipeline-args";
import type { ServiceSnapshot } from "./read";
import { type ConnectorReference, type References, tagList } from "./references";
import { isExportableTransformType, transformArgs } from "./transform-args";

export interface ExportChoices {
  /** The prefix the live names carry; the program writes `${namePrefix}<rest>` for each name that has it. */
  prefix: string;
  /** Take over the live objects (`adopt: "<id>"`) instead of creating copies. */
  adopt: boolean;
  /**
   * Only these objects, by id (a Kafka user's by username), each under the resource name given; the others are
   * not the program's (`from-terraform`: the objects a Terraform state manages). Default: every object.
   */
  only?: ReadonlyMap<string, string>;
  /**
   * Topics the program takes over but never deletes (`retainOnDelete`), by id: Terraform's `streamkap_topic`
   * manages a source's or transform's topic without owning it.
   */
  retainTopics?: ReadonlySet<string>;
  /**
   * Connector settings to treat as secrets besides the catalogue's (`from-terraform`: those Terraform marks
   * sensitive), so their values come from secret config too.
   */
  alsoSecret?: (objectId: string, key: string) => boolean;
}

/** One `const <variable> = new streamkap.<className>("<resourceName>", { … })` of the program. */
export interface Declaration {
  kind: ExportKind;
  /** Lines of a `//` comment above it. */
  comments: string[];
  variable: string;
  className: string;
  resourceName: string;
  /** The id of the object it takes over, with `adopt`. */
  adopts?: string;
  entries: ObjectEntry[];
  /** Resource options (`{ retainOnDelete: true }`), when it needs any. */
  options?: ObjectEntry[];
}

/** A secret setting the program reads from stack config; the value is never exported. */
export interface SecretSetting {
  configKey: string;
  /** What belongs there, e.g. `database.password of source "orders-db"`. */
  description: string;
  /** The object it belongs to, by id (a Kafka user's by username), and its key there (`database.password`). */
  objectId: string;
  key: string;
}

export interface ProgramModel {
  /** In an order where each refers only to earlier ones. */
  declarations: Declaration[];
  /** Objects the program does not hold, each with the reason. */
  leftOut: string[];
  secrets: SecretSetting[];
  /** Whether the program looks up the service's own tags (by name: the program does not depend on their ids). */
  usesSystemTags: boolean;
  /** Things the person running the export should know; also written as comments into the program. */
  warnings: string[];
}

const byNameThenId = <T extends { id: string; name?: string | null }>(a: T, b: T): number =>
  (a.name ?? "").localeCompare(b.name ?? "") || a.id.localeCompare(b.id);

/**
 * Turns a snapshot of the service into the program's declarations: tags, topics, sources, webhook sources,
 * destinations, transforms, pipelines, Kafka users and (with `only`) client credentials, in that order, each
 * referring to the others by variable.
 */
export function buildProgram(snapshot: ServiceSnapshot, choices: ExportChoices): ProgramModel {
  const program = new ProgramBuilder(choices);
  program.tags(snapshot.tags);
  program.topics(snapshot.topics);
  program.connectors(snapshot);
  program.transforms(snapshot.transforms);
  const development = snapshot.tags.find((tag) => tag.system === true && tag.name === "Development")?.id;
  program.pipelines(snapshot.pipelines, development);
  program.kafkaUsers(snapshot.kafkaUsers);
  program.clientCredentials(snapshot.clientCredentials);
  program.model.warnings.push(...program.model.leftOut);
  eachText(program.model.declarations, refuseUnwritable);
  return program.model;
}

/** How messages name a declaration: its class and resource name, `Tag "env"` (never a value of the service). */
export const declarationLabel = (declaration: Declaration): string =>
  `${declaration.className.replace(/^streamkap\./, "")} "${declaration.resourceName}"`;

/** What {@link eachInput} calls for every key and every value of the declarations' inputs. */
interface InputVisitor {
  key?: (key: string, where: string) => void;
  /** `inObject`: the value of an object's property below the resource's own inputs (a unit-test record's). */
  value?: (expr: Expr, where: string, inObject: boolean) => void;
}

/**
 * Walks every input of the declarations (and their resource options), depth first, naming where each is:
 * `The input unitTest.input[0].value of Tag "env"` (never the value, which is somebody else's text).
 */
function eachInput(declarations: readonly Declaration[], visitor: InputVisitor): void {
  for (const declaration of declarations) {
    const owner = declarationLabel(declaration);
    const entries = (list: readonly ObjectEntry[], path: string, inObject: boolean): void => {
      for (const item of list) {
        if (!("key" in item)) continue;
        const at = path === "" ? item.key : `${path}.${item.key}`;
        visitor.key?.(item.key, `A key of the input ${at} of ${owner}`);
        expression(item.value, at, inObject);
      }
    };
    const expression = (expr: Expr, at: string, inObject: boolean): void => {
      visitor.value?.(expr, `The input ${at} of ${owner}`, inObject);
      if (expr.type === "array") expr.items.forEach((item, index) => expression(item, `${at}[${index}]`, false));
      if (expr.type === "object") entries(expr.entries, at, true);
      if (expr.type === "call") expr.args.forEach((arg) => expression(arg, at, false));
    };
    entries([...declaration.entries, ...(declaration.options ?? [])], "", false);
  }
}

/**
 * Calls `visit` with every text of the declarations that a writer turns into a literal (keys, strings, template
 * text), each with where it is.
 */
export function eachText(
  declarations: readonly Declaration[],
  visit: (text: string, where: string, isKey: boolean) => void,
): void {
  eachInput(declarations, {
    key: (key, where) => visit(key, where, true),
    value: (expr, where) => {
      if (expr.type === "literal" && typeof expr.value === "string") visit(expr.value, where, false);
      if (expr.type === "template") {
        for (const part of expr.parts) if (typeof part === "string") visit(part, where, false);
      }
    },
  });
}

/**
 * Refuses an object property whose value is `null` (a unit-test record's `{"a": null}`) in a language whose
 * engine SDK leaves such a property out: the object would reach the service without it. `leavesOut` says who.
 */
export function refuseNullProperties(declarations: readonly Declaration[], leavesOut: string): void {
  eachInput(declarations, {
    value: (expr, where, inObject) => {
      if (!inObject || expr.type !== "literal" || expr.value !== null) return;
      throw new StreamkapError(
        ErrorCodes.programValue,
        `${where} is null, and ${leavesOut} leaves out an object's null values, so the object would reach the ` +
          "service without it; nothing was written. Write the program with --language typescript or python, " +
          "which keep it.",
      );
    },
  });
}

/** The program as it grows, and what later declarations refer to: variables by object id or topic name. */
class ProgramBuilder {
  readonly model: ProgramModel = { declarations: [], leftOut: [], secrets: [], usesSystemTags: false, warnings: [] };
  private readonly namer = new Namer();
  private readonly tagExprs = new Map<string, Expr>();
  private readonly connectorReferences = new Map<string, ConnectorReference>();
  private readonly topicVariables = new Map<string, string>();
  private readonly sourceVariables = new Map<string, string>();
  private readonly transformExprs = new Map<string, Expr>();
  private readonly references: References = {
    tagId: (id) => {
      const expr = this.tagExprs.get(id);
      if (expr?.type === "call") this.model.usesSystemTags = true;
      return expr;
    },
    connector: (id) => this.connectorReferences.get(id),
    topicNamed: (name) => this.topicVariables.get(name),
    sources: () => this.sourceVariables,
    transform: (id) => this.transformExprs.get(id),
  };

  constructor(private readonly choices: ExportChoices) {}

  /**
   * System tags by lookup (by name: the program does not depend on their ids), custom tags declared. With `only`,
   * a custom tag the program does not hold is still on the service: objects keep it, by its id.
   */
  tags(tags: ServiceSnapshot["tags"]): void {
    for (const tag of tags.filter((candidate) => candidate.system === true)) {
      this.tagExprs.set(tag.id, call("systemTagId", literal(tag.name ?? "")));
    }
    for (const tag of tags.filter((candidate) => candidate.system !== true && !this.wanted(candidate.id))) {
      this.tagExprs.set(tag.id, literal(tag.id));
    }
    for (const tag of tags
      .filter((candidate) => candidate.system !== true && this.wanted(candidate.id))
      .sort(byNameThenId)) {
      const variable = this.declare("tag", "Tag", tag, () => tagArgs(tag));
      this.tagExprs.set(tag.id, ref(`${variable}.id`));
    }
  }

  topics(live: ServiceSnapshot["topics"]): void {
    const topics = live
      .filter((topic) => this.wanted(topic.id))
      .map((topic) => ({ ...topic, name: topic.name ?? topic.topic_name ?? topic.id }));
    for (const topic of topics.sort(byNameThenId)) {
      const retained = this.choices.retainTopics?.has(topic.id) === true;
      const variable = this.declare("topic", "Topic", topic, () => ({
        ...topicArgs(topic, this.references),
        ...(retained ? { options: [entry("retainOnDelete", literal(true))] } : {}),
      }));
      this.topicVariables.set(topic.name, variable);
    }
  }

  /**
   * Sources, webhook sources, then destinations. With `only`, a connector the program does not hold is still on
   * the service: a pipeline keeps it as its end, by its id.
   */
  connectors(snapshot: ServiceSnapshot): void {
    const wanted = <T extends { id: string }>(objects: T[]) => objects.filter((object) => this.wanted(object.id));
    if (this.choices.only !== undefined) {
      const kept = (objects: Array<{ id: string; topics?: string[] | null }>, webhook: boolean) => {
        for (const live of objects.filter((object) => !this.wanted(object.id))) {
          this.connectorReferences.set(live.id, { variable: "", keptId: live.id, webhook, topics: live.topics ?? [] });
        }
      };
      kept(snapshot.sources, false);
      kept(snapshot.webhookSources, true);
      kept(snapshot.destinations, false);
    }
    for (const source of wanted(snapshot.sources).sort(byNameThenId)) this.connector("source", source);
    for (const hooks of wanted(snapshot.webhookSources).sort(byNameThenId)) {
      const variable = this.declare("webhookSource", "WebhookSource", hooks, () =>
        webhookSourceArgs(hooks, this.references),
      );
      this.connectorReferences.set(hooks.id, { variable, webhook: true, topics: hooks.topics ?? [] });
      this.sourceVariables.set(hooks.id, variable);
    }
    for (const destination of wanted(snapshot.destinations).sort(byNameThenId))
      this.connector("destination", destination);
  }

  /** Transforms; with `only`, one the program does not hold stays a pipeline's link, by its id. */
  transforms(transforms: ServiceSnapshot["transforms"]): void {
    if (this.choices.only !== undefined) {
      for (const transform of transforms.filter((candidate) => !this.wanted(candidate.id))) {
        this.transformExprs.set(transform.id, literal(transform.id));
      }
    }
    for (const transform of transforms.filter((candidate) => this.wanted(candidate.id)).sort(byNameThenId)) {
      if (!isExportableTransformType(transform.transform_type)) {
        this.model.leftOut.push(
          `Transform "${transform.name ?? transform.id}" (${transform.id}) is left out: its type ` +
            `"${transform.transform_type ?? "(none)"}" is not one this version of pulumi-streamkap knows.`,
        );
        continue;
      }
      const variable = this.declare("transform", "Transform", transform, () =>
        transformArgs(transform, this.references),
      );
      this.transformExprs.set(transform.id, ref(variable));
    }
  }

  pipelines(pipelines: ServiceSnapshot["pipelines"], development: string | undefined): void {
    for (const pipeline of pipelines.filter((candidate) => this.wanted(candidate.id)).sort(byNameThenId)) {
      const missing = missingEnd(pipeline, this.references);
      if (missing) {
        this.model.leftOut.push(`Pipeline "${pipeline.name ?? pipeline.id}" (${pipeline.id}) is left out: ${missing}.`);
        continue;
      }
      this.declare("pipeline", "Pipeline", pipeline, () => pipelineArgs(pipeline, this.references, development));
    }
  }

  /**
   * Kafka users under their own usernames (unique per service, so every stack can keep them), each password a
   * secret of the stack's config.
   */
  kafkaUsers(users: ServiceSnapshot["kafkaUsers"]): void {
    const wanted = users.filter((user) => this.wanted(user.username));
    for (const user of wanted.sort((a, b) => a.username.localeCompare(b.username))) {
      const live = { id: user.username, name: user.username };
      this.declare(
        "kafkaUser",
        "KafkaUser",
        live,
        (variable, label) =>
          kafkaUserArgs(user, this.secretFor(variable, label, user.username)({ key: "password", setting: "password" })),
        "username",
      );
    }
  }

  /**
   * Client credentials, only those `only` names (`from-terraform`): a copy of a credential is a new one, and an
   * export's service holds the credential it runs with. Each secret is read from the stack's secret config.
   */
  clientCredentials(credentials: ServiceSnapshot["clientCredentials"]): void {
    if (this.choices.only === undefined) return;
    const wanted = credentials.filter((credential) => this.wanted(credential.client_id));
    for (const credential of wanted.sort((a, b) => a.client_id.localeCompare(b.client_id))) {
      const live = { id: credential.client_id, name: credential.client_id };
      this.declare(
        "clientCredential",
        "ClientCredential",
        live,
        (variable, label) =>
          clientCredentialArgs(
            credential,
            this.secretFor(variable, label, credential.client_id)({ key: "secret", setting: "secret" }),
          ),
        null,
      );
    }
  }

  private connector(kind: "source" | "destination", live: ConnectorRecord): void {
    const variable = this.declare(kind, "", live, (name, label) => {
      const typed = connectorArgs(
        kind,
        live,
        this.secretFor(name, label, live.id),
        (key) => this.choices.alsoSecret?.(live.id, key) === true,
      );
      const lifecycle = lifecycleArgs(live, this.references);
      return { ...typed, entries: [...typed.entries, ...lifecycle.entries], notes: lifecycle.notes };
    });
    this.connectorReferences.set(live.id, { variable, webhook: false, topics: live.topics ?? [] });
    if (kind === "source") this.sourceVariables.set(live.id, variable);
  }

  /**
   * Declares one object: its names, `adopt`, then `args`, built once its variable is known (secret config keys
   * start with it). `args` may name the class itself (connectors: typed or generic).
   */
  private declare(
    kind: ExportKind,
    className: string,
    live: { id: string; name?: string | null },
    args: (variable: string, label: string) => Args & { className?: string; note?: string; options?: ObjectEntry[] },
    nameInput: "name" | "username" | null = "name",
  ): string {
    const serviceName = live.name ?? "";
    // A username is kept as it is: Kafka users are per service, so every stack has its own under that name.
    const split =
      nameInput === "name" ? splitPrefix(serviceName, this.choices.prefix) : { rest: serviceName, prefixed: true };
    const resourceName = this.namer.resourceName(kind, this.choices.only?.get(live.id) ?? split.rest);
    const variable = this.namer.variable(kind, resourceName);
    const label = `${kindWords[kind]} "${serviceName}"`;
    const built = args(variable, label);
    const comments = [...(built.note ? [built.note] : []), ...built.notes];
    if (!split.prefixed) {
      const warning = `The name of ${label} does not start with the prefix "${this.choices.prefix}": every stack gives it this name.`;
      comments.push(warning);
      this.model.warnings.push(warning);
    }
    const name: Expr =
      nameInput === "username"
        ? literal(serviceName)
        : split.prefixed
          ? template([{ code: "namePrefix" }, split.rest])
          : literal(serviceName);
    const adopt = this.choices.adopt ? [entry("adopt", literal(live.id))] : [];
    this.model.declarations.push({
      kind,
      comments,
      variable,
      className: `streamkap.${built.className ?? className}`,
      resourceName,
      adopts: this.choices.adopt ? live.id : undefined,
      entries: [...(nameInput === null ? [] : [entry(nameInput, name)]), ...adopt, ...built.entries],
      options: built.options,
    });
    return variable;
  }

  /** Whether the program holds this object (see `ExportChoices.only`). */
  private wanted(id: string): boolean {
    return this.choices.only === undefined || this.choices.only.has(id);
  }

  /** A secret setting of `label` as a stack-config read, listed for the person running the export. */
  private secretFor(variable: string, label: string, objectId: string): (request: SecretRequest) => Expr {
    return (request) => {
      const configKey = this.namer.configKey(variable, request.setting);
      this.model.secrets.push({ configKey, description: `${request.key} of ${label}`, objectId, key: request.key });
      return call("config.requireSecret", literal(configKey));
    };
  }
}

/**
 * `state` when the connector is paused or stopped (running is the default), its tags, and its Kafka Connect cluster
 * when not the default.
 */
function lifecycleArgs(live: ConnectorRecord, references: References): Args {
  const entries: ObjectEntry[] = [];
  const state = stateOfStatus(live.connector_status);
  if (state !== undefined && state !== "running") entries.push(entry("state", literal(state)));
  const tags = tagList(tagIdsOf(live.tags) ?? [], references);
  if (tags.list) entries.push(entry("tags", tags.list));
  if (live.kc_cluster_id) entries.push(entry("kcClusterId", literal(live.kc_cluster_id)));
  return { entries, notes: tags.notes };
}
