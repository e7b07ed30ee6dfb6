import { parseArgs } from "node:util";

import { UsageError } from "../command-line";
import { projectNameOf } from "../export/args";

export const fromTerraformUsage = `Usage: pulumi-streamkap from-terraform <state file or Terraform directory> --out DIR [--stack NAME]
                                      [--project NAME] [--set-secrets] [--partial] [--force]
                                      [--endpoint URL] [--client-id ID]

Reads a Terraform or OpenTofu state (format 4: \`terraform state pull > terraform.tfstate\`, or the directory of a
local state) and writes a Pulumi project that takes over every object of the official Streamkap provider in it,
by id, without changing any: the first \`pulumi up\` makes no change on the service. The objects are read from the
service too (credentials from STREAMKAP_*), so the program holds what the service has.

Written to DIR: the program (index.ts, package.json and tsconfig.json in TypeScript on pulumi-streamkap; with
--language yaml, python, go or pcl, a program on the provider plugin), Pulumi.yaml, Pulumi.<stack>.yaml, README.md;
import.json (Pulumi's bulk import file, for \`pulumi import --file\` through the provider plugin);
terraform-removed.tf and terraform-state-rm.sh (how Terraform lets go of the objects without destroying them);
from-terraform-report.md (every resource mapped, every attribute not carried, every value where Terraform and the
service differ).

  --out DIR         where to write the project
  --language LANG   typescript (default: the pulumi-streamkap classes), or on the provider plugin: yaml (Pulumi
                    YAML), python or go (written by Pulumi's own generators: \`pulumi convert\`, run by the
                    command, needs the pulumi CLI and the plugin installed), pcl (Pulumi's program language,
                    main.pp: \`pulumi convert --from pcl --language csharp\` writes C#)
  --stack NAME      the stack that adopts the objects (default: dev)
  --project NAME    the Pulumi project name (default: the --out directory's name)
  --set-secrets     put the secret values the state holds (passwords, keys) into the stack's secret config
                    (\`pulumi config set --secret\`, run in DIR; the stack is created if needed); without it, the
                    command prints the \`pulumi config set --secret\` lines to run, without values
  --partial         write the project even when some resources cannot be carried (each is named in the report)
  --force           overwrite files of an earlier run in DIR
  --endpoint URL    the API address (default: STREAMKAP_HOST, else https://api.streamkap.com)
  --client-id ID    the API client id (default: STREAMKAP_CLIENT_ID)

The secret is read only from STREAMKAP_SECRET (or a project key from STREAMKAP_PROJECT_KEY). No secret value is
ever written to a file or printed.
`;

export const languages = ["typescript", "yaml", "python", "go", "pcl"] as const;
export type Language = (typeof languages)[number];

export interface FromTerraformArgs {
  state: string;
  out: string;
  language: Language;
  stack: string;
  project: string;
  setSecrets: boolean;
  partial: boolean;
  force: boolean;
  endpoint?: string;
  clientId?: string;
}

const options = {
  out: { type: "string" },
  language: { type: "string" },
  stack: { type: "string" },
  project: { type: "string" },
  "set-secrets": { type: "boolean" },
  partial: { type: "boolean" },
  force: { type: "boolean" },
  endpoint: { type: "string" },
  "client-id": { type: "string" },
} as const;

const safeName = /^[A-Za-z0-9_.-]+$/;

/** The arguments, or an error naming the one that is wrong and how to write it. */
export function parseFromTerraformArgs(argv: readonly string[]): FromTerraformArgs | "help" | "version" {
  if (argv.includes("--help") || argv.includes("-h")) return "help";
  if (argv.includes("--version")) return "version";
  const secretFlag = argv.find((arg) => /^--(secret|project-key)(=|$)/.test(arg))?.split("=")[0];
  if (secretFlag) {
    throw new UsageError(
      `${secretFlag} is not a flag: the secret is read only from STREAMKAP_SECRET (a project key from ` +
        "STREAMKAP_PROJECT_KEY), so it never lands in shell history",
    );
  }
  let parsed: ReturnType<typeof parseArgs<{ args: string[]; options: typeof options; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: [...argv], options, strict: true, allowPositionals: true });
  } catch (error) {
    throw new UsageError((error as Error).message.replace(/\. To specify.*$/s, ""));
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1) {
    throw new UsageError(
      positionals.length === 0
        ? "name the state: a state file (terraform state pull > terraform.tfstate) or a Terraform directory"
        : `one state at a time: got ${positionals.map((item) => `"${item}"`).join(", ")}`,
    );
  }
  const out = values.out;
  if (!out) throw new UsageError("--out DIR is required: the directory to write the project to");
  const language = values.language ?? "typescript";
  if (!(languages as readonly string[]).includes(language)) {
    throw new UsageError(
      `--language ${language} is not one this command writes: typescript, yaml, python, go or pcl (for C# or ` +
        "Java, write pcl and run `pulumi convert --from pcl --language <language>` on it)",
    );
  }
  const stack = values.stack ?? "dev";
  if (!safeName.test(stack)) throw new UsageError("--stack must be a stack name: letters, digits, `-`, `_` and `.`");
  const project = values.project ?? projectNameOf(out);
  if (!safeName.test(project)) {
    throw new UsageError("--project must be a Pulumi project name: letters, digits, `-`, `_` and `.`");
  }
  return {
    state: positionals[0] ?? "",
    out,
    language: language as Language,
    stack,
    project,
    setSecrets: values["set-secrets"] === true,
    partial: values.partial === true,
    force: values.force === true,
    endpoint: values.endpoint,
    clientId: values["client-id"],
  };
}
