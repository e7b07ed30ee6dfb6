/**
 * Brings the connector catalogue (catalogue/connectors.json, which the provider's checks, the SDK generator, the
 * commands and the local server read) up to date from the shared one. Then run `npm run generate`
 * for the classes and the parity table.
 *
 *   npm run sync-catalogue -- [path/to/connectors.json]   (default: ../shared/spec/connectors.json)
 */
import * as fs from "node:fs";
import * as path from "node:path";

const repoRoot = path.resolve(__dirname, "../..");
const catalogueFile = path.join(repoRoot, "catalogue", "connectors.json");
const sharedCatalogue = path.join(repoRoot, "..", "shared", "spec", "connectors.json");

function main(): void {
  const source = path.resolve(process.argv[2] ?? sharedCatalogue);
  fs.writeFileSync(catalogueFile, fs.readFileSync(source, "utf8"));
  console.log(`${path.relative(repoRoot, catalogueFile)} written from ${source}`);
  console.log("Now run `npm run generate`, and commit what changed.");
}

if (require.main === module) main();
