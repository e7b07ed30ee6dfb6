// `pulumi-streamkap local [--port N] [--data DIR] [--fsync] [--services a,b,c] [--faults SPEC] [--tls] [--json]`:
// runs the local server in the foreground until SIGINT/SIGTERM, then closes it cleanly.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

import { type LocalServerOptions, startLocalServer } from "../server";
import { type OptionSpecs, packageVersion, parseCommandLine, UsageError } from "./command-line";

export const localUsage = `Usage: pulumi-streamkap local [--port N] [--host HOST] [--data DIR] [--fsync] [--services a,b,c]
                             [--faults SPEC] [--tls] [--json]

Starts the local Streamkap API server in the foreground: a faithful implementation of the management API and the
webhook source on this machine, for demos, tests and CI with no account. Ctrl-C (or SIGTERM) stops it cleanly.

  --port N          the port to listen on (default: a free one)
  --host HOST       the address to listen on (default: 127.0.0.1)
  --data DIR        keep the service's data in DIR (an embedded database) across restarts (default: in memory)
  --fsync           make every acknowledged write durable before the answer (slower; default: durable to the
                    operating system, which survives the server being killed)
  --services a,b,c  isolated services besides the default one, each with its own admin credential
  --faults SPEC     inject faults: latency, 429s, 5xx, dropped connections, short tokens (see docs/local-server.md)
  --tls             serve https with a certificate for 127.0.0.1, ::1 and localhost signed by a private CA made at
                    start (needs the openssl command); the CA's PEM file is printed (DIR/tls/ca.pem with --data,
                    else in a temporary directory removed on stop): trust it with NODE_EXTRA_CA_CERTS=<that file>
  --json            print one JSON line when ready: base URL, webhook base URL, each service's credentials, and with
                    --tls the CA's PEM file (caFile)
`;

const localOptions = {
  port: { type: "string" },
  host: { type: "string" },
  data: { type: "string" },
  faults: { type: "string" },
  json: { type: "boolean" },
  fsync: { type: "boolean" },
  services: { type: "string" },
  tls: { type: "boolean" },
} as const satisfies OptionSpecs;

export interface LocalCommandArgs {
  options: LocalServerOptions;
  json: boolean;
  /** `--tls`: the certificate's directory is chosen at run time (a temporary one unless --data). */
  tls: boolean;
}

export function parseLocalArgs(argv: readonly string[]): LocalCommandArgs | "help" | "version" {
  const line = parseCommandLine("local", localOptions, argv);
  if (line.kind !== "run") return line.kind;
  const values = line.values;
  const options: LocalServerOptions = { port: 0 };
  if (values.port !== undefined) {
    const port = Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError("--port must be 0..65535");
    options.port = port;
  }
  if (values.host !== undefined) options.host = values.host;
  if (values.data !== undefined) options.dataDir = values.data;
  if (values.faults !== undefined) options.faults = values.faults;
  if (values.fsync) options.fsync = true;
  if (values.services !== undefined) {
    options.services = values.services
      .split(",")
      .map((name) => name.trim())
      .filter(Boolean);
  }
  return { options, json: values.json === true, tls: values.tls === true };
}

export async function runLocalCommand(argv: readonly string[]): Promise<void> {
  const parsed = parseLocalArgs(argv);
  if (parsed === "help" || parsed === "version") {
    process.stdout.write(parsed === "help" ? localUsage : `${packageVersion()}\n`);
    return;
  }
  const { options, json, tls } = parsed;
  // Without --data the CA lives only as long as the server: a temporary directory, removed on stop.
  const temporaryTlsDir =
    tls && !options.dataDir ? fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-tls-")) : undefined;
  if (tls) options.tls = { dir: temporaryTlsDir ?? path.join(options.dataDir ?? "", "tls") };
  const removeTlsDir = () => temporaryTlsDir && fs.rmSync(temporaryTlsDir, { recursive: true, force: true });
  const server = await startLocalServer(options).catch((error: unknown) => {
    removeTlsDir();
    throw error;
  });
  const out = (line: string) => process.stdout.write(`${line}\n`);
  if (json) {
    out(
      JSON.stringify({
        baseUrl: server.baseUrl,
        webhookBaseUrl: server.webhookBaseUrl,
        consoleUrl: server.consoleUrl,
        clientId: server.clientId,
        secret: server.secret,
        services: server.services().map((s) => ({ name: s.name, clientId: s.clientId, secret: s.secret })),
        ...(server.caFile ? { caFile: server.caFile } : {}),
      }),
    );
  } else {
    out(`Streamkap local API server listening on ${server.baseUrl}`);
    out(`  webhook base URL:  ${server.webhookBaseUrl}`);
    out(`  web console:       ${server.consoleUrl}  (sign in with the credentials below)`);
    out(`  client id:         ${server.clientId}`);
    out(`  secret:            ${server.secret}`);
    const others = server.services().slice(1);
    if (others.length > 0) {
      out("  other services (each isolated, with its own admin credential):");
      for (const s of others) out(`    ${s.name}: client id ${s.clientId}  secret ${s.secret}`);
    }
    out(
      options.dataDir
        ? `  data directory:    ${options.dataDir}`
        : "  data: in memory only (use --data DIR to keep it)",
    );
    if (server.caFile) out(`  CA certificate:    ${server.caFile}  (trust it: NODE_EXTRA_CA_CERTS=${server.caFile})`);
    out("Use: STREAMKAP_HOST=<base URL> STREAMKAP_CLIENT_ID=<client id> STREAMKAP_SECRET=<secret>. Ctrl-C stops.");
  }
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      server.close().finally(removeTlsDir).then(resolve, resolve);
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
}
