import * as path from "node:path";

import { type OptionSpecs, parseCommandLine, UsageError } from "../command-line";

export const exportUsage = `Usage: pulumi-streamkap export --out DIR [--prefix NAME] [--adopt] [--stack NAME] [--project NAME]
                              [--endpoint URL] [--client-id ID] [--force]

Reads every source, destination, pipeline, transform, topic, tag, webhook source and Kafka user of the service
the credentials belong to, and writes a Pulumi program (TypeScript) that declares them. Secrets (passwords,
keys) are never read: the program takes each from the stack's config. Project keys and client credentials are
left out: each environment issues its own.

  --out DIR         where to write index.ts, Pulumi.yaml, Pulumi.<stack>.yaml, package.json, tsconfig.json, README.md
  --prefix NAME     the prefix the service's names carry; the program writes each name as the stack setting
                    namePrefix followed by the rest (default: none)
  --adopt           take over the objects themselves (adopt: "<id>") instead of describing copies
  --stack NAME      the stack whose config file describes this service (default: dev)
  --project NAME    the Pulumi project name (default: the --out directory's name)
  --endpoint URL    the API address (default: STREAMKAP_HOST, else https://api.streamkap.com)
  --client-id ID    the API client id (default: STREAMKAP_CLIENT_ID)
  --force           overwrite files of an earlier export in DIR

The secret is read only from STREAMKAP_SECRET (or a project key from STREAMKAP_PROJECT_KEY), never from a flag,
so it stays out of shell history. Secret settings are never exported: the command prints the
\`pulumi config set --secret\` lines to run.
`;

export interface ExportArgs {
  out: string;
  prefix: string;
  adopt: boolean;
  stack: string;
  project: string;
  endpoint?: string;
  clientId?: string;
  force: boolean;
}

const exportOptions = {
  out: { type: "string" },
  prefix: { type: "string" },
  adopt: { type: "boolean" },
  stack: { type: "string" },
  project: { type: "string" },
  endpoint: { type: "string" },
  "client-id": { type: "string" },
  force: { type: "boolean" },
} as const satisfies OptionSpecs;

/** The flags, or an error naming the one that is wrong and how to write it. */
export function parseExportArgs(argv: readonly string[]): ExportArgs | "help" | "version" {
  const secretFlag = argv.find((arg) => /^--(secret|project-key)(=|$)/.test(arg))?.split("=")[0];
  if (secretFlag) {
    throw new UsageError(
      `${secretFlag} is not a flag: the secret is read only from STREAMKAP_SECRET (a project key from ` +
        "STREAMKAP_PROJECT_KEY), so it never lands in shell history",
    );
  }
  const line = parseCommandLine("export", exportOptions, argv);
  if (line.kind !== "run") return line.kind;
  const values = line.values;
  const out = values.out;
  if (!out) throw new UsageError("--out DIR is required: the directory to write the program to");
  const stack = values.stack ?? "dev";
  if (!/^[A-Za-z0-9_.-]+$/.test(stack)) {
    throw new UsageError("--stack must be a stack name: letters, digits, `-`, `_` and `.`");
  }
  const project = values.project ?? projectNameOf(out);
  if (!/^[A-Za-z0-9_.-]+$/.test(project)) {
    throw new UsageError("--project must be a Pulumi project name: letters, digits, `-`, `_` and `.`");
  }
  return {
    out,
    prefix: values.prefix ?? "",
    adopt: values.adopt === true,
    stack,
    project,
    endpoint: values.endpoint,
    clientId: values["client-id"],
    force: values.force === true,
  };
}

/** The out directory's name as a project name (`./infra/streamkap prod` → `streamkap-prod`). */
export function projectNameOf(out: string): string {
  const base = path
    .basename(path.resolve(out))
    .replace(/[^A-Za-z0-9_.-]+/g, "-")
    .replace(/^[-.]+|[-.]+$/g, "");
  return base || "streamkap";
}
