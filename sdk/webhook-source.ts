import * as pulumi from "@pulumi/pulumi";

import { type ManagedArgs, managedProps } from "./common";
import { namingProps } from "./naming";
import { shims } from "./shim";
import { StreamkapResource } from "./resource";

export interface WebhookSourceArgs extends ManagedArgs {
  /**
   * The name on the service, unique per service. Leave it out to get `<resource name>-<7 random characters>`, so
   * that a replacement is created before the old source is deleted.
   * @default `<resource name>-<7 characters>`, derived once and kept
   */
  name?: pulumi.Input<string>;
  /**
   * How a request body becomes a record: `json` keeps the parsed JSON body as the value (an invalid body is
   * refused with 400); `string` wraps the raw text as `{data: <body>}`.
   * @default "json"
   */
  format?: pulumi.Input<"json" | "string">;
  /**
   * Whether a DELETE request adds `delete: true` to the record's value, so destinations can delete the row.
   * @default false
   */
  addDeleteField?: pulumi.Input<boolean>;
  /**
   * The HTTP header that carries the record key, a JSON object; the key's fields must also be in the body.
   * @default "key"
   */
  keyHeader?: pulumi.Input<string>;
  /**
   * The topic that receives requests to the base URL. When set it must be one of `topics`; `pulumi preview` says
   * so otherwise.
   * @default the first of `topics`, or "default_topic" when `topics` is left out
   */
  defaultTopic?: pulumi.Input<string>;
  /**
   * The topics reachable at `<url>/<topic>`, each 1 to 249 letters, digits, `.`, `_` or `-`. Only these are sure
   * to accept requests at once; a request to another path creates that topic, which the service registers
   * minutes later.
   * @default [defaultTopic]
   */
  topics?: pulumi.Input<pulumi.Input<string>[]>;
  /**
   * Tag ids (see {@link Tag} and `getTags`).
   * @default none
   */
  tags?: pulumi.Input<pulumi.Input<string>[]>;
  /**
   * The Kafka Connect cluster the source runs on (the API's `kc_cluster_id`), for a service with more than one.
   * Sent on create and on every update; changing it updates the source in place (the service moves it). Leave
   * it out to leave the choice to the service.
   * @default the service's default cluster; not managed
   */
  kcClusterId?: pulumi.Input<string>;
  /**
   * Further settings of the `webhook` connector by their dotted keys, checked against the catalogue in
   * `pulumi preview`: e.g. `{"transforms.ValueToKey.fields.include.list": "id", "InsertTopicName.enabled": true}`.
   * The settings above have inputs of their own.
   * @default none
   */
  config?: pulumi.Input<Record<string, pulumi.Input<string | number | boolean>>>;
  /**
   * The service generates the URL and API key once; they cannot be changed. Set or bump this number to get new
   * ones: changing it replaces the source (with a generated name, the new source exists before the old one goes).
   * @default none
   */
  keyVersion?: pulumi.Input<number>;
}

/**
 * A webhook source: an HTTP endpoint that turns each POST, PUT or DELETE into one record on a topic. The service
 * generates its {@link WebhookSource.url} and {@link WebhookSource.apiKey} (a secret), sent in `X-API-Key`.
 *
 * @example
 * #### Receive order events
 * ```ts title="index.ts"
 * const hooks = new streamkap.WebhookSource("orders-hooks", {
 *   topics: ["orders", "refunds"],
 *   defaultTopic: "orders",
 *   addDeleteField: true,
 * });
 * export const ordersUrl = pulumi.interpolate`${hooks.url}/orders`;
 * export const apiKey = hooks.apiKey; // stays secret
 * ```
 *
 * #### Deliver its topics to a destination
 * ```ts title="index.ts"
 * new streamkap.Pipeline("hooks-to-warehouse", { source: hooks.id, destination: warehouse });
 * ```
 *
 * #### Rotate the URL and key
 * ```ts title="index.ts"
 * new streamkap.WebhookSource("orders-hooks", { topics: ["orders"], defaultTopic: "orders", keyVersion: 2 });
 * ```
 */
export class WebhookSource extends StreamkapResource {
  /** The name on the service. */
  declare readonly name: pulumi.Output<string>;
  /** The body format: as set, else the service's (its default, `json`). */
  declare readonly format: pulumi.Output<"json" | "string" | undefined>;
  /** Whether DELETE requests add `delete: true`: as set, else the service's (its default, false). */
  declare readonly addDeleteField: pulumi.Output<boolean | undefined>;
  /** The key header's name: as set, else the service's (its default, `key`). */
  declare readonly keyHeader: pulumi.Output<string | undefined>;
  /** The default topic: as set, else the first topic the service lists. */
  declare readonly defaultTopic: pulumi.Output<string | undefined>;
  /** The topics: as set, else the ones the service lists. */
  declare readonly topics: pulumi.Output<string[] | undefined>;
  /** The tag ids: as set, else the ones the service holds. */
  declare readonly tags: pulumi.Output<string[] | undefined>;
  /** The Kafka Connect cluster as last applied (unset when not managed); after a refresh, the service's. */
  declare readonly kcClusterId: pulumi.Output<string | undefined>;
  /** The key version, as last applied (see {@link WebhookSourceArgs.keyVersion}). */
  declare readonly keyVersion: pulumi.Output<number | undefined>;
  /** The endpoint: requests to it go to the default topic, requests to `<url>/<topic>` to that topic. */
  declare readonly url: pulumi.Output<string>;
  /** The API key to send in `X-API-Key`. A secret: the service shows it once, and state keeps it encrypted. */
  declare readonly apiKey: pulumi.Output<string>;
  /** `Active`, `Paused`, `Broken`, … as the service last reported it. */
  declare readonly connectorStatus: pulumi.Output<string>;
  /** The further settings, as last applied. */
  declare readonly config: pulumi.Output<Record<string, string | number | boolean> | undefined>;
  /** Full topic ids, e.g. `source_<id>.orders`, for pipelines and transforms. */
  declare readonly topicIds: pulumi.Output<string[]>;
  /** How the source was created: `api`, `terraform` or `web`. */
  declare readonly createdFrom: pulumi.Output<string>;
  /** The service the source belongs to. */
  declare readonly serviceId: pulumi.Output<string>;

  constructor(name: string, args: WebhookSourceArgs = {}, opts?: pulumi.CustomResourceOptions) {
    super(
      shims.webhookSource,
      name,
      {
        ...namingProps(name, args.name),
        ...managedProps(args),
        format: args.format,
        addDeleteField: args.addDeleteField,
        keyHeader: args.keyHeader,
        defaultTopic: args.defaultTopic,
        topics: args.topics,
        tags: args.tags,
        kcClusterId: args.kcClusterId,
        config: args.config,
        keyVersion: args.keyVersion,
        url: undefined,
        apiKey: undefined,
        connectorStatus: undefined,
        topicIds: undefined,
        createdFrom: undefined,
        serviceId: undefined,
      },
      { ...opts, additionalSecretOutputs: [...(opts?.additionalSecretOutputs ?? []), "apiKey"] },
      "streamkap",
      "WebhookSource",
    );
  }
}
