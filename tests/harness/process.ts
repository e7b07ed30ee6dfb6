import { type ChildProcess, spawn } from "node:child_process";
import * as path from "node:path";

import type { LocalWorkspace } from "@pulumi/pulumi/automation";

import type { TestProject } from "./project";

/** How one `pulumi` command ended, and everything it printed. */
export interface CliRun {
  /** Exit code; null when a signal ended it. */
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** A `pulumi` command still running, as a user's terminal would hold it. */
export interface RunningCli {
  child: ChildProcess;
  /** Resolves when the process has exited (never rejects). */
  done: Promise<CliRun>;
  /** What it has printed so far. */
  output(): string;
}

const repoRoot = path.resolve(__dirname, "../../..");

/** What a `pulumi` command runs with to find this checkout's provider plugin (bin/pulumi-resource-streamkap) on PATH. */
export const pluginOnPath: NodeJS.ProcessEnv = {
  PATH: `${path.join(repoRoot, "bin")}${path.delimiter}${process.env.PATH ?? ""}`,
};

/** The pulumi binary that scripts/toolchain.sh provides (the same one the Automation API tests use). */
export function pulumiBinary(): string {
  const bin = process.env.PULUMI_STREAMKAP_PULUMI_BIN;
  if (!bin) {
    throw new Error("PULUMI_STREAMKAP_PULUMI_BIN is not set: run the tests with `npm test` (scripts/toolchain.sh)");
  }
  return path.join(bin, "pulumi");
}

/**
 * The environment a person would have in the project's directory: the project's backend, passphrase and pulumi
 * home exactly as the TestProject's workspace uses them, so the CLI and the Automation API see one stack.
 */
export function cliEnvironment(project: TestProject, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const workspace = project.stack.workspace as LocalWorkspace;
  return {
    ...process.env,
    ...workspace.envVars,
    ...(workspace.pulumiHome ? { PULUMI_HOME: workspace.pulumiHome } : {}),
    PULUMI_SKIP_CONFIRMATIONS: "true",
    ...extra,
  };
}

/**
 * Starts `pulumi <args>` in the project's directory, on its stack, as a child process of its own (its own
 * process group, so that a kill reaches what it started only if the test asks for that).
 */
export function startPulumi(project: TestProject, args: readonly string[], env: NodeJS.ProcessEnv = {}): RunningCli {
  const child = spawn(pulumiBinary(), [...args, "--stack", project.stack.name, "--non-interactive"], {
    cwd: project.dir,
    env: cliEnvironment(project, env),
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const done = new Promise<CliRun>((resolve) => {
    child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr }));
    child.on("error", (error) => resolve({ code: null, signal: null, stdout, stderr: `${stderr}\n${error.message}` }));
  });
  return { child, done, output: () => stdout + stderr };
}

/** Runs `pulumi <args>` to the end. */
export async function runPulumi(
  project: TestProject,
  args: readonly string[],
  env: NodeJS.ProcessEnv = {},
): Promise<CliRun> {
  return startPulumi(project, args, env).done;
}

/** Runs `pulumi <args>` and fails, showing what it printed, unless it exits 0. */
export async function runPulumiOk(
  project: TestProject,
  args: readonly string[],
  env: NodeJS.ProcessEnv = {},
): Promise<CliRun> {
  const run = await runPulumi(project, args, env);
  if (run.code !== 0) {
    throw new Error(`pulumi ${args.join(" ")} exited ${run.code ?? run.signal}:\n${run.stdout}\n${run.stderr}`);
  }
  return run;
}

/** A process found on this machine. */
export interface ProcessInfo {
  pid: number;
  /** Its command line, arguments separated by spaces. */
  command: string;
}

/** Processes whose command line mentions `needle` or whose working directory is under it (Linux /proc). */
export async function processesMentioning(needle: string): Promise<ProcessInfo[]> {
  const fs = await import("node:fs/promises");
  const found: ProcessInfo[] = [];
  for (const entry of await fs.readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const [commandLine, cwd] = await Promise.all([
        fs.readFile(`/proc/${entry}/cmdline`, "utf8"),
        fs.readlink(`/proc/${entry}/cwd`).catch(() => ""),
      ]);
      if (commandLine.includes(needle) || cwd.startsWith(needle)) {
        found.push({ pid: Number(entry), command: commandLine.replace(/\0/g, " ").trim() });
      }
    } catch {
      // the process ended while we looked
    }
  }
  return found;
}
