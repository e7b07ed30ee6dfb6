/**
 * The package's types as a new user's TypeScript sees them (issue #30): the quickstart, a typed transform and a
 * lookup, and the quickstart on the plugin's SDK (@streamkap/pulumi), type-checked by TypeScript 5.9, 6.0 and 7.0
 * (the npm registry's `typescript` today) under the module settings a project has:
 * - Pulumi's `pulumi new typescript` template (module commonjs, moduleResolution node): TypeScript 6 refuses
 *   `node` (node10) resolution unless told `"ignoreDeprecations": "6.0"`, and 7 has removed it; the user changes
 *   the setting, which the README's first program says;
 * - `module: nodenext` and `module: preserve` with `moduleResolution: bundler`, which TypeScript 6 and 7 recommend.
 * The projects link this checkout's node_modules, which holds more @types than a user's (old @pulumi/pulumi's got
 * brings @types/cacheable-request, which TypeScript 5.9 would include): `types: ["node"]` keeps to a user's.
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";

import { installGeneratedNodeSdk } from "../harness/generated-node-sdk";

const repoRoot = path.resolve(__dirname, "../../..");
const modules = path.join(repoRoot, "node_modules");

/** Each TypeScript: the package under node_modules, and how its `tsc` runs (7 is a native executable). */
const compilers = {
  "5.9": { command: process.execPath, args: [path.join(modules, "typescript", "bin", "tsc")] },
  "6.0": { command: process.execPath, args: [path.join(modules, "typescript-6", "bin", "tsc")] },
  "7.0": { command: path.join(modules, "typescript-7", "bin", "tsc"), args: [] },
} as const;
type Compiler = keyof typeof compilers;

const settings = {
  "pulumi new template": { target: "es2020", module: "commonjs", moduleResolution: "node" },
  nodenext: { target: "es2022", module: "nodenext", moduleResolution: "nodenext" },
  bundler: { target: "es2022", module: "preserve", moduleResolution: "bundler" },
} as const;
type Setting = keyof typeof settings;

async function tsc(compiler: Compiler, dir: string): Promise<{ code: number; output: string }> {
  const { command, args } = compilers[compiler];
  try {
    const { stdout, stderr } = await promisify(execFile)(command, [
      ...args,
      "-p",
      dir,
      "--noEmit",
      "--pretty",
      "false",
    ]);
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, output: `${failed.stdout ?? ""}${failed.stderr ?? ""}` };
  }
}

const programs = {
  "pulumi-streamkap": {
    files: {
      "index.ts": fs.readFileSync(path.join(repoRoot, "examples", "quickstart", "index.ts"), "utf8"),
      "more.ts": [
        'import * as streamkap from "pulumi-streamkap";',
        "",
        'export const clean = new streamkap.MapFilterTransform("clean-orders", {',
        '  inputTopicPattern: "source_.*",',
        '  outputTopicPattern: "clean_orders",',
        '  implementation: { language: "JAVASCRIPT", valueTransform: "function _streamkap_transform(v) { return v; }" },',
        "});",
        "export const tagNames = streamkap.getTags().then((tags) => tags.map((tag) => tag.name));",
        "",
      ].join("\n"),
    },
    plugin: false,
  },
  "@streamkap/pulumi": {
    files: {
      "index.ts": fs.readFileSync(
        path.join(repoRoot, "tests", "fixtures", "programs", "quickstart-plugin", "index.ts"),
        "utf8",
      ),
    },
    plugin: true,
  },
} as const;

let pluginModules: string;

beforeAll(async () => {
  // The plugin SDK built once into a project's node_modules, which every @streamkap/pulumi project links.
  pluginModules = fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-ts-sdk-"));
  await installGeneratedNodeSdk(pluginModules);
}, 300_000);

afterAll(() => {
  if (pluginModules) fs.rmSync(pluginModules, { recursive: true, force: true });
});

function project(program: keyof typeof programs, setting: Setting, extra: Record<string, unknown> = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-ts-"));
  const { files, plugin } = programs[program];
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  fs.symlinkSync(plugin ? path.join(pluginModules, "node_modules") : modules, path.join(dir, "node_modules"));
  const compilerOptions = {
    strict: true,
    outDir: "bin",
    types: ["node"],
    skipLibCheck: false,
    ...settings[setting],
    ...extra,
  };
  fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions, files: Object.keys(files) }));
  return dir;
}

const cases = (Object.keys(programs) as Array<keyof typeof programs>).flatMap((program) =>
  (Object.keys(compilers) as Compiler[]).flatMap((compiler) =>
    (["nodenext", "bundler"] as Setting[]).map((setting) => [program, compiler, setting] as const),
  ),
);

test.each(cases)("%s type-checks with TypeScript %s under module %s", async (program, compiler, setting) => {
  expect(await tsc(compiler, project(program, setting))).toEqual({ code: 0, output: "" });
});

test.each(Object.keys(programs) as Array<keyof typeof programs>)(
  "%s under the pulumi new template's settings: 5.9 type-checks; 6.0 asks for ignoreDeprecations; 7.0 for another resolution",
  async (program) => {
    expect(await tsc("5.9", project(program, "pulumi new template"))).toEqual({ code: 0, output: "" });
    const six = await tsc("6.0", project(program, "pulumi new template"));
    expect(six.output).toContain("error TS5107: Option 'moduleResolution=node10' is deprecated");
    const quieted = project(program, "pulumi new template", { ignoreDeprecations: "6.0" });
    expect(await tsc("6.0", quieted)).toEqual({ code: 0, output: "" });
    const seven = await tsc("7.0", project(program, "pulumi new template"));
    expect(seven.output).toContain("error TS5108: Option 'moduleResolution=node10' has been removed");
  },
);
