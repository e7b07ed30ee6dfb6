import { z } from "zod";

import { type ConnectorRecord, connectorRecord } from "../client/responses";
import type { ConnectorKind } from "../../catalogue";
import { inputSchema, type JsonObject, type KindDescription } from "../engine/kind";
import { requestFor } from "../engine/lookup";
import { changedBeyond, compact } from "../engine/values";
import { checkConnectorConfig, configForcesReplacement, importedConfig, secretKeys } from "./connector-config";
import { convergeConnector } from "../lifecycle/converge";
import { convergeOnlyInputs, lifecycleInputsShape } from "../lifecycle/inputs";
import { lifecycleRules } from "../lifecycle/rules";
import { liveState, statusOfState } from "../lifecycle/state";
import { liveConfig, managedCluster, managedTags } from "./live-values";
import { kcClusterIdSchema, nameSchema, namePrefixSchema } from "./names";

/**
 * A config value as a program sets it: a scalar, a list, or for map-typed keys (Snowflake
 * `auto.qa.dedupe.table.mapping`, ClickHouse `topics.config.map`, …) an object or its JSON text, both of which
 * the service takes (TF internal/resource/connector/base.go:852-880).
 */
const configValueSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.array(z.union([z.string(), z.number(), z.boolean()])),
  z.record(z.string(), z.json()),
]);

/**
 * Inputs shared by sources and destinations, as stored in state. Typed per-connector kinds take every input but
 * `connector` and `config`, so the lifecycle inputs (state, deadline, triggers, snapshot, tags) reach them too.
 */
export const connectorInputsSchema = z.strictObject({
  name: nameSchema,
  namePrefix: namePrefixSchema.optional(),
  connector: z.string().regex(/^[a-z][a-z0-9_]*$/, "must be a connector code such as postgresql"),
  config: z.record(z.string().min(1), configValueSchema),
  /**
   * Keys of `config` the connector catalogue of this version does not list, to send as written (a setting the
   * service added since, or one only the console sets). Any other unlisted key is refused as a likely typo.
   * Never sent itself.
   */
  unlistedSettings: z.array(z.string().min(1)).optional(),
  /**
   * The Kafka Connect cluster to run on (the API's `kc_cluster_id`); absent leaves it to the service. Sent on
   * create and every update when set, as the reference client sends it (TF internal/resource/connector/base.go).
   */
  kcClusterId: kcClusterIdSchema.optional(),
  ...lifecycleInputsShape,
});
export type ConnectorInputs = z.infer<typeof connectorInputsSchema> & JsonObject;

/**
 * Whether an update needs the PUT: not when only lifecycle inputs changed, so that pausing or restarting a
 * connector does not also redeploy it. Written over all keys rather than the PUT body, so that typed connectors,
 * whose inputs carry settings in place of `config`, get the same answer through this kind's `api`.
 */
const notSentInputs: ReadonlySet<string> = new Set([...convergeOnlyInputs, "unlistedSettings"]);

function updateNeeded(olds: JsonObject, news: JsonObject): boolean {
  return changedBeyond(olds, news, notSentInputs);
}

const connectorKinds = new Map<ConnectorKind, KindDescription<ConnectorInputs, ConnectorRecord>>();

/**
 * Sources and destinations share one shape on the service: POST/GET/PUT/DELETE under their collection, dotted
 * config keys, a connector status with lifecycle operations, and asynchronous deletes. One description per kind,
 * shared by the registry, every typed connector and the pipelines that read their ends.
 */
export function connectorKind(
  kind: Exclude<ConnectorKind, "transform">,
): KindDescription<ConnectorInputs, ConnectorRecord> {
  let description = connectorKinds.get(kind);
  if (!description) connectorKinds.set(kind, (description = describeConnectorKind(kind)));
  return description;
}

function describeConnectorKind(
  kind: Exclude<ConnectorKind, "transform">,
): KindDescription<ConnectorInputs, ConnectorRecord> {
  return {
    noun: kind,
    schema: inputSchema<ConnectorInputs>(connectorInputsSchema),
    rules: (news, olds) => [
      ...checkConnectorConfig(kind, news.connector, news.config, news.unlistedSettings ?? []),
      ...lifecycleRules(kind, news, olds),
    ],
    replaceOn: ["connector"],
    // Tag ids are a set to the service (TF `tags`: a set of strings).
    unorderedInputs: ["tags"],
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
      createBody: (inputs, context) =>
        compact({
          name: inputs.name,
          connector: inputs.connector,
          config: inputs.config,
          created_from: context.createdFrom,
          // Created in its declared state: a connector declared paused never runs, not even briefly.
          desired_state: inputs.state === undefined ? undefined : statusOfState[inputs.state],
          tags: inputs.tags,
          kc_cluster_id: inputs.kcClusterId,
        }),
      // `tags` only when managed: an absent input leaves the service's tags alone.
      updateBody: (inputs) =>
        compact({
          name: inputs.name,
          connector: inputs.connector,
          config: inputs.config,
          tags: inputs.tags,
          kc_cluster_id: inputs.kcClusterId,
        }),
      updateNeeded,
      // The provider waits for the deploy itself, bounded by `readyTimeoutSeconds`, rather than holding one
      // HTTP call open for as long as the service takes.
      writeQuery: { wait: false },
      // Without `wait=false` the service holds the DELETE open until Kafka Connect has torn the connector down,
      // which can outlast a call's deadline; with it the service answers at once and the object lingers until
      // gone, which the engine waits for (TF internal/api/source.go:183-202, destination.go:165;
      // internal/provider/check_destroy_test.go:14-27).
      deleteRequest: (id) => ({ ...requestFor(`/${kind}s`, "DELETE", id), query: { wait: false } }),
      asyncDelete: true,
      // Drift reports name who changed a setting, when, and at which version.
      configHistory: true,
      // The reference client reads every connector with its secrets (TF internal/api/source.go, destination.go),
      // and its import tests verify them: an imported connector carries them, as Pulumi secrets.
      importQuery: { secret_returned: true },
    },
    outputs: (live) =>
      compact({
        // A typed connector's code is in its type, not its inputs; programs (and Terraform's `connector`
        // attribute, which a converted pipeline refers to) read it here.
        connector: live.connector ?? undefined,
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
        state: liveState(live.connector_status, prior.state),
        tags: managedTags(prior.tags, live.tags),
        kcClusterId: managedCluster(prior.kcClusterId, live),
      }) as ConnectorInputs,
    importInputs: (live) =>
      compact({
        name: live.name,
        connector: live.connector,
        config: importedConfig(kind, live.connector ?? "", live.config as JsonObject | null | undefined),
        kcClusterId: live.kc_cluster_id || undefined,
      }) as ConnectorInputs,
    // Drift reports never print the values of catalogue-secret settings.
    secretKeys: (inputs) => (typeof inputs.connector === "string" ? secretKeys(kind, inputs.connector) : []),
    converge: (self, live, inputs, previous) => {
      // As the service answered the create or update: a pipeline created next in this run names its ends by these.
      if (live.name && live.connector) {
        // `topics`, else `topic_ids`: an empty list is no list (the directory keeps none).
        const topics =
          kind === "source" ? [live.topics, live.topic_ids].find((list) => list && list.length > 0) : undefined;
        self.context.client.connectors.remember(kind, live.id, {
          name: live.name,
          connector: live.connector,
          ...(topics ? { topics: topics.map(String) } : {}),
        });
      }
      return convergeConnector(kind, self, live, inputs, previous);
    },
  };
}
