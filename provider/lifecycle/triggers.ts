import type { Json, JsonObject } from "../engine/kind";
import { semanticEqual } from "../engine/values";
import type { LifecycleInputs } from "./inputs";
import type { Action } from "./state";

/** The trigger inputs, in the order their actions run: a reset restarts too, so it goes first. */
export const triggerKeys = ["resetTrigger", "restartTrigger", "restartTaskTrigger"] as const;
export type TriggerKey = (typeof triggerKeys)[number];

const triggerAction: Record<TriggerKey, Action> = {
  resetTrigger: "reset",
  restartTrigger: "restart",
  restartTaskTrigger: "restart_task",
};

/** One action a changed trigger asks for. */
export interface FiredTrigger {
  key: TriggerKey;
  action: Action;
  body?: Json;
}

/**
 * The body of `restart_task`. The API documents no body for it; the task number goes here, in one place, so a
 * different shape of the real service is a one-line change.
 */
export function restartTaskBody(task: number): Json {
  return { task_id: task };
}

/**
 * The triggers whose value changed since the last successful run of their action, in order. `previous` holds
 * the outputs of the last deployment, which repeat the inputs whose actions happened (a failed action leaves
 * its old value there). On create there is no previous: a trigger's first value is recorded, not fired. A
 * trigger removed from the program fires nothing; one added to an existing connector fires once.
 */
export function firedTriggers(inputs: LifecycleInputs, previous: JsonObject | undefined): FiredTrigger[] {
  if (previous === undefined) return [];
  const fired: FiredTrigger[] = [];
  for (const key of triggerKeys) {
    const value = inputs[key];
    if (value === undefined || semanticEqual(previous[key], value)) continue;
    const task = inputs.restartTaskTrigger?.task;
    fired.push(
      key === "restartTaskTrigger" && task !== undefined
        ? { key, action: triggerAction[key], body: restartTaskBody(task) }
        : { key, action: triggerAction[key] },
    );
  }
  return fired;
}
