/**
 * The operations `pulumi up` will perform on connectors besides changing settings: state changes, restarts,
 * resets and snapshots. They read as a one-line change of an input in the preview; here they are named for
 * what they do.
 */
import {
  firedTriggers,
  type JsonObject,
  type LifecycleInputs,
  type OffsetReset,
  offsetResetToRun,
  snapshotToStart,
  type TriggerKey,
} from "../../provider/public/cli/previews";
import type { Inputs, ResourceView } from "./resources";
import { compareText, isPlainObject, showValue } from "./values";

export type LifecycleActionName =
  | "reset"
  | "restart"
  | "restart task"
  | "snapshot"
  | "initial snapshot"
  | "pause"
  | "resume"
  | "stop"
  | "created paused"
  | "created stopped"
  | "offset reset";

export interface LifecycleAction {
  name: string;
  typeName: string;
  action: LifecycleActionName;
  /** The input change behind it, e.g. `` `restartTrigger`: "INC-1" → "INC-2" ``. */
  detail: string;
}

/** The order actions run in on one connector (the provider resets before it restarts), then snapshots. */
const actionOrder: LifecycleActionName[] = [
  "created paused",
  "created stopped",
  "initial snapshot",
  "resume",
  "pause",
  "stop",
  "reset",
  "restart",
  "restart task",
  "snapshot",
  "offset reset",
];

const triggerActions: Record<TriggerKey, LifecycleActionName> = {
  resetTrigger: "reset",
  restartTrigger: "restart",
  restartTaskTrigger: "restart task",
};

const triggerNotes: Partial<Record<TriggerKey, string>> = {
  resetTrigger: " (clears its offsets: a source reads again from the start)",
};

function isConnector(view: ResourceView): boolean {
  return view.kind === "source" || view.kind === "destination";
}

function stateOf(inputs: Inputs | undefined): string {
  return typeof inputs?.state === "string" ? inputs.state : "running";
}

const stateActions: Record<string, LifecycleActionName> = { running: "resume", paused: "pause", stopped: "stop" };

function generationOf(inputs: Inputs | undefined): number | undefined {
  const generation = isPlainObject(inputs?.snapshot) ? inputs.snapshot.generation : undefined;
  return typeof generation === "number" ? generation : undefined;
}

function describeSnapshot(inputs: Inputs | undefined): string {
  const snapshot = isPlainObject(inputs?.snapshot) ? inputs.snapshot : {};
  const type = typeof snapshot.type === "string" ? snapshot.type : "incremental";
  const topics = Array.isArray(snapshot.topics) ? snapshot.topics.map(String).join(", ") : "every topic";
  return `${type}, ${topics}`;
}

/** Actions of a connector that stays: what `up` does besides sending settings. */
function updateActions(view: ResourceView): LifecycleAction[] {
  const actions: LifecycleAction[] = [];
  const base = { name: view.name, typeName: view.typeName };
  // What the provider last applied is in its outputs; after a refresh, the live values.
  const previous = view.oldOutputs ?? view.oldInputs ?? {};
  const before = stateOf(view.oldInputs ?? previous);
  const after = stateOf(view.newInputs);
  if (before !== after && stateActions[after]) {
    actions.push({ ...base, action: stateActions[after], detail: `\`state\`: ${before} → ${after}` });
  }
  // The provider's own rule decides which triggers fire, so the summary and `up` cannot disagree.
  for (const fired of firedTriggers((view.newInputs ?? {}) as LifecycleInputs, previous as JsonObject)) {
    const detail = `\`${fired.key}\`: ${showValue(previous[fired.key])} → ${showValue(view.newInputs?.[fired.key])}`;
    actions.push({ ...base, action: triggerActions[fired.key], detail: detail + (triggerNotes[fired.key] ?? "") });
  }
  // The provider's own rule again: a generation above the last applied one starts a snapshot.
  const snapshot = snapshotToStart((view.newInputs as LifecycleInputs | undefined)?.snapshot, previous as JsonObject);
  if (view.kind === "source" && snapshot !== undefined) {
    const applied = generationOf(previous) ?? 0;
    actions.push({
      ...base,
      action: "snapshot",
      detail: `\`snapshot.generation\`: ${applied} → ${snapshot.generation} (${describeSnapshot(view.newInputs)})`,
    });
  }
  return actions;
}

/** A new connector: it starts in its declared state, and a new source snapshots its tables by itself. */
function createActions(view: ResourceView, cause: string): LifecycleAction[] {
  const actions: LifecycleAction[] = [];
  const base = { name: view.name, typeName: view.typeName };
  const state = stateOf(view.newInputs);
  if (state === "paused" || state === "stopped") {
    actions.push({ ...base, action: `created ${state}`, detail: `\`state\`: ${state}: it does not run until resumed` });
  } else if (view.kind === "source") {
    actions.push({ ...base, action: "initial snapshot", detail: `${cause}: it snapshots its tables by itself` });
  }
  return actions;
}

/** Where a reset moves the offsets, and what that means for the destination. */
function describeReset(reset: OffsetReset): string {
  const topics = reset.topics ? reset.topics.join(", ") : "every topic";
  const to = reset.to;
  if (to === "latest") return `to the latest offset on ${topics}: records not yet delivered are **skipped**`;
  const from = to === "earliest" ? "the earliest offset" : "offset" in to ? `offset ${to.offset}` : `${to.timestamp}`;
  return `to ${from} on ${topics}: the destination receives those records **again**`;
}

/** A pipeline that stays: the offset reset a changed `offsetReset.trigger` asks for (the provider's own rule). */
function pipelineActions(view: ResourceView): LifecycleAction[] {
  const previous = (view.oldOutputs ?? view.oldInputs ?? {}) as JsonObject;
  const reset = offsetResetToRun(view.newInputs?.offsetReset as OffsetReset | undefined, previous);
  if (reset === undefined) return [];
  const before = isPlainObject(previous.offsetReset) ? previous.offsetReset.trigger : undefined;
  return [
    {
      name: view.name,
      typeName: view.typeName,
      action: "offset reset",
      detail: `\`offsetReset.trigger\`: ${showValue(before)} → ${showValue(reset.trigger)} (${describeReset(reset)})`,
    },
  ];
}

/** Every lifecycle action of the preview, per connector (and pipeline) in the order they run. */
export function lifecycleActions(views: ResourceView[]): LifecycleAction[] {
  return views
    .filter((view) => isConnector(view) || view.kind === "pipeline")
    .flatMap((view) => {
      if (view.kind === "pipeline") return view.op === "update" ? pipelineActions(view) : [];
      if (view.op === "update") return updateActions(view);
      if (view.op === "create") return createActions(view, "new source");
      if (view.op === "replace") return createActions(view, "replacement source");
      return [];
    })
    .sort(
      (a, b) =>
        compareText(a.name, b.name) ||
        compareText(a.typeName, b.typeName) ||
        actionOrder.indexOf(a.action) - actionOrder.indexOf(b.action),
    );
}
