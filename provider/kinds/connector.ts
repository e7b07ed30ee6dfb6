import { z } from "zod";

import { type ConnectorRecord, connectorRecord } from "../client/responses";
import type { ConnectorKind } from "../catalogue";
import type { JsonObject, KindDescription } from "../engine/kind";
import { compact } from "../engine/values";
import { checkConnectorConfig, configForcesReplacement, liveConfig } from "./connector-config";
import { nameSchema, namePrefixSchema } from "./names";

const configValueSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.array(z.union([z.string(), z.number(), z.boolean()])),
]);

/** Inputs shared by sources and destinations, as stored in state. */
export const connectorInputsSchema = z.strictObject({
  name: nameSchema,
  namePrefix: namePrefixSchema.optional(),
  connector: z.string().regex(/^[a-z][a-z0-9_]*$/, "must be a connector code such as postgresql"),
  config: z.record(z.string().min(1), configValueSchema),
});
export type ConnectorInputs = z.infer<typeof connectorInputsSchema> & JsonObject;

/**
 * Sources and destinations share one shape on the service: POST/GET/PUT/DELETE under their collection, dotted
 * config keys, a connector status, and asynchronous deletes.
 */
export function connectorKind(
  kind: Exclude<ConnectorKind, "transform">,
): KindDescription<ConnectorInputs, ConnectorRecord> {
  return {
    kind,
    schema: connectorInputsSchema as z.ZodType<ConnectorInputs>,
    rules: (news) => checkConnectorConfig(kind, news.connector, news.config),
    replaceOn: ["connector"],
    replaceWhen: (olds, news) =>
      typeof news.connector === "string" && configForcesReplacement(kind, news.connector, olds.config, news.config)
        ? ["config"]
        : [],
    uniqueNames: true,
    api: {
      collection: `/${kind}s`,
      record: connectorRecord,
      idOf: (live) => live.id,
      nameOf: (live) => live.name ?? undefined,
      createBody: (inputs, context) => ({
        name: inputs.name,
        connector: inputs.connector,
        config: inputs.config,
        created_from: context.createdFrom,
      }),
      updateBody: (inputs) => ({ name: inputs.name, connector: inputs.connector, config: inputs.config }),
      asyncDelete: true,
    },
    outputs: (live) =>
      compact({
        connectorStatus: live.connector_status ?? undefined,
        taskStatuses: (live.task_statuses as JsonObject | null | undefined) ?? undefined,
        topics: live.topics ?? undefined,
        topicIds: live.topic_ids ?? undefined,
        connectorDisplayName: live.connector_display_name ?? undefined,
        createdTimestamp: live.created_timestamp ?? undefined,
        createdFrom: live.created_from ?? undefined,
        serviceId: live.service_id ?? undefined,
      }),
    liveInputs: (live, prior) =>
      compact({
        ...prior,
        name: live.name ?? prior.name,
        connector: live.connector ?? prior.connector,
        config: liveConfig(live.config as JsonObject | null | undefined, prior.config),
      }) as ConnectorInputs,
  };
}
