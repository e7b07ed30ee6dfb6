/**
 * A project key, as given to POST /auth/access-token, is the credential file shown once at creation: raw JSON or
 * its base64. Its `api.client_id` / `api.client_secret` pair authenticates like client credentials.
 */
export function credentialFromProjectKey(text: string): { clientId: string; secret: string } | undefined {
  const candidates = [text];
  try {
    candidates.push(Buffer.from(text, "base64").toString("utf8"));
  } catch {
    // not base64: only the raw form applies
  }
  for (const candidate of candidates) {
    try {
      const parsed = JSON.parse(candidate) as { api?: { client_id?: unknown; client_secret?: unknown } };
      const id = parsed.api?.client_id;
      const secret = parsed.api?.client_secret;
      if (typeof id === "string" && typeof secret === "string") return { clientId: id, secret };
    } catch {
      // try the next form
    }
  }
  return undefined;
}
