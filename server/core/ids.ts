/**
 * Identifier formats: resource ids look like the real service's (24 hex characters, MongoDB ObjectId style);
 * tenants, services and request ids are UUIDs; secrets are long random url-safe strings.
 */
import { randomBytes, randomUUID } from "node:crypto";

let counter = randomBytes(3).readUIntBE(0, 3);

/** 24-hex id whose first 8 characters are the creation time in seconds, so ids sort by creation. */
export function objectId(): string {
  const time = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, "0");
  counter = (counter + 1) % 0xffffff;
  return time + randomBytes(5).toString("hex") + counter.toString(16).padStart(6, "0");
}

export function uuid(): string {
  return randomUUID();
}

/**
 * A random URL-safe secret. Never starts with "-": a secret pasted after `pulumi config set --secret key` would
 * otherwise be read as a flag.
 */
export function secretString(bytes = 32): string {
  const secret = randomBytes(bytes).toString("base64url");
  return secret.startsWith("-") ? `k${secret.slice(1)}` : secret;
}

export function nowIso(ms = Date.now()): string {
  return new Date(ms).toISOString();
}
