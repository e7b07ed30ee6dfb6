import * as fs from "node:fs";
import * as path from "node:path";

/** The plugin's version: the package's, which the schema and every SDK carry too. */
export function pluginVersion(): string {
  const manifest = fs.readFileSync(path.resolve(__dirname, "../../../package.json"), "utf8");
  return (JSON.parse(manifest) as { version: string }).version;
}
