/**
 * Project keys (notes' "Project keys"): the create answer is a credential file whose secrets are shown once;
 * later reads mask them. The file works as `project_key` on POST /auth/access-token.
 */
import { z } from "zod";
import { HttpError } from "../core/errors";
import { nowIso, objectId, secretString } from "../core/ids";
import { parseBody } from "../core/validate";
import { mustOwn, ownedIn, route, type ApiContext, type RouteDef } from "../http/context";
import { kafkaAcl, kafkaUsernameHolder } from "../domain/kafka-users";
import { maskedValue } from "../domain/config";
import { assertGrantable } from "../http/permissions";
import { allPermissions, fixedRoles, roleByKeyOrId } from "../domain/roles";
import { effective } from "../domain/status";
import type { StoredProjectKey } from "../state/types";
import { origins } from "./connector-common";

const toolProfiles = ["full", "read-only", "agent-operator", "infra-admin"] as const;
const kafkaConfig = z
  .object({
    username: z.string().min(1).max(255),
    password: z.string().min(8).max(255).optional(),
    whitelist_ips: z.string().nullish(),
    kafka_acls: z.array(kafkaAcl).default([]),
  })
  .loose();
const createBody = z
  .object({
    name: z.string().min(1).max(100),
    description: z.string().max(1000).nullish(),
    role_ids: z.array(z.string()).nullish(),
    permission_ids: z.array(z.string()).nullish(),
    kafka_config: kafkaConfig.nullish(),
    tool_profile: z.enum(toolProfiles).default("full"),
    created_from: z.enum(origins).default("api"),
  })
  .loose();
const patchBody = z
  .object({
    description: z.string().max(1000).nullish(),
    role_ids: z.array(z.string()).nullish(),
    permission_ids: z.array(z.string()).nullish(),
  })
  .loose();

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
  const cred = ctx.store.state.credentials[projectKey.clientId];
  const service = ctx.store.service(projectKey.serviceId);
  // The downloadable credential file (DOCS create-project-key); its secrets are shown once.
  return {
    project_key_id: projectKey.id,
    project: { name: service?.name ?? null, service_id: projectKey.serviceId, tenant_id: service?.tenantId ?? null },
    created_at: nowIso(projectKey.createdAt),
    type: "streamkap_project_key",
    api: {
      client_id: projectKey.clientId,
      client_secret: reveal ? (cred?.secret ?? null) : maskedValue,
      token_endpoint: `${ctx.server.baseUrl()}/auth/access-token`,
      api_url: ctx.server.baseUrl(),
      roles: projectKey.roleIds.map((role) => roleByKeyOrId(role)?.key ?? role),
    },
    kafka: projectKey.kafkaUsername
      ? {
          username: projectKey.kafkaUsername,
          password: reveal ? projectKey.kafkaPassword : maskedValue,
          bootstrap_servers: "127.0.0.1:9092",
          security_protocol: "SASL_SSL",
          sasl_mechanism: "PLAIN",
          schema_registry_url: `${ctx.server.baseUrl()}/schema-registry`,
        }
      : null,
    kafka_acls: projectKey.kafkaAcls,
    tool_profile: projectKey.toolProfile,
    allowed_tools: [],
    blocked_tools: [],
    created_by: projectKey.clientId,
  };
}

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
    api_client_id_masked_secret: `****${projectKey.clientId.slice(-4)}`,
    kafka_username: projectKey.kafkaUsername,
    roles: rolesOf(projectKey),
    last_used_at: null,
    tool_profile: projectKey.toolProfile,
    allowed_tools: [],
    blocked_tools: [],
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
  const body = parseBody(createBody, ctx.body);
  if (body.role_ids && body.permission_ids) {
    throw new HttpError(422, [
      { loc: ["body"], msg: "Give either role_ids or permission_ids, not both", type: "value_error" },
    ]);
  }
  const roleIds = body.role_ids ?? (body.permission_ids ? [] : [fixedRoles[0].id]);
  const permissionIds = body.permission_ids ?? [];
  checkCapabilities(roleIds, permissionIds);
  assertGrantable(ctx.store, ctx.caller, roleIds, permissionIds);
  if (ownedIn(ctx, ctx.store.state.projectKeys).some((projectKey) => projectKey.name === body.name)) {
    throw new HttpError(422, [
      { loc: ["body", "name"], msg: `A project key named '${body.name}' already exists`, type: "value_error" },
    ]);
  }
  const username = body.kafka_config?.username;
  if (username !== undefined && kafkaUsernameHolder(ctx.store, ctx.caller.serviceId, username)) {
    throw new HttpError(422, [
      {
        loc: ["body", "kafka_config", "username"],
        msg: `A Kafka user with username '${username}' already exists`,
        type: "value_error",
      },
    ]);
  }
  const id = objectId();
  const cred = ctx.store.addCredential(ctx.caller.serviceId, `Project key ${body.name}`, roleIds, id);
  const now = Date.now();
  const record: StoredProjectKey = {
    id,
    serviceId: ctx.caller.serviceId,
    name: body.name,
    description: body.description ?? null,
    roleIds,
    permissionIds,
    toolProfile: body.tool_profile,
    kafkaUsername: body.kafka_config?.username ?? null,
    kafkaPassword: body.kafka_config ? (body.kafka_config.password ?? secretString(18)) : null,
    whitelistIps: body.kafka_config?.whitelist_ips ?? null,
    kafkaAcls: body.kafka_config?.kafka_acls ?? [],
    agentic: false,
    clientId: cred.clientId,
    createdAt: now,
    createdFrom: body.created_from,
    timeline: [
      { status: "creating", at: now },
      { status: "active", at: now + ctx.store.timings.statusDelayMs },
    ],
  };
  ctx.store.state.projectKeys[id] = record;
  ctx.store.changed();
  return credentialFile(ctx, record, true);
}

function patch(ctx: ApiContext) {
  const projectKey = own(ctx);
  assertSettled(projectKey);
  const body = parseBody(patchBody, ctx.body);
  // Capabilities can only be added: a list that drops an existing entry is refused.
  const dropped = (have: string[], want: string[] | null | undefined) =>
    want && have.some((name) => !want.includes(name));
  if (dropped(projectKey.roleIds, body.role_ids) || dropped(projectKey.permissionIds, body.permission_ids)) {
    throw new HttpError(400, "Project key capabilities can only be added, not removed");
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
  if (body.role_ids) projectKey.roleIds = [...new Set(body.role_ids)];
  if (body.permission_ids) projectKey.permissionIds = [...new Set(body.permission_ids)];
  if (body.description !== undefined) projectKey.description = body.description ?? null;
  ctx.store.changed();
  return detail(ctx, projectKey);
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
