/**
 * The files `from-terraform` writes beside the program: how Terraform lets go (removed blocks, state rm lines),
 * Pulumi's bulk import file for the other languages, and the report. None holds a secret value.
 */
import type { Declaration, SecretSetting } from "../export/model";
import { jsonText } from "../export/project-files";
import type { HandOver, PlannedObject } from "./plan";

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

/** Terraform's configuration address of a resource (without instance keys): what a `removed` block names. */
function configAddress(object: PlannedObject): string {
  const { module, type, name } = object.instance;
  return `${module ? `${module.replace(/\[[^\]]*\]/g, "")}.` : ""}${type}.${name}`;
}

/**
 * `removed` blocks (Terraform ≥ 1.7, OpenTofu ≥ 1.7): the next `terraform apply` forgets each resource and
 * destroys nothing. One block per resource, whatever its `count` or `for_each` instances.
 */
export function removedBlocks(adopted: readonly Adopted[]): string {
  const addresses = [...new Set(adopted.map(({ object }) => configAddress(object)))];
  return [
    "# Terraform lets go of the objects Pulumi now manages, without destroying them (Terraform >= 1.7, OpenTofu >= 1.7).",
    "# Delete these resources' blocks from the configuration, add this file, then run `terraform plan`: it must",
    '# show "will no longer be managed by Terraform" and "0 to destroy" for each. Then `terraform apply`.',
    "",
    ...addresses.flatMap((address) => [
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

/** For Terraform before 1.7: `terraform state rm` forgets the instances and destroys nothing. */
export function stateRmScript(adopted: readonly Adopted[]): string {
  const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
  return [
    "#!/bin/sh",
    "# Terraform before 1.7 (no `removed` blocks): forget the objects Pulumi now manages, destroying nothing.",
    "# Run it where `terraform plan` runs, after `pulumi up` adopted them; then delete their blocks from the",
    "# configuration. OpenTofu: replace terraform with tofu.",
    "set -e",
    ...adopted.map(({ object }) => `terraform state rm ${quote(object.instance.address)}`),
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
}

const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ");

/** from-terraform-report.md: what was carried, what was not and why, and where Terraform and the service differ. */
export function report(input: ReportInput): string {
  const { adopted, handOver } = input;
  const notCarried = adopted.flatMap(({ object }) =>
    Object.entries(object.instance.attributes)
      .filter(([, value]) => value !== null && value !== undefined && !isEmpty(value))
      .flatMap(([name]) => {
        const attribute = object.type.attributes[name];
        if (!attribute || attribute.input || attribute.ours || attribute.computed) return [];
        return [`| \`${object.instance.address}\` | \`${name}\` | ${cell(attribute.note ?? "no counterpart")} |`];
      }),
  );
  return [
    "# From Terraform",
    "",
    `Written by \`pulumi-streamkap from-terraform\` from \`${input.stateFile}\`, against the official provider's schema`,
    `${input.source}.`,
    "",
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
        `| \`${object.instance.address}\` | \`${declaration.className}\` \`${declaration.resourceName}\` | \`${object.id}\` |`,
    ),
    "",
    "## Not carried",
    "",
    ...(handOver.problems.length + input.gone.length + input.leftOut.length === 0
      ? ["Nothing."]
      : [
          ...handOver.problems.map((problem) => `- \`${problem.address}\`: ${problem.problem}.`),
          ...input.gone.map(
            (object) =>
              `- \`${object.instance.address}\`: the service has no object \`${object.id}\` any more (Terraform's ` +
              "next refresh would drop it too).",
          ),
          ...input.leftOut.map((line) => `- ${line}`),
        ]),
    "",
    "## Skipped on purpose",
    "",
    ...(handOver.skipped.length === 0
      ? ["Nothing."]
      : handOver.skipped.map((item) => `- \`${item.address}\`: ${item.reason}.`)),
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
              `| \`${difference.address}\` | \`${difference.attribute}\` | ${cell(difference.terraform)} | ${cell(difference.service)} |`,
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
              `| \`${setting.configKey}\` | ${cell(setting.description)} (\`${address}\`) | ${inState ? "yes" : "no: set it by hand"} |`,
          ),
        ]),
    "",
  ].join("\n");
}

function isEmpty(value: unknown): boolean {
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === "object" && value !== null) return Object.keys(value).length === 0;
  return false;
}
