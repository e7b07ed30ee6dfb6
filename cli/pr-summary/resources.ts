/**
 * One view per resource of a preview: what it is (kind, type, name), what the engine will do to it, and its
 * inputs before and after. A preview with `--refresh` lists a resource twice (its refresh, then its step); a
 * preview with `--show-sames` also lists unchanged resources, which is what lets the diagram draw a pipeline whose
 * source alone changed.
 */
import type { PreviewDigest, PreviewStep, ResourceState } from "./preview-json";

/** What kind of Streamkap object a resource is; `other` for everything else in the stack. */
export type ResourceKind =
  | "source"
  | "destination"
  | "pipeline"
  | "topic"
  | "transform"
  | "projectKey"
  | "kafkaUser"
  | "clientCredential"
  | "alertSubscriber"
  | "tag"
  | "other";

export type Inputs = Record<string, unknown>;

export interface ResourceView {
  urn: string;
  /** The logical name in the program, e.g. `orders-db`. */
  name: string;
  /** The short type, e.g. `PostgresqlSource`, `Pipeline`. */
  typeName: string;
  kind: ResourceKind;
  /** The engine's operation: `same`, `create`, `update`, `replace`, `delete`, … */
  op: string;
  /** The object's id on the service, when it exists. */
  id?: string;
  /** Inputs as of the last deployment (after the refresh, when the preview refreshed). */
  oldInputs?: Inputs;
  /** Outputs as of the last deployment: what the provider last applied. */
  oldOutputs?: Inputs;
  /** Inputs the program declares now. */
  newInputs?: Inputs;
  /** Per input, the URNs it depends on (from the newest state that has them). */
  dependencies: Record<string, string[]>;
  diffReasons: string[];
  replaceReasons: string[];
  /** Property paths (`config["database.port"]`, `snapshot.generation`) with their kind of change. */
  detailedDiff: Record<string, string>;
}

/** Operations that change nothing: a resource with one of these is shown only for context. */
export const unchangedOps: ReadonlySet<string> = new Set(["same", "refresh", "read"]);

/** The value pulumi uses in previews for something known only after `up`. */
export const unknownValue = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

const streamkapModule = /^pulumi-nodejs:dynamic\/streamkap:(\w+)$/;

/**
 * The kind, from the type token when it is ours (`pulumi-nodejs:dynamic/streamkap:PostgresqlSource`), otherwise
 * from the inputs, which differ per kind, for stacks written before the resources had tokens of their own.
 */
export function kindOf(type: string, inputs: Inputs | undefined): ResourceKind {
  const token = streamkapModule.exec(type);
  if (token) {
    const name = token[1];
    if (name === "Pipeline") return "pipeline";
    if (name === "Topic") return "topic";
    if (name === "Tag") return "tag";
    if (name === "ProjectKey") return "projectKey";
    if (name === "KafkaUser") return "kafkaUser";
    if (name === "ClientCredential") return "clientCredential";
    if (name === "AlertSubscriber") return "alertSubscriber";
    if (name.endsWith("Source")) return "source";
    if (name.endsWith("Destination")) return "destination";
    if (name.endsWith("Transform")) return "transform";
    return "other";
  }
  if (!type.startsWith("pulumi-nodejs:dynamic") || inputs === undefined) return "other";
  if ("sourceId" in inputs && "destinationId" in inputs) return "pipeline";
  if ("inputTopicPattern" in inputs) return "transform";
  if ("connector" in inputs && "config" in inputs) return "serviceId" in inputs ? "source" : "destination";
  if ("partitions" in inputs || "cleanupPolicy" in inputs) return "topic";
  return "other";
}

/** `urn:pulumi:<stack>::<project>::<type>::<name>` → its parts (the type may hold `$` for parents). */
export function parseUrn(urn: string): { stack?: string; project?: string; type: string; name: string } {
  const parts = urn.split("::");
  const stack = parts[0]?.startsWith("urn:pulumi:") ? parts[0].slice("urn:pulumi:".length) : undefined;
  const name = parts.length >= 4 ? parts.slice(3).join("::") : urn;
  const qualifiedType = parts[2] ?? "";
  return { stack, project: parts[1], type: qualifiedType.split("$").pop() ?? qualifiedType, name };
}

function shortType(type: string): string {
  return type.split(":").pop() || type;
}

function dependenciesOf(state: ResourceState | null | undefined): Record<string, string[]> | undefined {
  if (!state?.propertyDependencies) return undefined;
  const result: Record<string, string[]> = {};
  for (const [key, urns] of Object.entries(state.propertyDependencies)) {
    if (urns && urns.length > 0) result[key] = urns;
  }
  return result;
}

/** The parts of one replacement, which some outputs list as steps of their own. */
const replacementOps: ReadonlySet<string> = new Set([
  "replace",
  "create-replacement",
  "delete-replaced",
  "import-replacement",
]);

/** The step that says what happens to the resource: a replacement's parts count as one replacement. */
function mainStep(steps: PreviewStep[]): PreviewStep {
  const replacement = steps.find((step) => step.op === "replace") ?? steps.find((step) => replacementOps.has(step.op));
  if (replacement) return { ...replacement, op: "replace" };
  return [...steps].reverse().find((step) => step.op !== "refresh") ?? steps[steps.length - 1];
}

/** Folds the steps of one URN (a refresh, then the step proper) into one view. */
function viewOf(urn: string, steps: PreviewStep[]): ResourceView {
  const main = mainStep(steps);
  const refresh = steps.find((step) => step.op === "refresh");
  const before = main.oldState ?? refresh?.newState ?? refresh?.oldState ?? undefined;
  const after = main.newState ?? (main.op === "delete" ? undefined : before);
  const type = after?.type ?? before?.type ?? parseUrn(urn).type;
  const newInputs = main.op === "delete" ? undefined : (after?.inputs ?? undefined);
  const oldInputs = main.op === "create" ? undefined : (before?.inputs ?? undefined);
  return {
    urn,
    name: parseUrn(urn).name,
    typeName: shortType(type),
    kind: kindOf(type, newInputs ?? oldInputs),
    op: main.op,
    id: before?.id ?? after?.id,
    oldInputs,
    oldOutputs: main.op === "create" ? undefined : (before?.outputs ?? undefined),
    newInputs,
    dependencies: dependenciesOf(after) ?? dependenciesOf(before) ?? {},
    diffReasons: main.diffReasons ?? [],
    replaceReasons: main.replaceReasons ?? [],
    detailedDiff: Object.fromEntries(
      Object.entries(main.detailedDiff ?? {}).map(([path, diff]) => [path, diff.kind ?? "update"]),
    ),
  };
}

/**
 * A resource the preview's JSON only names (a dependency of a changed one, when unchanged resources were not
 * listed): known by its URN, and unchanged.
 */
export function namedOnly(urn: string): ResourceView {
  const { type, name } = parseUrn(urn);
  return {
    urn,
    name,
    typeName: shortType(type),
    kind: kindOf(type, undefined),
    op: "same",
    dependencies: {},
    diffReasons: [],
    replaceReasons: [],
    detailedDiff: {},
  };
}

/** Every resource of the preview except the stack and providers, in the order the engine listed them. */
export function resourceViews(digest: PreviewDigest): ResourceView[] {
  const byUrn = new Map<string, PreviewStep[]>();
  for (const step of digest.steps ?? []) {
    const { type } = parseUrn(step.urn);
    if (type === "pulumi:pulumi:Stack" || type.startsWith("pulumi:providers:")) continue;
    const steps = byUrn.get(step.urn) ?? [];
    steps.push(step);
    byUrn.set(step.urn, steps);
  }
  return [...byUrn.entries()].map(([urn, steps]) => viewOf(urn, steps));
}

/** The stack and project the preview is of, from its URNs. */
export function stackOf(digest: PreviewDigest): { stack?: string; project?: string } {
  const first = digest.steps?.[0]?.urn ?? digest.diagnostics?.find((diagnostic) => diagnostic.urn)?.urn;
  if (!first) return {};
  const { stack, project } = parseUrn(first);
  return { stack, project };
}
