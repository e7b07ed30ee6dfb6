/**
 * What `pr-summary` uses to say what a preview will do: the provider's own rules for which declared changes fire
 * a restart, a snapshot or an offset reset, and its reading of nested values.
 */
export type { JsonObject } from "../../engine/kind";
export { isPlainObject, valueAt } from "../../engine/values";
export type { LifecycleInputs } from "../../lifecycle/inputs";
export { type OffsetReset, offsetResetToRun } from "../../lifecycle/offset-reset";
export { snapshotToStart } from "../../lifecycle/snapshot";
export { firedTriggers, type TriggerKey } from "../../lifecycle/triggers";
