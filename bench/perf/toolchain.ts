// The pulumi CLI the benchmark drives, and the facts about it the report records.
import { execFileSync } from "node:child_process";
import * as path from "node:path";

import { PulumiCommand } from "@pulumi/pulumi/automation";

/** The directory holding `pulumi`, as scripts/toolchain.sh exports it (it also puts it first on PATH). */
export function pulumiBinDir(): string {
  const dir = process.env.PULUMI_STREAMKAP_PULUMI_BIN;
  if (!dir) {
    throw new Error(
      "PULUMI_STREAMKAP_PULUMI_BIN is not set: run the benchmark with `npm run bench` (it goes through scripts/toolchain.sh)",
    );
  }
  return dir;
}

export function pulumiCommand(): Promise<PulumiCommand> {
  return PulumiCommand.get({ root: path.dirname(pulumiBinDir()), skipVersionCheck: true });
}

function pulumi(args: string[]): string {
  return execFileSync(path.join(pulumiBinDir(), "pulumi"), args, {
    encoding: "utf8",
    env: { ...process.env, PULUMI_SKIP_UPDATE_CHECK: "true" },
  });
}

export function pulumiVersion(): string {
  return pulumi(["version"]).trim();
}

/**
 * The `--parallel` the CLI uses when none is given, read from its own help text (`(default 8)`): it is derived
 * from the CPU count (4 × GOMAXPROCS in 3.259), so reading it beats assuming it.
 */
export function defaultParallel(): number {
  const help = pulumi(["up", "--help"]);
  const match = /--parallel int32[^\n]*\(default (\d+)\)/.exec(help);
  if (!match) throw new Error("could not find the default of --parallel in `pulumi up --help`");
  return Number(match[1]);
}
