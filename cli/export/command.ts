import * as fs from "node:fs";
import * as path from "node:path";

import {
  ErrorCodes,
  type ProviderSettings,
  resolveSettings,
  StreamkapClient,
  StreamkapError,
} from "../../provider/public/cli/service";
import { packageVersion, terminalText } from "../command-line";
import { type ExportArgs, exportUsage, parseExportArgs } from "./args";
import { buildProgram } from "./model";
import {
  packageJson,
  type ProjectContext,
  pulumiYaml,
  readme,
  secretCommands,
  stackYaml,
  tsconfigJson,
} from "./project-files";
import { type ProjectDirectory, refuseToOverwrite, writeProject } from "./project-directory";
import { type Progress, readService } from "./read";
import { renderProgram } from "./render";

/** Where the command writes: progress and warnings to stderr, the result to stdout. */
export interface ExportIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Whether stderr is a terminal, where progress rewrites one line instead of printing one per kind. */
  interactive: boolean;
  env: NodeJS.ProcessEnv;
}

export const processIo = (): ExportIo => ({
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  interactive: process.stderr.isTTY === true,
  env: process.env,
});

/** `pulumi-streamkap export`: reads the service and writes the program (see docs/export.md). */
export async function runExportCommand(argv: readonly string[], io: ExportIo = processIo()): Promise<void> {
  const args = parseExportArgs(argv);
  if (args === "help" || args === "version") {
    io.stdout(args === "help" ? exportUsage : `${packageVersion()}\n`);
    return;
  }
  const settings = settingsFor("export", args, io.env);
  const files = plannedFiles(args);
  const target: ProjectDirectory = { out: args.out, force: args.force, command: "export" };
  refuseToOverwrite(target, files);

  const snapshot = await readService(new StreamkapClient(settings), progressOn(io));
  const model = buildProgram(snapshot, { prefix: args.prefix, adopt: args.adopt });
  const context: ProjectContext = {
    project: args.project,
    stack: args.stack,
    namePrefix: args.prefix,
    endpoint: settings.endpoint,
    clientId: "clientId" in settings.credentials ? settings.credentials.clientId : undefined,
    adopt: args.adopt,
    secrets: model.secrets,
    credentialKey: "clientId" in settings.credentials ? "streamkap:secret" : "streamkap:projectKey",
  };
  const contents: Record<string, string> = {
    "index.ts": renderProgram(model, { endpoint: settings.endpoint, adopt: args.adopt }),
    "Pulumi.yaml": pulumiYaml(context),
    [`Pulumi.${args.stack}.yaml`]: stackYaml(context),
    "package.json": packageJson(context),
    "tsconfig.json": tsconfigJson(),
    "README.md": readme(context),
  };
  writeProject(target, (staging) => {
    for (const file of files) fs.writeFileSync(path.join(staging, file), contents[file] ?? "");
  });

  for (const warning of model.warnings) io.stderr(terminalText(`warning: ${warning}\n`));
  io.stdout(terminalText(summary(args, model.declarations.length, context)));
}

/** The provider's settings from the flags and the environment, with the fix for missing credentials. */
export function settingsFor(
  command: string,
  args: Pick<ExportArgs, "endpoint" | "clientId">,
  env: NodeJS.ProcessEnv,
): ProviderSettings {
  const flags: Record<string, string | undefined> = {
    "streamkap:endpoint": args.endpoint,
    "streamkap:clientId": args.clientId,
  };
  try {
    return resolveSettings((key) => flags[key], env);
  } catch (error) {
    // The provider's message tells how to set stack config; a command takes flags and the environment.
    if (StreamkapError.is(error) && error.code === ErrorCodes.missingCredentials) {
      throw new StreamkapError(
        ErrorCodes.missingCredentials,
        `${command} needs API credentials: set STREAMKAP_CLIENT_ID (or --client-id) and STREAMKAP_SECRET, or ` +
          "STREAMKAP_PROJECT_KEY. The secret is read only from the environment, so it stays out of shell history. " +
          "For the local API server, `pulumi-streamkap local` prints working ones.",
      );
    }
    throw error;
  }
}

function plannedFiles(args: ExportArgs): string[] {
  return ["index.ts", "Pulumi.yaml", `Pulumi.${args.stack}.yaml`, "package.json", "tsconfig.json", "README.md"];
}

/** "reading sources… 12": one line per kind, rewritten in place on a terminal as pages arrive. */
function progressOn(io: ExportIo): Progress {
  return (what, count, done) => {
    if (io.interactive) io.stderr(`\rreading ${what}… ${count}${done ? "\n" : ""}`);
    else if (done) io.stderr(`reading ${what}… ${count}\n`);
  };
}

function summary(args: ExportArgs, objects: number, context: ProjectContext): string {
  const steps = args.adopt
    ? [
        `To take the objects over: npm install && pulumi stack init ${args.stack}, set the secrets as above, then`,
        "pulumi up (it changes nothing on the service; a preview after it shows no changes).",
      ]
    : [
        "To create a copy: npm install && pulumi stack init <stack>, pulumi config set namePrefix <another prefix>",
        "(and streamkap:endpoint / streamkap:clientId for another service), set the secrets as above, then pulumi up.",
      ];
  return [
    `Wrote a Pulumi program with ${objects} resources to ${args.out} (${plannedFiles(args).join(", ")}).`,
    "",
    `Secret settings are never exported. In ${args.out}, set them for each stack you run, with the real values:`,
    "",
    ...secretCommands(context),
    "",
    ...steps,
    "See README.md there.",
    "",
  ].join("\n");
}
