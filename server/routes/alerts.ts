/**
 * Alerts: who is told of which alerts (a subscriber's preferences) and through which channels (its credentials).
 * The paths are the API reference's (api.md "All endpoints": GET/PUT /alerts/subscribers/{subscriberId}, GET
 * …/preferences, PUT/DELETE …/credentials); the alert types and object kinds are those of DOCS summarise-alert
 * (`trigger_type`, `entity_type`); the channels those the Alerts guide lists (docs.streamkap.com/alerts). The
 * bodies and answers are not published: this server's shapes are guesses (docs/real-api.md). There is no create:
 * a PUT makes the subscriber when it does not exist yet.
 */
import { z } from "zod";

import { alertChannels, alertCredentialChannels, alertEntityTypes, alertTypes } from "../../catalogue/wire-values";
import { notFound } from "../core/errors";
import { parseBody, parseWith } from "../core/validate";
import { mustOwn, route, type ApiContext, type RouteDef } from "../http/context";
import type { StoredAlertSubscriber } from "../state/types";

// Lists are bounded and read as sets (N4): no body can make every later answer huge. The bounds are this server's
// (the service publishes none): docs/real-api.md.
const preference = z.object({
  trigger_type: z.enum(alertTypes),
  channels: z
    .array(z.enum(alertChannels))
    .min(1)
    .max(alertChannels.length * 4)
    .transform((channels) => [...new Set(channels)]),
  entity_type: z.enum(alertEntityTypes).nullish(),
  entity_ids: z
    .array(z.string().min(1).max(200))
    .max(1000)
    .default([])
    .transform((ids) => [...new Set(ids)]),
});

const subscriberBody = z.object({
  email: z.email().nullish(),
  name: z.string().max(255).nullish(),
  preferences: z.array(preference).max(100).optional(),
});

const credentialsBody = z.object({
  channel: z.enum(alertCredentialChannels),
  credentials: z.object({ webhook_url: z.url({ protocol: /^https?$/ }) }),
});

const idOf = (ctx: ApiContext) => `${ctx.caller.serviceId}/${ctx.params.subscriberId ?? ""}`;

function ownSubscriber(ctx: ApiContext): StoredAlertSubscriber {
  return mustOwn(ctx, ctx.store.state.alertSubscribers, idOf(ctx), "Subscriber");
}

/** A subscriber as every answer shows it: its channels by name, never their credentials. */
function render(subscriber: StoredAlertSubscriber) {
  return {
    subscriber_id: subscriber.subscriberId,
    email: subscriber.email,
    name: subscriber.name,
    preferences: subscriber.preferences,
    channels: Object.keys(subscriber.credentials).sort(),
    updated_at: new Date(subscriber.updatedAt).toISOString(),
  };
}

function putSubscriber(ctx: ApiContext) {
  parseWith(z.object({ subscriberId: z.string().min(1).max(255) }), ctx.params, "path");
  const body = parseBody(subscriberBody, ctx.body);
  const existing = ctx.store.state.alertSubscribers[idOf(ctx)];
  const subscriber: StoredAlertSubscriber = existing ?? {
    id: idOf(ctx),
    serviceId: ctx.caller.serviceId,
    subscriberId: ctx.params.subscriberId ?? "",
    email: null,
    name: null,
    preferences: [],
    credentials: {},
    updatedAt: Date.now(),
  };
  if (body.email !== undefined) subscriber.email = body.email ?? null;
  if (body.name !== undefined) subscriber.name = body.name ?? null;
  if (body.preferences !== undefined) {
    subscriber.preferences = body.preferences.map((item) => ({ ...item, entity_type: item.entity_type ?? null }));
  }
  subscriber.updatedAt = Date.now();
  ctx.store.state.alertSubscribers[subscriber.id] = subscriber;
  ctx.store.changed();
  return render(subscriber);
}

function putCredentials(ctx: ApiContext) {
  const subscriber = ownSubscriber(ctx);
  const body = parseBody(credentialsBody, ctx.body, { withInput: true, secretFields: ["webhook_url"] });
  subscriber.credentials[body.channel] = { ...body.credentials };
  subscriber.updatedAt = Date.now();
  ctx.store.changed();
  return render(subscriber);
}

/**
 * Disconnecting a channel that is not connected answers 404. Nothing published says what the service answers
 * (api.md lists the path only; the reference client has no alerts): a guess, listed in docs/real-api.md. A client
 * that takes the 404 as "that channel is done" is right either way.
 */
function deleteCredentials(ctx: ApiContext) {
  const subscriber = ownSubscriber(ctx);
  const query = parseWith(z.object({ channel: z.enum(alertCredentialChannels).optional() }), ctx.query, "query");
  if (query.channel !== undefined && subscriber.credentials[query.channel] === undefined) {
    throw notFound(`Credentials for channel '${query.channel}'`);
  }
  if (query.channel === undefined) subscriber.credentials = {};
  else delete subscriber.credentials[query.channel];
  subscriber.updatedAt = Date.now();
  ctx.store.changed();
  return render(subscriber);
}

export const alertRoutes: RouteDef[] = [
  route("GET", "/alerts/subscribers/:subscriberId", (ctx) => render(ownSubscriber(ctx))),
  route("PUT", "/alerts/subscribers/:subscriberId", putSubscriber),
  route("GET", "/alerts/subscribers/:subscriberId/preferences", (ctx) => {
    const subscriber = ownSubscriber(ctx);
    return { subscriber_id: subscriber.subscriberId, preferences: subscriber.preferences };
  }),
  route("PUT", "/alerts/subscribers/:subscriberId/credentials", putCredentials),
  route("DELETE", "/alerts/subscribers/:subscriberId/credentials", deleteCredentials),
];
