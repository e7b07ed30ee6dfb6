/**
 * plugin/index.js, what Pulumi's Node.js language host loads for the plugin kept as source (plugin/PulumiPlugin.yaml).
 * When the provider it starts is not built, the engine would print only that the plugin "exited prematurely"; the
 * entry point says what is missing and what to run instead.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const repoRoot = path.resolve(__dirname, "../../..");

test("a plugin directory whose provider is not built says so and what to run, and exits with an error", () => {
  const unbuilt = fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-unbuilt-"));
  try {
    fs.cpSync(path.join(repoRoot, "plugin"), path.join(unbuilt, "plugin"), { recursive: true });
    const started = spawnSync(process.execPath, [path.join(unbuilt, "plugin", "index.js")], { encoding: "utf8" });
    expect(started.status).toBe(1);
    expect(started.stdout).toBe("");
    expect(started.stderr).toContain(`${path.join(unbuilt, "dist", "provider", "plugin", "main.js")} is missing`);
    expect(started.stderr).toContain("run `npm ci && npm run build`");
  } finally {
    fs.rmSync(unbuilt, { recursive: true, force: true });
  }
});

test("the plugin directory holds what Pulumi runs it by, and the package publishes it", () => {
  const manifest = fs.readFileSync(path.join(repoRoot, "plugin", "PulumiPlugin.yaml"), "utf8");
  expect(manifest).toMatch(/^runtime: nodejs$/m);
  const entry = JSON.parse(fs.readFileSync(path.join(repoRoot, "plugin", "package.json"), "utf8")) as { main: string };
  expect(fs.existsSync(path.join(repoRoot, "plugin", entry.main))).toBe(true);
  const published = JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8")) as { files: string[] };
  expect(published.files).toContain("plugin/");
});
