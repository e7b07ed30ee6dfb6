// A Pulumi project in a temporary directory running one compiled benchmark stack (bench/perf/stacks/<name>), with
// its own file backend and passphrase secrets, driven by the real engine through the Automation API. Its
// node_modules is laid out as layout.ts describes. The provider-plugin stack finds pulumi-resource-streamkap on PATH,
// where the project puts the bin/ of its own copy of the package first.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

import { type ConfigMap, type Deployment, LocalWorkspace, Stack } from "@pulumi/pulumi/automation";

import { type Layout, provideNodeModules, provideProgram } from "./layout";
import { floorDirVariable } from "./stacks/floor/outputs";
import { pulumiCommand } from "./toolchain";

export type StackName = "mixed" | "floor" | "plugin" | "floor-plugin";

/** The floor stacks, which call nothing. */
export function isFloorProgram(program: StackName): boolean {
  return program === "floor" || program === "floor-plugin";
}

/** Where the API server is and how to log in; absent for the floor, which calls nothing. */
export interface Endpoint {
  baseUrl: string;
  clientId: string;
  secret: string;
}

const stackName = "bench";

/** Where the project's copy of the package keeps pulumi-resource-streamkap. */
export function pluginBinDir(projectDir: string): string {
  return path.join(projectDir, "node_modules", "pulumi-streamkap", "bin");
}

/**
 * A bin directory in the project holding pulumi-resource-benchfloor, which runs the floor plugin of the project's
 * program copy (stacks/floor-plugin/provider.ts) with the `node` on PATH.
 */
function floorPluginBin(projectDir: string): string {
  const bin = path.join(projectDir, "floor-bin");
  fs.mkdirSync(bin);
  const launcher = path.join(bin, "pulumi-resource-benchfloor");
  const provider = path.join(projectDir, "stacks", "floor-plugin", "provider.js");
  fs.writeFileSync(launcher, `#!/bin/sh\nexec node ${JSON.stringify(provider)} "$@"\n`, { mode: 0o755 });
  return bin;
}

export class BenchProject {
  private constructor(
    readonly dir: string,
    readonly projectName: string,
    readonly stack: Stack,
  ) {}

  /** `extraEnv` reaches the CLI and every process it starts (program, language host, dynamic provider). */
  static async create(
    repoRoot: string,
    program: StackName,
    layout: Layout,
    endpoint: Endpoint | undefined,
    extraEnv: Record<string, string> = {},
  ): Promise<BenchProject> {
    const projectName = `bench-${program}`;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `streamkap-${projectName}-`));
    provideNodeModules(repoRoot, dir, layout);
    const main = provideProgram(repoRoot, dir, program);
    // The plugin as a user who installed the package has it: the project's copy (or link, with --linked), whose
    // bin/pulumi-resource-streamkap runs that copy's dist/provider/plugin/main.js.
    const binDir =
      program === "plugin" ? pluginBinDir(dir) : program === "floor-plugin" ? floorPluginBin(dir) : undefined;
    const pluginPath: Record<string, string> = binDir
      ? { PATH: [binDir, process.env.PATH].filter((part) => part).join(path.delimiter) }
      : {};
    // The floor's provider reads the state it is to hold from the project (stacks/floor/outputs.ts).
    const floorDir: Record<string, string> = isFloorProgram(program) ? { [floorDirVariable]: dir } : {};
    fs.writeFileSync(
      path.join(dir, "Pulumi.yaml"),
      `name: ${projectName}\nruntime:\n  name: nodejs\n  options:\n    typescript: false\nmain: ${main}\n`,
    );
    fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: projectName, private: true }));
    fs.mkdirSync(path.join(dir, ".state"));

    const workspace = await LocalWorkspace.create({
      workDir: dir,
      pulumiHome: path.join(dir, ".pulumi-home"),
      pulumiCommand: await pulumiCommand(),
      envVars: {
        PULUMI_BACKEND_URL: `file://${path.join(dir, ".state")}`,
        PULUMI_CONFIG_PASSPHRASE: "bench-passphrase",
        PULUMI_SKIP_UPDATE_CHECK: "true",
        PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
        PULUMI_AUTOMATION_API_SKIP_VERSION_CHECK: "true",
        ...pluginPath,
        ...floorDir,
        ...extraEnv,
      },
    });
    const stack = await Stack.create(stackName, workspace);
    const project = new BenchProject(dir, projectName, stack);
    if (endpoint) {
      await project.setConfig({ "streamkap:endpoint": endpoint.baseUrl, "streamkap:clientId": endpoint.clientId });
      await stack.setConfig("streamkap:secret", { value: endpoint.secret, secret: true });
    }
    return project;
  }

  async setConfig(values: Record<string, string>): Promise<void> {
    const map: ConfigMap = {};
    for (const [key, value] of Object.entries(values)) map[key] = { value };
    await this.stack.setAllConfig(map);
  }

  exportState(): Promise<Deployment> {
    return this.stack.exportStack();
  }

  /** Size in bytes of the stack's checkpoint as the file backend stores it (history and backups not counted). */
  stateFileBytes(): number {
    const file = path.join(this.dir, ".state", ".pulumi", "stacks", this.projectName, `${stackName}.json`);
    return fs.existsSync(file) ? fs.statSync(file).size : 0;
  }

  dispose(): void {
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
