import * as pulumi from "@pulumi/pulumi";

import { type ManagedArgs, managedProps } from "./common";
import { shims } from "./shim";
import { StreamkapResource } from "./resource";

export interface TopicArgs extends ManagedArgs {
  /** The topic's name, 1 to 249 characters, unique per service. Changing it replaces the topic. */
  name: pulumi.Input<string>;
  /**
   * Number of partitions. It can only grow; `pulumi preview` refuses a smaller number.
   * @default 1
   */
  partitions?: pulumi.Input<number>;
  /** Replicas of each partition. Changing it replaces the topic. */
  replicationFactor?: pulumi.Input<number>;
  /** `delete`, `compact` or `delete,compact`. Changing it replaces the topic. */
  cleanupPolicy?: pulumi.Input<"delete" | "compact" | "delete,compact">;
  /** Changing it replaces the topic. */
  minInsyncReplicas?: pulumi.Input<number>;
  /** How long records are kept, in milliseconds; -1 keeps them forever. Changing it replaces the topic. */
  retentionMs?: pulumi.Input<number>;
  /** Size limit per partition in bytes; -1 for none. Changing it replaces the topic. */
  retentionBytes?: pulumi.Input<number>;
  /** Largest record in bytes. Changing it replaces the topic. */
  maxMessageBytes?: pulumi.Input<number>;
  /** Further Kafka topic settings. Changing them replaces the topic. */
  customConfigs?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /** Tag ids. */
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
  declare readonly name: pulumi.Output<string>;
  declare readonly partitions: pulumi.Output<number | undefined>;
  declare readonly replicationFactor: pulumi.Output<number | undefined>;
  declare readonly cleanupPolicy: pulumi.Output<string | undefined>;
  declare readonly retentionMs: pulumi.Output<number | undefined>;
  declare readonly retentionBytes: pulumi.Output<number | undefined>;
  /** The partition count the service reports. */
  declare readonly partitionCount: pulumi.Output<number>;

  constructor(name: string, args: TopicArgs, opts?: pulumi.CustomResourceOptions) {
    super(shims.topic, name, { ...args, ...managedProps(args), partitionCount: undefined }, opts, "streamkap", "Topic");
  }
}
