/**
 * Authorization of management API calls: which permission each route needs, what a caller holds, and the rules
 * that keep a caller from seeing secrets it may not change, from granting more than it holds, and from deleting the
 * service's last admin credential. The real service does not publish its per-endpoint permissions (api.md
 * "Which permission each endpoint requires: not shown"), so the table below is this server's guess.
 */
import { HttpError } from "../core/errors";
import { boolParam } from "../domain/listing";
import { allPermissions, roleByKeyOrId } from "../domain/roles";
import type { Caller, Store } from "../state/store";
import type { StoredCredential } from "../state/types";

/** null: a valid token is enough (or, for the token endpoints, the body's credentials). */
export type Needed = string | null;

/**
 * Every management route, keyed `METHOD url` exactly as registered in server/routes/*.ts. A route missing here is
 * refused at run time and fails tests/server/authorization.test.ts, so a new route cannot skip authorization.
 * Reads need `<area>:read`; anything that changes state (lifecycle actions, snapshots, deploys, unit-test runs) needs
 * `<area>:write`. Metrics, messages and explain-error only read, whatever their method.
 */
export const routePermissions: Readonly<Record<string, Needed>> = {
  "POST /auth/access-token": null,
  "POST /auth/access-token/refresh": null,
  "GET /auth/whoami": null,
  "GET /auth/roles": null,
  "GET /auth/permissions": null,
  "GET /auth/client-credentials": "credentials:read",
  "POST /auth/client-credentials": "credentials:write",
  "PATCH /auth/client-credentials/:client_id": "credentials:write",
  "DELETE /auth/client-credentials/:client_id": "credentials:write",

  "GET /kafka-access/kafka-users": "kafka_access:read",
  "POST /kafka-access/kafka-users": "kafka_access:write",
  "PUT /kafka-access/kafka-users/:username": "kafka_access:write",
  "DELETE /kafka-access/kafka-users/:username": "kafka_access:write",

  "GET /consumer-groups": "destinations:read",
  "GET /consumer-groups/:group_id": "destinations:read",
  "POST /consumer-groups/:group_id/reset-offsets": "destinations:write",

  "GET /alerts/subscribers/:subscriberId": "alerts:read",
  "PUT /alerts/subscribers/:subscriberId": "alerts:write",
  "GET /alerts/subscribers/:subscriberId/preferences": "alerts:read",
  "PUT /alerts/subscribers/:subscriberId/credentials": "alerts:write",
  "DELETE /alerts/subscribers/:subscriberId/credentials": "alerts:write",

  "GET /sources": "sources:read",
  "POST /sources": "sources:write",
  "GET /sources/:id": "sources:read",
  "PUT /sources/:id": "sources:write",
  "DELETE /sources/:id": "sources:write",
  "GET /sources/:id/config-history": "sources:read",
  "GET /sources/:id/config-history/compare-to-original": "sources:read",
  "PUT /sources/:id/pause": "sources:write",
  "PUT /sources/:id/resume": "sources:write",
  "PUT /sources/:id/stop": "sources:write",
  "POST /sources/:id/restart": "sources:write",
  "POST /sources/:id/reset": "sources:write",
  "POST /sources/:id/restart_task": "sources:write",
  "POST /sources/:id/deploy": "sources:write",
  "POST /sources/:id/explain-error": "sources:read",
  "PUT /sources/bulk/stop": "sources:write",
  "PUT /sources/bulk/resume": "sources:write",
  "POST /sources/bulk/reset": "sources:write",
  "DELETE /sources/bulk/delete": "sources:write",
  "GET /sources/:id/metrics": "sources:read",
  "POST /sources/snapshot": "sources:write",
  "POST /sources/execute_incremental_snapshot": "sources:write",
  "POST /sources/execute_blocking_snapshot": "sources:write",
  "POST /sources/cancel_snapshot": "sources:write",
  "POST /sources/stop_incremental_snapshot": "sources:write",
  "POST /sources/stop_blocking_snapshot": "sources:write",
  "POST /sources/bulk/snapshot": "sources:write",
  "POST /sources/bulk/stop-snapshot": "sources:write",

  "GET /destinations": "destinations:read",
  "POST /destinations": "destinations:write",
  "GET /destinations/:id": "destinations:read",
  "PUT /destinations/:id": "destinations:write",
  "DELETE /destinations/:id": "destinations:write",
  "GET /destinations/:id/config-history": "destinations:read",
  "GET /destinations/:id/config-history/compare-to-original": "destinations:read",
  "PUT /destinations/:id/pause": "destinations:write",
  "PUT /destinations/:id/resume": "destinations:write",
  "PUT /destinations/:id/stop": "destinations:write",
  "POST /destinations/:id/restart": "destinations:write",
  "POST /destinations/:id/reset": "destinations:write",
  "POST /destinations/:id/restart_task": "destinations:write",
  "POST /destinations/:id/deploy": "destinations:write",
  "POST /destinations/:id/explain-error": "destinations:read",
  "PUT /destinations/bulk/stop": "destinations:write",
  "PUT /destinations/bulk/resume": "destinations:write",
  "POST /destinations/bulk/reset": "destinations:write",
  "DELETE /destinations/bulk/delete": "destinations:write",

  "GET /pipelines": "pipelines:read",
  "POST /pipelines": "pipelines:write",
  "GET /pipelines/:id": "pipelines:read",
  "PUT /pipelines/:id": "pipelines:write",
  "DELETE /pipelines/:id": "pipelines:write",

  "GET /tags": "tags:read",
  "GET /tags/:tag_id": "tags:read",
  "POST /tags": "tags:write",
  "PUT /tags/:tag_id": "tags:write",
  "DELETE /tags/:tag_id": "tags:write",

  "POST /topics": "topics:write",
  "POST /topics/table_metrics": "topics:read",
  "GET /topics/details": "topics:read",
  "GET /topics/:topic_id": "topics:read",
  "PUT /topics/:topic_id": "topics:write",
  "DELETE /topics/:topic_id": "topics:write",
  "GET /topics/messages": "topics:read",
  "GET /topics/metrics": "topics:read",

  "GET /transforms": "transforms:read",
  "POST /transforms": "transforms:write",
  "PUT /transforms": "transforms:write",
  "DELETE /transforms": "transforms:write",
  "GET /transforms/:id": "transforms:read",
  "GET /transforms/:id/implementation_details": "transforms:read",
  "PUT /transforms/:id/implementation_details": "transforms:write",
  "PUT /transforms/:id/run-unit-tests/:version_id": "transforms:write",
  "PUT /transforms/:id/deploy-job-preview/:version_id": "transforms:write",
  "PUT /transforms/:id/deploy-job-live/:version_id": "transforms:write",
  "GET /transforms/:id/job_status": "transforms:read",

  "GET /project-keys": "project_keys:read",
  "POST /project-keys": "project_keys:write",
  "GET /project-keys/:id": "project_keys:read",
  "PATCH /project-keys/:id": "project_keys:write",
  "DELETE /project-keys/:id": "project_keys:write",
  "GET /project-keys/:id/mcp-config": "project_keys:read",
  "POST /project-keys/:id/enable-agentic": "project_keys:write",
  "POST /project-keys/:id/disable-agentic": "project_keys:write",
};

export function routeKey(method: string, url: string): string {
  return `${method.toUpperCase()} ${url}`;
}

function rolePermissions(roles: string[]): string[] {
  return roles.flatMap((role) => roleByKeyOrId(role)?.permissions ?? []);
}

/**
 * What the caller may do. A project key's capabilities live on its record (PATCH changes them there, not on its
 * credential), so a project-key token is judged by the key; a deleted key grants nothing.
 */
export function permissionsOf(store: Store, caller: Caller): Set<string> {
  if (caller.projectKeyId) {
    const key = store.state.projectKeys[caller.projectKeyId];
    if (!key || key.serviceId !== caller.serviceId) return new Set();
    return new Set([...rolePermissions(key.roleIds), ...key.permissionIds]);
  }
  const cred = store.state.credentials[caller.clientId];
  return new Set(cred ? rolePermissions(cred.roles) : []);
}

/** Whether the caller holds every permission of the admin role: what the local-only routes ask. */
export function holdsAdmin(store: Store, caller: Caller): boolean {
  const held = permissionsOf(store, caller);
  const admin = roleByKeyOrId("role_admin");
  return admin !== undefined && admin.permissions.every((permission) => held.has(permission));
}

function wantsSecrets(query: unknown): boolean {
  if (typeof query !== "object" || query === null) return false;
  const parsed = boolParam.safeParse((query as Record<string, unknown>).secret_returned);
  // An unparseable value is the handler's 422 to give; here only a clear "yes" matters.
  return parsed.success && parsed.data;
}

/**
 * The 403 detail for a call the caller may not make, or undefined when it may. Secrets follow the write
 * permission: whoever may change an area's objects may see their secrets (they could set them anyway), nobody else.
 */
export function authorize(
  store: Store,
  caller: Caller,
  method: string,
  url: string,
  query: unknown,
): string | undefined {
  // Fastify answers HEAD on every GET route by itself; it reveals what the GET would, so it needs the same.
  const key = routeKey(method.toUpperCase() === "HEAD" ? "GET" : method, url);
  if (!(key in routePermissions)) return `Forbidden: ${key} has no permission defined, so it is refused`;
  const needed = routePermissions[key];
  if (needed === null) return undefined;
  const held = permissionsOf(store, caller);
  if (!held.has(needed)) return `Forbidden: ${key} requires permission '${needed}', which this caller does not hold`;
  if (wantsSecrets(query)) {
    const write = `${needed.split(":")[0]}:write`;
    if (!held.has(write)) {
      return `Forbidden: secret_returned=true requires permission '${write}', which this caller does not hold`;
    }
  }
  return undefined;
}

/**
 * No escalation: a caller may grant a role only if it holds every permission of that role, and a permission only if
 * it holds it. Unknown names are left to the handler's 422.
 */
export function assertGrantable(store: Store, caller: Caller, roles: string[], permissions: string[]): void {
  const held = permissionsOf(store, caller);
  for (const roleName of roles) {
    const role = roleByKeyOrId(roleName);
    const missing = role?.permissions.find((permission) => !held.has(permission));
    if (role && missing) {
      throw new HttpError(
        403,
        `Forbidden: cannot grant role '${role.id}': it includes permission '${missing}', which this caller does not hold`,
      );
    }
  }
  for (const part of permissions) {
    if (allPermissions.includes(part) && !held.has(part)) {
      throw new HttpError(403, `Forbidden: cannot grant permission '${part}', which this caller does not hold`);
    }
  }
}

function isAdminCredential(credential: StoredCredential): boolean {
  return !credential.projectKeyId && credential.roles.some((role) => roleByKeyOrId(role)?.id === "role_admin");
}

/**
 * A service must keep one admin client credential: it is what the server prints at start and the only way back in
 * to manage credentials. Project-key credentials do not count; they die with their key.
 */
export function assertNotLastAdmin(store: Store, cred: StoredCredential): void {
  if (!isAdminCredential(cred)) return;
  const others = Object.values(store.state.credentials).some(
    (credential) =>
      credential.clientId !== cred.clientId && credential.serviceId === cred.serviceId && isAdminCredential(credential),
  );
  if (!others) {
    throw new HttpError(
      409,
      `Cannot delete client credential ${cred.clientId}: it is the last admin credential of this service. ` +
        "Create another admin credential first.",
    );
  }
}

/**
 * The credential a start prints: an admin one of the default service, whichever survives. Data written before the
 * last-admin rule may have none; a fresh admin credential then keeps the start from failing (F8).
 */
export function startupCredential(store: Store, serviceId = store.state.defaultServiceId): StoredCredential {
  const admin = Object.values(store.state.credentials).find(
    (credential) => credential.serviceId === serviceId && isAdminCredential(credential),
  );
  return admin ?? store.addCredential(serviceId, "Admin credentials (recreated at start)", ["admin"]);
}
