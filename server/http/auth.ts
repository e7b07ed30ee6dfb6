/**
 * Bearer-token authentication of management API calls.
 */
import type { Caller, Store } from "../state/store";
import { verifyToken } from "./tokens";

export type AuthResult = { ok: true; caller: Caller } | { ok: false; detail: string };

export function authenticate(store: Store, authorization: string | undefined): AuthResult {
  if (!authorization) return { ok: false, detail: "Not authenticated" };
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!match) return { ok: false, detail: "Invalid authentication scheme: expected 'Bearer <token>'" };
  const result = verifyToken(store.state.signingKey, match[1], "access");
  if (!result.ok) return { ok: false, detail: result.reason === "expired" ? "Token has expired" : "Invalid token" };
  const claims = result.claims;
  // A token outlives nothing it was issued for: a deleted credential or service invalidates it.
  const cred = store.state.credentials[claims.sub];
  if (!cred || cred.serviceId !== claims.sid || !store.service(claims.sid)) {
    return { ok: false, detail: "Invalid token" };
  }
  return {
    ok: true,
    caller: { serviceId: claims.sid, tenantId: claims.tid, clientId: claims.sub, projectKeyId: claims.pkid },
  };
}
