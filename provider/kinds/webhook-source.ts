import { z } from "zod";

import { type ConnectorRecord, connectorRecord, envelope } from "../client/responses";
import { errors } from "../errors";
import {
  type CheckFailure,
  inputSchema,
  type JsonObject,
  type KindContext,
  type KindDescription,
} from "../engine/kind";
import { compact, isUnknown, repeatedEntry } from "../engine/values";
import { checkConnectorConfig } from "./connector-config";
import {
  keptSecrets,
  liveConfig,
  liveSet,
  liveSetting,
  managedCluster,
  revealed,
  splitList,
  tagIdsOf,
} from "./live-values";
import { kcClusterIdSchema, nameSchema, namePrefixSchema } from "./names";
import { liveValueOf } from "./typed/fields";

/** The service's defaults (api.md "Webhook source settings"). */
export const webhookDefaults = {
  format: "json",
  addDeleteField: false,
  keyHeader: "key",
  defaultTopic: "default_topic",
};

/**
 * Config keys of a `webhook` source: the reference client's mapping (TF internal/generated/source_webhook.go:254-273).
 * There is no key for the default topic: the base URL's topic is the first of the topic list, whose own default is
 * `default_topic` (a guess, see docs/real-api.md).
 */
const keys = {
  url: "webhook.url",
  apiKey: "api.key",
  format: "format",
  addDeleteField: "transforms.inferSchema.add.delete.field",
  keyHeader: "camel.source.camelMessageHeaderKey",
  topics: "topic.include.list.user.defined",
} as const;

const topicName = z
  .string()
  .regex(/^[a-zA-Z0-9._-]{1,249}$/, "must be 1 to 249 letters, digits, `.`, `_` or `-` (it is a URL path segment)");

export const webhookSourceInputsSchema = z.strictObject({
  name: nameSchema,
  namePrefix: namePrefixSchema.optional(),
  format: z.enum(["json", "string"]).optional(),
  addDeleteField: z.boolean().optional(),
  keyHeader: z
    .string()
    .regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,256}$/, "must be an HTTP header name (letters, digits, `-`, …)")
    .optional(),
  defaultTopic: topicName.optional(),
  topics: z.array(topicName).min(1, "must list at least one topic, or be left out").optional(),
  tags: z.array(z.string().min(1)).optional(),
  /** The Kafka Connect cluster to run on (the API's `kc_cluster_id`), as for every connector (connector.ts). */
  kcClusterId: kcClusterIdSchema.optional(),
  /**
   * Further settings of the `webhook` connector by their dotted keys (value-to-key fields, oversized records,
   * `InsertTopicName.enabled`, …), checked against the catalogue; the keys above have inputs of their own.
   */
  config: z.record(z.string().min(1), z.union([z.string(), z.number(), z.boolean()])).optional(),
  /** Not on the service: bumping it replaces the source, the only way to get a new URL and API key. */
  keyVersion: z.number().int().min(0).optional(),
});
export type WebhookSourceInputs = z.infer<typeof webhookSourceInputsSchema> & JsonObject;

/** What the kind accepts: its own inputs, or the topics as Terraform's `topic_include_list` holds them. */
export const webhookSourceAcceptedInputsSchema = webhookSourceInputsSchema.extend({
  topicIncludeList: z
    .string()
    .optional()
    .meta({
      description:
        "The topics as Terraform's `topic_include_list` holds them, for programs Pulumi's Terraform converter " +
        "wrote: one comma-separated string, read as `topics` (give one, not both).",
    }),
});

/** Terraform's comma-separated topics as `topics`; left as they are when `topics` is given too (the rules say so). */
export function canonicalWebhookSourceInputs(accepted: JsonObject): WebhookSourceInputs {
  const { topicIncludeList, ...rest } = accepted;
  if (topicIncludeList === undefined) return rest as WebhookSourceInputs;
  if (typeof topicIncludeList !== "string" || rest.topics !== undefined) return accepted as WebhookSourceInputs;
  // Not known until `up`: the list is not either.
  if (isUnknown(topicIncludeList)) return { ...rest, topics: topicIncludeList } as JsonObject as WebhookSourceInputs;
  const topics = splitList(topicIncludeList) ?? [];
  return { ...rest, ...(topics.length > 0 ? { topics } : {}) } as WebhookSourceInputs;
}

/**
 * The topic that receives requests to the base URL: `defaultTopic`, else the first listed topic, else the
 * service's default list's only topic. The service has no rule tying the two together (the reference provider
 * has none): the base URL feeds the list's first topic (a guess, docs/real-api.md).
 */
function defaultTopicOf(inputs: Pick<WebhookSourceInputs, "topics" | "defaultTopic">): string {
  return inputs.defaultTopic ?? inputs.topics?.[0] ?? webhookDefaults.defaultTopic;
}

/** The topics the source accepts, the default topic (which receives requests to the base URL) first. */
function topicsOf(inputs: Pick<WebhookSourceInputs, "topics" | "defaultTopic">): string[] {
  const first = defaultTopicOf(inputs);
  const listed = inputs.topics ?? [first];
  return listed.includes(first) ? [first, ...listed.filter((topic) => topic !== first)] : listed;
}

/** The inputs that own a config key: `config` must not set those keys too. */
const ownedKeys = new Map<string, string>([
  [keys.url, "url (generated by the service)"],
  [keys.apiKey, "apiKey (generated by the service)"],
  [keys.format, "format"],
  [keys.addDeleteField, "addDeleteField"],
  [keys.keyHeader, "keyHeader"],
  [keys.topics, "topics"],
]);

/** Every managed key, unset ones as their defaults: an update replaces the config, and undoes outside edits. */
function webhookConfig(inputs: WebhookSourceInputs): JsonObject {
  return {
    ...(inputs.config ?? {}),
    [keys.format]: inputs.format ?? webhookDefaults.format,
    [keys.addDeleteField]: inputs.addDeleteField ?? webhookDefaults.addDeleteField,
    [keys.keyHeader]: inputs.keyHeader ?? webhookDefaults.keyHeader,
    [keys.topics]: topicsOf(inputs).join(","),
  };
}

function rules(news: WebhookSourceInputs): CheckFailure[] {
  const failures: CheckFailure[] = [];
  if (news.topicIncludeList !== undefined) {
    failures.push({
      property: "topicIncludeList",
      reason: "give `topics` or `topicIncludeList` (Terraform's shape), not both",
    });
  }
  const extra = news.config;
  if (extra !== undefined && !isUnknown(extra)) {
    for (const key of Object.keys(extra)) {
      const owner = ownedKeys.get(key);
      if (owner !== undefined) {
        failures.push({
          property: "config",
          reason: `\`config["${key}"]\` is set by \`${owner}\`; set it there instead`,
        });
      }
    }
    failures.push(...checkConnectorConfig("source", "webhook", extra as JsonObject, "typos"));
  }
  const topics = news.topics;
  if (Array.isArray(topics) && !topics.some(isUnknown)) {
    const repeated = repeatedEntry(topics);
    if (repeated !== undefined) {
      failures.push({ property: "topics", reason: `\`topics\` lists \`${repeated}\` more than once` });
    }
    // Only a default topic the program names itself must be listed: both are its own inputs, and they disagree.
    const chosen = news.defaultTopic;
    if (chosen !== undefined && !isUnknown(chosen) && !topics.includes(chosen)) {
      failures.push({
        property: "defaultTopic",
        reason:
          "`defaultTopic` must be one of `topics`: requests to the base URL go to it, and only listed topics are " +
          "sure to accept requests. Add it to `topics`, or leave `defaultTopic` out (the first listed topic is " +
          "the default)",
      });
    }
  }
  return failures;
}

const apiKeyOf = (live: ConnectorRecord): string | undefined => revealed(live.config?.[keys.apiKey]);

/** The webhook's generated URL and API key as the service holds them now (none when it no longer has the source). */
async function generatedSettings(context: KindContext, id: string): Promise<JsonObject> {
  const page = await context.client.call({
    method: "GET",
    path: `/sources/${encodeURIComponent(id)}`,
    query: { secret_returned: true },
    schema: envelope(connectorRecord),
  });
  const config = page.result[0]?.config ?? {};
  return compact({
    [keys.url]: typeof config[keys.url] === "string" ? (config[keys.url] as string) : undefined,
    [keys.apiKey]: revealed(config[keys.apiKey]),
  });
}

/**
 * A webhook source: a source with connector `webhook` whose URL and API key the service generates. Both are
 * read-only after creation, so the only way to new ones is a new source (`keyVersion`). Reads mask the API key;
 * it is read once, with `secret_returned`, and kept in state as a secret output.
 */
export const webhookSourceKind: KindDescription<WebhookSourceInputs, ConnectorRecord> = {
  noun: "webhook source",
  schema: inputSchema<WebhookSourceInputs>(webhookSourceAcceptedInputsSchema),
  canonical: canonicalWebhookSourceInputs,
  rules,
  replaceOn: ["keyVersion"],
  uniqueNames: true,
  secretKeys: () => ["apiKey"],
  api: {
    collection: "/sources",
    record: connectorRecord,
    idOf: (live) => live.id,
    nameOf: (live) => live.name ?? undefined,
    createBody: (inputs, context) =>
      compact({
        name: inputs.name,
        connector: "webhook",
        config: webhookConfig(inputs),
        tags: inputs.tags,
        kc_cluster_id: inputs.kcClusterId,
        created_from: context.createdFrom,
      }),
    // The generated URL and key go back with the rest, as the reference client sends every mapped key (TF
    // internal/resource/shared/marshaling.go:147-176): whether PUT merges or replaces config is not documented.
    // `tags` only when managed: absent keeps the service's, `[]` would clear them (TF internal/api/source.go:30-37).
    updateBody: async (inputs, context, id) =>
      compact({
        name: inputs.name,
        connector: "webhook",
        config: { ...(await generatedSettings(context, id)), ...webhookConfig(inputs) },
        tags: inputs.tags,
        kc_cluster_id: inputs.kcClusterId,
      }),
    // As the reference client writes (TF internal/api/source.go:59,210): the answer may carry the generated API
    // key unmasked, and the deploy is not waited for inside the call.
    writeQuery: { secret_returned: true, wait: false },
    adoptQuery: { secret_returned: true },
    deleteRequest: (id) => ({ method: "DELETE", path: `/sources/${encodeURIComponent(id)}`, query: { wait: false } }),
    asyncDelete: true,
  },
  outputs: (live) =>
    compact({
      url: typeof live.config?.[keys.url] === "string" ? (live.config[keys.url] as string) : undefined,
      apiKey: apiKeyOf(live),
      connectorStatus: live.connector_status ?? undefined,
      topicIds: live.topic_ids ?? undefined,
      createdFrom: live.created_from ?? undefined,
      serviceId: live.service_id ?? undefined,
    }),
  liveSettings: (live) => {
    const config = live.config ?? {};
    const topics = splitList(config[keys.topics]);
    return compact({
      format: liveValueOf({ type: "string" }, config[keys.format]),
      addDeleteField: liveValueOf({ type: "boolean" }, config[keys.addDeleteField]),
      keyHeader: liveValueOf({ type: "string" }, config[keys.keyHeader]),
      defaultTopic: topics?.[0],
      topics,
      tags: tagIdsOf(live.tags),
      kcClusterId: live.kc_cluster_id || undefined,
    });
  },
  liveInputs: (live, prior) => {
    const config = live.config ?? {};
    const liveTopics = splitList(config[keys.topics]);
    return compact({
      ...prior,
      name: live.name ?? prior.name,
      format: liveSetting(prior.format, config[keys.format], webhookDefaults.format),
      addDeleteField: liveSetting(prior.addDeleteField, config[keys.addDeleteField], webhookDefaults.addDeleteField),
      keyHeader: liveSetting(prior.keyHeader, config[keys.keyHeader], webhookDefaults.keyHeader),
      defaultTopic: liveSetting(prior.defaultTopic, liveTopics?.[0], defaultTopicOf({ topics: prior.topics })),
      topics: liveSet(prior.topics, liveTopics, topicsOf({ defaultTopic: prior.defaultTopic })),
      tags: liveSet(prior.tags, tagIdsOf(live.tags), []),
      kcClusterId: managedCluster(prior.kcClusterId, live),
      config: prior.config === undefined ? undefined : liveConfig(config as JsonObject, prior.config as JsonObject),
    }) as WebhookSourceInputs;
  },
  converge: async (self, live, _inputs, previous) => {
    if (apiKeyOf(live) !== undefined) return {};
    const kept = keptSecrets({}, previous, ["apiKey"]);
    if (kept.apiKey !== undefined) return kept;
    // The answer masked the key (a service that ignores `secret_returned` on writes): read it once.
    const read = await self.read({ secret_returned: true });
    const apiKey = read ? apiKeyOf(read) : undefined;
    if (apiKey === undefined) {
      const what = "no API key for the webhook, even with secret_returned=true (may these credentials read secrets?)";
      throw errors.unexpectedAnswer({ resource: self.context.label, what }, { method: "GET", path: self.path });
    }
    return { apiKey };
  },
};
