/**
 * What each lookup takes, as one object: the provider plugin checks an invoke's arguments against these (strict, so
 * a misspelt argument is named rather than ignored), and the TypeScript SDK's filters must fit them (its wrappers
 * hand them over as they are, which the compiler holds).
 */
import { z } from "zod";

import { customTagTypes, systemTagTypes, topicEntityTypes } from "../../catalogue/wire-values";

const id = z.string().min(1);

/** The values the SDK's first versions documented, and the service's values they stand for. */
export const legacyTopicEntityTypes = {
  source: "sources",
  transform: "transforms",
  topic: "manual",
} as const satisfies Record<string, (typeof topicEntityTypes)[number]>;

export const byId = z.strictObject({ id });

export const connectorFilter = z.strictObject({
  partialName: z.string().optional(),
  connector: z.string().optional(),
  tagIds: z.array(z.string()).optional(),
  tagMatch: z.enum(["any", "all"]).optional(),
});
export type ConnectorFilter = z.infer<typeof connectorFilter>;

export const topicFilter = z.strictObject({
  partialName: z.string().optional(),
  entityType: z
    .enum([...topicEntityTypes, ...(Object.keys(legacyTopicEntityTypes) as Array<keyof typeof legacyTopicEntityTypes>)])
    .optional(),
  entityId: z.string().optional(),
});
export type TopicFilter = z.infer<typeof topicFilter>;

export const tagFilter = z.strictObject({
  name: z.string().optional(),
  type: z.enum([...customTagTypes, ...systemTagTypes]).optional(),
  system: z.boolean().optional(),
});
export type TagFilter = z.infer<typeof tagFilter>;

export const transformFilter = z.strictObject({ partialName: z.string().optional() });
export type TransformFilter = z.infer<typeof transformFilter>;

export const noArguments = z.strictObject({});

export const topicSerializationArgs = z.strictObject({ topicId: id });

const topicMetricsEntity = z.strictObject({
  id,
  entityType: z.enum(["sources", "transforms", "destinations"]),
  connector: z.string(),
  topicIds: z.array(z.string()),
  topicDbIds: z.array(z.string()).optional(),
});
export type TopicMetricsEntity = z.infer<typeof topicMetricsEntity>;

const metricsWindow = z.strictObject({
  interval: z.number().optional(),
  unit: z.enum(["minutes", "hours", "days"]).optional(),
});
export type MetricsWindow = z.infer<typeof metricsWindow>;

export const topicMetricsArgs = z.strictObject({
  entities: z.array(topicMetricsEntity),
  window: metricsWindow.optional(),
});
