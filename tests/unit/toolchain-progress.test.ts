/**
 * scripts/toolchain.sh takes a lock on its cache so that one run at a time installs; a run that finds the lock
 * held says so in one line, naming the holder's pid and since when (from the owner file the holder writes beside
 * the lock), instead of waiting in silence, and says when it got the lock. Run against the real cache: the tests
 * run with the toolchain set up, so only the lock is exercised. The holder here takes the lock as the script does
 * (the script itself lets go of it before running its command, so it cannot be the holder for long).
 */
import { execFile, spawn } from "node:child_process";
import * as path from "node:path";
import { promisify } from "node:util";

import { toolchainCacheDir } from "../../scripts/toolchain-cache";

const repoRoot = path.resolve(__dirname, "../../..");
const script = path.join(repoRoot, "scripts/toolchain.sh");
const cache = toolchainCacheDir();

test("a run that finds the lock held names the holder, waits for it, and says when it got the lock", async () => {
  const holder = spawn(
    "bash",
    [
      "-c",
      'exec 9>"$CACHE/.lock"; flock 9; echo "$$ $(date -u +%Y-%m-%dT%H:%M:%SZ)" >"$CACHE/.lock.owner"; echo locked; sleep 3',
    ],
    { env: { ...process.env, CACHE: cache }, stdio: ["ignore", "pipe", "inherit"] },
  );
  let holderExited = false;
  const exited = new Promise<number | null>((resolve) =>
    holder.on("exit", (code) => {
      holderExited = true;
      resolve(code);
    }),
  );
  try {
    await new Promise<void>((resolve, reject) => {
      holder.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("locked") && resolve());
      holder.on("exit", () => reject(new Error("the lock holder ended before it took the lock")));
    });

    const { stdout, stderr } = await promisify(execFile)("bash", [script, "--print-env"]);

    expect(stderr).toMatch(
      new RegExp(
        `^\\[toolchain\\] waiting for another toolchain run \\(pid ${holder.pid}, holding the lock since ` +
          `\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ\\) to finish with ${cache.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")};`,
        "m",
      ),
    );
    expect(stderr).toMatch(/^\[toolchain\] got the toolchain lock after \d+ s$/m);
    expect(stdout).toContain("export PATH=");
    // It got the lock only once the holder let go of it.
    expect(holderExited).toBe(true);
    expect(await exited).toBe(0);
  } finally {
    if (!holderExited) holder.kill();
  }
}, 120_000);
