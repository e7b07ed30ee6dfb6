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

import { copyOfTree } from "../harness/tree-copy";

const run = promisify(execFile);
let copy: string;

beforeAll(async () => {
  copy = fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-generate-"));
  // Committed in a repository of its own, so that `git status` shows what generate changed.
  await copyOfTree(copy);
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
