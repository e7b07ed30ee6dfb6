/**
 * The console at 1,000 objects (issue #32): 200 pipelines, each with its source, two topics and destination, made
 * through the API. In headless Chromium the lineage draws every one of them and every link, a search cuts it down
 * to one pipeline's lineage, and the lists page through them 50 at a time. How long the pages take is measured by
 * `npm run bench:console` (bench/console-results.json), not asserted here.
 */
import { type LocalServer, startLocalServer } from "../../server";
import { type Browser, launchBrowser, type Page } from "../harness/browser";
import { fillName, fillService } from "../harness/service-fill";

const pipelines = 200;

let server: LocalServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  // The browser first: without Chromium the tests fail at once, before the 1,000 objects are made.
  browser = await launchBrowser();
  page = await browser.newPage();
  server = await startLocalServer({ statusDelayMs: 20, deleteDelayMs: 20 });
  await fillService(server, pipelines);
  await page.goto(`${server.consoleUrl}/sign-in`);
  await page.type("#client_id", server.clientId);
  await page.type("#secret", server.secret);
  await page.clickAndWait("form.sign-in button");
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const count = (selector: string) =>
  page.evaluate<number>(`document.querySelectorAll(${JSON.stringify(selector)}).length`);

test("the lineage of 1,000 objects draws every node and link, each node a link to its page", async () => {
  await page.goto(`${server.consoleUrl}/lineage`);
  expect(await page.text("main [aria-live]")).toBe("1000 objects, 1000 links");
  expect(await count("svg.lineage a[data-node]")).toBe(1000);
  expect(await count("svg.lineage path.edge")).toBe(1000);
  // The last pipeline is drawn too, and opens its page.
  const last = fillName("pipeline", pipelines - 1);
  const href = await page.evaluate<string>(
    `[...document.querySelectorAll("svg.lineage a")].find((a) => a.getAttribute("aria-label") === "pipeline ${last}").getAttribute("href")`,
  );
  await page.goto(`${server.consoleUrl.replace(/\/console$/, "")}${href}`);
  expect(await page.text("h1")).toBe(last);
});

test("a search cuts the lineage of 1,000 objects down to one pipeline's five", async () => {
  await page.goto(`${server.consoleUrl}/lineage?q=${fillName("pipeline", 17)}`);
  expect(await page.text("main [aria-live]")).toBe("5 of 1000 objects, 5 links");
  const labels = await page.evaluate<string[]>(
    `[...document.querySelectorAll("svg.lineage a")].map((a) => a.getAttribute("aria-label").replace(/, .*$/, ""))`,
  );
  expect(labels.sort()).toEqual(
    [
      `destination ${fillName("destination", 17)}`,
      `pipeline ${fillName("pipeline", 17)}`,
      `source ${fillName("source", 17)}`,
      "topic public.customers",
      "topic public.orders",
    ].sort(),
  );
});

test("a list of 200 pages through them 50 at a time, to the last", async () => {
  await page.goto(`${server.consoleUrl}/sources`);
  expect(await page.text("main [aria-live]")).toBe("200 sources");
  expect(await count("table.list tbody tr")).toBe(50);
  for (let pageNumber = 2; pageNumber <= 4; pageNumber++) {
    await page.clickAndWait("nav.pages a:last-child");
    expect(await page.url()).toContain(`page=${pageNumber}`);
  }
  expect(await count("table.list tbody tr")).toBe(50);
  expect(await page.text("nav.pages")).toBe("Previous page");
  expect(await page.text("table.list tbody tr:last-child td")).toBe(fillName("source", pipelines - 1));
});
