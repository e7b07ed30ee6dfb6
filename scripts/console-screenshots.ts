/**
 * `npm run console-screenshots`: the pictures of the local server's web console in docs/console/, taken in
 * headless Chromium (Debian's package, installed when missing) from a local server holding the quickstart's
 * objects, made through the public API as a program would make them, and one setting changed in the console.
 */
import * as path from "node:path";

import { startLocalServer } from "../server";
import { launchBrowser } from "../tests/harness/browser";
import { ServiceApi } from "../tests/harness/api";

const out = path.resolve(__dirname, "../../docs/console");

async function main(): Promise<void> {
  const server = await startLocalServer({ statusDelayMs: 10, deleteDelayMs: 10 });
  const browser = await launchBrowser();
  if ("missing" in browser) throw new Error(browser.missing);
  try {
    const api = new ServiceApi(server);
    const tag = await api.request<{ id: string }>("POST", "/tags", {
      name: "team-orders",
      description: "Objects of the orders team",
      type: ["sources", "destinations", "pipelines"],
    });
    const source = await api.request<{ id: string; name: string; connector: string }>("POST", "/sources", {
      name: "orders-db",
      connector: "postgresql",
      created_from: "terraform",
      tags: [tag.id],
      config: {
        "database.hostname.user.defined": "db.internal.example.com",
        "database.port.user.defined": "5432",
        "database.user": "streamkap",
        "database.password": "local-demo-password",
        "database.dbname": "shop",
        "schema.include.list": "public",
        "table.include.list.user.defined": "public.orders,public.customers",
      },
    });
    const destination = await api.request<{ id: string; name: string; connector: string }>("POST", "/destinations", {
      name: "warehouse",
      connector: "snowflake",
      created_from: "terraform",
      config: {
        "snowflake.url.name": "acme-analytics.snowflakecomputing.com",
        "snowflake.user.name": "STREAMKAP",
        "snowflake.private.key": "local-demo-private-key",
        "snowflake.database.name": "ANALYTICS",
        "snowflake.schema.name": "RAW",
      },
    });
    await api.request("POST", "/pipelines", {
      name: "orders-to-warehouse",
      source: { ...source, topics: ["public.orders", "public.customers"] },
      destination,
    });
    await new Promise((resolve) => setTimeout(resolve, 100)); // Starting → Active

    const page = await browser.newPage(1280, 820);
    await page.goto(`${server.consoleUrl}/sign-in`);
    await page.screenshot(path.join(out, "sign-in.png"));
    await page.type("#client_id", server.clientId);
    await page.type("#secret", server.secret);
    await page.clickAndWait("form.sign-in button");
    await page.screenshot(path.join(out, "lineage.png"));
    await page.goto(`${server.consoleUrl}/sources`);
    await page.screenshot(path.join(out, "sources.png"));
    await page.goto(`${server.consoleUrl}/sources/${source.id}`);
    await page.evaluate(`document.querySelector("#key").value = "database.hostname.user.defined"`);
    await page.type("#value", "replica.internal.example.com");
    await page.clickAndWait("form.setting button");
    await page.screenshot(path.join(out, "source.png"));
    await page.evaluate(`document.querySelector("#history").scrollIntoView()`);
    await page.screenshot(path.join(out, "history.png"));
    process.stdout.write(`wrote sign-in.png, lineage.png, sources.png, source.png and history.png to ${out}\n`);
  } finally {
    await browser.close();
    await server.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
