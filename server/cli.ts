// `pulumi-streamkap local [--port N] [--data DIR] [--fsync] [--services a,b,c] [--faults SPEC] [--json]`: runs the
// local server in the foreground until SIGINT/SIGTERM, then closes it cleanly.
import { startLocalServer, type LocalServerOptions } from "./index";

export interface LocalCommandArgs {
  options: LocalServerOptions;
  json: boolean;
}

export function parseLocalArgs(argv: string[]): LocalCommandArgs {
  const options: LocalServerOptions = { port: 0 };
  let json = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.includes("=")
      ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)]
      : [arg, undefined];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case "--port": {
        const port = Number(value());
        if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error("--port must be 0..65535");
        options.port = port;
        break;
      }
      case "--host":
        options.host = value();
        break;
      case "--data":
        options.dataDir = value();
        break;
      case "--faults":
        options.faults = value();
        break;
      case "--json":
        json = true;
        break;
      case "--fsync":
        options.fsync = true;
        break;
      case "--services":
        options.services = value()
          .split(",")
          .map((name) => name.trim())
          .filter(Boolean);
        break;
      default:
        throw new Error(
          `unknown option ${arg} (usage: pulumi-streamkap local [--port N] [--data DIR] [--fsync] [--services a,b,c] [--faults SPEC] [--json])`,
        );
    }
  }
  return { options, json };
}

export async function runLocalCommand(argv: string[]): Promise<void> {
  const { options, json } = parseLocalArgs(argv);
  const server = await startLocalServer(options);
  const out = (line: string) => process.stdout.write(`${line}\n`);
  if (json) {
    out(
      JSON.stringify({
        baseUrl: server.baseUrl,
        webhookBaseUrl: server.webhookBaseUrl,
        clientId: server.clientId,
        secret: server.secret,
        services: server.services().map((s) => ({ name: s.name, clientId: s.clientId, secret: s.secret })),
      }),
    );
  } else {
    out(`Streamkap local API server listening on ${server.baseUrl}`);
    out(`  webhook base URL:  ${server.webhookBaseUrl}`);
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
    out("Use: STREAMKAP_HOST=<base URL> STREAMKAP_CLIENT_ID=<client id> STREAMKAP_SECRET=<secret>. Ctrl-C stops.");
  }
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      server.close().then(resolve, resolve);
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
}
