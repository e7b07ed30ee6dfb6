/**
 * The documentation a user reads (README.md and docs/**): the first program in the README is the quickstart that
 * `npm run demo` runs, every relative link lands on a file and heading that exist, and every TypeScript example
 * compiles against this package as written (unless it says why it cannot stand alone).
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";

import { type CodeBlock, anchors, codeBlocks, documentationFiles, links, repoRoot } from "../harness/doc-blocks";

const run = promisify(execFile);
const files = documentationFiles();
const read = (file: string): string => fs.readFileSync(path.join(repoRoot, file), "utf8");
const notRunnable = /^<!-- not runnable: (.*\S.*) -->$/;

test("the README's first program is examples/quickstart/index.ts, which `npm run demo` runs", () => {
  const first = codeBlocks(read("README.md")).find((block) => block.lang === "ts" || block.lang === "typescript");
  expect(first?.code).toBe(read("examples/quickstart/index.ts"));
});

/**
 * Links to this repository's own files on GitHub, which the npm package does not hold (the benches' results, the
 * workflows, the generated SDKs): the path must exist here.
 */
const ownRepository = /^https:\/\/github\.com\/streamkap-com\/pulumi-streamkap\/(?:blob|tree)\/main\/([^#]+)/;

test("every relative link in README.md, docs/ and examples/ names a file that exists, and a heading of it", () => {
  const broken: string[] = [];
  for (const file of files) {
    for (const link of links(read(file))) {
      const own = ownRepository.exec(link.target);
      if (own && !fs.existsSync(path.join(repoRoot, decodeURI(own[1] ?? ""))))
        broken.push(`${file}:${link.line}: ${link.target} (no such file in this repository)`);
      if (/^(https?:|mailto:)/i.test(link.target)) continue;
      const [target, anchor] = link.target.split("#", 2);
      const resolved = target ? path.join(path.dirname(path.join(repoRoot, file)), decodeURI(target)) : "";
      const shown = `${file}:${link.line}: ${link.target}`;
      if (target && !fs.existsSync(resolved)) {
        broken.push(`${shown} (no such file)`);
        continue;
      }
      // Anchors are checked in Markdown only: GitHub makes them from headings (a `#L10` in code is a line).
      const page = target ? resolved : path.join(repoRoot, file);
      if (anchor !== undefined && page.endsWith(".md") && !anchors(fs.readFileSync(page, "utf8")).has(anchor))
        broken.push(`${shown} (no heading with that anchor)`);
    }
  }
  expect(broken).toEqual([]);
});

interface Placed {
  file: string;
  block: CodeBlock;
  name: string;
}

/** TypeScript blocks to compile, and the markers of the others (each must give a reason). */
function typescriptBlocks(): { placed: Placed[]; unmarked: string[] } {
  const placed: Placed[] = [];
  const unmarked: string[] = [];
  for (const file of files) {
    for (const block of codeBlocks(read(file))) {
      if (block.lang !== "ts" && block.lang !== "typescript") continue;
      if (block.before.startsWith("<!-- not runnable")) {
        if (!notRunnable.test(block.before)) unmarked.push(`${file}:${block.line}: the marker gives no reason`);
        continue;
      }
      // `pulumi-streamkap/server` is an ES module export with top-level await: those blocks compile as .mts.
      const esm = /from "pulumi-streamkap\/server"/.test(block.code);
      placed.push({ file, block, name: `block-${placed.length + 1}.${esm ? "mts" : "ts"}` });
    }
  }
  return { placed, unmarked };
}

/** tsc's `block-N.ts(line,col): error …` lines, as `<doc>:<line>: error …` of the documentation. */
function located(output: string, placed: Placed[]): string[] {
  const byName = new Map(placed.map((entry) => [entry.name, entry]));
  return output
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => {
      const match = /^(block-\d+\.m?ts)\((\d+),\d+\): (.*)$/.exec(line);
      const entry = match ? byName.get(match[1]) : undefined;
      return entry && match ? `${entry.file}:${entry.block.line + Number(match[2])}: ${match[3]}` : line;
    });
}

test("every TypeScript example in README.md, docs/ and examples/ compiles against this package as written", async () => {
  const { placed, unmarked } = typescriptBlocks();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "doc-blocks-"));
  try {
    // `pulumi-streamkap` resolves to this checkout (node_modules/pulumi-streamkap links to it), built in dist/.
    fs.symlinkSync(path.join(repoRoot, "node_modules"), path.join(dir, "node_modules"), "dir");
    // `export {}` makes each block a module of its own, so two examples may both declare `orders`; it is appended,
    // so tsc's line numbers stay those of the block.
    for (const entry of placed) fs.writeFileSync(path.join(dir, entry.name), `${entry.block.code}export {};\n`);
    const names = (extension: ".ts" | ".mts"): string[] =>
      placed.map((entry) => entry.name).filter((name) => path.extname(name) === extension);
    const common = { noEmit: true, strict: true, esModuleInterop: true, skipLibCheck: true, target: "es2022" };
    // The plugin's SDK, `@streamkap/pulumi`, is not installed here: its blocks compile against the generated source.
    const paths = { "@streamkap/pulumi": [path.join(repoRoot, "sdk-gen", "nodejs", "index.ts")] };
    const projects = [
      { module: "commonjs", moduleResolution: "node", files: names(".ts") },
      { module: "nodenext", moduleResolution: "nodenext", files: names(".mts") },
    ];
    const tsc = path.join(repoRoot, "node_modules", "typescript", "bin", "tsc");
    // One tsc run per module kind, not one per block: a run costs seconds.
    const outputs = await Promise.all(
      projects.map(async ({ files: blockFiles, ...kind }, index) => {
        if (blockFiles.length === 0) return "";
        const project = `tsconfig-${index}.json`;
        const compilerOptions = { ...common, ...kind, baseUrl: ".", paths };
        fs.writeFileSync(path.join(dir, project), JSON.stringify({ compilerOptions, files: blockFiles }));
        return run(process.execPath, [tsc, "-p", project], { cwd: dir, maxBuffer: 64 << 20 }).then(
          () => "",
          (error: { stdout?: string; stderr?: string }) => `${error.stdout ?? ""}${error.stderr ?? ""}`,
        );
      }),
    );
    expect([...unmarked, ...located(outputs.join("\n"), placed)]).toEqual([]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);

test("every YAML example in README.md, docs/ and examples/ parses, and a whole Pulumi.yaml names its project and runtime", () => {
  // js-yaml comes with the toolchain's dependencies; it has no type declarations, so its one function is typed here.
  const { load } = createRequire(__filename)("js-yaml") as { load: (text: string) => unknown };
  const failures: string[] = [];
  for (const file of files) {
    for (const block of codeBlocks(read(file))) {
      if (block.lang !== "yaml" && block.lang !== "yml") continue;
      try {
        const parsed = load(block.code);
        // A block that starts a project (`name:`) is a whole Pulumi.yaml, which the engine refuses without a runtime.
        const project = typeof parsed === "object" && parsed !== null && "name" in parsed;
        if (project && !("runtime" in parsed)) failures.push(`${file}:${block.line}: a Pulumi.yaml without runtime:`);
      } catch (error) {
        failures.push(`${file}:${block.line}: ${(error as Error).message.split("\n")[0]}`);
      }
    }
  }
  expect(failures).toEqual([]);
});
