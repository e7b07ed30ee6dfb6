import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

import {
  type ConfigMap,
  type EngineEvent,
  LocalWorkspace,
  type OpType,
  type PreviewResult,
  PulumiCommand,
  Stack,
  type UpResult,
} from "@pulumi/pulumi/automation";

import type { LocalServer } from "../../server";

const repoRoot = path.resolve(__dirname, "../../..");

/** The pulumi CLI that scripts/toolchain.sh put on PATH (npm test runs jest through it). */
async function pulumiCommand(): Promise<PulumiCommand> {
  const bin = process.env.PULUMI_STREAMKAP_PULUMI_BIN;
  if (!bin) {
    throw new Error("PULUMI_STREAMKAP_PULUMI_BIN is not set: run the tests with `npm test` (scripts/toolchain.sh)");
  }
  return PulumiCommand.get({ root: path.dirname(bin), skipVersionCheck: true });
}

/** What one resource step of a preview or update said, as the engine reported it. */
export interface StepReport {
  op: OpType;
  name: string;
  type: string;
  /** Changed top-level properties. */
  diffs: string[];
  /** Properties that force a replacement. */
  replaceKeys: string[];
  /** Property paths with their kind of change, e.g. `config["database.port"]`: "update". */
  detailedDiff: Record<string, string>;
}

export interface PreviewReport {
  result: PreviewResult;
  steps: StepReport[];
  /** Every diagnostic message the engine printed (errors and warnings), in order. */
  diagnostics: string[];
}

function collector(): { onEvent: (event: EngineEvent) => void; steps: StepReport[]; diagnostics: string[] } {
  const steps: StepReport[] = [];
  const diagnostics: string[] = [];
  return {
    steps,
    diagnostics,
    onEvent: (event) => {
      const metadata = event.resourcePreEvent?.metadata;
      if (metadata && metadata.type !== "pulumi:pulumi:Stack") {
        steps.push({
          op: metadata.op,
          name: metadata.urn.split("::").pop() ?? metadata.urn,
          type: metadata.type,
          diffs: metadata.diffs ?? [],
          replaceKeys: metadata.keys ?? [],
          detailedDiff: Object.fromEntries(
            Object.entries(metadata.detailedDiff ?? {}).map(([key, value]) => [key, value.diffKind]),
          ),
        });
      }
      // What the person running pulumi sees: debug lines (shown only with -v) echo resource inputs verbatim.
      // (The typings omit "debug", but the engine sends it.)
      if (event.diagnosticEvent && (event.diagnosticEvent.severity as string) !== "debug") {
        diagnostics.push(event.diagnosticEvent.message);
      }
    },
  };
}

/**
 * A Pulumi project in a temporary directory that runs one compiled fixture program (tests/fixtures/<name>),
 * with its own file backend and passphrase secrets, wired to a local API server through stack config.
 */
/**
 * The provider honours HTTPS_PROXY/HTTP_PROXY (issue #39): on a machine that sets them (a company's CI runner),
 * the local servers on this machine's loopback are reached directly, as a user would say in NO_PROXY; what the
 * machine's NO_PROXY names stays. A test of the proxy itself sets these anew.
 */
function localServersDirect(): Record<string, string> {
  const named = process.env.no_proxy ?? process.env.NO_PROXY;
  const direct = [named, "127.0.0.1", "localhost", "::1"].filter(Boolean).join(",");
  return { NO_PROXY: direct, no_proxy: direct };
}

export class TestProject {
  private constructor(
    readonly dir: string,
    readonly stack: Stack,
  ) {}

  static async create(fixture: string, server: LocalServer, config: Record<string, string> = {}): Promise<TestProject> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `streamkap-${fixture}-`));
    const program = path.join(repoRoot, "dist", "tests", "fixtures", fixture, "index.js");
    if (!fs.existsSync(program)) throw new Error(`no compiled fixture at ${program}: run \`npm run build\``);
    fs.writeFileSync(
      path.join(dir, "Pulumi.yaml"),
      `name: ${fixture}\nruntime:\n  name: nodejs\n  options:\n    typescript: false\nmain: index.js\n`,
    );
    fs.writeFileSync(
      path.join(dir, "package.json"),
      JSON.stringify({ name: fixture, private: true, main: "index.js" }),
    );
    fs.writeFileSync(path.join(dir, "index.js"), `module.exports = require(${JSON.stringify(program)});\n`);
    return TestProject.fromDirectory(dir, server, config);
  }

  /**
   * The Pulumi project in `dir` as it stands (its own Pulumi.yaml, `Pulumi.<stack>.yaml` and program, TypeScript
   * included, which the nodejs runtime type-checks), e.g. one a test has just generated. As in
   * {@link TestProject.create}, node_modules is linked so the program resolves @pulumi/pulumi and
   * pulumi-streamkap from this checkout, state goes to a file backend inside `dir`, and the stack's credentials are
   * those of `service`: a local server, or another service of it (`{ baseUrl: server.baseUrl, ...createService() }`).
   * `config` is set over what the stack's file holds. `dispose()` removes `dir`.
   */
  static async fromDirectory(
    dir: string,
    service: Pick<LocalServer, "baseUrl" | "clientId" | "secret">,
    config: Record<string, string> = {},
    stackName = "test",
  ): Promise<TestProject> {
    if (!fs.existsSync(path.join(dir, "Pulumi.yaml"))) throw new Error(`no Pulumi.yaml in ${dir}`);
    if (!fs.existsSync(path.join(dir, "node_modules"))) {
      // The program and the dynamic provider resolve @pulumi/pulumi and pulumi-streamkap from here, as in a
      // user's project.
      fs.symlinkSync(path.join(repoRoot, "node_modules"), path.join(dir, "node_modules"), "dir");
    }
    fs.mkdirSync(path.join(dir, ".state"), { recursive: true });
    const workspace = await LocalWorkspace.create({
      workDir: dir,
      pulumiHome: path.join(dir, ".pulumi-home"),
      pulumiCommand: await pulumiCommand(),
      envVars: {
        PULUMI_BACKEND_URL: `file://${path.join(dir, ".state")}`,
        PULUMI_CONFIG_PASSPHRASE: "test-passphrase",
        PULUMI_SKIP_UPDATE_CHECK: "true",
        PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
        PULUMI_AUTOMATION_API_SKIP_VERSION_CHECK: "true",
        ...localServersDirect(),
      },
    });
    // Selected when it exists: a command under test (from-terraform --set-secrets) may have made it.
    const stack = await Stack.createOrSelect(stackName, workspace);
    const project = new TestProject(dir, stack);
    await project.setConfig({ "streamkap:endpoint": service.baseUrl, "streamkap:clientId": service.clientId });
    await stack.setConfig("streamkap:secret", { value: service.secret, secret: true });
    await project.setConfig(config);
    return project;
  }

  async setConfig(values: Record<string, string>): Promise<void> {
    const map: ConfigMap = {};
    for (const [key, value] of Object.entries(values)) map[key] = { value };
    if (Object.keys(map).length > 0) await this.stack.setAllConfig(map);
  }

  async removeConfig(key: string): Promise<void> {
    await this.stack.removeConfig(key);
  }

  /** `pulumi preview`; with `refresh`, `pulumi preview --refresh` (reads every resource from the service first). */
  async preview(options: { refresh?: boolean } = {}): Promise<PreviewReport> {
    const events = collector();
    const result = await this.stack.preview({ onEvent: events.onEvent, diff: true, refresh: options.refresh });
    return { result, steps: events.steps, diagnostics: events.diagnostics };
  }

  /** A preview expected to fail; resolves with what the engine printed. */
  async failingPreview(): Promise<{ message: string; diagnostics: string[] }> {
    const events = collector();
    try {
      await this.stack.preview({ onEvent: events.onEvent });
    } catch (error) {
      return { message: error instanceof Error ? error.message : String(error), diagnostics: events.diagnostics };
    }
    throw new Error("expected the preview to fail, but it succeeded");
  }

  /** An `up` expected to fail; resolves with what the engine printed. */
  async failingUp(): Promise<{ message: string; diagnostics: string[] }> {
    const events = collector();
    try {
      await this.stack.up({ onEvent: events.onEvent });
    } catch (error) {
      return { message: error instanceof Error ? error.message : String(error), diagnostics: events.diagnostics };
    }
    throw new Error("expected `pulumi up` to fail, but it succeeded");
  }

  async up(): Promise<UpResult & { steps: StepReport[] }> {
    const events = collector();
    const result = await this.stack.up({ onEvent: events.onEvent });
    return { ...result, steps: events.steps };
  }

  async refresh(): Promise<{ diagnostics: string[] }> {
    const events = collector();
    await this.stack.refresh({ onEvent: events.onEvent });
    return { diagnostics: events.diagnostics };
  }

  async destroy(): Promise<void> {
    await this.stack.destroy();
  }

  /** The stack's state file exactly as the file backend stores it (secrets encrypted, as on disk). */
  stateFile(): string {
    const stacks = path.join(this.dir, ".state", ".pulumi", "stacks");
    const files = fs
      .readdirSync(stacks, { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".json"));
    return files.map((file) => fs.readFileSync(path.join(stacks, file), "utf8")).join("\n");
  }

  /** Removes the project directory; the stack's state goes with it. */
  dispose(): void {
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
