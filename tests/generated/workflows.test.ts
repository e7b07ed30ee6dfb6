/**
 * The maintainers' workflows (.github/workflows): CI runs the README's test command, as .ci/run does; a version
 * tag builds the release with `npm run release` and publishes it. actionlint (built from Go modules by
 * scripts/toolchain.sh) checks them as GitHub would run them: syntax, expressions, shell steps.
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const repoRoot = path.resolve(__dirname, "../../..");
const workflows = path.join(repoRoot, ".github", "workflows");

test("actionlint finds nothing wrong in the workflows", async () => {
  const actionlint = process.env.PULUMI_STREAMKAP_ACTIONLINT;
  if (!actionlint)
    throw new Error("PULUMI_STREAMKAP_ACTIONLINT is not set: run the tests with `npm test` (scripts/toolchain.sh)");
  const files = fs.readdirSync(workflows).map((name) => path.join(workflows, name));
  expect(files.map((file) => path.basename(file)).sort()).toEqual(["ci.yml", "release.yml"]);
  const outcome = await run(actionlint, ["-no-color", ...files], { cwd: repoRoot }).then(
    () => "",
    (error: { stdout?: string; stderr?: string }) => `${error.stdout ?? ""}${error.stderr ?? ""}`,
  );
  expect(outcome).toBe("");
});

test("CI runs what .ci/run runs, and a release is what npm run release builds", () => {
  expect(fs.readFileSync(path.join(workflows, "ci.yml"), "utf8")).toMatch(/^\s+- run: \.ci\/run$/m);
  const ciRun = fs.readFileSync(path.join(repoRoot, ".ci", "run"), "utf8");
  expect(ciRun).toMatch(/^npm ci$/m);
  expect(ciRun).toMatch(/^npm test$/m);
  expect(fs.readFileSync(path.join(workflows, "release.yml"), "utf8")).toMatch(/^\s+run: npm run release$/m);
});
