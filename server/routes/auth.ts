/**
 * Authentication area: tokens, refresh, whoami, client credentials, roles and permissions.
 */
import { z } from "zod";
import { HttpError, notFound } from "../core/errors";
import { nowIso } from "../core/ids";
import { parseBody } from "../core/validate";
import { route, type ApiContext, type RouteDef } from "../http/context";
import { signToken, verifyToken } from "../http/tokens";
import { allPermissions, fixedRoles, roleByKeyOrId } from "../domain/roles";
import { credentialFromProjectKey } from "../domain/project-key-file";
import { assertGrantable, assertNotLastAdmin } from "../http/permissions";
import { origins } from "./connector-common";
import type { StoredCredential } from "../state/types";
import type { Store } from "../state/store";

const refreshTtlSeconds = 30 * 24 * 3600;
const maskedValue = "********";

const accessTokenBody = z.object({
  client_id: z.string().max(256).nullish(),
  secret: z.string().max(512).nullish(),
  project_key: z.string().max(8192).nullish(),
});

function issue(ctx: ApiContext, cred: StoredCredential) {
  const store = ctx.store;
  const service = store.service(cred.serviceId);
  if (!service) throw new HttpError(401, "Invalid client credentials");
  const ttl = ctx.server.tokenTtlSeconds();
  const claims = { sub: cred.clientId, tid: service.tenantId, sid: service.id, pkid: cred.projectKeyId ?? null };
  return {
    accessToken: signToken(store.state.signingKey, { ...claims, typ: "access" }, ttl),
    refreshToken: signToken(store.state.signingKey, { ...claims, typ: "refresh" }, refreshTtlSeconds),
    expires: nowIso(Date.now() + ttl * 1000),
    expiresIn: Math.max(0, Math.round(ttl)),
  };
}

function accessToken(ctx: ApiContext) {
  const body = parseBody(accessTokenBody, ctx.body, {
    withInput: true,
    secretFields: ["secret", "project_key"],
  });
  let cred: StoredCredential | undefined;
  if (body.project_key) {
    const ids = credentialFromProjectKey(body.project_key);
    cred = ids ? ctx.store.state.credentials[ids.clientId] : undefined;
    if (!cred || !ids || cred.secret !== ids.secret) throw new HttpError(401, "Invalid project key");
  } else {
    if (!body.client_id || !body.secret) {
      throw new HttpError(422, [
        {
          loc: ["body"],
          msg: "Value error, provide client_id and secret, or project_key",
          type: "value_error",
          input: { client_id: body.client_id ?? null },
          ctx: { error: "provide client_id and secret, or project_key" },
        },
      ]);
    }
    cred = ctx.store.state.credentials[body.client_id];
    if (!cred || cred.secret !== body.secret) throw new HttpError(401, "Invalid client credentials");
  }
  return issue(ctx, cred);
}

function refresh(ctx: ApiContext) {
  const body = parseBody(z.object({ refresh_token: z.string().min(1) }), ctx.body);
  const result = verifyToken(ctx.store.state.signingKey, body.refresh_token, "refresh");
  if (!result.ok) throw new HttpError(401, result.reason === "expired" ? "Refresh token has expired" : "Invalid token");
  const cred = ctx.store.state.credentials[result.claims.sub];
  if (!cred) throw new HttpError(401, "Invalid token");
  return issue(ctx, cred);
}

function renderCredential(store: Store, cred: StoredCredential, showSecret: boolean) {
  return {
    created_by_user: null,
    client_id: cred.clientId,
    description: cred.description,
    created_at: nowIso(cred.createdAt),
    roles: cred.roles.map((role) => roleByKeyOrId(role)).filter((role) => role !== undefined),
    service_id: store.service(cred.serviceId)?.id ?? null,
    secret: showSecret ? cred.secret : maskedValue,
  };
}

// DOCS create-client-credential: `role_ids` (required, at least one), `description`, `service_id`; the reference
// client adds `created_from` (TF internal/api/client_credential.go).
const credentialBody = z.object({
  // Bounded and read as a set (N4): a role named twice is one role.
  role_ids: z
    .array(z.string().max(200))
    .min(1)
    .max(100)
    .transform((roles) => [...new Set(roles)]),
  description: z.string().max(1000).nullish(),
  service_id: z.string().nullish(),
  created_from: z.enum(origins).default("api"),
});
const credentialPatchBody = z.object({ description: z.string().max(1000).nullish() });

function createCredential(ctx: ApiContext) {
  const body = parseBody(credentialBody, ctx.body);
  if (body.service_id && body.service_id !== ctx.caller.serviceId) throw notFound("Service");
  const roles = body.role_ids.map((roleName, index) => {
    const role = roleByKeyOrId(roleName);
    if (!role)
      throw new HttpError(422, [
        { loc: ["body", "role_ids", index], msg: `Unknown role '${roleName}'`, type: "value_error" },
      ]);
    return role.key;
  });
  assertGrantable(ctx.store, ctx.caller, roles, []);
  const cred = ctx.store.addCredential(ctx.caller.serviceId, body.description ?? null, roles);
  return renderCredential(ctx.store, cred, true);
}

function ownCredential(ctx: ApiContext): StoredCredential {
  const cred = ctx.store.state.credentials[ctx.params.client_id];
  if (!cred || cred.serviceId !== ctx.caller.serviceId || cred.projectKeyId) throw notFound("Client credential");
  return cred;
}

export const authRoutes: RouteDef[] = [
  route("POST", "/auth/access-token", accessToken, false),
  route("POST", "/auth/access-token/refresh", refresh, false),
  route("GET", "/auth/whoami", (ctx) => ({
    tenant_id: ctx.caller.tenantId,
    service_id: ctx.caller.serviceId,
    sub: ctx.caller.clientId,
    token_type: ctx.caller.projectKeyId ? "project_key" : "client_credentials",
    project_key_id: ctx.caller.projectKeyId,
  })),
  route("GET", "/auth/roles", () => fixedRoles),
  route("GET", "/auth/permissions", () =>
    allPermissions.map((permission) => ({ id: permission, key: permission, name: permission })),
  ),
  route("GET", "/auth/client-credentials", (ctx) =>
    Object.values(ctx.store.state.credentials)
      .filter((credential) => credential.serviceId === ctx.caller.serviceId && !credential.projectKeyId)
      .map((credential) => renderCredential(ctx.store, credential, false)),
  ),
  route("POST", "/auth/client-credentials", createCredential),
  route("PATCH", "/auth/client-credentials/:client_id", (ctx) => {
    const cred = ownCredential(ctx);
    const body = parseBody(credentialPatchBody, ctx.body);
    if (body.description !== undefined) cred.description = body.description ?? null;
    ctx.store.changed();
    return renderCredential(ctx.store, cred, false);
  }),
  route("DELETE", "/auth/client-credentials/:client_id", (ctx) => {
    const cred = ownCredential(ctx);
    assertNotLastAdmin(ctx.store, cred);
    delete ctx.store.state.credentials[cred.clientId];
    ctx.store.changed();
    return renderCredential(ctx.store, cred, false);
  }),
];
