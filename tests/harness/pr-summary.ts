/**
 * What a reviewer reads: `pulumi preview --json` run by the pulumi CLI as a pull-request workflow runs it, piped
 * through the compiled `pulumi-streamkap pr-summary`, and helpers to read the Mermaid diagram in the summary.
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";

import type { TestProject } from "./project";

const repoRoot = path.resolve(__dirname, "../../..");
const cli = path.join(repoRoot, "dist", "cli", "main.js");

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to completion without blocking this process, which also serves the local API. */
function runCommand(file: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; input?: string }) {
  return new Promise<Ran>((resolve, reject) => {
    const child = spawn(file, args, { cwd: options.cwd, env: options.env, stdio: ["pipe", "pipe", "pipe"] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
    child.on("error", reject);
    child.on("close", (code) =>
      resolve({ code, stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString() }),
    );
    child.stdin.end(options.input ?? "");
  });
}

/** The pulumi CLI scripts/toolchain.sh provides (the variable names its bin directory or the binary). */
function pulumiBinary(): string {
  const bin = process.env.PULUMI_STREAMKAP_PULUMI_BIN;
  if (!bin) throw new Error("PULUMI_STREAMKAP_PULUMI_BIN is not set: run the tests through scripts/toolchain.sh");
  return fs.statSync(bin).isDirectory() ? path.join(bin, "pulumi") : bin;
}

/** `pulumi preview --json` as the workflow runs it, with the environment the test project's workspace uses. */
export async function previewJson(project: TestProject): Promise<string> {
  const workspace = project.stack.workspace;
  const env = { ...process.env, ...workspace.envVars, PULUMI_HOME: workspace.pulumiHome };
  const args = ["preview", "--json", "--refresh", "--show-sames", "--non-interactive", "--stack", project.stack.name];
  const preview = await runCommand(pulumiBinary(), args, { cwd: project.dir, env });
  if (preview.code !== 0)
    throw new Error(`pulumi preview failed (${preview.code}):\n${preview.stderr}\n${preview.stdout}`);
  return preview.stdout;
}

export async function prSummary(previewOutput: string): Promise<string> {
  const summary = await runCommand(process.execPath, [cli, "pr-summary"], { input: previewOutput });
  if (summary.code !== 0) throw new Error(`pr-summary failed (${summary.code}): ${summary.stderr}`);
  return summary.stdout;
}

/** The id of the Mermaid node drawn exactly as `node` (shape and label). */
export function nodeId(mermaid: string, node: string): string {
  const line = mermaid.split("\n").find((candidate) => candidate.trim().endsWith(node));
  const id = line?.trim().slice(0, line.trim().length - node.length);
  if (!id) throw new Error(`no node ${node} in:\n${mermaid}`);
  return id;
}

/** The node ids the diagram gives a class such as `replaced`. */
export function marked(mermaid: string, mark: string): string[] {
  const line = mermaid
    .split("\n")
    .find((candidate) => candidate.trim().startsWith("class ") && candidate.endsWith(` ${mark}`));
  return line ? line.trim().split(" ")[1].split(",") : [];
}
