/**
 * The local server's web console (issue #32), in headless Chromium, over the quickstart as `pulumi up` made it:
 * sign-in with the service's credentials, the lineage, the lists, an object's page and history, and the drift
 * loop: a setting changed in the console is recorded as a console user's edit, and the next refresh names who
 * changed it and from where. Chromium is Debian's, which scripts/toolchain.sh installs; without it every test fails
 * saying how to get it.
 */
import { type Browser, launchBrowser, type Page } from "../harness/browser";
import { scenario } from "../harness/scenario";

type Live = { id: string; name: string; config: Record<string, unknown> };

// One fault rule on a path nothing calls, for the console's fault settings view to show.
const faults = "429=0.25,path=/no-such-path*,retry-after=3";
const world = scenario("quickstart", { server: { statusDelayMs: 20, deleteDelayMs: 20, faults } });

let browser: Browser;
let page: Page;

beforeAll(async () => {
  // The browser first: without Chromium the tests fail at once, before the deployment.
  browser = await launchBrowser();
  page = await browser.newPage();
  await world.project.up();
}, 300_000);

afterAll(async () => {
  await browser?.close();
});

/** The quickstart's Postgres source as the API lists it now (later tests add a webhook source beside it). */
async function quickstartSource(): Promise<Live & { connector: string; tags: string[] }> {
  const sources = await world.api.list<Live & { connector: string; tags: string[] }>("/sources");
  const source = sources.find((item) => item.connector === "postgresql");
  if (!source) throw new Error("the quickstart's source is gone");
  return source;
}

/** The lineage's nodes as the page labels them for a reader: kind, name and status. */
const nodeLabels = () =>
  page.evaluate<string[]>(`[...document.querySelectorAll("svg.lineage a")].map((a) => a.getAttribute("aria-label"))`);

test("a wrong secret is refused on the sign-in page, which says so", async () => {
  await page.goto(world.server.consoleUrl);
  expect(await page.url()).toBe(`${world.server.consoleUrl}/sign-in`);
  await page.type("#client_id", world.server.clientId);
  await page.type("#secret", "not-the-secret");
  await page.clickAndWait("form.sign-in button");
  expect(await page.text("[role=alert]")).toContain("The service refused these credentials");
});

test("signed in with the service's credentials, the lineage draws the quickstart with each status", async () => {
  await page.type("#client_id", world.server.clientId);
  await page.type("#secret", world.server.secret);
  await page.clickAndWait("form.sign-in button");
  expect(await page.url()).toBe(`${world.server.consoleUrl}/lineage`);

  const [source] = await world.api.list<Live>("/sources");
  const [destination] = await world.api.list<Live>("/destinations");
  const [pipeline] = await world.api.list<Live>("/pipelines");
  const labels = await nodeLabels();
  expect(labels).toEqual(
    expect.arrayContaining([
      `source ${source.name}, Active`,
      "topic public.orders",
      "topic public.customers",
      `pipeline ${pipeline.name}`,
      `destination ${destination.name}, Active`,
    ]),
  );
  // Source → its two topics → the pipeline → the destination: five links, also listed as a table.
  expect(await page.evaluate<number>(`document.querySelectorAll("svg.lineage path.edge").length`)).toBe(5);
  expect(await page.evaluate<number>(`document.querySelectorAll("details table tbody tr").length`)).toBe(5);
});

test("the keyboard reaches the skip link first, then the navigation", async () => {
  await page.goto(`${world.server.consoleUrl}/lineage`);
  await page.press("Tab");
  expect(await page.evaluate<string>("document.activeElement.textContent")).toBe("Skip to content");
  await page.press("Tab");
  expect(await page.evaluate<string>("document.activeElement.textContent")).toBe("Lineage");
});

test("each list finds its objects by name, and a search narrows it", async () => {
  const [source] = await world.api.list<Live>("/sources");
  await page.goto(`${world.server.consoleUrl}/sources`);
  expect(await page.text("table.list")).toContain(source.name);
  await page.goto(`${world.server.consoleUrl}/sources?q=no-such-name`);
  expect(await page.text("main")).toContain("0 sources");
  await page.goto(`${world.server.consoleUrl}/topics`);
  expect(await page.text("table.list")).toContain(`events-${world.project.stack.name}`);
});

test("every list opens each of its objects' pages, titled by the object's name", async () => {
  for (const kind of ["sources", "destinations", "pipelines", "topics", "tags"]) {
    await page.goto(`${world.server.consoleUrl}/${kind}`);
    const links = await page.evaluate<Array<{ href: string; name: string }>>(
      `[...document.querySelectorAll("table.list tbody a")].map((a) => ({ href: a.href, name: a.textContent }))`,
    );
    expect({ kind, listed: links.length > 0 }).toEqual({ kind, listed: true });
    for (const link of links) {
      await page.goto(link.href);
      expect({ kind, title: await page.text("h1") }).toEqual({ kind, title: link.name });
    }
  }
});

test("a source's page shows its settings with the password masked, its status and its history", async () => {
  const [source] = await world.api.list<Live>("/sources");
  await page.goto(`${world.server.consoleUrl}/sources/${source.id}`);
  const settings = await page.text("table.settings");
  expect(settings).toContain("db.internal.example.com");
  expect(settings).toContain("********");
  expect(settings).not.toContain("local-demo-password");
  expect(await page.text("dd.status")).toBe("Active");
  expect(await page.text("ol.history")).toMatch(/Version 1 .* by client_\w+ from (api|terraform)/);
});

test("a setting changed in the console is a web edit by the user, and refresh says who and where", async () => {
  const [source] = await world.api.list<Live>("/sources");
  await page.goto(`${world.server.consoleUrl}/sources/${source.id}`);
  await page.evaluate(`document.querySelector("#key").value = "database.hostname.user.defined"`);
  await page.type("#value", "replica.internal.example.com");
  await page.clickAndWait("form.setting button");

  expect(await page.text("[role=status]")).toBe("Changed database.hostname.user.defined.");
  const history = await page.text("ol.history");
  expect(history).toMatch(/Version 2 .* by client_\w+ from web/);
  expect(history).toContain("database.hostname.user.defined: db.internal.example.com → replica.internal.example.com");

  // `pulumi preview --refresh` names the change, who made it and where, and plans to put the program's value back.
  const preview = await world.project.preview({ refresh: true });
  const drift = preview.diagnostics.join("\n");
  expect(drift).toContain("databaseHostname");
  expect(drift).toContain(`by web (${world.server.clientId}), version 2`);
  const planned = preview.steps.find((step) => step.name === "orders-db" && step.op !== "refresh");
  expect(planned).toMatchObject({ op: "update", diffs: expect.arrayContaining(["databaseHostname"]) });

  // `pulumi refresh` then `pulumi up` put it back: the console's history shows that as the next version, by the
  // program's credential.
  await world.project.refresh();
  await world.project.up();
  await page.goto(`${world.server.consoleUrl}/sources/${source.id}`);
  const after = await page.text("ol.history");
  expect(after).toMatch(/Version 3 .* by client_\w+ from api/);
  expect(after).toContain("database.hostname.user.defined: replica.internal.example.com → db.internal.example.com");
});

test("pause and resume from the console change the source's status", async () => {
  const [source] = await world.api.list<Live>("/sources");
  await page.goto(`${world.server.consoleUrl}/sources/${source.id}`);
  await page.clickAndWait("form[action$='/pause'] button");
  expect(await page.text("[role=status]")).toBe("Paused the source.");
  const [paused] = await world.api.list<Live & { connector_status: string }>("/sources");
  expect(paused.connector_status).toBe("Paused");
  await page.clickAndWait("form[action$='/resume'] button");
  expect(await page.text("[role=status]")).toBe("Resumed the source.");
});

test("a webhook record that arrives shows first on its topic's page", async () => {
  const made = await world.api.request<{ id: string }>("POST", "/sources", {
    name: "storefront-events",
    connector: "webhook",
    created_from: "api",
    config: { "topic.include.list.user.defined": "orders" },
  });
  const { result } = await world.api.request<{ result: Array<{ config: Record<string, string> }> }>(
    "GET",
    `/sources/${made.id}?secret_returned=true`,
  );
  const { "webhook.url": url, "api.key": key } = result[0].config;
  for (const total of [12.5, 99]) {
    const sent = await fetch(`${url}/orders`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": key },
      body: JSON.stringify({ order: "A-1", total }),
    });
    expect(sent.status).toBe(202);
  }
  await page.goto(`${world.server.consoleUrl}/topics?q=orders`);
  const topicLink = await page.evaluate<string>(
    `[...document.querySelectorAll("table.list tbody tr")].find((row) => row.innerText.includes("storefront-events"))?.querySelector("a")?.href ?? ""`,
  );
  expect(topicLink).not.toBe("");
  await page.goto(topicLink);
  expect(await page.text("table.records caption")).toBe("The 2 newest of 2 records, newest first");
  const values = await page.evaluate<string[]>(
    `[...document.querySelectorAll("table.records tbody tr td:nth-child(4)")].map((cell) => cell.innerText)`,
  );
  expect(values.map((value) => JSON.parse(value))).toEqual([
    { order: "A-1", total: 99 },
    { order: "A-1", total: 12.5 },
  ]);
});

test("the lineage of one pipeline: a search keeps its source, topics and destination, and nothing else", async () => {
  const [pipeline] = await world.api.list<Live>("/pipelines");
  await page.goto(`${world.server.consoleUrl}/lineage?q=${encodeURIComponent(pipeline.name)}`);
  const labels = await nodeLabels();
  expect(labels).toContain(`pipeline ${pipeline.name}`);
  expect(labels.filter((label) => label.startsWith("source "))).toHaveLength(1);
  expect(labels.filter((label) => label.startsWith("destination "))).toHaveLength(1);
  // The webhook source made above feeds nothing of this pipeline's.
  expect(labels.some((label) => label.includes("storefront-events"))).toBe(false);
  expect(await page.text("main [aria-live]")).toMatch(/^\d+ of \d+ objects, 5 links$/);
});

test("Kafka users and project keys have lists and pages, without their secrets", async () => {
  const password = "console-kafka-password-1";
  await world.api.request("POST", "/kafka-access/kafka-users", {
    username: "analytics-reader",
    password,
    kafka_acls: [{ topic_name: "public.orders", operation: "READ", resource_pattern_type: "LITERAL" }],
  });
  const made = await world.api.request<{ project_key_id: string; api: { client_secret: string } }>(
    "POST",
    "/project-keys?secret_returned=true",
    { name: "ci-deployer", role_ids: ["role_viewer"] },
  );
  expect(made.api.client_secret).toMatch(/\w{8,}/);

  await page.goto(`${world.server.consoleUrl}/kafka-users`);
  expect(await page.text("table.list")).toContain("analytics-reader");
  await page.clickAndWait("table.list tbody a");
  expect(await page.text("h1")).toBe("analytics-reader");
  expect(await page.text("table.settings")).toContain("public.orders");
  expect(await page.text("body")).not.toContain(password);

  await page.goto(`${world.server.consoleUrl}/project-keys?q=ci-`);
  expect(await page.text("main [aria-live]")).toBe("1 project key");
  await page.clickAndWait("table.list tbody a");
  expect(await page.text("h1")).toBe("ci-deployer");
  expect(await page.text("table.settings")).toContain(made.project_key_id);
  expect(await page.text("body")).not.toContain(made.api.client_secret);
});

test("tags ticked in the console are the source's tags, by name on its page", async () => {
  const source = await quickstartSource();
  await world.api.request("POST", "/tags", { name: "team-data", type: ["sources"] });
  await page.goto(`${world.server.consoleUrl}/sources/${source.id}`);
  await page.evaluate(
    `[...document.querySelectorAll("form.tags label")].find((label) => label.innerText.trim() === "team-data").querySelector("input").checked = true`,
  );
  await page.clickAndWait("form.tags button");
  expect(await page.text("[role=status]")).toMatch(/^Saved \d+ tags?\.$/);
  expect(await page.text("dl.facts")).toContain("team-data");
  const { tags } = await world.api.request<{ tags: Array<{ id: string }> }>("GET", "/tags?tag_name=team-data");
  expect((await quickstartSource()).tags).toContain(tags[0].id);
});

test("the request log shows the console's own calls with their request ids; the faults page the rules", async () => {
  const source = await quickstartSource();
  await page.goto(`${world.server.consoleUrl}/requests?q=/pause`);
  const rows = await page.evaluate<string[]>(
    `[...document.querySelectorAll("table.requests tbody tr")].map((row) => row.innerText)`,
  );
  expect(rows[0]).toContain(`PUT /sources/${source.id}/pause`);
  expect(rows[0]).toMatch(/\t200\t/);
  expect(await page.text("table.requests")).not.toContain("local-demo-password");

  await page.goto(`${world.server.consoleUrl}/faults`);
  const rule = await page.text("table.list tbody");
  expect(rule).toContain(faults);
  expect(rule).toContain("answer 429 to 25%");
  expect(rule).toContain("/no-such-path*");
});

test("deleting from the console: refused while a pipeline uses the source; a topic goes, and preview plans it again", async () => {
  const source = await quickstartSource();
  await page.goto(`${world.server.consoleUrl}/sources/${source.id}`);
  await page.clickAndWait("p.danger a");
  expect(await page.text("h1")).toBe(`Delete ${source.name}?`);
  await page.clickAndWait("form button.danger");
  expect(await page.url()).toBe(`${world.server.consoleUrl}/sources/${source.id}`);
  expect(await page.text("[role=alert]")).toMatch(/The service refused: .* is used by pipeline .*request id /);

  const topicName = `events-${world.project.stack.name}`;
  await page.goto(`${world.server.consoleUrl}/topics?q=${topicName}`);
  await page.clickAndWait("table.list tbody a");
  await page.clickAndWait("p.danger a");
  await page.clickAndWait("form button.danger");
  expect(await page.url()).toBe(`${world.server.consoleUrl}/topics`);
  expect(await page.text("[role=status]")).toBe(`Deleted the topic ${topicName}.`);

  await world.project.refresh();
  const { steps } = await world.project.preview();
  expect(steps.filter((step) => step.op === "create").map((step) => step.name)).toEqual(["events"]);
});

test("signing out ends the session; a credential that is not an admin sees no request log", async () => {
  await page.goto(`${world.server.consoleUrl}/lineage`);
  await page.clickAndWait("form.sign-out button");
  await page.goto(`${world.server.consoleUrl}/lineage`);
  expect(await page.url()).toBe(`${world.server.consoleUrl}/sign-in`);

  const viewer = await world.api.request<{ client_id: string; secret: string }>("POST", "/auth/client-credentials", {
    description: "console viewer",
    role_ids: ["role_viewer"],
  });
  await page.type("#client_id", viewer.client_id);
  await page.type("#secret", viewer.secret);
  await page.clickAndWait("form.sign-in button");
  expect(await page.text("nav")).not.toContain("Request log");
  await page.goto(`${world.server.consoleUrl}/requests`);
  expect(await page.text("[role=alert]")).toContain("The service answered 403");
  await page.clickAndWait("form.sign-out button");
});
