/**
 * The embedded local Streamkap API server: a faithful, self-contained implementation of the management API and
 * webhook ingestion that users' CI, the demo and our tests run against. See docs/local-server.md.
 */
import type { AddressInfo } from "node:net";
import { FaultEngine } from "./faults/engine";
import { buildApp, webhookPrefix } from "./http/app";
import { type CallRecord, CallStats } from "./http/stats";
import type { ServerFacts } from "./http/context";
import { defaultStoreLimits, Store } from "./state/store";
import { registerLocalRoutes } from "./routes/local";
import { consolePath, consolePlugin } from "./console/plugin";
import { managementRoutes } from "./routes";
import { createWebhookHandler } from "./webhook/handler";
import { startupCredential } from "./http/permissions";
import { allServices, ensureServices, type ServiceCredentials } from "./domain/services";
import { makeLocalCertificate } from "./http/tls";

export interface LocalServerOptions {
  port?: number;
  host?: string;
  dataDir?: string;
  faults?: string;
  tokenTtlSeconds?: number;
  statusDelayMs?: number;
  deleteDelayMs?: number;
  topicDiscoveryDelayMs?: number;
  /** Bytes of webhook records kept per topic before the oldest are dropped (default 256 MiB). */
  retainedBytesPerTopic?: number;
  /** With dataDir: fsync every commit, so acknowledged writes also survive a power loss (slower). */
  fsync?: boolean;
  /**
   * The most bytes the store file may grow to; a write past it is refused with 503 and not applied, as on a full
   * disk (default: no bound but the disk's).
   */
  maxStoreBytes?: number;
  /** Names of services to have besides the default one, made where missing (`--services dev,staging,prod`). */
  services?: readonly string[];
  /**
   * Serve https (`local --tls`) with a certificate for 127.0.0.1, ::1 and localhost signed by a private CA made
   * at start; the CA's certificate is written to `<dir>/ca.pem` (`LocalServer.caFile`).
   */
  tls?: { dir: string };
  log?: (line: string) => void;
  /** The clock of the console's sessions and sign-in throttle (tests move it; default `Date.now`). */
  consoleClock?: () => number;
}

export interface LocalServer {
  baseUrl: string;
  webhookBaseUrl: string;
  /** The web console (server/console/): sign in with a client id and secret of a service. */
  consoleUrl: string;
  clientId: string;
  secret: string;
  serviceId: string;
  tenantId: string;
  /** With `tls`: the PEM file of the CA that signed the server's certificate, for NODE_EXTRA_CA_CERTS. */
  caFile?: string;
  createService(name?: string): Promise<{ clientId: string; secret: string; serviceId: string }>;
  /** Every service of the server with an admin credential, the default one first. */
  services(): ServiceCredentials[];
  stats(): { calls: CallRecord[] };
  resetStats(): void;
  close(): Promise<void>;
}

export { managementRoutes };

export async function startLocalServer(options: LocalServerOptions = {}): Promise<LocalServer> {
  const faults = new FaultEngine(options.faults);
  // First, so a machine without openssl is told before anything is opened.
  const certificate = options.tls ? makeLocalCertificate(options.tls.dir) : undefined;
  const store = new Store(
    {
      statusDelayMs: options.statusDelayMs ?? 300,
      // Modes of the fault spec (spec.ts) take precedence over the plain timing options.
      deleteDelayMs: faults.spec.slowDeleteMs ?? options.deleteDelayMs ?? 300,
      pendingUpdateMs: faults.spec.pendingUpdateMs ?? options.statusDelayMs ?? 300,
      readLagMs: faults.spec.readLagMs ?? 0,
      topicDiscoveryDelayMs: options.topicDiscoveryDelayMs ?? 2000,
      tokenTtlSeconds: options.tokenTtlSeconds ?? 3600,
      snapshotDurationMs: Math.max(options.statusDelayMs ?? 300, 50) * 2,
    },
    options.dataDir,
    {
      retainedBytesPerTopic: options.retainedBytesPerTopic ?? defaultStoreLimits.retainedBytesPerTopic,
      fsyncEachCommit: options.fsync ?? defaultStoreLimits.fsyncEachCommit,
      maxStoreBytes: options.maxStoreBytes,
    },
  );
  const stats = new CallStats();
  let baseUrl = "";
  const facts: ServerFacts = {
    baseUrl: () => baseUrl,
    webhookBaseUrl: () => `${baseUrl}${webhookPrefix.slice(0, -1)}`,
    tokenTtlSeconds: () => faults.spec.tokenTtlSeconds ?? store.timings.tokenTtlSeconds,
  };
  const routes = managementRoutes();
  const { app, answerNotFound } = buildApp({
    store,
    faults,
    stats,
    facts,
    routes,
    log: options.log,
    webhook: createWebhookHandler({ store, faults, stats, log: options.log, prefix: webhookPrefix }),
    tls: certificate && { key: certificate.key, cert: certificate.cert },
    besideApi: [consolePath],
  });
  registerLocalRoutes(app, stats, store, faults);
  // The console is a plugin beside the API, composed here at the prefix the API was told is not its own: the API's
  // HTTP layer knows nothing else of it.
  void app.register(consolePlugin, { prefix: consolePath, now: options.consoleClock, answerNotFound });
  try {
    ensureServices(store, options.services ?? []);
    store.commit();
    await app.listen({ port: options.port ?? 0, host: options.host ?? "127.0.0.1" });
  } catch (error) {
    store.close();
    throw error;
  }
  const address = app.server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  baseUrl = `${certificate ? "https" : "http"}://${host}:${address.port}`;

  const cred = startupCredential(store);
  store.commit();
  const service = store.service(cred.serviceId);
  let closed = false;
  return {
    baseUrl,
    webhookBaseUrl: facts.webhookBaseUrl(),
    consoleUrl: `${baseUrl}${consolePath}`,
    clientId: cred.clientId,
    secret: cred.secret,
    serviceId: cred.serviceId,
    tenantId: service?.tenantId ?? "",
    caFile: certificate?.caFile,
    createService: async (name?: string) => store.createService(name),
    services: () => {
      const list = allServices(store);
      store.commit(); // a credential recreated for the list is stored before anyone is shown it
      return list;
    },
    stats: () => stats.snapshot(),
    resetStats: () => stats.reset(),
    close: async () => {
      if (closed) return;
      closed = true;
      app.server.closeAllConnections?.();
      await app.close();
      store.close();
    },
  };
}
