// A Pulumi project in a temporary directory running one compiled benchmark stack (bench/perf/stacks/<name>), with
// its own file backend and passphrase secrets, driven by the real engine through the Automation API. Its
// node_modules is laid out as layout.ts describes. The provider-plugin stack finds pulumi-resource-streamkap on PATH,
// where the project puts the bin/ of its own copy of the package first.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

import { type ConfigMap, type Deployment, LocalWorkspace, Stack } from "@pulumi/pulumi/automation";

import { type Layout, provideNodeModules, provideProgram } from "./layout";
import { pulumiCommand } from "./toolchain";

export type StackName = "mixed" | "floor" | "plugin";

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
    const pluginPath: Record<string, string> =
      program === "plugin"
        ? { PATH: [pluginBinDir(dir), process.env.PATH].filter((part) => part).join(path.delimiter) }
        : {};
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
