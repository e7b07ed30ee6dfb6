import * as pulumi from "@pulumi/pulumi";

import { type ManagedArgs, managedProps } from "./common";
import { shims } from "./shim";
import { StreamkapResource } from "./resource";

/** The alerts the service raises (as its alert summaries name them). */
export type AlertType =
  "connector_status" | "latency" | "lag" | "no_records" | "dlq" | "json_column_detected" | "transform_status";

/** Where alerts go; every channel but `email` is connected through {@link AlertSubscriberArgs.channels}. */
export type AlertChannel = "email" | "slack" | "teams" | "discord" | "mattermost" | "webhook";

/** One rule: which alerts, for which objects, reach the subscriber on which channels. */
export interface AlertPreferenceArgs {
  /** The alert, e.g. `connector_status` (a connector broke or recovered), `lag`, `latency`, `dlq`. */
  alert: pulumi.Input<AlertType>;
  /** Where it goes, e.g. `["email", "slack"]`. */
  channels: pulumi.Input<pulumi.Input<AlertChannel>[]>;
  /**
   * Only alerts about this kind of object.
   * @default every kind
   */
  entityType?: pulumi.Input<"sources" | "destinations" | "pipelines">;
  /**
   * Only alerts about these objects (of `entityType`), e.g. `[ordersPipeline.id]`.
   * @default every object of the kind
   */
  entityIds?: pulumi.Input<pulumi.Input<string>[]>;
}

/** A channel reached through an incoming-webhook URL. */
export interface AlertWebhookArgs {
  /** The incoming-webhook URL the channel gave you. Always secret. */
  webhookUrl: pulumi.Input<string>;
}

export interface AlertSubscriberArgs extends ManagedArgs {
  /** The subscriber's id, e.g. a team's name. Changing it makes another subscriber. */
  subscriberId: pulumi.Input<string>;
  /**
   * Where `email` alerts go.
   * @default none: no rule may use `email`
   */
  email?: pulumi.Input<string>;
  /**
   * A display name.
   * @default none
   */
  name?: pulumi.Input<string>;
  /** The rules; `[]` subscribes to nothing. */
  preferences: pulumi.Input<pulumi.Input<AlertPreferenceArgs>[]>;
  /**
   * The channels to connect, each by its incoming-webhook URL (kept secret). Every channel a rule uses, `email`
   * aside, must be here.
   * @default left as they are on the service
   */
  channels?: pulumi.Input<{
    slack?: pulumi.Input<AlertWebhookArgs>;
    teams?: pulumi.Input<AlertWebhookArgs>;
    discord?: pulumi.Input<AlertWebhookArgs>;
    mattermost?: pulumi.Input<AlertWebhookArgs>;
    webhook?: pulumi.Input<AlertWebhookArgs>;
  }>;
}

/**
 * Who is paged for what: a subscriber's alert rules and the channels they go to, as declared state. Refresh
 * shows rules changed in the console and channels disconnected there; the next `up` sets them back. The service
 * has no create for subscribers, so one that already exists under `subscriberId` is taken over; destroying
 * disconnects its channels and clears its rules.
 *
 * @example
 * #### Page the on-call channel when a production pipeline's connectors break or lag
 * ```ts title="index.ts"
 * new streamkap.AlertSubscriber("oncall", {
 *   subscriberId: "data-platform-oncall",
 *   email: "oncall@example.com",
 *   channels: { slack: { webhookUrl: config.requireSecret("slackWebhook") } },
 *   preferences: [
 *     { alert: "connector_status", channels: ["slack", "email"] },
 *     { alert: "lag", channels: ["slack"], entityType: "pipelines", entityIds: [orders.id] },
 *   ],
 * });
 * ```
 */
export class AlertSubscriber extends StreamkapResource {
  /** The subscriber's id (also the resource's id). */
  declare readonly subscriberId: pulumi.Output<string>;
  /** The email address, as last applied. */
  declare readonly email: pulumi.Output<string | undefined>;
  /** The display name, as last applied. */
  declare readonly name: pulumi.Output<string | undefined>;
  /** The rules, as last applied. */
  declare readonly preferences: pulumi.Output<AlertPreferenceArgs[]>;
  /** The channels, as last applied. Secret. */
  declare readonly channels: pulumi.Output<Record<string, AlertWebhookArgs> | undefined>;
  /** The channels the service has connected (names only). */
  declare readonly connectedChannels: pulumi.Output<string[]>;
  /** When the service last changed the subscriber. */
  declare readonly updatedAt: pulumi.Output<string>;

  constructor(name: string, args: AlertSubscriberArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      shims.alertSubscriber,
      name,
      {
        ...managedProps(args),
        subscriberId: args.subscriberId,
        email: args.email,
        name: args.name,
        preferences: args.preferences,
        channels: args.channels === undefined ? undefined : pulumi.secret(args.channels),
        connectedChannels: undefined,
        updatedAt: undefined,
      },
      opts,
      "streamkap",
      "AlertSubscriber",
    );
  }
}
