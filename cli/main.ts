#!/usr/bin/env node
/**
 * The `pulumi-streamkap` command. Subcommands:
 *   local   start the local API server (see docs/local-server.md)
 */
import { runLocalCommand } from "../server/cli";

const usage = `Usage: pulumi-streamkap <command> [options]

Commands:
  local [--port N] [--data DIR] [--faults SPEC] [--json]
        Start the local Streamkap API server: a faithful implementation of the management API and the
        webhook source on this machine, for demos, tests and CI with no account.
`;

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  switch (command) {
    case "local":
      await runLocalCommand(rest);
      return;
    case undefined:
    case "help":
    case "--help":
    case "-h":
      process.stdout.write(usage);
      return;
    default:
      process.stderr.write(`pulumi-streamkap: unknown command "${command}"\n\n${usage}`);
      process.exitCode = 2;
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`pulumi-streamkap: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
