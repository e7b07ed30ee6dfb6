/**
 * `pulumi-streamkap from-terraform` as the engine tests run it: in-process against a local server, with the pulumi
 * CLI of the toolchain (for `--set-secrets` and `pulumi convert`), and a written Python project installed as a
 * user installs it.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";

import { runFromTerraformCommand } from "../../cli/from-terraform/command";
import { packageVersion } from "../../scripts/package-version";
import { buildPythonPackages } from "../../scripts/python-package";
import type { LocalServer } from "../../server";

export interface FromTerraformRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the command in-process as `pulumi-streamkap from-terraform …`, capturing what it prints. */
export async function fromTerraform(argv: string[], env: NodeJS.ProcessEnv): Promise<FromTerraformRun> {
  let stdout = "";
  let stderr = "";
  const code = await runFromTerraformCommand(argv, {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    env,
  });
  return { code, stdout, stderr };
}

/** The command against `server`, with its credentials in the environment, and `env` besides. */
export function fromTerraformAgainst(
  argv: string[],
  server: Pick<LocalServer, "baseUrl" | "clientId" | "secret">,
  env: NodeJS.ProcessEnv = {},
): Promise<FromTerraformRun> {
  return fromTerraform(argv, {
    ...process.env,
    ...env,
    STREAMKAP_HOST: server.baseUrl,
    STREAMKAP_CLIENT_ID: server.clientId,
    STREAMKAP_SECRET: server.secret,
  });
}

/** What the pulumi CLI the tests run needs to find the project's file backend (for --set-secrets). */
export function pulumiCliEnv(dir: string): NodeJS.ProcessEnv {
  const bin = process.env.PULUMI_STREAMKAP_PULUMI_BIN;
  if (!bin) throw new Error("PULUMI_STREAMKAP_PULUMI_BIN is not set: run the tests with `npm test`");
  return {
    PATH: `${path.dirname(bin)}${path.delimiter}${process.env.PATH ?? ""}`,
    PULUMI_BACKEND_URL: `file://${path.join(dir, ".state")}`,
    PULUMI_CONFIG_PASSPHRASE: "test-passphrase",
    PULUMI_HOME: path.join(dir, ".pulumi-home"),
    PULUMI_SKIP_UPDATE_CHECK: "true",
  };
}

/**
 * A written Python project's virtualenv, from its requirements.txt as a user installs it, with the generated SDK's
 * wheel given (it is not on PyPI from here); the wheel is built into `scratch`.
 */
export function installPythonProject(dir: string, scratch: string): void {
  const wheels = fs.mkdtempSync(path.join(scratch, "wheels-"));
  const { wheel } = buildPythonPackages(wheels, packageVersion());
  execFileSync("python3", ["-m", "venv", "venv"], { cwd: dir, stdio: "pipe" });
  execFileSync(path.join(dir, "venv", "bin", "pip"), ["install", "--quiet", wheel, "-r", "requirements.txt"], {
    cwd: dir,
    stdio: "pipe",
    maxBuffer: 64 << 20,
  });
}
