/**
 * The local server's import direction (docs/architecture.md, `server/`): the web console is a plugin the
 * composition registers beside the API, so the API's HTTP layer (`server/http`) imports nothing of
 * `server/console`, not even a type. Read from the sources, so a type-only import, which compiles to nothing, is
 * caught too.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as ts from "typescript";

const repoRoot = path.resolve(__dirname, "../../..");

/** Every TypeScript source under a directory of the repository, relative to the repository. */
function sourcesUnder(dir: string): string[] {
  return fs
    .readdirSync(path.join(repoRoot, dir), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts"))
    .map((file) => path.join(dir, file));
}

/** What a file imports, resolved to repository paths where relative (static, type-only, dynamic and require). */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(path.join(repoRoot, file), "utf8");
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map(({ fileName }) =>
      fileName.startsWith(".") ? path.normalize(path.join(path.dirname(file), fileName)) : fileName,
    );
}

function isUnder(target: string, dir: string): boolean {
  return target === dir || target.startsWith(`${dir}${path.sep}`);
}

test("the sources read are server/http's, and their imports are seen", () => {
  const files = sourcesUnder("server/http");
  expect(files).toContain(path.join("server", "http", "app.ts"));
  // A file known to import a sibling: the reading itself works.
  expect(importsOf(path.join("server", "http", "app.ts"))).toContain(path.join("server", "http", "auth"));
});

test("server/http imports nothing from server/console", () => {
  const consoleDir = path.join("server", "console");
  const crossing = sourcesUnder("server/http").flatMap((file) =>
    importsOf(file)
      .filter((target) => isUnder(target, consoleDir))
      .map((target) => `${file} imports ${target}`),
  );
  expect(crossing).toEqual([]);
});
