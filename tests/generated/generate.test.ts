/**
 * `npm run generate` makes everything generated (typed classes, parity and error docs, schema.json, the SDKs,
 * api-surface.txt) from the declarations: run on a copy of this tree, it changes nothing. A declaration changed
 * without regenerating, or a generated file edited by hand, fails here with the files that differ.
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const repoRoot = path.resolve(__dirname, "../../..");
let copy: string;

beforeAll(async () => {
  copy = fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-generate-"));
  // The tree as it stands (tracked files and new ones, as `git add -A` would take them), with this checkout's
  // node_modules, committed in a repository of its own so that `git status` shows what generate changed.
  const { stdout } = await run("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], {
    cwd: repoRoot,
    maxBuffer: 64 << 20,
  });
  for (const file of stdout.split("\0").filter(Boolean)) {
    const from = path.join(repoRoot, file);
    if (!fs.existsSync(from)) continue; // deleted in the working tree
    fs.mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    fs.copyFileSync(from, path.join(copy, file));
  }
  fs.symlinkSync(path.join(repoRoot, "node_modules"), path.join(copy, "node_modules"), "dir");
  const git = (...args: string[]) => run("git", args, { cwd: copy });
  await git("init", "-q");
  await git("add", "-A");
  await git("-c", "user.name=test", "-c", "user.email=test@example.com", "commit", "-qm", "tree");
}, 120_000);

afterAll(() => fs.rmSync(copy, { recursive: true, force: true }));

test("npm run generate on this tree changes nothing", async () => {
  await run("npm", ["run", "--silent", "generate"], { cwd: copy, maxBuffer: 64 << 20, env: process.env });
  const { stdout } = await run("git", ["status", "--porcelain"], { cwd: copy });
  const changed = stdout.split("\n").filter((line) => line && !line.endsWith(" dist/") && !/ dist\//.test(line));
  expect({ changed, fix: "npm run generate, and commit what it wrote" }).toEqual({
    changed: [],
    fix: "npm run generate, and commit what it wrote",
  });
}, 600_000);
