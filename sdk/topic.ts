import * as pulumi from "@pulumi/pulumi";

import { type ManagedArgs, managedProps } from "./common";
import { shims } from "./shim";
import { StreamkapResource } from "./resource";

export interface TopicArgs extends ManagedArgs {
  /**
   * The topic's name, 1 to 249 characters, unique per service. Changing it replaces the topic. Required unless
   * `topicId` names an existing topic.
   * @default none: required, unless `topicId` is set
   */
  name?: pulumi.Input<string>;
  /**
   * A topic the service made for a source or transform (`source_<id>.public.orders`), taken over as Terraform's
   * `streamkap_topic` takes it: never created here, its name the service's, and never deleted (destroying the
   * resource only lets it go). Set it instead of `name`; changing it takes over another topic.
   * @default none: the resource creates its topic by `name`
   */
  topicId?: pulumi.Input<string>;
  /**
   * Number of partitions. It can only grow; `pulumi preview` refuses a smaller number.
   * @default 1
   */
  partitions?: pulumi.Input<number>;
  /**
   * Replicas of each partition, 1 to 10. Changing it replaces the topic.
   * @default the service's
   */
  replicationFactor?: pulumi.Input<number>;
  /**
   * `delete`, `compact` or `delete,compact`. Changing it replaces the topic.
   * @default the service's (`delete`)
   */
  cleanupPolicy?: pulumi.Input<"delete" | "compact" | "delete,compact">;
  /**
   * Replicas that must acknowledge a write, 1 to 10. Changing it replaces the topic.
   * @default the service's
   */
  minInsyncReplicas?: pulumi.Input<number>;
  /**
   * How long records are kept, in milliseconds; -1 keeps them forever. Changing it replaces the topic.
   * @default the service's
   */
  retentionMs?: pulumi.Input<number>;
  /**
   * Size limit per partition in bytes; -1 for none. Changing it replaces the topic.
   * @default the service's
   */
  retentionBytes?: pulumi.Input<number>;
  /**
   * Largest record in bytes. Changing it replaces the topic.
   * @default the service's
   */
  maxMessageBytes?: pulumi.Input<number>;
  /**
   * Further Kafka topic settings. Changing them replaces the topic.
   * @default none
   */
  customConfigs?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /**
   * Tag ids (see `getTags`). `[]` removes every tag.
   * @default left as they are on the service
   */
  tags?: pulumi.Input<pulumi.Input<string>[]>;
}

/**
 * A Kafka topic on the service.
 *
 * @example
 * ```ts title="index.ts"
 * new streamkap.Topic("events", { name: "events", partitions: 6, cleanupPolicy: "delete", retentionMs: 604_800_000 });
 * ```
 */
export class Topic extends StreamkapResource {
  /** The topic's name, as declared; a topic taken over by `topicId` declares none (its id is `topicId`). */
  declare readonly name: pulumi.Output<string>;
  /** The topic taken over, as declared (see {@link TopicArgs.topicId}). */
  declare readonly topicId: pulumi.Output<string | undefined>;
  /** The partitions as declared; undefined means 1. See `partitionCount` for the service's count. */
  declare readonly partitions: pulumi.Output<number | undefined>;
  /** The replication factor as declared. */
  declare readonly replicationFactor: pulumi.Output<number | undefined>;
  /** The cleanup policy as declared; after a refresh, as the service reports it. */
  declare readonly cleanupPolicy: pulumi.Output<string | undefined>;
  /** The retention in milliseconds as declared. */
  declare readonly retentionMs: pulumi.Output<number | undefined>;
  /** The size limit per partition as declared. */
  declare readonly retentionBytes: pulumi.Output<number | undefined>;
  /** The partition count the service reports. */
  declare readonly partitionCount: pulumi.Output<number>;

  constructor(name: string, args: TopicArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      shims.topic,
      name,
      { ...args, ...managedProps(args), topicId: args.topicId, partitionCount: undefined },
      opts,
      "streamkap",
      "Topic",
    );
  }
}
