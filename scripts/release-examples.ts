/**
 * The examples and documentation a release carries as a file of its own, for users who install no npm package (a
 * YAML, Python or Go user): examples/ (the YAML, Python and Go quickstarts run from there as they are, each pinning
 * the release's SDK), docs/, README.md, CHANGELOG.md and schema.json, which the documentation links to. The npm
 * package ships the same files, so every link resolves in both (tests/generated/npm-pack.test.ts).
 */
import * as fs from "node:fs";
import * as path from "node:path";

const repoRoot = path.resolve(__dirname, "../..");

/** What the archive holds, relative to the repository root; the npm package's `files` lists each of these too. */
export const documentationEntries = ["README.md", "CHANGELOG.md", "schema.json", "docs", "examples"] as const;

/** What a program's run leaves in an example's folder, which is not part of it. */
const leftByRuns = new Set(["node_modules", "venv", ".state", "__pycache__", "bin", ".pulumi"]);

/** Writes the documentation and examples into `dir`. */
export function writeDocumentation(dir: string): void {
  fs.mkdirSync(dir, { recursive: true });
  for (const entry of documentationEntries) {
    fs.cpSync(path.join(repoRoot, entry), path.join(dir, entry), {
      recursive: true,
      filter: (source) => !leftByRuns.has(path.basename(source)),
    });
  }
}
