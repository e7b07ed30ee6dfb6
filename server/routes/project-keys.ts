/**
 * Project keys (notes' "Project keys"): the create answer is a credential file whose secrets are shown once;
 * later reads mask them. The file works as `project_key` on POST /auth/access-token.
 */
import { z } from "zod";
import { HttpError } from "../core/errors";
import { nowIso, objectId, secretString } from "../core/ids";
import { parseBody } from "../core/validate";
import { mustOwn, ownedIn, route, type ApiContext, type RouteDef } from "../http/context";
import { kafkaAclList, kafkaPassword, kafkaUsername, kafkaUsernameHolder, whitelist } from "../domain/kafka-users";
import { maskedValue } from "../domain/config";
import { assertGrantable, permissionsOf } from "../http/permissions";
import { allPermissions, roleByKeyOrId } from "../domain/roles";
import { effective } from "../domain/status";
import type { StoredProjectKey } from "../state/types";
import { origins } from "./connector-common";

const toolProfiles = ["full", "read-only", "agent-operator", "infra-admin"] as const;
/** Lists a caller sends are bounded and read as sets, so no body can make every later answer huge (N4). */
const listOf = <T extends z.ZodType>(item: T, most: number) => z.array(item).max(most);
// DOCS create-project-key: `role_ids`/`permission_ids` are `string[]|null, min 1`.
const roleList = listOf(z.string(), 100).min(1).nullish();
const toolList = listOf(z.string().min(1).max(200), 500).optional();
// The same rules as POST /kafka-access/kafka-users: a project key's Kafka user is a Kafka user of the service.
const kafkaConfig = z
  .object({
    username: kafkaUsername,
    password: kafkaPassword.optional(),
    whitelist_ips: whitelist.nullish(),
    kafka_acls: kafkaAclList.default([]),
    is_create_schema_registry: z.boolean().default(false),
  })
  .loose();
const createBody = z
  .object({
    name: z.string().min(1).max(100),
    description: z.string().max(1000).nullish(),
    role_ids: roleList,
    permission_ids: roleList,
    kafka_config: kafkaConfig.nullish(),
    tool_profile: z.enum(toolProfiles).default("full"),
    allowed_tools: toolList,
    blocked_tools: toolList,
    created_from: z.enum(origins).default("api"),
  })
  .loose();
// DOCS PATCH /project-keys/{id} (openapi-digest §9): every field optional.
const patchBody = z
  .object({
    name: z.string().min(1).max(100).optional(),
    description: z.string().max(1000).nullish(),
    role_ids: roleList,
    permission_ids: roleList,
    kafka_acls: kafkaAclList.optional(),
    whitelist_ips: whitelist.nullish(),
    kafka_config: kafkaConfig.nullish(),
    kafka_password: kafkaPassword.optional(),
    tool_profile: z.enum(toolProfiles).optional(),
    allowed_tools: toolList,
    blocked_tools: toolList,
  })
  .loose();
const secretFields = ["password", "kafka_password"];

function status(projectKey: StoredProjectKey): string {
  return projectKey.deleteAt !== undefined ? "deleting" : effective(projectKey.timeline);
}

function checkCapabilities(roleIds: string[], permissionIds: string[]): void {
  roleIds.forEach((role, index) => {
    if (!roleByKeyOrId(role))
      throw new HttpError(422, [
        { loc: ["body", "role_ids", index], msg: `Unknown role '${role}'`, type: "value_error" },
      ]);
  });
  permissionIds.forEach((permission, index) => {
    if (!allPermissions.includes(permission)) {
      throw new HttpError(422, [
        { loc: ["body", "permission_ids", index], msg: `Unknown permission '${permission}'`, type: "value_error" },
      ]);
    }
  });
}

function credentialFile(ctx: ApiContext, projectKey: StoredProjectKey, reveal: boolean) {
  const service = ctx.store.service(projectKey.serviceId);
  // The downloadable credential file (DOCS create-project-key); its secrets are shown once.
  return {
    project_key_id: projectKey.id,
    project: { name: service?.name ?? null, service_id: projectKey.serviceId, tenant_id: service?.tenantId ?? null },
    created_at: nowIso(projectKey.createdAt),
    type: "streamkap_project_key",
    api: apiCredentials(ctx, projectKey, reveal),
    kafka: kafkaCredentials(ctx, projectKey, reveal),
    kafka_acls: projectKey.kafkaAcls,
    tool_profile: projectKey.toolProfile,
    allowed_tools: projectKey.allowedTools ?? [],
    blocked_tools: projectKey.blockedTools ?? [],
    created_by: projectKey.clientId,
  };
}

/**
 * The key's API client as the credential file holds it; null for a Kafka-only key (DOCS create-project-key: a
 * key may be Kafka-only, and such a key cannot be exchanged for a token; that its file's `api` is null is a guess).
 */
function apiCredentials(ctx: ApiContext, projectKey: StoredProjectKey, reveal: boolean) {
  if (projectKey.clientId === null) return null;
  const cred = ctx.store.state.credentials[projectKey.clientId];
  return {
    client_id: projectKey.clientId,
    client_secret: reveal ? (cred?.secret ?? null) : maskedValue,
    token_endpoint: `${ctx.server.baseUrl()}/auth/access-token`,
    api_url: ctx.server.baseUrl(),
    roles: projectKey.roleIds.map((role) => roleByKeyOrId(role)?.key ?? role),
  };
}

/** The key's Kafka credentials as the credential file holds them; null for an API-only key. */
function kafkaCredentials(ctx: ApiContext, projectKey: StoredProjectKey, reveal: boolean) {
  if (!projectKey.kafkaUsername) return null;
  return {
    username: projectKey.kafkaUsername,
    password: reveal ? projectKey.kafkaPassword : maskedValue,
    bootstrap_servers: "127.0.0.1:9092",
    security_protocol: "SASL_SSL",
    sasl_mechanism: "PLAIN",
    schema_registry_url: `${ctx.server.baseUrl()}/schema-registry`,
  };
}

/**
 * A project key's Kafka user is a Kafka user of the service (listed at /kafka-access/kafka-users), so making or
 * changing it needs what the Kafka-user routes need.
 */
function assertKafkaAccess(ctx: ApiContext): void {
  if (!permissionsOf(ctx.store, ctx.caller).has("kafka_access:write")) {
    throw new HttpError(
      403,
      "Forbidden: a project key's Kafka access is a Kafka user of the service, which needs permission 'kafka_access:write'",
    );
  }
}

function assertUsernameFree(ctx: ApiContext, username: string): void {
  if (kafkaUsernameHolder(ctx.store, ctx.caller.serviceId, username)) {
    throw new HttpError(422, [
      {
        loc: ["body", "kafka_config", "username"],
        msg: `A Kafka user with username '${username}' already exists`,
        type: "value_error",
      },
    ]);
  }
}

function assertNameFree(ctx: ApiContext, name: string, except?: string): void {
  if (ownedIn(ctx, ctx.store.state.projectKeys).some((key) => key.name === name && key.id !== except)) {
    throw new HttpError(422, [
      { loc: ["body", "name"], msg: `A project key named '${name}' already exists`, type: "value_error" },
    ]);
  }
}

const unique = (items: string[]): string[] => [...new Set(items)];

/** The key's roles as `Role` objects (api.md "Role"): id, key, name, description, permissions. */
function rolesOf(projectKey: StoredProjectKey) {
  return projectKey.roleIds.map((id) => {
    const role = roleByKeyOrId(id);
    return {
      id: role?.id ?? id,
      key: role?.key ?? id,
      name: role?.name ?? id,
      description: null,
      permissions: role?.permissions ?? [],
    };
  });
}

/** The summary `GET /project-keys` lists (DOCS list-project-keys): no secrets, no invented fields. */
function summary(projectKey: StoredProjectKey) {
  return {
    id: projectKey.id,
    name: projectKey.name,
    service_id: projectKey.serviceId,
    status: status(projectKey),
    description: projectKey.description,
    created_at: nowIso(projectKey.createdAt),
    created_by_user: null,
    api_client_id: projectKey.clientId,
    api_client_id_masked_secret: projectKey.clientId === null ? null : `****${projectKey.clientId.slice(-4)}`,
    kafka_username: projectKey.kafkaUsername,
    roles: rolesOf(projectKey),
    last_used_at: null,
    tool_profile: projectKey.toolProfile,
    allowed_tools: projectKey.allowedTools ?? [],
    blocked_tools: projectKey.blockedTools ?? [],
  };
}

/** `GET /project-keys/{id}` and PATCH answer the summary and these (DOCS get-project-key). */
function detail(ctx: ApiContext, projectKey: StoredProjectKey) {
  return {
    ...summary(projectKey),
    kafka_acls: projectKey.kafkaAcls,
    whitelist_ips: projectKey.whitelistIps,
    kafka_proxy_endpoint: null,
    schema_proxy_endpoint: null,
    token_ttl_seconds: ctx.server.tokenTtlSeconds(),
  };
}

function own(ctx: ApiContext): StoredProjectKey {
  return mustOwn(ctx, ctx.store.state.projectKeys, ctx.params.id, "Project key");
}

function assertSettled(projectKey: StoredProjectKey): void {
  const current = status(projectKey);
  if (current === "creating" || current === "deleting" || current === "delete_failed") {
    throw new HttpError(400, `Project key ${projectKey.id} is ${current}; try again once it is active`);
  }
}

function create(ctx: ApiContext) {
  const body = parseBody(createBody, ctx.body, { withInput: true, secretFields });
  if (body.role_ids && body.permission_ids) {
    throw new HttpError(422, [
      { loc: ["body"], msg: "Give either role_ids or permission_ids, not both", type: "value_error" },
    ]);
  }
  // DOCS create-project-key: a key is API-only (roles or permissions), Kafka-only (kafka_config) or both. No
  // role is given by default: a key without roles or permissions has no API client at all.
  if (!body.role_ids && !body.permission_ids && !body.kafka_config) {
    throw new HttpError(422, [
      {
        loc: ["body", "role_ids"],
        msg: "Give role_ids or permission_ids for API access, kafka_config for Kafka access, or both",
        type: "value_error",
      },
    ]);
  }
  const roleIds = unique(body.role_ids ?? []);
  const permissionIds = unique(body.permission_ids ?? []);
  const apiAccess = roleIds.length > 0 || permissionIds.length > 0;
  checkCapabilities(roleIds, permissionIds);
  assertGrantable(ctx.store, ctx.caller, roleIds, permissionIds);
  if (body.kafka_config) assertKafkaAccess(ctx);
  assertNameFree(ctx, body.name);
  if (body.kafka_config) assertUsernameFree(ctx, body.kafka_config.username);
  const id = objectId();
  const clientId = apiAccess ? apiClient(ctx, body.name, roleIds, id) : null;
  const now = Date.now();
  const record: StoredProjectKey = {
    id,
    serviceId: ctx.caller.serviceId,
    name: body.name,
    description: body.description ?? null,
    roleIds,
    permissionIds,
    toolProfile: body.tool_profile,
    allowedTools: unique(body.allowed_tools ?? []),
    blockedTools: unique(body.blocked_tools ?? []),
    kafkaUsername: null,
    kafkaPassword: null,
    whitelistIps: null,
    kafkaAcls: [],
    agentic: false,
    clientId,
    createdAt: now,
    createdFrom: body.created_from,
    timeline: [
      { status: "creating", at: now },
      { status: "active", at: now + ctx.store.timings.statusDelayMs },
    ],
  };
  if (body.kafka_config) giveKafkaAccess(record, body.kafka_config);
  ctx.store.state.projectKeys[id] = record;
  ctx.store.changed();
  return credentialFile(ctx, record, true);
}

/** The API client a key with roles or permissions authenticates as (its permissions are read from the key). */
function apiClient(ctx: ApiContext, name: string, roleIds: string[], id: string): string {
  return ctx.store.addCredential(ctx.caller.serviceId, `Project key ${name}`, roleIds, id).clientId;
}

function giveKafkaAccess(projectKey: StoredProjectKey, config: z.infer<typeof kafkaConfig>): void {
  projectKey.kafkaUsername = config.username;
  projectKey.kafkaPassword = config.password ?? secretString(18);
  projectKey.whitelistIps = config.whitelist_ips ?? null;
  projectKey.kafkaAcls = config.kafka_acls;
}

/**
 * DOCS PATCH /project-keys/{id}: everything changes in place. `role_ids` or `permission_ids` set the key's list
 * as given (an entry left out is removed; the reference forbids only both at once, so one replaces the other);
 * on a Kafka-only key they add API access and the answer carries the new client secret once
 * (`new_api_credentials`). Capabilities (API, Kafka) can only be added: `kafka_config` adds Kafka access to a key
 * without it and the answer carries the new password once (`new_kafka_credentials`); the Kafka user's ACLs,
 * addresses and password change through `kafka_acls`, `whitelist_ips` and `kafka_password`.
 */
function patch(ctx: ApiContext) {
  const projectKey = own(ctx);
  assertSettled(projectKey);
  const body = parseBody(patchBody, ctx.body, { withInput: true, secretFields });
  if (body.role_ids && body.permission_ids) {
    throw new HttpError(422, [
      { loc: ["body"], msg: "Give either role_ids or permission_ids, not both", type: "value_error" },
    ]);
  }
  checkCapabilities(body.role_ids ?? [], body.permission_ids ?? []);
  // Only what is added is granted now; what the key already had was granted by whoever gave it.
  const added = (have: string[], want: string[] | null | undefined) =>
    (want ?? []).filter((name) => !have.includes(name));
  assertGrantable(
    ctx.store,
    ctx.caller,
    added(projectKey.roleIds, body.role_ids),
    added(projectKey.permissionIds, body.permission_ids),
  );
  if (body.name !== undefined) assertNameFree(ctx, body.name, projectKey.id);
  const changesKafka =
    body.kafka_config != null ||
    body.kafka_acls !== undefined ||
    body.whitelist_ips !== undefined ||
    body.kafka_password !== undefined;
  if (changesKafka) assertKafkaAccess(ctx);
  if (body.kafka_config != null) {
    if (projectKey.kafkaUsername) {
      throw new HttpError(
        400,
        `Project key ${projectKey.id} has Kafka access already; change it with kafka_acls, whitelist_ips and kafka_password`,
      );
    }
    assertUsernameFree(ctx, body.kafka_config.username);
  } else if (changesKafka && !projectKey.kafkaUsername) {
    throw new HttpError(400, `Project key ${projectKey.id} has no Kafka access; add it with kafka_config`);
  }

  if (body.name !== undefined) projectKey.name = body.name;
  if (body.description !== undefined) projectKey.description = body.description ?? null;
  // Roles and permissions stay mutually exclusive: the list given replaces the key's whole grant.
  if (body.role_ids) [projectKey.roleIds, projectKey.permissionIds] = [unique(body.role_ids), []];
  if (body.permission_ids) [projectKey.roleIds, projectKey.permissionIds] = [[], unique(body.permission_ids)];
  const addsApi = projectKey.clientId === null && Boolean(body.role_ids || body.permission_ids);
  if (addsApi) projectKey.clientId = apiClient(ctx, projectKey.name, projectKey.roleIds, projectKey.id);
  if (body.tool_profile !== undefined) projectKey.toolProfile = body.tool_profile;
  if (body.allowed_tools !== undefined) projectKey.allowedTools = unique(body.allowed_tools);
  if (body.blocked_tools !== undefined) projectKey.blockedTools = unique(body.blocked_tools);
  if (body.kafka_acls !== undefined) projectKey.kafkaAcls = body.kafka_acls;
  if (body.whitelist_ips !== undefined) projectKey.whitelistIps = body.whitelist_ips ?? null;
  if (body.kafka_password !== undefined) projectKey.kafkaPassword = body.kafka_password;
  const addsKafka = body.kafka_config != null;
  if (body.kafka_config != null) giveKafkaAccess(projectKey, body.kafka_config);
  ctx.store.changed();
  return {
    ...detail(ctx, projectKey),
    ...(addsApi ? { new_api_credentials: apiCredentials(ctx, projectKey, true) } : {}),
    ...(addsKafka ? { new_kafka_credentials: kafkaCredentials(ctx, projectKey, true) } : {}),
  };
}

function agentic(on: boolean) {
  return (ctx: ApiContext) => {
    const projectKey = own(ctx);
    assertSettled(projectKey);
    projectKey.agentic = on;
    ctx.store.changed();
    return detail(ctx, projectKey);
  };
}

export const projectKeyRoutes: RouteDef[] = [
  route("GET", "/project-keys", (ctx) =>
    ownedIn(ctx, ctx.store.state.projectKeys)
      .sort((a, b) => a.createdAt - b.createdAt)
      .map(summary),
  ),
  route("POST", "/project-keys", create),
  route("GET", "/project-keys/:id", (ctx) => {
    return detail(ctx, own(ctx));
  }),
  route("PATCH", "/project-keys/:id", patch),
  route("DELETE", "/project-keys/:id", (ctx) => {
    const projectKey = own(ctx);
    projectKey.deleteAt ??= Date.now() + ctx.store.timings.deleteDelayMs;
    ctx.store.changed();
    return detail(ctx, projectKey);
  }),
  route("GET", "/project-keys/:id/mcp-config", (ctx) => {
    const projectKey = own(ctx);
    return {
      mcpServers: { streamkap: { url: `${ctx.server.baseUrl()}/mcp`, headers: { "X-Project-Key-Id": projectKey.id } } },
    };
  }),
  route("POST", "/project-keys/:id/enable-agentic", agentic(true)),
  route("POST", "/project-keys/:id/disable-agentic", agentic(false)),
];
