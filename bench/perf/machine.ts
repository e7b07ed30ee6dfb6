// The machine and versions a benchmark ran with, for the report.
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

import { pulumiVersion } from "./toolchain";

export interface MachineFacts {
  cpuModel: string;
  cpus: number;
  memoryGiB: number;
  os: string;
  /** 1-minute load average when the run started and ended: other work on the machine skews wall times. */
  loadAverage: { start: number; end?: number };
  node: string;
  pulumiCli: string;
  pulumiSdk: string;
  /** The checkout's commit, when it is a git checkout, marked `+ uncommitted changes` when the tree differs. */
  commit?: string;
  date: string;
}

function packageVersion(repoRoot: string, name: string): string {
  const file = path.join(repoRoot, "node_modules", name, "package.json");
  const parsed: unknown = JSON.parse(fs.readFileSync(file, "utf8"));
  const version = typeof parsed === "object" && parsed !== null ? (parsed as { version?: unknown }).version : undefined;
  return typeof version === "string" ? version : "unknown";
}

function gitCommit(repoRoot: string): string | undefined {
  // Read-only: GIT_OPTIONAL_LOCKS=0 keeps git from refreshing the index as a side effect.
  const git = (args: string[]) =>
    execFileSync("git", args, {
      cwd: repoRoot,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      env: { ...process.env, GIT_OPTIONAL_LOCKS: "0" },
    });
  let commit: string;
  try {
    commit = git(["rev-parse", "--short", "HEAD"]).trim();
  } catch {
    return undefined; // not a git checkout (e.g. an unpacked tarball)
  }
  try {
    git(["diff-index", "--quiet", "HEAD", "--"]);
    return commit;
  } catch {
    return `${commit} + uncommitted changes`;
  }
}

export function machineFacts(repoRoot: string): MachineFacts {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model.trim() ?? "unknown",
    cpus: os.availableParallelism(),
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    loadAverage: { start: Math.round(os.loadavg()[0] * 100) / 100 },
    node: process.version,
    pulumiCli: pulumiVersion(),
    pulumiSdk: packageVersion(repoRoot, "@pulumi/pulumi"),
    commit: gitCommit(repoRoot),
    date: new Date().toISOString(),
  };
}
