/**
 * What each changed resource's step means for a reviewer: which properties change (with their values, secrets
 * masked as the preview masks them), and, for replacements and deletions, what is lost.
 */
import { type Inputs, type ResourceKind, type ResourceView, unchangedOps } from "./resources";
import {
  childPath,
  compareText,
  differingPaths,
  isUnknown,
  pathSegments,
  sameValue,
  showValue,
  valueAt,
} from "./values";

export interface PropertyChange {
  /** A pulumi property path: `ingestionMode`, `config["database.port"]`, `snapshot.generation`. */
  path: string;
  /** `add`, `update` or `delete` (pulumi's `-replace` suffix is dropped: see `forcesReplacement`). */
  kind: string;
  before: string;
  after: string;
  forcesReplacement: boolean;
}

export interface ResourceChange {
  urn: string;
  name: string;
  typeName: string;
  kind: ResourceKind;
  op: string;
  properties: PropertyChange[];
}

/** A replacement or deletion that loses data or progress, said plainly. */
export interface Risk {
  name: string;
  typeName: string;
  kind: ResourceKind;
  op: "replace" | "delete";
  /** Why: `` `ingestionMode` changed ``, `its destination \`warehouse\` is replaced`. */
  because?: string;
  consequence: string;
}

const opOrder = ["replace", "delete", "create", "update"];

function opRank(op: string): number {
  return opOrder.includes(op) ? opOrder.indexOf(op) : opOrder.length;
}

/** Replacements first, then deletions, creations, updates; then by name: the order a reviewer reads in. */
function compareChanges(a: ResourceChange, b: ResourceChange): number {
  return opRank(a.op) - opRank(b.op) || compareText(a.name, b.name) || compareText(a.urn, b.urn);
}

function compareRisks(a: Risk, b: Risk): number {
  return opRank(a.op) - opRank(b.op) || compareText(a.name, b.name) || compareText(a.typeName, b.typeName);
}

function isInternal(key: string): boolean {
  return key.startsWith("__");
}

/** Top-level inputs that differ, for steps where the engine gave no detail (a replacement caused by another). */
function differingInputs(before: Inputs | undefined, after: Inputs | undefined): string[] {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  return [...keys].filter((key) => !isInternal(key) && !sameValue(before?.[key], after?.[key]));
}

function changeKind(before: unknown, after: unknown): string {
  if (before === undefined) return "add";
  if (after === undefined) return "delete";
  return "update";
}

function propertyChanges(view: ResourceView): PropertyChange[] {
  const detailed = Object.entries(view.detailedDiff).filter(([path]) => !isInternal(path));
  // Without the engine's detail (a replacement caused by another resource), compare the inputs ourselves.
  const topLevel = view.diffReasons.length > 0 ? view.diffReasons : differingInputs(view.oldInputs, view.newInputs);
  const paths =
    detailed.length > 0
      ? detailed.map(([path, kind]) => ({ path, kind }))
      : topLevel
          .filter((key) => !isInternal(key))
          .flatMap((key) => differingPaths(view.oldInputs?.[key], view.newInputs?.[key], childPath("", key)))
          .map((path) => ({ path, kind: undefined }));
  return paths
    .map(({ path, kind }) => {
      const before = valueAt(view.oldInputs, path);
      const after = valueAt(view.newInputs, path);
      return {
        path,
        kind: (kind ?? changeKind(before, after)).replace(/-replace$/, ""),
        before: showValue(before),
        after: showValue(after),
        forcesReplacement: kind?.endsWith("-replace") === true || view.replaceReasons.includes(pathSegments(path)[0]),
      };
    })
    .sort((a, b) => compareText(a.path, b.path));
}

/** Every resource whose step changes something, in reading order. */
export function resourceChanges(views: ResourceView[]): ResourceChange[] {
  return views
    .filter((view) => !unchangedOps.has(view.op))
    .map((view) => ({
      urn: view.urn,
      name: view.name,
      typeName: view.typeName,
      kind: view.kind,
      op: view.op,
      properties: view.op === "update" || view.op === "replace" ? propertyChanges(view) : [],
    }))
    .sort(compareChanges);
}

const replaced: Partial<Record<ResourceKind, string>> = {
  source:
    "A new source connector is created and the old one deleted: the new one takes a fresh initial snapshot of " +
    "its tables into new topics, and the old connector's offsets and topics are deleted with it.",
  destination:
    "A new destination connector is created and the old one deleted with its delivery progress: the new one " +
    "starts over, so records can be delivered again or, past the topics' retention, not at all.",
  pipeline:
    "The pipeline is deleted and created again: delivery stops in between, and the new pipeline starts without " +
    "the old one's progress.",
  topic: "The topic is deleted and created again: every record in it is lost.",
  transform: "The transform is deleted and created again: its job starts over and its output topics are rewritten.",
  projectKey: "New credentials are issued and the old ones stop working.",
  kafkaUser: "A user of the new name is made and the old one deleted: clients logged in as the old one are cut off.",
  clientCredential:
    "A new client id and secret are issued and the old ones stop working: whatever uses them needs the new ones.",
  alertSubscriber: "Alerts go to the new subscriber; the old one's rules are cleared and its channels disconnected.",
};

const deleted: Partial<Record<ResourceKind, string>> = {
  source: "The source connector is deleted with its offsets and topics: capture stops.",
  destination: "The destination connector is deleted: delivery to it stops.",
  pipeline: "Delivery from its source to its destination stops.",
  topic: "The topic is deleted with every record in it.",
  transform: "The transform's job stops and is deleted.",
  projectKey: "Its credentials stop working.",
  kafkaUser: "The Kafka user is deleted: clients using it are cut off.",
  clientCredential: "Its client id and secret stop working.",
  alertSubscriber: "Its channels are disconnected and its rules cleared: nobody is paged by it any more.",
};

/** Why a replacement happens, in words: the forcing properties, or the replaced resource it depends on. */
function replacementCause(view: ResourceView, byUrn: Map<string, ResourceView>): string | undefined {
  if (view.replaceReasons.length > 0) {
    return `${view.replaceReasons.map((key) => `\`${key}\``).join(", ")} changed`;
  }
  const changedKeys = differingInputs(view.oldInputs, view.newInputs);
  const causes = changedKeys.flatMap((key) =>
    (view.dependencies[key] ?? [])
      .map((urn) => byUrn.get(urn))
      .filter((other): other is ResourceView => other?.op === "replace")
      .map((other) => `its ${other.kind === "other" ? other.typeName : other.kind} \`${other.name}\` is replaced`),
  );
  if (causes.length > 0) return [...new Set(causes)].join(" and ");
  const unknownKeys = changedKeys.filter((key) => isUnknown(view.newInputs?.[key]));
  const keys = unknownKeys.length > 0 ? unknownKeys : changedKeys;
  return keys.length > 0 ? `${keys.map((key) => `\`${key}\``).join(", ")} changed` : undefined;
}

/** Replacements and deletions of Streamkap objects, with what each loses. */
export function risks(views: ResourceView[]): Risk[] {
  const byUrn = new Map(views.map((view) => [view.urn, view]));
  return views
    .filter((view) => view.op === "replace" || view.op === "delete")
    .map((view): Risk | undefined => {
      const op = view.op as "replace" | "delete";
      const consequence = (op === "replace" ? replaced : deleted)[view.kind];
      if (consequence === undefined) return undefined;
      const because = op === "replace" ? replacementCause(view, byUrn) : undefined;
      return { name: view.name, typeName: view.typeName, kind: view.kind, op, because, consequence };
    })
    .filter((risk): risk is Risk => risk !== undefined)
    .sort(compareRisks);
}
