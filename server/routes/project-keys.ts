/**
 * Project keys (notes' "Project keys"): the create answer is a credential file whose secrets are shown once;
 * later reads mask them. The file works as `project_key` on POST /auth/access-token.
 */
import { z } from "zod";
import { HttpError, notFound } from "../core/errors";
import { nowIso, objectId, secretString } from "../core/ids";
import { parseBody } from "../core/validate";
import { route, type ApiContext, type RouteDef } from "../http/context";
import { maskedValue } from "../domain/config";
import { assertGrantable } from "../http/permissions";
import { allPermissions, fixedRoles, roleByKeyOrId } from "../domain/roles";
import { effective } from "../domain/status";
import type { ProjectKeyRecord } from "../state/types";
import { origins } from "./connector-common";

const toolProfiles = ["full", "read-only", "agent-operator", "infra-admin"] as const;
const kafkaConfig = z
  .object({
    username: z.string().min(1).max(255),
    password: z.string().min(8).max(255).optional(),
    whitelist_ips: z.string().nullish(),
    kafka_acls: z.array(z.unknown()).default([]),
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

function status(k: ProjectKeyRecord): string {
  return k.deleteAt !== undefined ? "deleting" : effective(k.timeline);
}

function checkCapabilities(roleIds: string[], permissionIds: string[]): void {
  roleIds.forEach((r, i) => {
    if (!roleByKeyOrId(r))
      throw new HttpError(422, [{ loc: ["body", "role_ids", i], msg: `Unknown role '${r}'`, type: "value_error" }]);
  });
  permissionIds.forEach((p, i) => {
    if (!allPermissions.includes(p)) {
      throw new HttpError(422, [
        { loc: ["body", "permission_ids", i], msg: `Unknown permission '${p}'`, type: "value_error" },
      ]);
    }
  });
}

function credentialFile(ctx: ApiContext, k: ProjectKeyRecord, reveal: boolean) {
  const cred = ctx.store.state.credentials[k.clientId];
  const service = ctx.store.service(k.serviceId);
  // The downloadable credential file (DOCS create-project-key); its secrets are shown once.
  return {
    project_key_id: k.id,
    project: { name: service?.name ?? null, service_id: k.serviceId, tenant_id: service?.tenantId ?? null },
    created_at: nowIso(k.createdAt),
    type: "streamkap_project_key",
    api: {
      client_id: k.clientId,
      client_secret: reveal ? (cred?.secret ?? null) : maskedValue,
      token_endpoint: `${ctx.server.baseUrl()}/auth/access-token`,
      api_url: ctx.server.baseUrl(),
      roles: k.roleIds.map((r) => roleByKeyOrId(r)?.key ?? r),
    },
    kafka: k.kafkaUsername
      ? {
          username: k.kafkaUsername,
          password: reveal ? k.kafkaPassword : maskedValue,
          bootstrap_servers: "127.0.0.1:9092",
          security_protocol: "SASL_SSL",
          sasl_mechanism: "PLAIN",
          schema_registry_url: `${ctx.server.baseUrl()}/schema-registry`,
        }
      : null,
    kafka_acls: k.kafkaAcls,
    tool_profile: k.toolProfile,
    allowed_tools: [],
    blocked_tools: [],
    created_by: k.clientId,
  };
}

/** The key's roles as `Role` objects (api.md "Role"): id, key, name, description, permissions. */
function rolesOf(k: ProjectKeyRecord) {
  return k.roleIds.map((id) => {
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
function summary(k: ProjectKeyRecord) {
  return {
    id: k.id,
    name: k.name,
    service_id: k.serviceId,
    status: status(k),
    description: k.description,
    created_at: nowIso(k.createdAt),
    created_by_user: null,
    api_client_id: k.clientId,
    api_client_id_masked_secret: `****${k.clientId.slice(-4)}`,
    kafka_username: k.kafkaUsername,
    roles: rolesOf(k),
    last_used_at: null,
    tool_profile: k.toolProfile,
    allowed_tools: [],
    blocked_tools: [],
  };
}

/** `GET /project-keys/{id}` and PATCH answer the summary and these (DOCS get-project-key). */
function detail(ctx: ApiContext, k: ProjectKeyRecord) {
  return {
    ...summary(k),
    kafka_acls: k.kafkaAcls,
    whitelist_ips: k.whitelistIps,
    kafka_proxy_endpoint: null,
    schema_proxy_endpoint: null,
    token_ttl_seconds: ctx.server.tokenTtlSeconds(),
  };
}

function own(ctx: ApiContext): ProjectKeyRecord {
  const k = ctx.store.state.projectKeys[ctx.params.id];
  if (!k || k.serviceId !== ctx.caller.serviceId) throw notFound("Project key");
  return k;
}

function assertSettled(k: ProjectKeyRecord): void {
  const s = status(k);
  if (s === "creating" || s === "deleting" || s === "delete_failed") {
    throw new HttpError(400, `Project key ${k.id} is ${s}; try again once it is active`);
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
  if (
    Object.values(ctx.store.state.projectKeys).some((k) => k.serviceId === ctx.caller.serviceId && k.name === body.name)
  ) {
    throw new HttpError(422, [
      { loc: ["body", "name"], msg: `A project key named '${body.name}' already exists`, type: "value_error" },
    ]);
  }
  const id = objectId();
  const cred = ctx.store.addCredential(ctx.caller.serviceId, `Project key ${body.name}`, roleIds, id);
  const now = Date.now();
  const k: ProjectKeyRecord = {
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
  ctx.store.state.projectKeys[id] = k;
  ctx.store.changed();
  return credentialFile(ctx, k, true);
}

function patch(ctx: ApiContext) {
  const k = own(ctx);
  assertSettled(k);
  const body = parseBody(patchBody, ctx.body);
  // Capabilities can only be added: a list that drops an existing entry is refused.
  const dropped = (have: string[], want: string[] | null | undefined) => want && have.some((x) => !want.includes(x));
  if (dropped(k.roleIds, body.role_ids) || dropped(k.permissionIds, body.permission_ids)) {
    throw new HttpError(400, "Project key capabilities can only be added, not removed");
  }
  checkCapabilities(body.role_ids ?? [], body.permission_ids ?? []);
  // Only what is added is granted now; what the key already had was granted by whoever gave it.
  const added = (have: string[], want: string[] | null | undefined) => (want ?? []).filter((x) => !have.includes(x));
  assertGrantable(ctx.store, ctx.caller, added(k.roleIds, body.role_ids), added(k.permissionIds, body.permission_ids));
  if (body.role_ids) k.roleIds = [...new Set(body.role_ids)];
  if (body.permission_ids) k.permissionIds = [...new Set(body.permission_ids)];
  if (body.description !== undefined) k.description = body.description ?? null;
  ctx.store.changed();
  return detail(ctx, k);
}

function agentic(on: boolean) {
  return (ctx: ApiContext) => {
    const k = own(ctx);
    assertSettled(k);
    k.agentic = on;
    ctx.store.changed();
    return detail(ctx, k);
  };
}

export const projectKeyRoutes: RouteDef[] = [
  route("GET", "/project-keys", (ctx) =>
    Object.values(ctx.store.state.projectKeys)
      .filter((k) => k.serviceId === ctx.caller.serviceId)
      .sort((a, b) => a.createdAt - b.createdAt)
      .map(summary),
  ),
  route("POST", "/project-keys", create),
  route("GET", "/project-keys/:id", (ctx) => {
    return detail(ctx, own(ctx));
  }),
  route("PATCH", "/project-keys/:id", patch),
  route("DELETE", "/project-keys/:id", (ctx) => {
    const k = own(ctx);
    k.deleteAt ??= Date.now() + ctx.store.timings.deleteDelayMs;
    ctx.store.changed();
    return detail(ctx, k);
  }),
  route("GET", "/project-keys/:id/mcp-config", (ctx) => {
    const k = own(ctx);
    return {
      mcpServers: { streamkap: { url: `${ctx.server.baseUrl()}/mcp`, headers: { "X-Project-Key-Id": k.id } } },
    };
  }),
  route("POST", "/project-keys/:id/enable-agentic", agentic(true)),
  route("POST", "/project-keys/:id/disable-agentic", agentic(false)),
];
