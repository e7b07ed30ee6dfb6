/**
 * The connector catalogue has one source (provider/catalogue/connectors.json, synced from the shared spec by
 * `npm run sync-catalogue`) and one compiled copy, the local server's data: they must say the same.
 */
import * as fs from "node:fs";

import { serverCatalogue, providerCatalogue } from "../../scripts/sync-catalogue";
import { render } from "../../server/catalog/regenerate";

test("the local server's compiled catalogue is the provider's catalogue", () => {
  const expected = render(JSON.parse(fs.readFileSync(providerCatalogue, "utf8")) as Parameters<typeof render>[0]);
  const current = fs.readFileSync(serverCatalogue, "utf8") === expected;
  const fix = "Run `npm run sync-catalogue` and commit server/catalog/data.ts.";
  expect({ current, fix }).toEqual({ current: true, fix });
});
