/**
 * The files `from-terraform` writes beside the program: how Terraform lets go (removed blocks, state rm lines),
 * Pulumi's bulk import file for the other languages, and the report. None holds a secret value.
 */
import { controlCharacters, shellWord } from "../export/literals";
import type { Declaration, SecretSetting } from "../export/model";
import { jsonText } from "../export/project-files";
import { type Duplicate, type HandOver, hasValue, type PlannedObject } from "./plan";
import type { StateInstance } from "./state";

/** What became of each planned object in the program. */
export interface Adopted {
  object: PlannedObject;
  declaration: Declaration;
}

/** A difference between what Terraform's state holds and what the service has. */
export interface Difference {
  address: string;
  attribute: string;
  terraform: string;
  service: string;
}

/** The Streamkap instances Terraform lets go of: each carried one, and each other address of a carried object. */
export function carriedInstances(adopted: readonly Adopted[], duplicates: readonly Duplicate[]): StateInstance[] {
  const carried = new Set(adopted.map(({ object }) => object));
  return [
    ...adopted.map(({ object }) => object.instance),
    ...duplicates.filter((duplicate) => carried.has(duplicate.sameAs)).map((duplicate) => duplicate.instance),
  ];
}

/** How Terraform lets go: resources whose every instance is carried, and those it keeps some instances of. */
export interface LettingGo {
  /** Configuration addresses whose every instance (in every module instance) Pulumi now manages. */
  whole: string[];
  /** Configuration addresses with instances left to Terraform: their carried instances go by `terraform state rm`. */
  partly: Array<{ configAddress: string; carried: string[]; kept: string[] }>;
}

/**
 * A `removed` block names a resource without instance keys and forgets all of its instances, so it is written only
 * for a resource whose every instance is carried; the others keep theirs, and lose the carried ones by
 * `terraform state rm`.
 */
export function lettingGo(carried: readonly StateInstance[], all: readonly StateInstance[]): LettingGo {
  const carriedAddresses = new Set(carried.map((instance) => instance.address));
  const byResource = new Map<string, StateInstance[]>();
  for (const instance of all) {
    if (!instance.streamkap || instance.mode !== "managed" || instance.malformed) continue;
    const group = byResource.get(instance.configAddress) ?? [];
    group.push(instance);
    byResource.set(instance.configAddress, group);
  }
  const result: LettingGo = { whole: [], partly: [] };
  for (const [configAddress, instances] of byResource) {
    const carriedHere = instances.filter((instance) => carriedAddresses.has(instance.address));
    if (carriedHere.length === 0) continue;
    if (carriedHere.length === instances.length) {
      result.whole.push(configAddress);
    } else {
      result.partly.push({
        configAddress,
        carried: carriedHere.map((instance) => instance.address),
        kept: instances.filter((instance) => !carriedAddresses.has(instance.address)).map((i) => i.address),
      });
    }
  }
  return result;
}

/**
 * `removed` blocks (Terraform >= 1.7, OpenTofu >= 1.7): the next `terraform apply` forgets each resource and
 * destroys nothing. Every address is built from Terraform identifiers (a state's names are held to its grammar).
 */
export function removedBlocks(letGo: LettingGo): string {
  return [
    "# Terraform lets go of the objects Pulumi now manages, without destroying them (Terraform >= 1.7, OpenTofu >= 1.7).",
    "# Delete these resources' blocks from the configuration, add this file, then run `terraform plan`: it must",
    '# show "will no longer be managed by Terraform" and "0 to destroy" for each. Then `terraform apply`.',
    ...(letGo.partly.length > 0
      ? [
          "#",
          "# Not here: resources of which Terraform keeps some instances (a removed block would forget them all).",
          "# terraform-state-rm.sh forgets their carried instances one by one; keep their blocks. They are:",
          ...letGo.partly.map(({ configAddress }) => `#   ${configAddress}`),
        ]
      : []),
    "",
    ...letGo.whole.flatMap((address) => [
      "removed {",
      `  from = ${address}`,
      "",
      "  lifecycle {",
      "    destroy = false",
      "  }",
      "}",
      "",
    ]),
  ].join("\n");
}

/**
 * For Terraform before 1.7, and for the instances of resources Terraform keeps: `terraform state rm` forgets each
 * carried instance and destroys nothing. Each address is one single-quoted word, its keys HCL strings.
 */
export function stateRmScript(carried: readonly StateInstance[]): string {
  return [
    "#!/bin/sh",
    "# Forget the objects Pulumi now manages, destroying nothing: Terraform before 1.7 (no `removed` blocks), and the",
    "# carried instances of resources Terraform keeps (see terraform-removed.tf). Run it where `terraform plan` runs,",
    "# after `pulumi up` adopted them; then delete their blocks from the configuration. OpenTofu: replace terraform",
    "# with tofu.",
    "set -e",
    ...carried.map((instance) => `terraform state rm ${shellWord(instance.address)}`),
    "",
  ].join("\n");
}

/**
 * Pulumi's bulk import file (`pulumi import --file import.json`): for Python, Go, C# and YAML, whose programs
 * Pulumi's own generators write from it through the provider plugin.
 */
export function importFile(adopted: readonly Adopted[]): string {
  return jsonText({
    resources: adopted.map(({ object, declaration }) => ({
      type: `streamkap:index:${declaration.className.replace(/^streamkap\./, "")}`,
      name: declaration.resourceName,
      id: object.id,
    })),
  });
}

export interface ReportInput {
  stateFile: string;
  source: string;
  adopted: readonly Adopted[];
  handOver: HandOver;
  /** Objects the state names that the service no longer has. */
  gone: readonly PlannedObject[];
  /** What the program left out, with why (a pipeline whose source is not in the program, …). */
  leftOut: readonly string[];
  differences: readonly Difference[];
  secrets: ReadonlyArray<{ setting: SecretSetting; address: string; inState: boolean }>;
  letGo: LettingGo;
  /** The official provider's releases whose schema the state's attribute names fit (plan.ts `writtenBy`). */
  writtenBy?: string;
}

/** Text shown as itself in Markdown: line breaks and control characters as visible `\uHHHH` escapes. */
const visible = (text: string) =>
  text.replace(controlCharacters, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

/** A table cell of prose: `|` would end the cell. */
const cell = (text: string) => visible(text).replace(/\|/g, "\\|");

/**
 * A Markdown code span holding exactly `text` (in a table, `|` escaped): fenced by more backquotes than any run in
 * it, so nothing from a state or the service can close it.
 */
function code(text: string, inTable = true): string {
  const shown = inTable ? cell(text) : visible(text);
  const fence = "`".repeat(Math.max(0, ...[...shown.matchAll(/`+/g)].map((run) => run[0].length)) + 1);
  const pad = shown.startsWith("`") || shown.endsWith("`") ? " " : "";
  return `${fence}${pad}${shown}${pad}${fence}`;
}

/** from-terraform-report.md: what was carried, what was not and why, and where Terraform and the service differ. */
export function report(input: ReportInput): string {
  const { adopted, handOver } = input;
  const notCarried = adopted.flatMap(({ object }) =>
    Object.entries(object.instance.attributes)
      .filter(([, value]) => hasValue(value))
      .flatMap(([name]) => {
        const attribute = Object.hasOwn(object.type.attributes, name) ? object.type.attributes[name] : undefined;
        const why = attribute ? (attribute.note ?? "no counterpart") : "no release this version knows had it";
        if (attribute && (attribute.input || attribute.ours || attribute.computed)) return [];
        return [`| ${code(object.instance.address)} | ${code(name)} | ${cell(why)} |`];
      }),
  );
  return [
    "# From Terraform",
    "",
    `Written by \`pulumi-streamkap from-terraform\` from ${code(input.stateFile, false)}, against the official provider's schema`,
    `${input.source}.`,
    "",
    input.writtenBy
      ? `- Written by the official provider's release ${input.writtenBy}: its attribute names are exactly that schema's.`
      : "- Written by no single release of the official provider this version knows: its attribute names fit none.",
    `- Resources carried: **${adopted.length}**; skipped on purpose: ${handOver.skipped.length}; not carried: ` +
      `${handOver.problems.length + input.gone.length + input.leftOut.length}.`,
    `- Values where Terraform's state and the service differ: ${input.differences.length} (the program holds the ` +
      "service's, as `terraform refresh` would).",
    "",
    "## Carried",
    "",
    "| Terraform address | Pulumi resource | id |",
    "|---|---|---|",
    ...adopted.map(
      ({ object, declaration }) =>
        `| ${code(object.instance.address)} | \`${declaration.className}\` ${code(declaration.resourceName)} | ${code(object.id)} |`,
    ),
    "",
    "## Not carried",
    "",
    ...(handOver.problems.length + input.gone.length + input.leftOut.length === 0
      ? ["Nothing."]
      : [
          ...handOver.problems.map((problem) => `- ${code(problem.address, false)}: ${visible(problem.problem)}.`),
          ...input.gone.map(
            (object) =>
              `- ${code(object.instance.address, false)}: the service has no object ${code(object.id, false)} any ` +
              "more (Terraform's next refresh would drop it too).",
          ),
          ...input.leftOut.map((line) => `- ${visible(line)}`),
        ]),
    "",
    "## Skipped on purpose",
    "",
    ...(handOver.skipped.length === 0
      ? ["Nothing."]
      : handOver.skipped.map((item) => `- ${code(item.address, false)}: ${item.reason}.`)),
    "",
    "## Terraform lets go",
    "",
    ...(input.letGo.partly.length === 0
      ? ["`terraform-removed.tf` names every carried resource (or `terraform-state-rm.sh` before Terraform 1.7)."]
      : [
          "`terraform-removed.tf` names the resources whose every instance is carried. Terraform keeps these, and",
          "`terraform-state-rm.sh` forgets only their carried instances (a `removed` block would forget them all):",
          "",
          ...input.letGo.partly.map(
            ({ configAddress, kept }) =>
              `- ${code(configAddress, false)}: Terraform keeps ${kept.map((address) => code(address, false)).join(", ")}.`,
          ),
        ]),
    "",
    "## Attributes with no counterpart",
    "",
    ...(notCarried.length === 0
      ? ["None: every attribute set in the state has a counterpart."]
      : ["| Terraform address | attribute | why |", "|---|---|---|", ...notCarried]),
    "",
    "## Where Terraform and the service differ",
    "",
    ...(input.differences.length === 0
      ? ["Nowhere."]
      : [
          "The program holds the service's value. To keep Terraform's, change it in the program after the first",
          "`pulumi up`, and the next `up` applies it.",
          "",
          "| Terraform address | attribute | Terraform's state | the service |",
          "|---|---|---|---|",
          ...input.differences.map(
            (difference) =>
              `| ${code(difference.address)} | ${code(difference.attribute)} | ${code(difference.terraform)} | ${code(difference.service)} |`,
          ),
        ]),
    "",
    "## Secrets",
    "",
    ...(input.secrets.length === 0
      ? ["None."]
      : [
          "Each is read from the stack's secret config; none is written here or in the program.",
          "",
          "| stack config key | what | in Terraform's state |",
          "|---|---|---|",
          ...input.secrets.map(
            ({ setting, address, inState }) =>
              `| \`${setting.configKey}\` | ${cell(setting.description)} (${code(address)}) | ${inState ? "yes" : "no: set it by hand"} |`,
          ),
        ]),
    "",
  ].join("\n");
}
