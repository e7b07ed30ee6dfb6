/**
 * Who may do what (roles, permissions, Kafka users, client credentials) and who reads what (consumer groups), as
 * the lookups answer them: never a password or secret.
 */
import { z } from "zod";

import type { StreamkapClient } from "../client/client";
import {
  clientCredentialRecord,
  consumerGroupRecord,
  kafkaUserRecord,
  permissionRecord,
  roleRecord,
} from "../client/responses";
import { splitList } from "../kinds/live-values";
import { present } from "./reads";

/** Every item of a `GET` that answers a bare list. */
function listAt<T extends z.ZodType>(client: StreamkapClient, path: string, item: T): Promise<z.infer<T>[]> {
  return client.call({ method: "GET", path, schema: z.array(item) });
}

export async function getRoles(client: StreamkapClient) {
  const roles = await listAt(client, "/auth/roles", roleRecord);
  return roles.map((role) => ({
    id: role.id,
    key: role.key ?? role.id,
    name: role.name ?? role.key ?? role.id,
    description: role.description ?? undefined,
    permissions: role.permissions ?? [],
  }));
}

export async function getPermissions(client: StreamkapClient) {
  const permissions = await listAt(client, "/auth/permissions", permissionRecord);
  return permissions.map((permission) => ({
    id: permission.id,
    name: permission.name ?? permission.id,
    description: permission.description ?? undefined,
  }));
}

export async function getKafkaUsers(client: StreamkapClient) {
  const users = await listAt(client, "/kafka-access/kafka-users", kafkaUserRecord);
  return users.map((user) => ({
    username: user.username,
    allowedIps: splitList(user.whitelist_ips) ?? [],
    acls: (user.kafka_acls ?? []).map((acl) => ({
      topic: acl.topic_name,
      operation: acl.operation,
      patternType: acl.resource_pattern_type ?? "LITERAL",
      resource: acl.resource ?? "TOPIC",
    })),
    schemaRegistry: user.is_create_schema_registry ?? false,
    kafkaProxyEndpoint: user.kafka_proxy_endpoint || undefined,
    schemaProxyEndpoint: user.schema_proxy_endpoint || undefined,
  }));
}

export async function getClientCredentials(client: StreamkapClient) {
  const credentials = await listAt(client, "/auth/client-credentials", clientCredentialRecord);
  return credentials.map((credential) => ({
    clientId: credential.client_id,
    description: credential.description ?? undefined,
    roleIds: (credential.roles ?? []).map((role) => (typeof role === "string" ? role : role.id)),
    serviceId: credential.service_id ?? undefined,
    createdAt: credential.created_at ?? undefined,
  }));
}

/** The groups of an answer that is a bare list or a `{ result: [...] }` page. */
function groupsIn(answer: unknown): unknown[] {
  if (Array.isArray(answer)) return answer;
  const result = answer !== null && typeof answer === "object" ? (answer as { result?: unknown }).result : undefined;
  return Array.isArray(result) ? result : [];
}

export async function getConsumerGroups(client: StreamkapClient) {
  const answer = await client.call({ method: "GET", path: "/consumer-groups", schema: z.unknown() });
  return z
    .array(consumerGroupRecord)
    .parse(groupsIn(answer))
    .map((group) => ({
      groupId: group.group_id,
      state: group.state ?? undefined,
      lag: present(group.lag),
      entityId: group.entity_id ?? undefined,
      topics: (group.topics ?? []).map((topic) => ({
        topic: topic.topic,
        currentOffset: present(topic.current_offset),
        logEndOffset: present(topic.log_end_offset),
        lag: present(topic.lag),
      })),
    }));
}
