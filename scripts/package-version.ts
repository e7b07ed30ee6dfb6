import * as fs from "node:fs";
import * as path from "node:path";

const repoRoot = path.resolve(__dirname, "../..");

/**
 * The one version of a release, package.json's: the schema, the recorded public surface, the npm packages and
 * the plugin archives all carry it.
 */
export function packageVersion(): string {
  return (JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8")) as { version: string }).version;
}
