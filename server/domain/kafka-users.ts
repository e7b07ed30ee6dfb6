/**
 * Kafka users of a service's Kafka proxy: what the service accepts and how it answers them.
 *
 * Evidence: the reference client (TF internal/api/kafka_user.go, internal/resource/kafka_user/kafka_user.go) for the
 * paths, bodies and answer; the Kafka Access guide (docs.streamkap.com/kafka-access) for lowercase usernames, CIDR
 * whitelists and the ACL resource types. The bounds below are the reference client's validators; the service's own
 * messages for them are not published (docs/real-api.md).
 */
import { isIP } from "node:net";
import { z } from "zod";

import { kafkaAclOperations, kafkaAclPatternTypes, kafkaAclResources } from "../../catalogue/wire-values";
import type { Store } from "../state/store";
import type { StoredKafkaUser, StoredProjectKey, StoredService } from "../state/types";

const usernamePattern = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/;

/** Why one entry of a comma-separated whitelist is not an IP address or CIDR range; undefined when it is. */
export function cidrProblem(entry: string): string | undefined {
  const [address, prefix, extra] = entry.split("/");
  const version = isIP(address ?? "");
  if (version === 0 || extra !== undefined) return "is not an IP address or CIDR range";
  if (prefix === undefined) return undefined;
  const bits = Number(prefix);
  const most = version === 4 ? 32 : 128;
  return /^\d+$/.test(prefix) && bits <= most ? undefined : `has a prefix length outside 0-${most}`;
}

export const whitelist = z
  .string()
  .max(1000)
  .superRefine((value, context) => {
    for (const entry of value.split(",").map((item) => item.trim())) {
      if (entry === "") continue;
      const problem = cidrProblem(entry);
      if (problem) context.addIssue({ code: "custom", message: `Value error, '${entry}' ${problem}` });
    }
  });

/** One ACL, as Kafka users and project keys' `kafka_config` take it (DOCS create-project-key). */
export const kafkaAcl = z.object({
  topic_name: z.string().min(1).max(255),
  operation: z.enum(kafkaAclOperations),
  resource_pattern_type: z.enum(kafkaAclPatternTypes),
  resource: z.enum(kafkaAclResources).default("TOPIC"),
});

/** The rules of a Kafka user's name and password, however the user is made (its own route or a project key). */
export const kafkaUsername = z.string().min(1).max(24).regex(usernamePattern);
export const kafkaPassword = z.string().min(12).max(128);

/** A Kafka user's ACLs, however the user is made: bounded, so no body makes every later answer huge (N4). */
export const kafkaAclList = z.array(kafkaAcl).max(1000);

export const kafkaUserCreateBody = z.object({
  username: kafkaUsername,
  password: kafkaPassword,
  whitelist_ips: whitelist.optional(),
  kafka_acls: kafkaAclList.default([]),
  is_create_schema_registry: z.boolean().default(false),
  created_from: z.enum(["terraform", "web", "api"]).default("api"),
});

/** The reference client leaves out an empty password or whitelist (`omitempty`): left out, each is kept. */
export const kafkaUserUpdateBody = z.object({
  password: kafkaPassword.optional(),
  whitelist_ips: whitelist.optional(),
  kafka_acls: kafkaAclList.optional(),
  is_create_schema_registry: z.boolean().optional(),
});

export function kafkaUserId(serviceId: string, username: string): string {
  return `${serviceId}/${username}`;
}

/** The proxy a service's Kafka users connect to; the schema registry proxy only for users that asked for one. */
function proxyHost(service: StoredService | undefined): string {
  return `${service?.subId ?? "unknown"}.kafka-proxy.local.streamkap.net`;
}

/** A Kafka user as every answer shows it: never its password (TF kafka_user.go: "not returned by the API"). */
export function renderKafkaUser(user: StoredKafkaUser, service: StoredService | undefined) {
  return {
    username: user.username,
    whitelist_ips: user.whitelistIps,
    kafka_proxy_endpoint: `${proxyHost(service)}:32400`,
    schema_proxy_endpoint: user.isCreateSchemaRegistry ? `https://schema-${proxyHost(service)}` : "",
    kafka_acls: user.acls,
    is_create_schema_registry: user.isCreateSchemaRegistry,
  };
}

/** A project key's Kafka user ("Optionally creates a Kafka user…", DOCS create-project-key), live until the key goes. */
export function projectKeyUsers(store: Store, serviceId: string): StoredProjectKey[] {
  return Object.values(store.state.projectKeys).filter(
    (key) => key.serviceId === serviceId && key.kafkaUsername !== null && key.deleteAt === undefined,
  );
}

/** Who holds a Kafka username in a service: a Kafka user of its own, or a project key's; undefined when free. */
export function kafkaUsernameHolder(
  store: Store,
  serviceId: string,
  username: string,
): { kafkaUser: StoredKafkaUser } | { projectKey: StoredProjectKey } | undefined {
  const kafkaUser = store.state.kafkaUsers[kafkaUserId(serviceId, username)];
  if (kafkaUser) return { kafkaUser };
  const projectKey = projectKeyUsers(store, serviceId).find((key) => key.kafkaUsername === username);
  return projectKey ? { projectKey } : undefined;
}

/** A project key's Kafka user as the Kafka user list shows it. */
export function projectKeyUserAsKafkaUser(key: StoredProjectKey): StoredKafkaUser {
  return {
    id: kafkaUserId(key.serviceId, key.kafkaUsername ?? ""),
    serviceId: key.serviceId,
    username: key.kafkaUsername ?? "",
    password: key.kafkaPassword ?? "",
    whitelistIps: key.whitelistIps ?? "",
    acls: key.kafkaAcls as StoredKafkaUser["acls"],
    isCreateSchemaRegistry: false,
    createdAt: key.createdAt,
    createdFrom: key.createdFrom,
  };
}
