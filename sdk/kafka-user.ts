import * as pulumi from "@pulumi/pulumi";

import { type ManagedArgs, managedProps } from "./common";
import { shims } from "./shim";
import { StreamkapResource } from "./resource";

/** What a Kafka ACL allows. */
export type KafkaAclOperation =
  "ALL" | "ALTER" | "ALTER_CONFIGS" | "CREATE" | "DELETE" | "DESCRIBE" | "DESCRIBE_CONFIGS" | "READ" | "WRITE";

/** What a Kafka ACL applies to. */
export type KafkaAclResource = "TOPIC" | "GROUP" | "CLUSTER" | "TRANSACTIONAL_ID" | "DELEGATION_TOKEN";

/** One ACL rule of a {@link KafkaUser}. */
export interface KafkaUserAclArgs {
  /** The topic (or consumer group, …) name, or its prefix when `patternType` is `PREFIXED`. */
  topic: pulumi.Input<string>;
  /** The operation allowed: `READ`, `WRITE`, `DESCRIBE`, `ALL`, … */
  operation: pulumi.Input<KafkaAclOperation>;
  /**
   * `LITERAL` matches the name exactly; `PREFIXED` matches every name starting with it.
   * @default "LITERAL"
   */
  patternType?: pulumi.Input<"LITERAL" | "PREFIXED">;
  /**
   * What the rule applies to: `TOPIC`, `GROUP` (consumer groups), `CLUSTER`, `TRANSACTIONAL_ID` or
   * `DELEGATION_TOKEN`.
   * @default "TOPIC"
   */
  resource?: pulumi.Input<KafkaAclResource>;
}

export interface KafkaUserArgs extends ManagedArgs {
  /**
   * The username, 1 to 24 lowercase letters, digits and dashes (not starting or ending with a dash), unique per
   * service. It is the user's id: changing it replaces the user.
   */
  username: pulumi.Input<string>;
  /**
   * The SASL password, 12 to 128 characters. Always secret, even when given as plain text. The service never
   * shows it again, so a change made outside Pulumi cannot be seen; changing it here sets the new one in place.
   */
  password: pulumi.Input<string>;
  /**
   * IP addresses or CIDR ranges (`10.0.0.0/8`) the user may connect from, checked in preview.
   * @default any address
   */
  allowedIps?: pulumi.Input<pulumi.Input<string>[]>;
  /**
   * What the user may do, rule by rule, checked in preview.
   * @default none
   */
  acls?: pulumi.Input<pulumi.Input<KafkaUserAclArgs>[]>;
  /**
   * Also create a schema registry user, reachable at {@link KafkaUser.schemaProxyEndpoint}.
   * @default false
   */
  schemaRegistry?: pulumi.Input<boolean>;
}

/**
 * A Kafka user of the service's Kafka proxy, for reading and writing its topics directly with any Kafka client.
 * Its ACLs, allowed addresses and schema registry access change in place; refresh reports changes made in the
 * web console, and the next `up` sets them back.
 *
 * @example
 * #### A consumer that reads the orders topics
 * ```ts title="index.ts"
 * const analytics = new streamkap.KafkaUser("analytics", {
 *   username: "analytics",
 *   password: config.requireSecret("kafkaPassword"),
 *   allowedIps: ["203.0.113.0/24"],
 *   acls: [
 *     { topic: "orders", operation: "READ", patternType: "PREFIXED" },
 *     { topic: "analytics-", operation: "READ", patternType: "PREFIXED", resource: "GROUP" },
 *   ],
 * });
 * export const bootstrap = analytics.kafkaProxyEndpoint;
 * ```
 */
export class KafkaUser extends StreamkapResource {
  /** The username (also the resource's id). */
  declare readonly username: pulumi.Output<string>;
  /** The password, as last applied. Secret. */
  declare readonly password: pulumi.Output<string>;
  /** The allowed addresses, as last applied; undefined means any address. */
  declare readonly allowedIps: pulumi.Output<string[] | undefined>;
  /** The ACL rules, as last applied. */
  declare readonly acls: pulumi.Output<KafkaUserAclArgs[] | undefined>;
  /** Whether a schema registry user exists too, as last applied. */
  declare readonly schemaRegistry: pulumi.Output<boolean | undefined>;
  /** Where Kafka clients connect (`host:port`), with SASL and this user's credentials. */
  declare readonly kafkaProxyEndpoint: pulumi.Output<string>;
  /** The schema registry's address, when `schemaRegistry` is set. */
  declare readonly schemaProxyEndpoint: pulumi.Output<string | undefined>;

  constructor(name: string, args: KafkaUserArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      shims.kafkaUser,
      name,
      {
        ...managedProps(args),
        username: args.username,
        password: pulumi.secret(args.password),
        allowedIps: args.allowedIps,
        acls: args.acls,
        schemaRegistry: args.schemaRegistry,
        kafkaProxyEndpoint: undefined,
        schemaProxyEndpoint: undefined,
      },
      opts,
      "streamkap",
      "KafkaUser",
    );
  }
}
