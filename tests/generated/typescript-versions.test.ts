/**
 * The package's types as a new user's TypeScript sees them (issue #30): a project holding the quickstart
 * (examples/quickstart), a typed transform and a lookup on `pulumi-streamkap`, and the quickstart on the plugin's
 * generated SDK (`@streamkap/pulumi`), type-checked with `tsc --noEmit` by TypeScript 5.9, 6.0 (what
 * `npm install typescript` gives today) and 7.0, under the tsconfig.json of `pulumi new typescript` and the
 * module settings a user moves to from it:
 * - the template as it is (module commonjs, moduleResolution node): TypeScript 6 stops with TS5107 (node10
 *   resolution is deprecated) unless the project says `"ignoreDeprecations": "6.0"`, which TypeScript 5.9 rejects
 *   and 7 ignores: 7 has removed node10 resolution (TS5108);
 * - the template without its moduleResolution line, which every tsc takes (5.9 resolves commonjs as node10, 6 and 7
 *   as bundler), though `pulumi up` does not: Pulumi adds moduleResolution nodenext, which module commonjs
 *   refuses (TS5110; tests/engine/release-install.test.ts runs the README's nodenext settings);
 * - module nodenext (the README's advice), and module preserve with moduleResolution bundler, which TypeScript 6
 *   recommends; and module commonjs with moduleResolution bundler, which 6 and 7 allow and 5.9 refuses (TS5095).
 * Each project links one node_modules: this checkout's packages and the SDK built into a temporary directory. This
 * checkout's node_modules holds more @types than a user's (old @pulumi/pulumi's brings @types/cacheable-request,
 * which TypeScript 5.9 would include and fail on): `types: ["node"]` keeps to a user's. The tsc runs start at once
 * (as many at a time as there are processors); each test waits for its own.
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";

import { installGeneratedNodeSdk } from "../harness/generated-node-sdk";

const run = promisify(execFile);
const repoRoot = path.resolve(__dirname, "../../..");
const modules = path.join(repoRoot, "node_modules");

/** Each TypeScript: the npm alias under node_modules, and how its `tsc` runs (7 is a native executable). */
const compilers = {
  "5.9": { command: process.execPath, args: [path.join(modules, "typescript", "bin", "tsc")] },
  "6.0": { command: process.execPath, args: [path.join(modules, "typescript-6", "bin", "tsc")] },
  "7.0": { command: path.join(modules, "typescript-7", "bin", "tsc"), args: [] },
} as const;
type Compiler = keyof typeof compilers;
const versions = Object.keys(compilers) as Compiler[];

/** The compilerOptions of the tsconfig.json that `pulumi new typescript` writes. */
const template: Record<string, unknown> = {
  strict: true,
  outDir: "bin",
  target: "es2020",
  module: "commonjs",
  moduleResolution: "node",
  sourceMap: true,
  experimentalDecorators: true,
  pretty: true,
  noFallthroughCasesInSwitch: true,
  noImplicitReturns: true,
  forceConsistentCasingInFileNames: true,
};

/** A user's settings: the template's, with these options changed (`undefined`: the line removed). */
const settings = {
  "the pulumi new template's settings": {},
  'the template\'s settings with "ignoreDeprecations": "6.0"': { ignoreDeprecations: "6.0" },
  "the template's settings without moduleResolution": { moduleResolution: undefined },
  "module commonjs with moduleResolution bundler": { moduleResolution: "bundler" },
  "module nodenext": { module: "nodenext", moduleResolution: "nodenext" },
  "module preserve with moduleResolution bundler": { module: "preserve", moduleResolution: "bundler" },
} as const satisfies Record<string, Record<string, unknown>>;
type Setting = keyof typeof settings;

const deprecated =
  "error TS5107: Option 'moduleResolution=node10' is deprecated and will stop functioning in TypeScript 7.0. " +
  'Specify compilerOption \'"ignoreDeprecations": "6.0"\' to silence this error.';
const removed =
  "error TS5108: Option 'moduleResolution=node10' has been removed. Please remove it from your configuration.";

/** What each TypeScript says of the project under each setting: nothing (it type-checks), or this error. */
const expected: Record<Setting, Record<Compiler, string | undefined>> = {
  "the pulumi new template's settings": { "5.9": undefined, "6.0": deprecated, "7.0": removed },
  'the template\'s settings with "ignoreDeprecations": "6.0"': {
    "5.9": "error TS5103: Invalid value for '--ignoreDeprecations'.",
    "6.0": undefined,
    "7.0": removed,
  },
  "the template's settings without moduleResolution": { "5.9": undefined, "6.0": undefined, "7.0": undefined },
  "module commonjs with moduleResolution bundler": {
    "5.9":
      "error TS5095: Option 'bundler' can only be used when 'module' is set to 'preserve' or to 'es2015' or later.",
    "6.0": undefined,
    "7.0": undefined,
  },
  "module nodenext": { "5.9": undefined, "6.0": undefined, "7.0": undefined },
  "module preserve with moduleResolution bundler": { "5.9": undefined, "6.0": undefined, "7.0": undefined },
};

/** The project's files: the quickstart on each package, and a typed transform with a lookup. */
const files: Record<string, string> = {
  "index.ts": fs.readFileSync(path.join(repoRoot, "examples", "quickstart", "index.ts"), "utf8"),
  "transform.ts": [
    'import * as pulumi from "@pulumi/pulumi";',
    'import * as streamkap from "pulumi-streamkap";',
    "",
    "const orders = [{ id: 1, total: 42.5 }];",
    'export const clean = new streamkap.MapFilterTransform("clean-orders", {',
    "  inputTopicPattern: pulumi.interpolate`source_${pulumi.getStack()}\\\\.public\\\\.orders`,",
    '  outputTopicPattern: "clean_orders",',
    "  implementation: {",
    '    language: "JAVASCRIPT",',
    '    valueTransform: "function _streamkap_transform(v) { return v.total > 0 ? v : null; }",',
    "  },",
    "  unitTest: {",
    '    name: "keeps paid orders",',
    "    input: orders.map((value) => ({ value })),",
    "    expectedOutput: orders.map((value) => ({ value })),",
    "  },",
    "});",
    "export const development: Promise<string[]> = streamkap",
    '  .getTags({ name: "Development", system: true })',
    "  .then((tags) => tags.map((tag) => tag.id));",
    "",
  ].join("\n"),
  "plugin.ts": fs.readFileSync(
    path.join(repoRoot, "tests", "fixtures", "programs", "quickstart-plugin", "index.ts"),
    "utf8",
  ),
};

interface Result {
  code: number;
  output: string;
}

async function tsc(compiler: Compiler, dir: string): Promise<Result> {
  const { command, args } = compilers[compiler];
  try {
    const { stdout, stderr } = await run(command, [...args, "-p", dir, "--noEmit", "--pretty", "false"], {
      maxBuffer: 16 << 20,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, output: `${failed.stdout ?? ""}${failed.stderr ?? ""}` };
  }
}

let scratch: string;
const results = new Map<string, Promise<Result>>();

/** A project under `setting`, its node_modules a link to `linked`. */
function project(setting: Setting, linked: string): string {
  const dir = fs.mkdtempSync(path.join(scratch, "project-"));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  fs.symlinkSync(linked, path.join(dir, "node_modules"));
  const compilerOptions = { ...template, types: ["node"], ...settings[setting] };
  fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions, files: Object.keys(files) }));
  return dir;
}

beforeAll(async () => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-ts-"));
  // The plugin's SDK built once into node_modules of its own (links to this checkout's packages beside it).
  const sdk = path.join(scratch, "sdk");
  fs.mkdirSync(sdk);
  await installGeneratedNodeSdk(sdk);
  const queue: Array<() => Promise<void>> = [];
  for (const setting of Object.keys(settings) as Setting[]) {
    const dir = project(setting, path.join(sdk, "node_modules"));
    for (const compiler of versions) {
      let settle: (result: Result) => void = () => {};
      results.set(`${setting}|${compiler}`, new Promise<Result>((resolve) => (settle = resolve)));
      queue.push(async () => settle(await tsc(compiler, dir)));
    }
  }
  const worker = async (): Promise<void> => {
    for (let next = queue.shift(); next; next = queue.shift()) await next();
  };
  void Promise.all(Array.from({ length: Math.max(2, os.availableParallelism()) }, worker));
}, 300_000);

afterAll(async () => {
  await Promise.all(results.values());
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

const cases = (Object.keys(settings) as Setting[]).flatMap((setting) =>
  versions.map((compiler) => {
    const error = expected[setting][compiler];
    const says = error === undefined ? "type-checks the project" : `stops with ${/TS\d+/.exec(error)?.[0] ?? error}`;
    return [compiler, says, setting, error] as const;
  }),
);

test.each(cases)(
  "TypeScript %s %s under %s",
  async (compiler, _says, setting, error) => {
    const result = await results.get(`${setting}|${compiler}`);
    if (error === undefined) expect(result).toEqual({ code: 0, output: "" });
    else {
      expect(result?.code).not.toBe(0);
      expect(result?.output).toContain(error);
    }
  },
  300_000,
);
