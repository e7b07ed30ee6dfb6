import * as path from "node:path";

export const exportUsage = `Usage: pulumi-streamkap export --out DIR [--prefix NAME] [--adopt] [--stack NAME] [--project NAME]
                              [--endpoint URL] [--client-id ID] [--force]

Reads every source, destination, pipeline, transform, topic, tag and webhook source of the service the
credentials belong to, and writes a Pulumi program (TypeScript) that declares them.

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

/** The flags, or an error naming the one that is wrong and how to write it. */
export function parseExportArgs(argv: readonly string[]): ExportArgs | "help" {
  const values: Partial<Record<string, string>> = {};
  const switches = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const equals = arg.indexOf("=");
    const flag = equals > 0 ? arg.slice(0, equals) : arg;
    switch (flag) {
      case "--help":
      case "-h":
        return "help";
      case "--adopt":
      case "--force":
        switches.add(flag);
        break;
      case "--out":
      case "--prefix":
      case "--stack":
      case "--project":
      case "--endpoint":
      case "--client-id": {
        const value = equals > 0 ? arg.slice(equals + 1) : argv[++i];
        if (value === undefined) throw new Error(`${flag} needs a value\n\n${exportUsage}`);
        values[flag] = value;
        break;
      }
      case "--secret":
      case "--project-key":
        throw new Error(
          `${flag} is not a flag: the secret is read only from STREAMKAP_SECRET (a project key from ` +
            "STREAMKAP_PROJECT_KEY), so it never lands in shell history",
        );
      default:
        throw new Error(`unknown option ${arg}\n\n${exportUsage}`);
    }
  }
  const out = values["--out"];
  if (!out) throw new Error(`--out DIR is required: the directory to write the program to\n\n${exportUsage}`);
  const stack = values["--stack"] ?? "dev";
  if (!/^[A-Za-z0-9_.-]+$/.test(stack)) {
    throw new Error("--stack must be a stack name: letters, digits, `-`, `_` and `.`");
  }
  const project = values["--project"] ?? projectNameOf(out);
  if (!/^[A-Za-z0-9_.-]+$/.test(project)) {
    throw new Error("--project must be a Pulumi project name: letters, digits, `-`, `_` and `.`");
  }
  return {
    out,
    prefix: values["--prefix"] ?? "",
    adopt: switches.has("--adopt"),
    stack,
    project,
    endpoint: values["--endpoint"],
    clientId: values["--client-id"],
    force: switches.has("--force"),
  };
}

/** The out directory's name as a project name (`./infra/streamkap prod` → `streamkap-prod`). */
function projectNameOf(out: string): string {
  const base = path
    .basename(path.resolve(out))
    .replace(/[^A-Za-z0-9_.-]+/g, "-")
    .replace(/^[-.]+|[-.]+$/g, "");
  return base || "streamkap";
}
