/**
 * This tree as a fresh clone would have it: the tracked files and new ones (as `git add -A` would take them),
 * without dist/ or anything ignored, with this checkout's node_modules linked in. For tests that run a command
 * that writes into the tree (`npm run generate`, `npm pack`'s build) without touching this checkout.
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const repoRoot = path.resolve(__dirname, "../../..");

export async function copyOfTree(dest: string, leaveOut: (file: string) => boolean = () => false): Promise<void> {
  const { stdout } = await run("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], {
    cwd: repoRoot,
    maxBuffer: 64 << 20,
  });
  for (const file of stdout.split("\0").filter(Boolean)) {
    const from = path.join(repoRoot, file);
    if (!fs.existsSync(from) || leaveOut(file)) continue; // deleted in the working tree, or not wanted
    fs.mkdirSync(path.dirname(path.join(dest, file)), { recursive: true });
    fs.copyFileSync(from, path.join(dest, file));
  }
  fs.symlinkSync(path.join(repoRoot, "node_modules"), path.join(dest, "node_modules"), "dir");
}
