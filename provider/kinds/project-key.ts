import { z } from "zod";

import { type ProjectKeyRecord, projectKeyRecord } from "../client/responses";
import { type CheckFailure, inputSchema, type Json, type JsonObject, type KindDescription } from "../engine/kind";
import { compact, containsUnknown, semanticEqual } from "../engine/values";
import { keptSecrets, liveSet, liveSetting, revealed, splitList } from "./live-values";
import { liveRoles } from "./roles";
import {
  allowedIpsSchema,
  kafkaAclSchema,
  kafkaPasswordSchema,
  kafkaUsernameSchema,
  liveAcls,
  wireAcl,
} from "./kafka-user";
import { waitForProjectKey } from "../lifecycle/project-key-wait";

export const toolProfiles = ["full", "read-only", "agent-operator", "infra-admin"] as const;

export const projectKeyInputsSchema = z.strictObject({
  name: z.string().min(1, "must not be empty").max(100, "must be at most 100 characters"),
  // `<prefix>-<7 characters>` must fit the 100 characters of a name.
  namePrefix: z.string().min(1).max(92).optional(),
  description: z.string().max(1000, "must be at most 1000 characters").optional(),
  roles: z.array(z.string().min(1)).min(1, "must list at least one role, or be left out").optional(),
  permissions: z.array(z.string().min(1)).min(1, "must list at least one permission, or be left out").optional(),
  // A project key's Kafka user is a Kafka user of the service: the same rules as `KafkaUser`'s.
  kafkaAccess: z
    .strictObject({
      username: kafkaUsernameSchema,
      password: kafkaPasswordSchema.optional(),
      allowedIps: allowedIpsSchema.optional(),
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
 * PATCH changes a key in place (DOCS PATCH /project-keys/{id}: name, description, `role_ids`, `permission_ids`,
 * Kafka ACLs, addresses and password, tool profile). The role or permission list is set as declared: an entry
 * removed, a switch between roles and permissions, or a first list on a Kafka-only key (which then gets API
 * credentials, `new_api_credentials`) keeps the key and its credentials. What the reference says "can only be
 * added" are the capabilities: API access taken away (neither roles nor permissions any more), Kafka access taken
 * away, or a new Kafka username (no PATCH field renames the Kafka user) needs a new key, whose new credentials the
 * outputs pass on to whatever uses them.
 */
function replaceWhen(olds: ProjectKeyInputs, news: ProjectKeyInputs): string[] {
  const apiAccess = (inputs: ProjectKeyInputs) => inputs.roles !== undefined || inputs.permissions !== undefined;
  const replaced: string[] =
    apiAccess(olds) && !apiAccess(news)
      ? (["roles", "permissions"] as const).filter((key) => olds[key] !== undefined)
      : [];
  const before = olds.kafkaAccess;
  const after = news.kafkaAccess;
  if (
    before !== undefined &&
    (after === undefined || containsUnknown(after?.username) || !semanticEqual(before.username, after.username))
  ) {
    replaced.push("kafkaAccess");
  }
  return replaced;
}

function kafkaConfig(access: ProjectKeyInputs["kafkaAccess"]): Json | undefined {
  if (access === undefined) return undefined;
  return compact({
    username: access.username,
    password: access.password,
    whitelist_ips: access.allowedIps?.join(","),
    kafka_acls: (access.acls ?? []).map(wireAcl),
  });
}

/**
 * The PATCH body: everything the program manages, sent whole so an update also undoes a change made outside
 * Pulumi. Kafka access a key did not have is added with `kafka_config`; a key that has it changes its user's
 * ACLs, addresses (`""` clears them, as for a Kafka user) and password.
 */
function updateBody(inputs: ProjectKeyInputs, previous: JsonObject | undefined): Json {
  const access = inputs.kafkaAccess;
  const addsKafka = access !== undefined && previous !== undefined && previous.kafkaAccess === undefined;
  return compact({
    name: inputs.name,
    description: inputs.description ?? null,
    role_ids: inputs.roles,
    permission_ids: inputs.permissions,
    // Only a profile the program sets: one narrowed in the console stays narrowed through unrelated changes.
    tool_profile: inputs.toolProfile,
    ...(addsKafka
      ? { kafka_config: kafkaConfig(access) }
      : access !== undefined
        ? {
            kafka_acls: (access.acls ?? []).map(wireAcl),
            whitelist_ips: (access.allowedIps ?? []).join(","),
            kafka_password: access.password,
          }
        : {}),
  });
}

/**
 * The credential file as the key is now: with the Kafka password it has, when that changed since the file was
 * shown, and with the API client a PATCH gave a Kafka-only key (`new_api_credentials`, shown once), so the file
 * works as `streamkap:projectKey` from then on.
 */
function currentCredentialFile(
  file: unknown,
  kafkaPassword: unknown,
  newApi: JsonObject | undefined,
): string | undefined {
  if (typeof file !== "string") return undefined;
  try {
    const parsed = JSON.parse(file) as { api?: unknown; kafka?: { password?: unknown } | null };
    const withApi = newApi === undefined ? parsed : { ...parsed, api: newApi };
    const kafka = withApi.kafka;
    const newPassword = typeof kafkaPassword === "string" && kafka && kafka.password !== kafkaPassword;
    if (withApi === parsed && !newPassword) return file;
    return JSON.stringify(newPassword ? { ...withApi, kafka: { ...kafka, password: kafkaPassword } } : withApi);
  } catch {
    return file; // not ours to rewrite
  }
}

/** The API client a PATCH answered once for a key that had none, when its secret is revealed. */
function newApiCredentials(live: ProjectKeyRecord): JsonObject | undefined {
  const api = live.new_api_credentials;
  if (!api || revealed(api.client_secret) === undefined) return undefined;
  return compact(api as JsonObject) as JsonObject;
}

export const projectKeyKind: KindDescription<ProjectKeyInputs, ProjectKeyRecord> = {
  noun: "project key",
  schema: inputSchema<ProjectKeyInputs>(projectKeyInputsSchema),
  rules,
  // Everything changes in place by PATCH; what needs a new key is decided by `replaceWhen`.
  replaceOn: [],
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
    updateBody: (inputs, _context, _id, previous) => updateBody(inputs, previous),
    updateRequest: (id, body) => ({ method: "PATCH", path: `/project-keys/${encodeURIComponent(id)}`, body }),
    asyncDelete: true,
  },
  outputs: (live) => {
    // The create answer is the credential file; a PATCH that adds a capability answers its secrets once, beside
    // the detail (DOCS PATCH /project-keys/{id}: `new_api_credentials`, `new_kafka_credentials`).
    const api = live.api ?? live.credentials?.api ?? live.new_api_credentials;
    const kafka = live.kafka ?? live.credentials?.kafka ?? live.new_kafka_credentials;
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
      // Only the create answer is a whole credential file, usable as `streamkap:projectKey` elsewhere once it has
      // an API client; a Kafka-only key's file (its secret the Kafka password) gets one when roles are given.
      credentialFile:
        live.project_key_id && (secret !== undefined || revealed(kafka?.password) !== undefined)
          ? JSON.stringify(live)
          : undefined,
    });
  },
  liveInputs: (live, prior) => {
    // Neither set: the key has no API access (Kafka-only); roles given in the console are not the program's.
    const managesCapabilities = prior.roles !== undefined || prior.permissions !== undefined;
    return compact({
      ...prior,
      name: live.name ?? prior.name,
      description: liveSetting(prior.description, live.description ?? null, ""),
      // Roles come back as Role objects; a key given permissions reads back no list of them (DOCS get-project-key),
      // so their drift cannot be seen unless a service answers `permission_ids`.
      roles: prior.roles !== undefined ? liveRoles(live, prior.roles) : undefined,
      permissions: managesCapabilities ? liveSet(prior.permissions, live.permission_ids ?? undefined, []) : undefined,
      // A profile the program leaves out is the service's or the console's to set; it is never sent, so not read.
      toolProfile:
        prior.toolProfile === undefined ? undefined : liveSetting(prior.toolProfile, live.tool_profile, "full"),
      kafkaAccess: liveKafkaAccess(live, prior.kafkaAccess),
    }) as ProjectKeyInputs;
  },
  // The create answer holds the secrets, the settled key the rest; an update's answer neither.
  // A password the program sets is the one the key has; the credential file is kept in step with it.
  converge: async (self, live, inputs, previous) => {
    const settled = projectKeyKind.outputs(await waitForProjectKey(self));
    const current = { ...projectKeyKind.outputs(live), ...settled };
    const outputs = { ...current, ...keptSecrets(current, previous, projectKeySecretOutputs) };
    const password = inputs.kafkaAccess?.password ?? outputs.kafkaPassword;
    return compact({
      ...outputs,
      kafkaPassword: password,
      credentialFile: currentCredentialFile(outputs.credentialFile, password, newApiCredentials(live)),
    }) as JsonObject;
  },
};

/**
 * The key's Kafka user as the service holds it (DOCS get-project-key: `kafka_acls`, `whitelist_ips`), in the
 * program's shape; the password is write-only and kept. Undefined while the program declares no Kafka access.
 */
function liveKafkaAccess(
  live: ProjectKeyRecord,
  prior: ProjectKeyInputs["kafkaAccess"],
): ProjectKeyInputs["kafkaAccess"] {
  if (prior === undefined) return undefined;
  const whitelist = live.whitelist_ips;
  return compact({
    ...prior,
    username: live.kafka_username ?? prior.username,
    allowedIps:
      whitelist === undefined ? prior.allowedIps : liveSet(prior.allowedIps, splitList(whitelist ?? undefined), []),
    acls: liveAcls(prior.acls, live.kafka_acls),
  }) as ProjectKeyInputs["kafkaAccess"];
}
