/**
 * In a checkout, `npx pulumi-streamkap` (as examples/gitops/README.md and docs/ run it) runs the checkout's
 * command from node_modules/.bin, which `npm ci` writes: it works when tsc wrote dist/cli/main.js without an
 * executable bit, and it says what to do when dist/ is not built.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const repoRoot = path.resolve(__dirname, "../../..");
let checkout: string;

beforeEach(() => {
  checkout = fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-link-self-"));
  fs.writeFileSync(
    path.join(checkout, "package.json"),
    JSON.stringify({ name: "pulumi-streamkap", version: "0.0.1", bin: { "pulumi-streamkap": "dist/cli/main.js" } }),
  );
  fs.mkdirSync(path.join(checkout, "scripts"));
  fs.copyFileSync(path.join(repoRoot, "scripts", "link-self.js"), path.join(checkout, "scripts", "link-self.js"));
  fs.mkdirSync(path.join(checkout, "node_modules"));
  fs.mkdirSync(path.join(checkout, "examples", "gitops"), { recursive: true });
});

afterEach(() => fs.rmSync(checkout, { recursive: true, force: true }));

/** `npx pulumi-streamkap ...` from an example's folder, with an npm cache of its own. */
function npx(...args: string[]) {
  return spawnSync("npx", ["--yes", "pulumi-streamkap", ...args], {
    cwd: path.join(checkout, "examples", "gitops"),
    env: { ...process.env, npm_config_cache: path.join(checkout, ".npm-cache") },
    encoding: "utf8",
  });
}

test("npx runs the checkout's command though a later build left dist/cli/main.js without an executable bit", () => {
  const main = path.join(checkout, "dist", "cli", "main.js");
  const build = () => {
    fs.rmSync(main, { force: true });
    fs.mkdirSync(path.dirname(main), { recursive: true });
    // As tsc writes it: no executable bit.
    fs.writeFileSync(main, '#!/usr/bin/env node\nconsole.log("ran with " + process.argv.slice(2).join(" "));\n', {
      mode: 0o644,
    });
  };
  spawnSync(process.execPath, [path.join(checkout, "scripts", "link-self.js")]);
  build();
  // The first npx installs the checkout into its cache, which marks that build's main.js executable...
  expect(npx("--version").stdout.trim()).toBe("ran with --version");
  // ...a new clone at the same path (or a rebuild) is not marked, since npx finds its cache entry and installs nothing.
  build();
  const run = npx("--version");
  expect(run.stderr).not.toContain("Permission denied");
  expect(run.stdout.trim()).toBe("ran with --version");
  expect(fs.statSync(main).mode & 0o111).toBe(0);
});

test("before dist/ is built, the command says to build it", () => {
  spawnSync(process.execPath, [path.join(checkout, "scripts", "link-self.js")]);
  const run = npx("--version");
  expect(run.status).toBe(1);
  expect(run.stderr).toContain("is not built yet: run `npm run build` in this checkout first.");
});
