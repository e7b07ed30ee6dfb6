import { z } from "zod";

import { alertChannels, alertCredentialChannels, alertEntityTypes, alertTypes } from "../../catalogue/wire-values";
import { type AlertSubscriberRecord, alertSubscriberRecord, anyBody } from "../client/responses";
import {
  type CheckFailure,
  failureAt,
  inputSchema,
  type Json,
  type JsonObject,
  type KindDescription,
  type ObjectHandle,
} from "../engine/kind";
import { changedBeyond, compact, isPlainObject, semanticEqual } from "../engine/values";
import { LifecycleError } from "../lifecycle/converge";
import { liveSetting } from "./live-values";

/** The input only `converge` acts on (connecting channels): a change to it alone sends no subscriber update. */
const convergeOnly: ReadonlySet<string> = new Set(["channels"]);
type CredentialChannel = (typeof alertCredentialChannels)[number];

const preferenceSchema = z
  .strictObject({
    alert: z.enum(alertTypes, { error: `must be one of ${alertTypes.join(", ")}` }).meta({ title: "AlertType" }),
    channels: z
      .array(
        z.enum(alertChannels, { error: `must be one of ${alertChannels.join(", ")}` }).meta({ title: "AlertChannel" }),
      )
      .min(1, "must list at least one channel"),
    entityType: z
      .enum(alertEntityTypes, { error: `must be one of ${alertEntityTypes.join(", ")}` })
      .meta({ title: "AlertEntityType" })
      .optional(),
    entityIds: z.array(z.string().min(1)).min(1, "must list at least one id, or be left out for all").optional(),
  })
  .meta({ title: "AlertPreference" });
type Preference = z.infer<typeof preferenceSchema>;

const webhook = z
  .strictObject({
    webhookUrl: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }),
  })
  .meta({ title: "AlertWebhook" });

export const alertSubscriberInputsSchema = z.strictObject({
  subscriberId: z.string().min(1, "must not be empty").max(255, "must be at most 255 characters"),
  email: z.email("must be an email address").optional(),
  name: z.string().max(255, "must be at most 255 characters").optional(),
  preferences: z.array(preferenceSchema),
  channels: z
    .strictObject(Object.fromEntries(alertCredentialChannels.map((channel) => [channel, webhook.optional()])))
    .meta({ title: "AlertChannels" })
    .optional(),
});
export type AlertSubscriberInputs = z.infer<typeof alertSubscriberInputsSchema> & JsonObject;
type Channels = Partial<Record<CredentialChannel, { webhookUrl: string }>>;

function rules(news: AlertSubscriberInputs): CheckFailure[] {
  const failures: CheckFailure[] = [];
  const preferences = Array.isArray(news.preferences) ? news.preferences : [];
  preferences.forEach((preference, index) => {
    if (preference.entityIds !== undefined && preference.entityType === undefined) {
      failures.push(
        failureAt(["preferences", index, "entityIds"], "needs `entityType`: say which kind of object the ids are"),
      );
    }
    if (preference.channels?.includes("email") && news.email === undefined) {
      failures.push(
        failureAt(["preferences", index, "channels"], "sends to `email`, but the subscriber has no `email`"),
      );
    }
    const declared = news.channels as Channels | undefined;
    const missing = preference.channels?.find(
      (channel) => channel !== "email" && declared !== undefined && declared[channel] === undefined,
    );
    if (missing !== undefined) {
      failures.push(
        failureAt(["preferences", index, "channels"], `sends to \`${missing}\`, which \`channels\` does not connect`),
      );
    }
  });
  return failures;
}

function wirePreference(preference: Preference): Json {
  return {
    trigger_type: preference.alert,
    channels: preference.channels,
    entity_type: preference.entityType ?? null,
    entity_ids: preference.entityIds ?? [],
  };
}

function subscriberBody(inputs: AlertSubscriberInputs): JsonObject {
  return {
    email: inputs.email ?? null,
    name: inputs.name ?? null,
    preferences: inputs.preferences.map(wirePreference),
  };
}

/** The live rules in the program's shape: the program's own while the service holds the same. */
function livePreferences(prior: Preference[], live: AlertSubscriberRecord["preferences"]): Preference[] {
  if (live === undefined || live === null) return prior;
  const current = live.map((item) =>
    compact({
      alert: item.trigger_type,
      channels: item.channels ?? [],
      entityType: item.entity_type ?? undefined,
      entityIds: item.entity_ids && item.entity_ids.length > 0 ? item.entity_ids : undefined,
    }),
  ) as Preference[];
  return semanticEqual(prior.map(wirePreference), current.map(wirePreference)) ? prior : current;
}

/** The declared channels the service still has connected; a channel disconnected outside Pulumi drops out. */
function liveChannels(prior: Channels | undefined, live: AlertSubscriberRecord["channels"]): Channels | undefined {
  if (prior === undefined || live === undefined || live === null) return prior;
  return Object.fromEntries(Object.entries(prior).filter(([channel]) => live.includes(channel))) as Channels;
}

/**
 * Connects each declared channel that is new, changed, or no longer connected on the service, and disconnects
 * the ones the program stopped declaring. Until that is done, the stored `channels` keeps its previous value, so
 * the next `up` does the rest.
 */
async function convergeChannels(
  self: ObjectHandle<AlertSubscriberRecord>,
  live: AlertSubscriberRecord,
  inputs: AlertSubscriberInputs,
  previous: JsonObject | undefined,
): Promise<JsonObject> {
  const declared = inputs.channels as Channels | undefined;
  if (declared === undefined) return {};
  const before = (previous?.channels ?? {}) as Channels;
  const connected = new Set(live.channels ?? []);
  const path = `${self.path}/credentials`;
  try {
    for (const channel of alertCredentialChannels) {
      const wanted = declared[channel];
      if (wanted !== undefined && (!semanticEqual(before[channel], wanted) || !connected.has(channel))) {
        const body = { channel, credentials: { webhook_url: wanted.webhookUrl } };
        await self.context.client.call({ method: "PUT", path, body, schema: anyBody });
        connected.add(channel);
      } else if (wanted === undefined && before[channel] !== undefined && connected.has(channel)) {
        await self.context.client.call({ method: "DELETE", path, query: { channel }, schema: anyBody });
        connected.delete(channel);
      }
    }
  } catch (error) {
    throw new LifecycleError(error, { channels: (previous?.channels as Json | undefined) ?? null });
  }
  return { connectedChannels: [...connected].sort() };
}

/**
 * Who is told of which alerts, through which channels. The service has no create or delete for subscribers: a PUT
 * makes one (an existing subscriber of that id is taken over), and deleting disconnects its channels and clears
 * its rules. Channel credentials (webhook URLs) are secrets no answer shows: only whether a channel is connected
 * is compared.
 */
export const alertSubscriberKind: KindDescription<AlertSubscriberInputs, AlertSubscriberRecord> = {
  noun: "alert subscriber",
  schema: inputSchema<AlertSubscriberInputs>(alertSubscriberInputsSchema),
  rules,
  replaceOn: ["subscriberId"],
  uniqueNames: false,
  nameInput: "subscriberId",
  adoptByName: false,
  secretKeys: () => ["channels"],
  api: {
    collection: "/alerts/subscribers",
    record: alertSubscriberRecord,
    idOf: (live) => live.subscriber_id,
    nameOf: (live) => live.subscriber_id,
    createBody: (inputs, context) => ({ ...subscriberBody(inputs), created_from: context.createdFrom }),
    createRequest: (inputs, body) => ({
      method: "PUT",
      path: `/alerts/subscribers/${encodeURIComponent(inputs.subscriberId)}`,
      body,
    }),
    updateBody: (inputs) => subscriberBody(inputs),
    updateNeeded: (olds, news) => changedBeyond(olds, news, convergeOnly),
    // Only the channels the program connected are disconnected: one connected in the console (Slack by OAuth,
    // say) is someone else's and stays. A read first: a subscriber already gone is done (the PUT would make it
    // again). A channel whose DELETE answers 404 was disconnected outside Pulumi: that channel is done, and the
    // other channels and the rules are still undone, so the destroy always finishes.
    deleteRequest: (id, last) => {
      const path = `/alerts/subscribers/${encodeURIComponent(id)}`;
      const channels = last.channels;
      const declared = alertCredentialChannels.filter(
        (channel) => isPlainObject(channels) && channels[channel] != null,
      );
      return [
        { method: "GET", path },
        ...declared.map((channel) => ({
          method: "DELETE" as const,
          path: `${path}/credentials`,
          query: { channel },
          notFound: "part done" as const,
        })),
        { method: "PUT", path, body: { preferences: [] } },
      ];
    },
    asyncDelete: false,
  },
  outputs: (live) =>
    compact({ connectedChannels: live.channels ?? undefined, updatedAt: live.updated_at ?? undefined }),
  liveInputs: (live, prior) =>
    compact({
      ...prior,
      subscriberId: live.subscriber_id,
      email: liveSetting(prior.email, live.email ?? null, ""),
      name: liveSetting(prior.name, live.name ?? null, ""),
      preferences: livePreferences(prior.preferences ?? [], live.preferences),
      channels: liveChannels(prior.channels as Channels | undefined, live.channels),
    }) as AlertSubscriberInputs,
  converge: convergeChannels,
};
