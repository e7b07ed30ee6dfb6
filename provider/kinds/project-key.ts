import { z } from "zod";

import { type ProjectKeyRecord, projectKeyRecord } from "../client/responses";
import { type CheckFailure, inputSchema, type Json, type JsonObject, type KindDescription } from "../engine/kind";
import { compact, containsUnknown, semanticEqual } from "../engine/values";
import { keptSecrets, liveSet, liveSetting, revealed } from "./live-values";
import { liveRoles } from "./roles";
import { kafkaAclSchema } from "./kafka-user";
import { waitForProjectKey } from "../lifecycle/project-key-wait";

export const toolProfiles = ["full", "read-only", "agent-operator", "infra-admin"] as const;

export const projectKeyInputsSchema = z.strictObject({
  name: z.string().min(1, "must not be empty").max(100, "must be at most 100 characters"),
  // `<prefix>-<7 characters>` must fit the 100 characters of a name.
  namePrefix: z.string().min(1).max(92).optional(),
  description: z.string().max(1000, "must be at most 1000 characters").optional(),
  roles: z.array(z.string().min(1)).min(1, "must list at least one role, or be left out").optional(),
  permissions: z.array(z.string().min(1)).min(1, "must list at least one permission, or be left out").optional(),
  kafkaAccess: z
    .strictObject({
      username: z.string().min(1, "must not be empty").max(255),
      password: z.string().min(8, "must be at least 8 characters").max(255).optional(),
      allowedIps: z.array(z.string().min(1)).optional(),
      acls: z.array(kafkaAclSchema).optional(),
    })
    .optional(),
  toolProfile: z.enum(toolProfiles).optional(),
});
export type ProjectKeyInputs = z.infer<typeof projectKeyInputsSchema> & JsonObject;

/** The secret outputs: shown by the service once, at creation, and kept in state from then on. */
export const projectKeySecretOutputs = ["clientId", "clientSecret", "kafkaPassword", "credentialFile"] as const;

function rules(news: ProjectKeyInputs): CheckFailure[] {
  if (news.roles !== undefined && news.permissions !== undefined) {
    return [
      {
        property: "permissions",
        reason:
          "`roles` and `permissions` cannot both be set: a project key gets either roles or individual " +
          "permissions; keep one of them",
      },
    ];
  }
  return [];
}

/**
 * PATCH can only add capabilities. A list that loses an entry, a switch between roles and permissions, or a
 * first list on a key that had the service's default role needs a new key: new credentials, which the outputs
 * pass on to whatever uses them.
 */
function replaceWhen(olds: ProjectKeyInputs, news: ProjectKeyInputs): string[] {
  const hadDefaultRole = olds.roles === undefined && olds.permissions === undefined;
  const loses = (before: unknown, after: unknown) =>
    Array.isArray(before) && (!Array.isArray(after) || before.some((entry) => !after.includes(entry)));
  return (["roles", "permissions"] as const).filter(
    (key) =>
      !semanticEqual(olds[key], news[key]) &&
      (containsUnknown(news[key]) || loses(olds[key], news[key]) || hadDefaultRole),
  );
}

function kafkaConfig(access: ProjectKeyInputs["kafkaAccess"]): Json | undefined {
  if (access === undefined) return undefined;
  return compact({
    username: access.username,
    password: access.password,
    whitelist_ips: access.allowedIps?.join(","),
    kafka_acls: (access.acls ?? []).map((acl) =>
      compact({
        topic_name: acl.topic,
        operation: acl.operation,
        resource_pattern_type: acl.patternType ?? "LITERAL",
        resource: acl.resource ?? "TOPIC",
      }),
    ),
  });
}

export const projectKeyKind: KindDescription<ProjectKeyInputs, ProjectKeyRecord> = {
  noun: "project key",
  schema: inputSchema<ProjectKeyInputs>(projectKeyInputsSchema),
  rules,
  // PATCH takes the description and added capabilities only: anything else needs a new key.
  replaceOn: ["name", "kafkaAccess", "toolProfile"],
  replaceWhen,
  uniqueNames: true,
  secretKeys: () => [...projectKeySecretOutputs, "kafkaAccess"],
  api: {
    collection: "/project-keys",
    record: projectKeyRecord as unknown as z.ZodType<ProjectKeyRecord>,
    idOf: (live) => String(live.project_key_id ?? live.id),
    nameOf: (live) => live.name ?? undefined,
    createBody: (inputs) =>
      compact({
        name: inputs.name,
        description: inputs.description,
        role_ids: inputs.roles,
        permission_ids: inputs.permissions,
        kafka_config: kafkaConfig(inputs.kafkaAccess),
        // No `created_from`: the documented body has none (DOCS create-project-key).
        tool_profile: inputs.toolProfile,
      }),
    updateBody: (inputs) =>
      compact({ description: inputs.description ?? null, role_ids: inputs.roles, permission_ids: inputs.permissions }),
    updateRequest: (id, body) => ({ method: "PATCH", path: `/project-keys/${encodeURIComponent(id)}`, body }),
    asyncDelete: true,
  },
  outputs: (live) => {
    const api = live.api ?? live.credentials?.api;
    const kafka = live.kafka ?? live.credentials?.kafka;
    const secret = revealed(api?.client_secret);
    return compact({
      status: live.status ?? undefined,
      serviceId: live.service_id ?? undefined,
      clientId: api?.client_id ?? live.api_client_id ?? live.client_id ?? undefined,
      clientSecret: secret,
      tokenEndpoint: api?.token_endpoint ?? undefined,
      apiUrl: api?.api_url ?? undefined,
      kafkaUsername: kafka?.username ?? live.kafka_username ?? undefined,
      kafkaPassword: revealed(kafka?.password),
      bootstrapServers: kafka?.bootstrap_servers ?? undefined,
      // Only the create answer is a whole credential file, usable as `streamkap:projectKey` elsewhere.
      credentialFile: secret !== undefined && live.project_key_id ? JSON.stringify(live) : undefined,
    });
  },
  liveInputs: (live, prior) => {
    // Neither set: the service's default role applies, which the program does not manage.
    const managesCapabilities = prior.roles !== undefined || prior.permissions !== undefined;
    return compact({
      ...prior,
      name: live.name ?? prior.name,
      description: liveSetting(prior.description, live.description ?? null, ""),
      // Roles come back as Role objects; a key given permissions reads back no list of them (DOCS get-project-key),
      // so their drift cannot be seen unless a service answers `permission_ids`.
      roles: prior.roles !== undefined ? liveRoles(live, prior.roles) : undefined,
      permissions: managesCapabilities ? liveSet(prior.permissions, live.permission_ids ?? undefined, []) : undefined,
      toolProfile: liveSetting(prior.toolProfile, live.tool_profile, "full"),
    }) as ProjectKeyInputs;
  },
  // The create answer holds the secrets, the settled key the rest; an update's answer neither.
  converge: async (self, live, _inputs, previous) => {
    const settled = projectKeyKind.outputs(await waitForProjectKey(self));
    const current = { ...projectKeyKind.outputs(live), ...settled };
    return { ...current, ...keptSecrets(current, previous, projectKeySecretOutputs) };
  },
};
