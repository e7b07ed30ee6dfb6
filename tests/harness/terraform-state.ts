/**
 * Terraform states written for a test, in the shape `terraform state pull` writes (format 4), and HashiCorp's HCL
 * parser (the toolchain's `hclread`, tools/pulumi-cli/cmd/hclread) to read back what `from-terraform` writes for
 * Terraform as Terraform reads it.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

export const streamkapProvider = 'provider["registry.terraform.io/streamkap-com/streamkap"]';

/** A tag's attributes as the official provider's state holds them. */
export const tagAttributes = (id: string, name = `tag-${id}`) => ({
  id,
  name,
  description: null,
  type: ["sources"],
  system: false,
  custom: true,
});

/** One resource of a state: managed by the official provider unless said otherwise. */
export function stateResource(
  type: string,
  name: string,
  instances: Array<Record<string, unknown>>,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return { mode: "managed", type, name, provider: streamkapProvider, instances, ...extra };
}

/** A state file in a new temporary directory, holding `resources`. */
export function writeState(resources: unknown[], version = 4): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tfstate-"));
  const file = path.join(dir, "terraform.tfstate");
  fs.writeFileSync(file, JSON.stringify({ version, terraform_version: "1.9.0", serial: 3, lineage: "x", resources }));
  return file;
}

function hclread(args: string[], input?: string): unknown {
  const tool = process.env.PULUMI_STREAMKAP_HCLREAD;
  if (!tool)
    throw new Error("PULUMI_STREAMKAP_HCLREAD is not set: run the tests with `npm test` (scripts/toolchain.sh)");
  return JSON.parse(execFileSync(tool, args, { input, encoding: "utf8", maxBuffer: 64 << 20 })) as unknown;
}

/** One step of a traversal as hclread prints it: an attribute name or an index key. */
export type TraversalStep = { attr: string } | { index: string | number };

export interface HclBlock {
  type: string;
  labels: string[];
  attributes: Record<string, { traversal?: TraversalStep[]; value?: unknown; error?: string }>;
  blocks: HclBlock[];
}

/** A file's blocks as HCL reads them (or why it cannot), its attributes evaluated with these string variables. */
export const hclFile = (file: string, variables: Record<string, string> = {}) =>
  hclread(["file", file, ...Object.entries(variables).map(([name, value]) => `${name}=${value}`)]) as
    { attributes: HclBlock["attributes"]; blocks: HclBlock[] } | { error: string };

/** Each address parsed as `terraform state rm` parses it. */
export const hclAddresses = (addresses: readonly string[]) =>
  hclread(["addresses"], JSON.stringify(addresses)) as Array<TraversalStep[] | { error: string }>;

/** Each HCL quoted string's value. */
export const hclStrings = (quoted: readonly string[]) =>
  hclread(["strings"], JSON.stringify(quoted)) as Array<string | { error: string }>;

/**
 * The arguments each `terraform` command of a shell script gets, as the shell itself parses the script: it runs
 * with a `terraform` that records them.
 */
export function terraformCallsOf(script: string): string[][] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fake-terraform-"));
  try {
    const log = path.join(dir, "calls");
    fs.writeFileSync(
      path.join(dir, "terraform"),
      `#!/bin/sh\nnode -e 'process.stdout.write(JSON.stringify(process.argv.slice(1))+"\\n")' -- "$@" >> "${log}"\n`,
      { mode: 0o755 },
    );
    fs.writeFileSync(path.join(dir, "script.sh"), script, { mode: 0o755 });
    execFileSync("sh", [path.join(dir, "script.sh")], { env: { ...process.env, PATH: `${dir}:${process.env.PATH}` } });
    return fs.existsSync(log)
      ? fs
          .readFileSync(log, "utf8")
          .trim()
          .split("\n")
          .map((line) => JSON.parse(line) as string[])
      : [];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
