import * as fs from "node:fs";
import * as path from "node:path";

import { controlCharacters, yamlQuoted } from "./literals";
import type { SecretSetting } from "./model";

/** What the project files need to know besides the program. */
export interface ProjectContext {
  project: string;
  stack: string;
  /** The prefix the exported names carry, the stack's `namePrefix`. */
  namePrefix: string;
  endpoint: string;
  /** Set when the credentials are an API client (not a project key). */
  clientId?: string;
  adopt: boolean;
  secrets: SecretSetting[];
  /** How to set the credential's secret: `streamkap:secret` or `streamkap:projectKey`. */
  credentialKey: "streamkap:secret" | "streamkap:projectKey";
}

/** Versions the generated package.json asks for: this package's own, and the @pulumi/pulumi it supports. */
function versions(): { self: string; pulumi: string } {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.resolve(__dirname, "../../../package.json"), "utf8")) as {
      version?: string;
      peerDependencies?: Record<string, string>;
    };
    return {
      self: manifest.version ? `^${manifest.version}` : "*",
      pulumi: manifest.peerDependencies?.["@pulumi/pulumi"] ?? "^3.139.0",
    };
  } catch {
    return { self: "*", pulumi: "^3.139.0" };
  }
}

/** JSON as Prettier formats it: objects one key per line, lists of plain values on one line. */
export function jsonText(value: unknown, indent = ""): string {
  if (Array.isArray(value)) return `[${value.map((item) => JSON.stringify(item)).join(", ")}]`;
  if (typeof value !== "object" || value === null) return JSON.stringify(value);
  if (Object.keys(value).length === 0) return "{}";
  const inner = `${indent}  `;
  const lines = Object.entries(value).map(([key, item]) => `${inner}${JSON.stringify(key)}: ${jsonText(item, inner)}`);
  return `{\n${lines.join(",\n")}\n${indent}}${indent === "" ? "\n" : ""}`;
}

/** A YAML scalar holding exactly the value (the project and stack names, the endpoint, a client id). */
const yaml = (value: string): string => yamlQuoted(value);

/**
 * A placeholder for a secret's value that is safe to paste in a shell: it never holds a quote, a line break or a
 * control character (a description names an object by its name on the service).
 */
const placeholder = (description: string): string =>
  `'<${description.replace(/'/g, "").replace(controlCharacters, " ")}>'`;

/** The `pulumi config set --secret` lines, the credential's first; placeholders only, never values. */
export function secretCommands(context: Pick<ProjectContext, "secrets" | "credentialKey">): string[] {
  const credential =
    context.credentialKey === "streamkap:secret" ? "the API client secret" : "the project key credential file";
  return [
    `pulumi config set --secret ${context.credentialKey} ${placeholder(credential)}`,
    ...context.secrets.map(
      (secret) => `pulumi config set --secret ${secret.configKey} ${placeholder(secret.description)}`,
    ),
  ];
}

export function pulumiYaml(context: ProjectContext): string {
  return [
    `name: ${yaml(context.project)}`,
    "runtime: nodejs",
    `description: ${yaml(`Streamkap objects exported from ${context.endpoint}`)}`,
    "",
  ].join("\n");
}

/** The stack's non-secret settings: the prefix, and which service and API client it talks to. */
export function stackYaml(context: ProjectContext): string {
  return [
    "config:",
    `  ${context.project}:namePrefix: ${yaml(context.namePrefix)}`,
    `  streamkap:endpoint: ${yaml(context.endpoint)}`,
    ...(context.clientId ? [`  streamkap:clientId: ${yaml(context.clientId)}`] : []),
    "",
  ].join("\n");
}

export function packageJson(context: ProjectContext): string {
  const { self, pulumi } = versions();
  const manifest = {
    name: context.project,
    private: true,
    main: "index.ts",
    dependencies: { "@pulumi/pulumi": pulumi, "pulumi-streamkap": self },
    // Pulumi runs index.ts through ts-node, which needs TypeScript's JavaScript API: TypeScript 7 has none.
    devDependencies: { "@types/node": "^22.0.0", typescript: ">=5.9 <7" },
  };
  return jsonText(manifest);
}

export function tsconfigJson(): string {
  const config = {
    compilerOptions: {
      strict: true,
      target: "es2022",
      // Not moduleResolution "node": TypeScript 6 refuses it (TS5107). Not module commonjs alone: Pulumi adds
      // moduleResolution nodenext to a program's options, and TypeScript refuses that pair (TS5110).
      module: "nodenext",
      moduleResolution: "nodenext",
      esModuleInterop: true,
      skipLibCheck: true,
      noEmit: true,
    },
    files: ["index.ts"],
  };
  return jsonText(config);
}

export function readme(context: ProjectContext): string {
  const copy = [
    "## A copy in another stack",
    "",
    "```sh",
    "pulumi stack init staging",
    "pulumi config set namePrefix staging-          # every name gets this prefix instead",
    "pulumi config set streamkap:endpoint <API URL> # and, for another service, its credentials:",
    "pulumi config set streamkap:clientId <client id>",
    ...secretCommands(context),
    "pulumi up",
    "```",
  ];
  const first = context.adopt
    ? [
        "## Taking over the objects",
        "",
        `The stack \`${context.stack}\` (\`Pulumi.${context.stack}.yaml\`) points at the service the objects were`,
        'read from. Each resource has `adopt: "<id>"`, so the first `pulumi up` takes the existing objects into the',
        "stack without changing them; a `pulumi preview` after it shows no changes. Set every secret to its real",
        "value first: the service never shows secrets, so no preview can tell a wrong value, and the next update",
        "of that connector would send it.",
        "",
        "```sh",
        "npm install",
        `pulumi stack init ${context.stack}`,
        ...secretCommands(context),
        "pulumi up      # takes the objects over; changes nothing on the service",
        "pulumi preview # no changes",
        "```",
        "",
        "After that first `up` the `adopt` lines do nothing and can be deleted.",
      ]
    : [
        "## First steps",
        "",
        "```sh",
        "npm install",
        "```",
        "",
        `\`Pulumi.${context.stack}.yaml\` describes the service the objects were read from (its \`namePrefix\`,`,
        "endpoint and client id). To manage those very objects rather than copies, export again with `--adopt`.",
      ];
  return [
    `# ${context.project}`,
    "",
    `Streamkap objects exported by \`pulumi-streamkap export\` from ${context.endpoint}, as a Pulumi program`,
    "(`index.ts`) using the `pulumi-streamkap` resources. Names on the service are the stack setting",
    "`namePrefix` followed by the rest of each name; references between objects are references between",
    "resources. Secret settings are never exported: the program reads each from secret stack config.",
    "",
    ...first,
    "",
    ...copy,
    "",
  ].join("\n");
}
