/**
 * `npm run console-screenshots`: the pictures of the local server's web console in docs/console/, taken in
 * headless Chromium (Debian's package, which scripts/toolchain.sh installs when missing) from a local server
 * holding the quickstart's objects, made through the public API as a program would make them, a webhook source with
 * two records, a Kafka user and a project key, and one setting changed in the console. The server injects two
 * harmless faults (on paths the pictures do not call) so that the fault settings page has rules to show.
 */
import * as path from "node:path";

import { startLocalServer } from "../server";
import { launchBrowser } from "../tests/harness/browser";
import { ServiceApi } from "../tests/harness/api";

const out = path.resolve(__dirname, "../../docs/console");
/** Every picture this script takes, in the order docs/local-server.md shows them. */
const pictures = [
  "sign-in.png",
  "lineage.png",
  "sources.png",
  "source.png",
  "history.png",
  "delete.png",
  "topic-records.png",
  "kafka-user.png",
  "project-keys.png",
  "requests.png",
  "faults.png",
];

async function main(): Promise<void> {
  const server = await startLocalServer({
    statusDelayMs: 10,
    deleteDelayMs: 10,
    faults: "latency=20-200,path=/consumer-groups*;5xx=0.02,path=/topic-metrics*,retry-after=2",
  });
  const browser = await launchBrowser();
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
    const hook = await api.request<{ id: string }>("POST", "/sources", {
      name: "storefront-events",
      connector: "webhook",
      config: { "topic.include.list.user.defined": "orders" },
    });
    const { result } = await api.request<{ result: Array<{ config: Record<string, string> }> }>(
      "GET",
      `/sources/${hook.id}?secret_returned=true`,
    );
    const { "webhook.url": webhookUrl, "api.key": apiKey } = result[0].config;
    for (const order of [
      { order: "A-1001", total: 42.5, currency: "EUR" },
      { order: "A-1002", total: 18, currency: "EUR" },
    ]) {
      await fetch(`${webhookUrl}/orders`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": apiKey },
        body: JSON.stringify(order),
      });
    }
    await api.request("POST", "/kafka-access/kafka-users", {
      username: "analytics-reader",
      password: "local-demo-kafka-password",
      kafka_acls: [
        { topic_name: "public.orders", operation: "READ", resource_pattern_type: "LITERAL" },
        { topic_name: "public.customers", operation: "READ", resource_pattern_type: "LITERAL" },
      ],
    });
    await api.request("POST", "/project-keys", { name: "ci-deployer", role_ids: ["role_developer"] });
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
    await page.goto(`${server.consoleUrl}/sources/${source.id}/delete`);
    await page.screenshot(path.join(out, "delete.png"));
    await page.goto(`${server.consoleUrl}/topics?q=orders`);
    const topic = await page.evaluate<string>(
      `[...document.querySelectorAll("table.list tbody tr")].find((row) => row.innerText.includes("storefront-events"))?.querySelector("a")?.href ?? ""`,
    );
    await page.goto(topic);
    await page.evaluate(`document.querySelector("#records").scrollIntoView()`);
    await page.screenshot(path.join(out, "topic-records.png"));
    await page.goto(`${server.consoleUrl}/kafka-users/analytics-reader`);
    await page.screenshot(path.join(out, "kafka-user.png"));
    await page.goto(`${server.consoleUrl}/project-keys`);
    await page.screenshot(path.join(out, "project-keys.png"));
    await page.goto(`${server.consoleUrl}/requests`);
    await page.screenshot(path.join(out, "requests.png"));
    await page.goto(`${server.consoleUrl}/faults`);
    await page.screenshot(path.join(out, "faults.png"));
    process.stdout.write(`wrote ${pictures.join(", ")} to ${out}\n`);
  } finally {
    await browser.close();
    await server.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
