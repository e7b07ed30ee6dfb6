/**
 * Brings the connector catalogue (catalogue/connectors.json, which the provider's checks, the SDK generator, the
 * commands and the local server read) up to date from the shared one. Then run `npm run generate`
 * for the classes and the parity table.
 *
 *   npm run sync-catalogue -- [--source path/to/connectors.json]   (default: ../shared/spec/connectors.json)
 */
import * as fs from "node:fs";
import * as path from "node:path";

import { readScriptCommandLine, scriptCommand } from "./script-command-line";

const repoRoot = path.resolve(__dirname, "../..");
const catalogueFile = path.join(repoRoot, "catalogue", "connectors.json");
const sharedCatalogue = path.join(repoRoot, "..", "shared", "spec", "connectors.json");

const usage = `Usage: npm run sync-catalogue -- [options]
  --source FILE        the shared catalogue to copy into catalogue/connectors.json
                       default ../shared/spec/connectors.json (beside this checkout)
  --help, --version    this usage; the package's version`;

const syncCatalogueCommand = scriptCommand("scripts/sync-catalogue.ts", usage, { source: { type: "string" } });

function main(): void {
  const source = path.resolve(readScriptCommandLine(syncCatalogueCommand).source ?? sharedCatalogue);
  fs.writeFileSync(catalogueFile, fs.readFileSync(source, "utf8"));
  console.log(`${path.relative(repoRoot, catalogueFile)} written from ${source}`);
  console.log("Now run `npm run generate`, and commit what changed.");
}

if (require.main === module) main();
