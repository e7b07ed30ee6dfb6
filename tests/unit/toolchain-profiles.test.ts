/**
 * scripts/toolchain.sh builds per command what that command uses (issue #52): package.json's scripts name their
 * profile with `--for`, and `npm run demo` gets Node and pulumi with its Node host, nothing else: no Go tool, no
 * release tool, no browser (so no apt-get). Run against an empty cache with Node and pulumi already on PATH, the
 * demo's step leaves that cache as empty as it found it.
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const repoRoot = path.resolve(__dirname, "../../..");
const script = path.join(repoRoot, "scripts", "toolchain.sh");

const steps = async (profile: string) =>
  (await run("bash", [script, "--for", profile, "--list"])).stdout.trim().split(/\s+/);

test("every package.json script that runs through the toolchain names what it uses, and every step exists", async () => {
  const scripts = (
    JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    }
  ).scripts;
  const text = fs.readFileSync(script, "utf8");
  const calls = Object.entries(scripts).flatMap(([name, command]) =>
    [...command.matchAll(/toolchain\.sh(?: --for (\S+))?/g)].map((match) => ({ name, profile: match[1] })),
  );
  expect(calls.length).toBeGreaterThan(0);
  expect(calls.filter((call) => call.profile === undefined)).toEqual([]);
  for (const { profile } of calls) {
    for (const step of await steps(profile as string)) {
      expect({ profile, step, defined: new RegExp(`^ensure_${step}\\(\\) \\{`, "m").test(text) }).toEqual({
        profile,
        step,
        defined: true,
      });
    }
  }
});

test("the demo's step is Node and pulumi with its Node host; the tests' step has everything", async () => {
  expect(await steps("demo")).toEqual(["node", "pulumi"]);
  const test = await steps("test");
  for (const profile of ["demo", "bench", "console", "generate", "release"]) {
    expect((await steps(profile)).filter((step) => !test.includes(step))).toEqual([]);
  }
  expect(test).toEqual(expect.arrayContaining(["tf_converter", "chromium", "rcodesign", "hclread"]));
});

test("an unknown profile is refused by name, with the profiles there are", async () => {
  const failed = await run("bash", [script, "--for", "everything", "true"]).then(
    () => undefined,
    (error: { code?: number; stderr?: string }) => error,
  );
  expect(failed?.code).toBe(2);
  expect(failed?.stderr).toMatch(/unknown --for 'everything': one of .*\bdemo\b/);
});

test("with Node and pulumi on PATH, the demo's step builds and installs nothing into an empty cache", async () => {
  const bin = process.env.PULUMI_STREAMKAP_PULUMI_BIN;
  if (!bin)
    throw new Error("PULUMI_STREAMKAP_PULUMI_BIN is not set: run the tests with `npm test` (scripts/toolchain.sh)");
  const cache = fs.mkdtempSync(path.join(os.tmpdir(), "toolchain-demo-"));
  try {
    const env = {
      ...process.env,
      PULUMI_STREAMKAP_CACHE: cache,
      PATH: [path.dirname(process.execPath), bin, "/usr/bin", "/bin"].join(path.delimiter),
    };
    const { stdout } = await run("bash", [script, "--for", "demo", "--print-env"], { env });
    expect(stdout).toContain(`export PULUMI_STREAMKAP_PULUMI_BIN="${bin}"`);
    // Only the lock and the note of who holds it: nothing was built, downloaded or installed.
    expect(fs.readdirSync(cache).sort()).toEqual([".lock", ".lock.owner"]);
  } finally {
    fs.rmSync(cache, { recursive: true, force: true });
  }
});
