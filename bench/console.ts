// The local server's web console as the service grows (issue #32: "works at 1,000 objects without freezing the
// page"): for each size, a fresh in-process server filled through the API with pipelines (each with its source,
// two topics and destination: five objects of the lineage), then the time the server takes to answer each page
// (median of 5, over HTTP, signed in) and the page's size; and where Debian's Chromium is installed, how long it
// takes to load and lay out the lineage (the navigation entry's duration, median of 3). Then one Postgres source
// naming many tables (issue #39, H2: 2,000 tables took the lineage to 22 s and 1.6 GB): the lineage, a search for
// one table, the topics list and the API's page of 100 topic rows, each of which names the source's every topic.
// Writes bench/console-results.json.
//
//   npm run bench:console -- [--objects 1000,5000] [--tables 2000]   (--help lists the options)
import * as fs from "node:fs";
import * as path from "node:path";

import { readScriptCommandLine, scriptCommand, UsageError } from "../scripts/script-command-line";
import { startLocalServer } from "../server";
import { ServiceApi } from "../tests/harness/api";
import { chromium, launchBrowser } from "../tests/harness/browser";
import { fillName, fillService } from "../tests/harness/service-fill";

const repoRoot = path.resolve(__dirname, "../..");
const resultsFile = path.join(repoRoot, "bench", "console-results.json");

interface PageFigures {
  page: string;
  medianMs: number;
  bytes: number;
}

interface SizeFigures {
  objects: number;
  fillSeconds: number;
  pages: PageFigures[];
  /** Chromium's load of the lineage page, start to load event (median of 3), or why it was not measured. */
  browserLineageMs: number | string;
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const usage = `Usage: npm run bench:console -- [options]
  --objects 1000,5000  sizes of the service, in objects (pipelines of five objects each)   default 1000,5000
  --tables 2000        tables of the one wide Postgres source, one or more sizes            default 2000
  --help, --version    this usage; the package's version`;

function wholeNumbers(flag: string, text: string): number[] {
  return text.split(",").map((part) => {
    const value = Number(part.trim());
    if (!Number.isInteger(value) || value <= 0) {
      throw new UsageError(`${flag} needs positive whole numbers, got '${part.trim()}'`);
    }
    return value;
  });
}

const consoleCommand = scriptCommand(
  "bench/console.ts",
  usage,
  { objects: { type: "string" }, tables: { type: "string" } },
  (values) => ({
    objects: wholeNumbers("--objects", values.objects ?? "1000,5000"),
    tables: wholeNumbers("--tables", values.tables ?? "2000"),
  }),
);

interface WideSourceFigures {
  tables: number;
  createSeconds: number;
  pages: PageFigures[];
}

async function signedCookie(consoleUrl: string, clientId: string, secret: string): Promise<string> {
  const answer = await fetch(`${consoleUrl}/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ client_id: clientId, secret }).toString(),
    redirect: "manual",
  });
  const cookie = answer.headers.get("set-cookie");
  if (!cookie) throw new Error(`sign-in answered ${answer.status} without a session`);
  return cookie.split(";")[0];
}

async function measurePage(url: string, cookie: string, name: string): Promise<PageFigures> {
  const times: number[] = [];
  let bytes = 0;
  for (let run = 0; run < 5; run++) {
    const started = performance.now();
    const answer = await fetch(url, { headers: { cookie } });
    const text = await answer.text();
    if (answer.status !== 200) throw new Error(`${name}: ${answer.status}`);
    times.push(performance.now() - started);
    bytes = Buffer.byteLength(text);
  }
  return { page: name, medianMs: Math.round(median(times)), bytes };
}

async function browserLoad(url: string, clientId: string, secret: string): Promise<number | string> {
  const available = chromium();
  if ("missing" in available) return available.missing;
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    await page.goto(url.replace(/\/lineage$/, "/sign-in"));
    await page.type("#client_id", clientId);
    await page.type("#secret", secret);
    await page.clickAndWait("form.sign-in button");
    const times: number[] = [];
    for (let run = 0; run < 3; run++) {
      await page.goto(url);
      times.push(await page.evaluate<number>(`performance.getEntriesByType("navigation")[0].duration`));
    }
    return Math.round(median(times));
  } finally {
    await browser.close();
  }
}

async function measureSize(objects: number): Promise<SizeFigures> {
  const pipelines = Math.round(objects / 5);
  const server = await startLocalServer({ statusDelayMs: 20, deleteDelayMs: 20 });
  try {
    const started = performance.now();
    await fillService(server, pipelines);
    const fillSeconds = Math.round((performance.now() - started) / 100) / 10;
    const cookie = await signedCookie(server.consoleUrl, server.clientId, server.secret);
    const listed = await new ServiceApi(server).request<{ result: Array<{ id: string }> }>(
      "GET",
      "/sources?page=1&page_size=1",
    );
    const pages = [
      await measurePage(`${server.consoleUrl}/lineage`, cookie, "lineage, everything"),
      await measurePage(`${server.consoleUrl}/lineage?q=${fillName("pipeline", 1)}`, cookie, "lineage, one pipeline"),
      await measurePage(`${server.consoleUrl}/sources`, cookie, "sources, first page of 50"),
      await measurePage(`${server.consoleUrl}/sources/${listed.result[0].id}`, cookie, "a source's page"),
    ];
    const browserLineageMs = await browserLoad(`${server.consoleUrl}/lineage`, server.clientId, server.secret);
    return { objects: pipelines * 5, fillSeconds, pages, browserLineageMs };
  } finally {
    await server.close();
  }
}

/** One Postgres source naming `tables` tables: a topic each, every one listed in each topics row's entity. */
async function measureWideSource(tables: number): Promise<WideSourceFigures> {
  const server = await startLocalServer({ statusDelayMs: 20, deleteDelayMs: 20, topicDiscoveryDelayMs: 20 });
  try {
    const names = Array.from({ length: tables }, (_, index) => `public.t${String(index).padStart(5, "0")}`);
    const started = performance.now();
    await new ServiceApi(server).request("POST", "/sources", {
      name: "wide-source",
      connector: "postgresql",
      config: {
        "database.hostname.user.defined": "db.example.com",
        "database.port.user.defined": 5432,
        "database.user": "streamkap",
        "database.password": "bench-only",
        "database.dbname": "app",
        "schema.include.list": "public",
        "table.include.list.user.defined": names.join(","),
      },
    });
    const createSeconds = Math.round((performance.now() - started) / 100) / 10;
    await new Promise((resolve) => setTimeout(resolve, 100)); // the topics' discovery delay
    const cookie = await signedCookie(server.consoleUrl, server.clientId, server.secret);
    const api = new ServiceApi(server);
    const apiPage = async (): Promise<PageFigures> => {
      const times: number[] = [];
      let bytes = 0;
      for (let run = 0; run < 5; run++) {
        const at = performance.now();
        bytes = Buffer.byteLength(JSON.stringify(await api.request("GET", "/topics/details?page=1&page_size=100")));
        times.push(performance.now() - at);
      }
      return { page: "API GET /topics/details, a page of 100", medianMs: Math.round(median(times)), bytes };
    };
    const pages = [
      await measurePage(`${server.consoleUrl}/lineage`, cookie, "lineage, everything"),
      await measurePage(`${server.consoleUrl}/lineage?q=${names[tables - 1]}`, cookie, "lineage, one table"),
      await measurePage(`${server.consoleUrl}/topics`, cookie, "topics, first page of 50"),
      await apiPage(),
    ];
    return { tables, createSeconds, pages };
  } finally {
    await server.close();
  }
}

async function main(): Promise<void> {
  const options = readScriptCommandLine(consoleCommand);
  const sizes: SizeFigures[] = [];
  for (const objects of options.objects) {
    const figures = await measureSize(objects);
    sizes.push(figures);
    console.log(JSON.stringify(figures));
  }
  const wideSources: WideSourceFigures[] = [];
  for (const tables of options.tables) {
    const figures = await measureWideSource(tables);
    wideSources.push(figures);
    console.log(JSON.stringify(figures));
  }
  const results = { measuredAt: new Date().toISOString(), node: process.version, sizes, wideSources };
  fs.writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`wrote ${path.relative(repoRoot, resultsFile)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
