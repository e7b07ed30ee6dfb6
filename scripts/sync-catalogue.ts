/**
 * Brings every copy of the connector catalogue up to date from the shared one: the provider's
 * (provider/catalogue/connectors.json, which the SDK generator, the CLI and `check` read) and the local server's
 * compiled data (server/catalog/data.ts: data only, the server stays an independent imitation). Then run
 * `npm run gen && npm run parity` for the classes and the parity table. tests/generated/catalogue-copies.test.ts
 * fails while the copies disagree.
 *
 *   npm run sync-catalogue -- [path/to/connectors.json]   (default: ../shared/spec/connectors.json)
 */
import * as fs from "node:fs";
import * as path from "node:path";

import { render } from "../server/catalog/regenerate";

const repoRoot = path.resolve(__dirname, "../..");
export const providerCatalogue = path.join(repoRoot, "provider", "catalogue", "connectors.json");
export const serverCatalogue = path.join(repoRoot, "server", "catalog", "data.ts");

function main(): void {
  const source = path.resolve(process.argv[2] ?? path.join(repoRoot, "..", "shared", "spec", "connectors.json"));
  const text = fs.readFileSync(source, "utf8");
  const catalogue = JSON.parse(text) as Parameters<typeof render>[0];
  fs.writeFileSync(providerCatalogue, text);
  fs.writeFileSync(serverCatalogue, render(catalogue));
  console.log(`${path.relative(repoRoot, providerCatalogue)} and ${path.relative(repoRoot, serverCatalogue)} written`);
  console.log("Now run `npm run gen && npm run parity`, and commit what changed.");
}

if (require.main === module) main();
