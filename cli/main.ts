#!/usr/bin/env node
/**
 * The `pulumi-streamkap` command. Subcommands:
 *   local        start the local API server (see docs/local-server.md)
 *   pr-summary   turn `pulumi preview --json` into a pull-request summary (see docs/gitops.md)
 *   export       write a live service out as a Pulumi program (see docs/export.md)
 */
import { runLocalCommand } from "../server/cli";
import { runExportCommand } from "./export/command";
import { runPrSummaryCommand } from "./pr-summary/command";

const usage = `Usage: pulumi-streamkap <command> [options]

Commands:
  local [--port N] [--data DIR] [--fsync] [--services a,b,c] [--faults SPEC] [--json]
        Start the local Streamkap API server: a faithful implementation of the management API and the
        webhook source on this machine, for demos, tests and CI with no account. --services adds isolated
        services (dev,staging,prod), each with its own admin credential.
  pr-summary [--format markdown|json] < preview.json
        Turn the output of \`pulumi preview --json\` into a pull-request summary: replacements (data-loss risk),
        snapshots, restarts, state changes, drift warnings, and the affected pipelines as a Mermaid diagram.
  export --out DIR [--prefix NAME] [--adopt] [--stack NAME]
        Write every source, destination, pipeline, transform, topic, tag and webhook source of the service
        (credentials from STREAMKAP_*) as a TypeScript Pulumi program; \`export --help\` lists every option.
`;

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  switch (command) {
    case "local":
      await runLocalCommand(rest);
      return;
    case "pr-summary":
      process.exitCode = await runPrSummaryCommand(rest);
      return;
    case "export":
      await runExportCommand(rest);
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
