import { createHash } from "node:crypto";

import { ErrorCodes, errors, StreamkapError } from "./errors";

/** How the provider reaches the service. Resolved lazily, so `check` and `diff` work with no credentials. */
export interface ProviderSettings {
  /** Base URL of the management API, without a trailing slash. */
  endpoint: string;
  credentials: { clientId: string; secret: string } | { projectKey: string };
  /** Sent as `created_from` on every create. */
  createdFrom: CreatedFrom;
  /** Deadline of one HTTP attempt. */
  callTimeoutMs: number;
  /** Total time one logical call may spend retrying 429s, 5xx and dropped connections. */
  retryBudgetMs: number;
  /** Most API calls this process runs at once, across every resource of the stack. */
  maxConcurrency: number;
  /**
   * The most requests per second this process sends on average, across every resource of the stack (the token
   * bucket's ceiling; the rate halves on each 429 and recovers as the service serves). Undefined: no ceiling, the
   * rate is found from the service's first 429.
   */
  requestsPerSecond: number | undefined;
  /** Requests this process may send at once after a quiet spell (token bucket size). */
  requestBurst: number;
  /**
   * For Streamkap staff acting in a customer's tenant or service: sent as `X-Admin-Tenant-Id` /
   * `X-Admin-Service-Id` on every call, as the official Terraform provider does (TF internal/api/client.go:118-125,
   * internal/provider/provider.go:54-55,90-99).
   */
  adminTenantId?: string;
  adminServiceId?: string;
}

export const createdFromValues = ["api", "terraform", "web"] as const;
export type CreatedFrom = (typeof createdFromValues)[number];

/** Reads one setting; `undefined` when unset. Stack config first, then the environment. */
export type SettingLookup = (key: string) => string | undefined;

export const defaultEndpoint = "https://api.streamkap.com";

/**
 * Each setting with its stack-config key and its environment variable. The environment names match the
 * official Terraform provider's, so one CI secret set serves both.
 */
export const settingSources = {
  endpoint: { config: "streamkap:endpoint", env: "STREAMKAP_HOST" },
  clientId: { config: "streamkap:clientId", env: "STREAMKAP_CLIENT_ID" },
  secret: { config: "streamkap:secret", env: "STREAMKAP_SECRET" },
  projectKey: { config: "streamkap:projectKey", env: "STREAMKAP_PROJECT_KEY" },
  createdFrom: { config: "streamkap:createdFrom", env: "STREAMKAP_CREATED_FROM" },
  callTimeoutMs: { config: "streamkap:callTimeoutMs", env: "STREAMKAP_CALL_TIMEOUT_MS" },
  retryBudgetMs: { config: "streamkap:retryBudgetMs", env: "STREAMKAP_RETRY_BUDGET_MS" },
  maxConcurrency: { config: "streamkap:maxConcurrency", env: "STREAMKAP_MAX_CONCURRENCY" },
  requestsPerSecond: { config: "streamkap:requestsPerSecond", env: "STREAMKAP_REQUESTS_PER_SECOND" },
  requestBurst: { config: "streamkap:requestBurst", env: "STREAMKAP_REQUEST_BURST" },
  adminTenantId: { config: "streamkap:adminTenantId", env: "STREAMKAP_ADMIN_TENANT_ID" },
  adminServiceId: { config: "streamkap:adminServiceId", env: "STREAMKAP_ADMIN_SERVICE_ID" },
} as const;

/**
 * The pace when the stack sets none. The service publishes no rate limit (api.md "Limits"; it answers 429,
 * sometimes with Retry-After: real-api-notes.md), and any fixed ceiling below what it allows costs every large
 * stack time, so there is none: calls go as fast as `maxConcurrency` lets them until the service answers 429, and
 * the rate then adapts (see TokenBucket). A stack that must stay under a known limit sets
 * `streamkap:requestsPerSecond` to it. See docs/reliability.md.
 */
export const defaultPace = { requestsPerSecond: undefined, requestBurst: 100 } as const;

type SettingName = keyof typeof settingSources;

export function resolveSettings(config: SettingLookup, env: NodeJS.ProcessEnv): ProviderSettings {
  const read = (name: SettingName): string | undefined => {
    const value = config(settingSources[name].config) ?? env[settingSources[name].env];
    return value === undefined || value.trim() === "" ? undefined : value.trim();
  };

  const endpoint = (read("endpoint") ?? defaultEndpoint).replace(/\/+$/, "");
  if (!/^https?:\/\/[^/]/.test(endpoint)) invalid("endpoint", `must be an http(s) URL such as ${defaultEndpoint}`);

  const adminTenantId = read("adminTenantId");
  const adminServiceId = read("adminServiceId");
  return {
    endpoint,
    credentials: resolveCredentials(read),
    ...(adminTenantId === undefined ? {} : { adminTenantId }),
    ...(adminServiceId === undefined ? {} : { adminServiceId }),
    createdFrom: resolveCreatedFrom(read("createdFrom")),
    callTimeoutMs: positive(read, "callTimeoutMs", 30_000),
    retryBudgetMs: positive(read, "retryBudgetMs", 120_000),
    maxConcurrency: positive(read, "maxConcurrency", 8),
    requestsPerSecond: optionalPositive(read, "requestsPerSecond"),
    requestBurst: positive(read, "requestBurst", defaultPace.requestBurst),
  };
}

function resolveCredentials(read: (name: SettingName) => string | undefined): ProviderSettings["credentials"] {
  const projectKey = read("projectKey");
  const clientId = read("clientId");
  const secret = read("secret");
  if (clientId && secret) {
    return { clientId, secret };
  }
  if (projectKey) {
    return { projectKey };
  }
  const missing = clientId ? "streamkap:secret" : secret ? "streamkap:clientId" : "credentials";
  throw new StreamkapError(
    ErrorCodes.missingCredentials,
    `No Streamkap ${missing}. Set them for this stack with\n` +
      "    pulumi config set streamkap:clientId <client id>\n" +
      "    pulumi config set --secret streamkap:secret <secret>\n" +
      "or a project key with `pulumi config set --secret streamkap:projectKey <key file contents>`, " +
      "or the environment variables STREAMKAP_CLIENT_ID and STREAMKAP_SECRET. " +
      "To try things with no account, start the local API server with `npx pulumi-streamkap local` and use the " +
      "endpoint and credentials it prints.",
  );
}

function resolveCreatedFrom(value: string | undefined): CreatedFrom {
  if (value === undefined) return "api";
  if ((createdFromValues as readonly string[]).includes(value)) return value as CreatedFrom;
  return invalid("createdFrom", `must be one of ${createdFromValues.join(", ")}`);
}

/** A setting that must be a positive number (a whole one unless `kind` says otherwise), or its default. */
function positive(
  read: (name: SettingName) => string | undefined,
  name: SettingName,
  fallback: number,
  kind: "whole number" | "number" = "whole number",
): number {
  const value = read(name);
  if (value === undefined) return fallback;
  const parsed = Number(value);
  const fits = kind === "number" ? Number.isFinite(parsed) : Number.isInteger(parsed);
  return fits && parsed > 0 ? parsed : invalid(name, `must be a positive ${kind}`);
}

/** A positive number the stack may leave unset (undefined then). */
function optionalPositive(read: (name: SettingName) => string | undefined, name: SettingName): number | undefined {
  return read(name) === undefined ? undefined : positive(read, name, Number.NaN, "number");
}

function invalid(name: SettingName, rule: string): never {
  throw errors.invalidSetting({ setting: settingSources[name].config, variable: settingSources[name].env, rule });
}

/** A short, non-secret identity of the credentials, for caching tokens per credential set. */
export function credentialIdentity(settings: ProviderSettings): string {
  const who =
    "clientId" in settings.credentials
      ? `client:${settings.credentials.clientId}`
      : `project-key:${createHash("sha256").update(settings.credentials.projectKey).digest("hex").slice(0, 16)}`;
  // Impersonating another tenant or service is another identity: its calls must not share a client.
  return `${settings.endpoint}|${who}|${settings.adminTenantId ?? ""}|${settings.adminServiceId ?? ""}`;
}
