import { z } from "zod";

/**
 * The lifecycle inputs of sources and destinations, as stored in state. They are all optional, so state written
 * before they existed reads and diffs unchanged, and an input left out means its default (running, no trigger).
 */

/** The declared state of a connector. */
export const connectorStates = ["running", "paused", "stopped"] as const;
export type ConnectorState = (typeof connectorStates)[number];

/** A trigger: any string or number; a change of value is what counts. */
const triggerSchema = z.union([z.string(), z.number()]);

const snapshotFilterSchema = z
  .strictObject({
    /** The table to filter, as the source names it, e.g. `public.orders`. */
    table: z.string().min(1, "must name a table"),
    /** An SQL WHERE clause (or JSON filter) selecting the rows to copy. */
    where: z.string().min(1, "must not be empty"),
  })
  .meta({ title: "SnapshotFilter" });

export const snapshotSchema = z
  .strictObject({
    /** Counts up; each raise starts one snapshot. */
    generation: z.number().int("must be a whole number").min(0, "must not be negative"),
    type: z.enum(["incremental", "blocking"]).meta({ title: "SnapshotType" }),
    /** Tables (`public.orders`) or full topic ids; absent means every topic of the source. */
    topics: z.array(z.string().min(1)).min(1, "must list at least one topic, or be left out for all").optional(),
    filters: z.array(snapshotFilterSchema).min(1, "must list at least one filter, or be left out").optional(),
    surrogateKey: z.string().min(1).optional(),
  })
  .meta({ title: "ConnectorSnapshot" });
export type SnapshotInput = z.infer<typeof snapshotSchema>;

export const restartTaskTriggerSchema = z
  .strictObject({
    /** The task number, as the connector's `tasks` and `taskStatuses` name it. */
    task: z.number().int("must be a whole number").min(0, "must not be negative"),
    trigger: triggerSchema,
  })
  .meta({ title: "RestartTaskTrigger" });
export type RestartTaskTrigger = z.infer<typeof restartTaskTriggerSchema>;

/** The longest a provider step may wait for a connector: one day. */
const maxReadyTimeoutSeconds = 24 * 60 * 60;

/** Spread into the connector inputs schema. */
export const lifecycleInputsShape = {
  state: z.enum(connectorStates).meta({ title: "ConnectorState" }).optional(),
  readyTimeoutSeconds: z
    .number()
    .int("must be a whole number of seconds")
    .min(1, "must be at least 1")
    .max(maxReadyTimeoutSeconds, `must be at most ${maxReadyTimeoutSeconds} (one day)`)
    .optional(),
  restartTrigger: triggerSchema.optional(),
  resetTrigger: triggerSchema.optional(),
  restartTaskTrigger: restartTaskTriggerSchema.optional(),
  snapshot: snapshotSchema.optional(),
  /** Tag ids. Absent leaves the service's tags as they are; `[]` removes them all. */
  tags: z.array(z.string().min(1)).optional(),
};

/**
 * Inputs only `converge` acts on: a change to them alone needs no update call (which could redeploy the
 * connector), just the lifecycle work.
 */
export const convergeOnlyInputs: ReadonlySet<string> = new Set([
  "state",
  "readyTimeoutSeconds",
  "restartTrigger",
  "resetTrigger",
  "restartTaskTrigger",
  "snapshot",
]);

/** The lifecycle inputs as the lifecycle modules read them, whatever else the kind's inputs hold. */
export interface LifecycleInputs {
  state?: ConnectorState;
  readyTimeoutSeconds?: number;
  restartTrigger?: string | number;
  resetTrigger?: string | number;
  restartTaskTrigger?: RestartTaskTrigger;
  snapshot?: SnapshotInput;
  tags?: string[];
}

/** How long a step waits for the connector when `readyTimeoutSeconds` is not given: ten minutes. */
export const defaultReadyTimeoutSeconds = 600;
