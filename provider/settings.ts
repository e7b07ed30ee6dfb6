import { createHash } from "node:crypto";

import { closestMatch } from "./closest-match";
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

/** What a setting is: where it is read, its type and default as the schema and docs state them, and what it does. */
export interface SettingSpec {
  config: string;
  env: string;
  type: "string" | "integer" | "number";
  secret?: true;
  /** The value when neither stack config nor the environment sets it, as documented. */
  default?: string | number;
  description: string;
}

/**
 * Each setting with its stack-config key and its environment variable. The environment names match the
 * official Terraform provider's, so one CI secret set serves both.
 */
export const settingSources = {
  endpoint: {
    config: "streamkap:endpoint",
    env: "STREAMKAP_HOST",
    type: "string",
    default: defaultEndpoint,
    description:
      "The management API's base URL; the local API server's for tests (`pulumi-streamkap local` prints it).",
  },
  clientId: {
    config: "streamkap:clientId",
    env: "STREAMKAP_CLIENT_ID",
    type: "string",
    description: "The API client id of the credentials, with `secret`.",
  },
  secret: {
    config: "streamkap:secret",
    env: "STREAMKAP_SECRET",
    type: "string",
    secret: true,
    description: "The API client secret of the credentials, with `clientId`.",
  },
  projectKey: {
    config: "streamkap:projectKey",
    env: "STREAMKAP_PROJECT_KEY",
    type: "string",
    secret: true,
    description: "A project key's credential file (its JSON), instead of `clientId` and `secret`.",
  },
  createdFrom: {
    config: "streamkap:createdFrom",
    env: "STREAMKAP_CREATED_FROM",
    type: "string",
    default: "api",
    description: "What every create tells the service made the object (`created_from`): `api`, `terraform` or `web`.",
  },
  callTimeoutMs: {
    config: "streamkap:callTimeoutMs",
    env: "STREAMKAP_CALL_TIMEOUT_MS",
    type: "integer",
    default: 30_000,
    description: "Milliseconds one HTTP attempt may take before it is abandoned and retried.",
  },
  retryBudgetMs: {
    config: "streamkap:retryBudgetMs",
    env: "STREAMKAP_RETRY_BUDGET_MS",
    type: "integer",
    default: 120_000,
    description: "Milliseconds one call may spend retrying 429s, 5xx answers and dropped connections.",
  },
  maxConcurrency: {
    config: "streamkap:maxConcurrency",
    env: "STREAMKAP_MAX_CONCURRENCY",
    type: "integer",
    default: 8,
    description: "The most API calls in flight at once, across every resource of the stack.",
  },
  requestsPerSecond: {
    config: "streamkap:requestsPerSecond",
    env: "STREAMKAP_REQUESTS_PER_SECOND",
    type: "number",
    description:
      "The most requests a second on average, across the stack; unset, there is no ceiling and the pace adapts " +
      "to the service's 429 answers (docs/reliability.md).",
  },
  requestBurst: {
    config: "streamkap:requestBurst",
    env: "STREAMKAP_REQUEST_BURST",
    type: "integer",
    default: 100,
    description: "How many requests may go at once after a quiet spell (the pace's token bucket).",
  },
  adminTenantId: {
    config: "streamkap:adminTenantId",
    env: "STREAMKAP_ADMIN_TENANT_ID",
    type: "string",
    description: "For Streamkap staff: the customer tenant to act in (`X-Admin-Tenant-Id` on every call).",
  },
  adminServiceId: {
    config: "streamkap:adminServiceId",
    env: "STREAMKAP_ADMIN_SERVICE_ID",
    type: "string",
    description: "For Streamkap staff: the service to act in (`X-Admin-Service-Id` on every call).",
  },
} as const satisfies Record<string, SettingSpec>;

/**
 * The pace when the stack sets none. The service publishes no rate limit (api.md "Limits"; it answers 429,
 * sometimes with Retry-After: real-api-notes.md), and any fixed ceiling below what it allows costs every large
 * stack time, so there is none: calls go as fast as `maxConcurrency` lets them until the service answers 429, and
 * the rate then adapts (see TokenBucket). A stack that must stay under a known limit sets
 * `streamkap:requestsPerSecond` to it. See docs/reliability.md.
 */
export const defaultPace = { requestsPerSecond: undefined, requestBurst: settingSources.requestBurst.default } as const;

export type SettingName = keyof typeof settingSources;

/** A setting's value and where it came from, for messages that send the user to the right place. */
interface ReadSetting {
  value: string;
  /** `stack config streamkap:maxConcurrency` or `the environment variable STREAMKAP_MAX_CONCURRENCY`. */
  where: string;
}

function reader(config: SettingLookup, env: NodeJS.ProcessEnv): (name: SettingName) => ReadSetting | undefined {
  return (name) => {
    const { config: key, env: variable } = settingSources[name];
    const fromConfig = config(key);
    const value = fromConfig ?? env[variable];
    if (value === undefined || value.trim() === "") return undefined;
    return {
      value: value.trim(),
      where: fromConfig !== undefined ? `stack config ${key}` : `the environment variable ${variable}`,
    };
  };
}

/** Why a value does not fit its setting (`must be …`), or undefined when it does. */
export function settingRule(name: SettingName, value: string): string | undefined {
  if (name === "endpoint") {
    return /^https?:\/\/[^/]/.test(value) ? undefined : `must be an http(s) URL such as ${defaultEndpoint}`;
  }
  if (name === "createdFrom") {
    return (createdFromValues as readonly string[]).includes(value)
      ? undefined
      : `must be one of ${createdFromValues.join(", ")}`;
  }
  const { type } = settingSources[name];
  if (type === "string") return undefined;
  const parsed = Number(value);
  const fits = type === "number" ? Number.isFinite(parsed) : Number.isInteger(parsed);
  return fits && parsed > 0 ? undefined : `must be a positive ${type === "number" ? "number" : "whole number"}`;
}

export function resolveSettings(config: SettingLookup, env: NodeJS.ProcessEnv): ProviderSettings {
  const readSetting = reader(config, env);
  const read = (name: SettingName): string | undefined => {
    const setting = readSetting(name);
    if (setting === undefined) return undefined;
    const rule = settingRule(name, setting.value);
    if (rule !== undefined) throw errors.invalidSetting({ where: setting.where, rule });
    return setting.value;
  };
  const number = (name: SettingName, fallback: number): number => {
    const value = read(name);
    return value === undefined ? fallback : Number(value);
  };

  const endpoint = (read("endpoint") ?? defaultEndpoint).replace(/\/+$/, "");
  const adminTenantId = read("adminTenantId");
  const adminServiceId = read("adminServiceId");
  const requestsPerSecond = read("requestsPerSecond");
  return {
    endpoint,
    credentials: resolveCredentials(read),
    ...(adminTenantId === undefined ? {} : { adminTenantId }),
    ...(adminServiceId === undefined ? {} : { adminServiceId }),
    createdFrom: (read("createdFrom") ?? settingSources.createdFrom.default) as CreatedFrom,
    callTimeoutMs: number("callTimeoutMs", settingSources.callTimeoutMs.default),
    retryBudgetMs: number("retryBudgetMs", settingSources.retryBudgetMs.default),
    maxConcurrency: number("maxConcurrency", settingSources.maxConcurrency.default),
    requestsPerSecond: requestsPerSecond === undefined ? undefined : Number(requestsPerSecond),
    requestBurst: number("requestBurst", settingSources.requestBurst.default),
  };
}

/**
 * What is wrong with the stack's settings, before any call: each `streamkap:` key that is no setting (with the
 * setting it is likely a typo of), and each value a setting cannot take, naming where it came from. `keys` are
 * the stack's `streamkap:` config keys; `config` reads them. A project named `streamkap` keeps its own config in
 * the provider's namespace, so there a key that is no setting may be the program's and is not reported.
 */
export function settingProblems(
  keys: readonly string[],
  config: SettingLookup,
  env: NodeJS.ProcessEnv,
  project?: string,
): string[] {
  const known = Object.values(settingSources).map((spec) => spec.config as string);
  const problems =
    project === "streamkap"
      ? []
      : keys
          .filter((key) => !known.includes(key))
          .map((key) => {
            // A setting's name is long (`streamkap:maxConcurrency`): a third of it may be mistyped and still be it.
            const near = closestMatch(key, known, Math.max(2, Math.floor(key.length / 3)));
            return (
              `stack config ${key} is not a setting of the Streamkap provider` +
              (near ? `: did you mean ${near}?` : ".") +
              ` Its settings: ${known.join(", ")}.`
            );
          });
  const readSetting = reader(config, env);
  for (const name of Object.keys(settingSources) as SettingName[]) {
    const setting = readSetting(name);
    const rule = setting === undefined ? undefined : settingRule(name, setting.value);
    if (setting !== undefined && rule !== undefined) problems.push(`${setting.where} ${rule}`);
  }
  return problems;
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

/** A short, non-secret identity of the credentials, for caching tokens per credential set. */
export function credentialIdentity(settings: ProviderSettings): string {
  const who =
    "clientId" in settings.credentials
      ? `client:${settings.credentials.clientId}`
      : `project-key:${createHash("sha256").update(settings.credentials.projectKey).digest("hex").slice(0, 16)}`;
  // Impersonating another tenant or service is another identity: its calls must not share a client.
  return `${settings.endpoint}|${who}|${settings.adminTenantId ?? ""}|${settings.adminServiceId ?? ""}`;
}
