/**
 * Access and refresh tokens are HS256 JWTs signed with the state's key: clients that decode `exp` work as with the
 * real service, and tokens stay valid across a restart when the state is persisted.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { secretString } from "../core/ids";

export interface TokenClaims {
  sub: string; // client id
  tid: string; // tenant id
  sid: string; // service id
  pkid: string | null; // project key id
  typ: "access" | "refresh";
  iat: number;
  exp: number;
  jti: string;
}

const b64 = (text: string) => Buffer.from(text).toString("base64url");

/** Signs a token valid for `ttlSeconds` (fractions allowed: JWT NumericDate may be fractional). */
export function signToken(key: string, claims: Omit<TokenClaims, "iat" | "exp" | "jti">, ttlSeconds: number): string {
  const now = Date.now();
  const full: TokenClaims = {
    ...claims,
    iat: Math.floor(now / 1000),
    exp: (now + ttlSeconds * 1000) / 1000,
    jti: secretString(9),
  };
  const head = b64(JSON.stringify({ alg: "HS256", typ: "JWT" }));
  const body = b64(JSON.stringify(full));
  const sig = createHmac("sha256", key).update(`${head}.${body}`).digest("base64url");
  return `${head}.${body}.${sig}`;
}

/**
 * Node decodes base64url leniently (it skips foreign characters and `=`, and ignores unused low bits), so one
 * token would have many spellings. Only the one spelling that encodes its bytes is accepted (F10).
 */
function canonicalBase64url(segment: string): boolean {
  return /^[A-Za-z0-9_-]*$/.test(segment) && Buffer.from(segment, "base64url").toString("base64url") === segment;
}

export type VerifyResult = { ok: true; claims: TokenClaims } | { ok: false; reason: "invalid" | "expired" };

export function verifyToken(key: string, token: string, typ: TokenClaims["typ"]): VerifyResult {
  const parts = token.split(".");
  if (parts.length !== 3 || !parts.every(canonicalBase64url)) return { ok: false, reason: "invalid" };
  const expected = createHmac("sha256", key).update(`${parts[0]}.${parts[1]}`).digest();
  const given = Buffer.from(parts[2], "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "invalid" };
  let claims: TokenClaims;
  try {
    claims = JSON.parse(Buffer.from(parts[1], "base64url").toString("utf8")) as TokenClaims;
  } catch {
    return { ok: false, reason: "invalid" };
  }
  if (claims.typ !== typ) return { ok: false, reason: "invalid" };
  // Millisecond precision so very short lifetimes (fault injection) expire when they say.
  if (Date.now() >= claims.exp * 1000) return { ok: false, reason: "expired" };
  return { ok: true, claims };
}
