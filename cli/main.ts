#!/usr/bin/env node
/**
 * The `pulumi-streamkap` command. Subcommands:
 *   local        start the local API server (see docs/local-server.md)
 *   pr-summary   turn `pulumi preview --json` into a pull-request summary (see docs/gitops.md)
 *   export       write a live service out as a Pulumi program (see docs/export.md)
 *   from-terraform  a Terraform state of the official provider as a Pulumi project adopting its objects
 *                (see docs/from-terraform.md)
 * Every command takes `--help` and `--version`; a usage error exits with 2, any other failure with 1.
 */
import { exitOnUnsupportedNode } from "../provider/public/node-version";
import type { CliCommandName } from "./command-names";
import { packageVersion, terminalText, UsageError, usageErrorLine } from "./command-line";

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
        (credentials from STREAMKAP_*) as a TypeScript Pulumi program.
  from-terraform <state file or Terraform directory> --out DIR [--stack NAME] [--set-secrets] [--partial]
        Turn the official Terraform provider's state into a Pulumi project that adopts every object by id,
        changing none; with Pulumi's bulk import file for the other languages and the removed blocks for Terraform.

Every command takes --help (all its options) and --version.
`;

/**
 * Each command: what it does with its arguments, answering an exit code when it has one to give. Loaded when run,
 * after the Node.js check: what they load (undici, the server) fails obscurely on an older Node.js.
 */
const commands: Record<CliCommandName, (argv: string[]) => Promise<number | void>> = {
  local: async (argv) => (await import("./local-command.js")).runLocalCommand(argv),
  "pr-summary": async (argv) => (await import("./pr-summary/command.js")).runPrSummaryCommand(argv),
  export: async (argv) => (await import("./export/command.js")).runExportCommand(argv),
  "from-terraform": async (argv) => (await import("./from-terraform/command.js")).runFromTerraformCommand(argv),
};

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command === undefined || command === "help" || command === "--help" || command === "-h") {
    process.stdout.write(usage);
    return;
  }
  if (command === "--version" || command === "version") {
    process.stdout.write(`${packageVersion()}\n`);
    return;
  }
  const run = Object.hasOwn(commands, command) ? commands[command as CliCommandName] : undefined;
  if (!run) {
    process.stderr.write(`pulumi-streamkap: unknown command "${terminalText(command)}"\n\n${usage}`);
    process.exitCode = 2;
    return;
  }
  try {
    const code = await run(rest);
    if (typeof code === "number") process.exitCode = code;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(terminalText(usageErrorLine(command, error)));
    process.exitCode = 2;
  }
}

exitOnUnsupportedNode("pulumi-streamkap");
main(process.argv.slice(2)).catch(async (failure: unknown) => {
  // The provider's errors end with their code (docs/errors.md); loaded here, after the Node.js check.
  const { withCodeInMessage } = await import("../provider/public/cli/service.js");
  const error = withCodeInMessage(failure);
  process.stderr.write(terminalText(`pulumi-streamkap: ${error instanceof Error ? error.message : String(error)}\n`));
  process.exitCode = 1;
});
