import * as pulumi from "@pulumi/pulumi";

import { type ManagedArgs, managedProps } from "./common";
import type { KafkaAclOperation, KafkaAclResource } from "./kafka-user";
import { namingProps } from "./naming";
import { shims } from "./shim";
import { StreamkapResource } from "./resource";

/** One Kafka ACL of a project key's Kafka user. */
export interface KafkaAclArgs {
  /** The topic name, or its prefix when `patternType` is `PREFIXED`. */
  topic: pulumi.Input<string>;
  /** The Kafka operation allowed, e.g. `READ`, `WRITE`, `DESCRIBE` or `ALL`. */
  operation: pulumi.Input<KafkaAclOperation>;
  /**
   * `LITERAL` matches the topic name exactly; `PREFIXED` matches every topic starting with it.
   * @default "LITERAL"
   */
  patternType?: pulumi.Input<"LITERAL" | "PREFIXED">;
  /**
   * The Kafka resource type, e.g. `TOPIC` or `GROUP`.
   * @default "TOPIC"
   */
  resource?: pulumi.Input<KafkaAclResource>;
}

/** Kafka access for a project key: a Kafka user with its own password and ACLs. */
export interface KafkaAccessArgs {
  /**
   * The Kafka username: 1 to 24 lowercase letters, digits and dashes, not starting or ending with a dash (the
   * rules of a {@link KafkaUser}). Changing it replaces the key (new credentials): the service cannot rename a
   * Kafka user.
   */
  username: pulumi.Input<string>;
  /**
   * The password, 12 to 128 characters; wrap it in `pulumi.secret()`. Left out, the service generates one, which
   * {@link ProjectKey.kafkaPassword} then holds. A new password changes the key in place.
   * @default generated
   */
  password?: pulumi.Input<string>;
  /**
   * IP addresses or CIDR ranges allowed to connect; changes in place.
   * @default any address
   */
  allowedIps?: pulumi.Input<pulumi.Input<string>[]>;
  /**
   * What the user may do on which topics; changes in place.
   * @default none
   */
  acls?: pulumi.Input<pulumi.Input<KafkaAclArgs>[]>;
}

export interface ProjectKeyArgs extends ManagedArgs {
  /**
   * The key's name, 1 to 100 characters, unique per service. Leave it out to get `<resource name>-<7 random
   * characters>`. Changes in place, keeping the key and its credentials.
   * @default `<resource name>-<7 characters>`, derived once and kept
   */
  name?: pulumi.Input<string>;
  /**
   * Free text shown with the key, up to 1000 characters; changes in place.
   * @default none
   */
  description?: pulumi.Input<string>;
  /**
   * Role ids (see `GET /auth/roles`). Give `roles` or `permissions`, never both (`pulumi preview` says so).
   * Adding or removing a role, or switching to `permissions`, changes the key in place and keeps its credentials;
   * on a key made without either (Kafka-only) it adds API access, whose new client id and secret
   * {@link ProjectKey.clientId} and {@link ProjectKey.clientSecret} then hold. Leaving out both after giving one
   * replaces the key (new credentials), because the service can only add API access to a key, not take it away.
   * @default none: no API access (with `kafkaAccess`, a Kafka-only key)
   */
  roles?: pulumi.Input<pulumi.Input<string>[]>;
  /**
   * Permission ids, e.g. `pipelines:read` (see `GET /auth/permissions`), instead of `roles`. Adding or removing
   * one, or switching to `roles`, changes the key in place and keeps its credentials, as for `roles`.
   * @default none
   */
  permissions?: pulumi.Input<pulumi.Input<string>[]>;
  /**
   * A Kafka user for this key, for reading and writing topics directly. Adding it, or changing its password,
   * addresses or ACLs, changes the key in place; a new username, or taking Kafka access away, replaces the key
   * (new credentials), because the service can only add capabilities to a key.
   * @default no Kafka access
   */
  kafkaAccess?: pulumi.Input<KafkaAccessArgs>;
  /**
   * What agent tools (MCP) may do with this key: `full`, `read-only`, `agent-operator` or `infra-admin`;
   * changes in place. Left out, the key keeps the profile the service gave it or the console set: updates never
   * send one.
   * @default the service's (never sent)
   */
  toolProfile?: pulumi.Input<"full" | "read-only" | "agent-operator" | "infra-admin">;
}

/** Marks a given Kafka password secret, so state and previews never show it even when passed as plain text. */
function withSecretPassword(access: ProjectKeyArgs["kafkaAccess"]): ProjectKeyArgs["kafkaAccess"] {
  if (access === undefined || pulumi.Output.isInstance(access) || access instanceof Promise) return access;
  const plain = access as KafkaAccessArgs;
  return plain.password === undefined ? plain : { ...plain, password: pulumi.secret(plain.password) };
}

/**
 * A project key: API credentials (and optionally a Kafka user) for a service. The service shows the credential
 * file once, at creation; its secrets stay in state as secret outputs, for feeding to other resources and
 * stacks. Replacing the key issues new credentials, and the outputs pass them on.
 *
 * @example
 * #### A read-only key for a dashboard
 * ```ts title="index.ts"
 * const dashboard = new streamkap.ProjectKey("dashboard", { permissions: ["pipelines:read", "topics:read"] });
 * export const clientId = dashboard.clientId; // secret
 * export const clientSecret = dashboard.clientSecret; // secret
 * ```
 *
 * #### Kafka access for a consumer
 * ```ts title="index.ts"
 * const consumer = new streamkap.ProjectKey("consumer", {
 *   roles: ["role_viewer"],
 *   kafkaAccess: { username: "analytics", acls: [{ topic: "orders", operation: "READ" }] },
 * });
 * export const kafkaPassword = consumer.kafkaPassword; // secret
 * ```
 *
 * #### Credentials for another stack
 * ```ts title="index.ts"
 * // In the other stack: pulumi config set --secret streamkap:projectKey "$(pulumi stack output credentialFile --show-secrets)"
 * export const credentialFile = ci.credentialFile;
 * ```
 */
export class ProjectKey extends StreamkapResource {
  /** The key's name on the service. */
  declare readonly name: pulumi.Output<string>;
  /** The description, as last applied. */
  declare readonly description: pulumi.Output<string | undefined>;
  /** The role ids, as last applied; undefined when the key has permissions or no API access. */
  declare readonly roles: pulumi.Output<string[] | undefined>;
  /** The permission ids, as last applied; undefined when the key has roles. */
  declare readonly permissions: pulumi.Output<string[] | undefined>;
  /** The Kafka access, as last applied (its password stays secret). */
  declare readonly kafkaAccess: pulumi.Output<KafkaAccessArgs | undefined>;
  /** The agent tool profile, as last applied; undefined when the program leaves it to the service. */
  declare readonly toolProfile: pulumi.Output<string | undefined>;
  /** `creating`, `active`, `deleting`, … as the service last reported it. */
  declare readonly status: pulumi.Output<string>;
  /** The service the key belongs to. */
  declare readonly serviceId: pulumi.Output<string>;
  /**
   * The API client id (`streamkap:clientId` elsewhere). Secret. Undefined for a Kafka-only key, until roles or
   * permissions give it API access.
   */
  declare readonly clientId: pulumi.Output<string>;
  /** The API client secret (`streamkap:secret` elsewhere). Secret: the service shows it once. */
  declare readonly clientSecret: pulumi.Output<string>;
  /** Where to exchange the client id and secret for an access token. */
  declare readonly tokenEndpoint: pulumi.Output<string>;
  /** The management API's address (`streamkap:endpoint` elsewhere). */
  declare readonly apiUrl: pulumi.Output<string>;
  /** The Kafka username, when `kafkaAccess` is set. */
  declare readonly kafkaUsername: pulumi.Output<string | undefined>;
  /** The Kafka password, given or generated, when `kafkaAccess` is set. Secret. */
  declare readonly kafkaPassword: pulumi.Output<string | undefined>;
  /** Kafka bootstrap servers, when `kafkaAccess` is set. */
  declare readonly bootstrapServers: pulumi.Output<string | undefined>;
  /** The whole credential file as JSON, usable as `streamkap:projectKey` in another stack. Secret. */
  declare readonly credentialFile: pulumi.Output<string>;

  constructor(name: string, args: ProjectKeyArgs = {}, opts?: pulumi.CustomResourceOptions) {
    super(
      shims.projectKey,
      name,
      {
        ...namingProps(name, args.name),
        ...managedProps(args),
        description: args.description,
        roles: args.roles,
        permissions: args.permissions,
        kafkaAccess: withSecretPassword(args.kafkaAccess),
        toolProfile: args.toolProfile,
        status: undefined,
        serviceId: undefined,
        clientId: undefined,
        clientSecret: undefined,
        tokenEndpoint: undefined,
        apiUrl: undefined,
        kafkaUsername: undefined,
        kafkaPassword: undefined,
        bootstrapServers: undefined,
        credentialFile: undefined,
      },
      {
        ...opts,
        additionalSecretOutputs: [
          ...(opts?.additionalSecretOutputs ?? []),
          "clientId",
          "clientSecret",
          "kafkaPassword",
          "credentialFile",
        ],
      },
      "streamkap",
      "ProjectKey",
    );
  }
}
