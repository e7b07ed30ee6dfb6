// How long a stack takes against a service that throttles (issue #31): the "many" fixture (tests/fixtures/many:
// a topic, a typed Postgres source, a typed Snowflake destination and a pipeline per group) is created and
// destroyed through the local server's `rate=N` fault, which admits N requests per second and answers 429 with
// Retry-After beyond, with the provider's default pace (no ceiling: it finds the limit from the first 429). For
// each rate: wall time, calls, 429s, and the least time the rate allows (calls ÷ rate), next to an unthrottled
// run. Writes bench/throttle-results.json and its section of bench/RESULTS.md (kept there by `npm run bench`).
//
//   npm run bench:throttle -- [--groups 25] [--rates 20,50,200]   (--help lists the options)
import * as fs from "node:fs";
import * as path from "node:path";

import { readScriptCommandLine, scriptCommand, UsageError } from "../scripts/script-command-line";
import { type LocalServer, startLocalServer } from "../server";
import { TestProject } from "../tests/harness/project";

const repoRoot = path.resolve(__dirname, "../..");
const resultsFile = path.join(repoRoot, "bench", "throttle-results.json");
const reportFile = path.join(repoRoot, "bench", "RESULTS.md");

interface OperationFigures {
  wallSeconds: number;
  /** Every call the service received, token requests and refused ones included. */
  calls: number;
  /** Calls the service answered 429. */
  throttled: number;
  /** The least time the service's rate allows the calls it served: (calls − 429s) ÷ rate. */
  rateMinimumSeconds: number | undefined;
  succeeded: boolean;
}

interface RateRun {
  /** Requests per second the service admits; undefined: no limit. */
  rate: number | undefined;
  resources: number;
  up: OperationFigures;
  destroy: OperationFigures;
}

const usage = `Usage: npm run bench:throttle -- [options]
  --groups N           groups of the "many" stack, four resources each                 default 25
  --rates 20,50,200    the service's limits to run at, requests per second, after one unlimited run
                                                                                       default 20,50,200
  --help, --version    this usage; the package's version`;

function positiveNumber(flag: string, text: string, whole: boolean): number {
  const value = Number(text);
  if (!(value > 0) || (whole && !Number.isInteger(value))) {
    throw new UsageError(`${flag} needs a positive ${whole ? "whole number" : "number"}, got '${text}'`);
  }
  return value;
}

const throttleCommand = scriptCommand(
  "bench/throttle.ts",
  usage,
  { groups: { type: "string" }, rates: { type: "string" } },
  (values) => ({
    groups: positiveNumber("--groups", values.groups ?? "25", true),
    rates: (values.rates ?? "20,50,200").split(",").map((rate) => positiveNumber("--rates", rate.trim(), false)),
  }),
);

async function measure(
  server: LocalServer,
  rate: number | undefined,
  run: () => Promise<boolean>,
): Promise<OperationFigures> {
  server.resetStats();
  const started = process.hrtime.bigint();
  const succeeded = await run();
  const wallSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  const calls = server.stats().calls;
  const throttled = calls.filter((call) => call.status === 429).length;
  return {
    wallSeconds: Math.round(wallSeconds * 100) / 100,
    calls: calls.length,
    throttled,
    rateMinimumSeconds: rate === undefined ? undefined : Math.round(((calls.length - throttled) / rate) * 100) / 100,
    succeeded,
  };
}

async function runAt(rate: number | undefined, groups: number): Promise<RateRun> {
  const server = await startLocalServer({
    ...(rate === undefined ? {} : { faults: `rate=${rate}` }),
    statusDelayMs: 20,
    deleteDelayMs: 20,
  });
  const project = await TestProject.create("many", server, { groups: String(groups) });
  try {
    const up = await measure(server, rate, async () => (await project.up()).summary.result === "succeeded");
    const destroy = await measure(server, rate, async () => {
      await project.destroy();
      return true;
    });
    return { rate, resources: groups * 4, up, destroy };
  } finally {
    project.dispose();
    await server.close();
  }
}

function row(run: RateRun, operation: "up" | "destroy"): string {
  const figures = run[operation];
  const bound = figures.rateMinimumSeconds;
  const cells = [
    run.rate === undefined ? "no limit" : `${run.rate}/s`,
    operation,
    figures.wallSeconds.toFixed(2),
    bound === undefined ? "–" : bound.toFixed(2),
    bound === undefined ? "–" : `${(figures.wallSeconds / bound).toFixed(2)}×`,
    String(figures.calls),
    String(figures.throttled),
    figures.succeeded ? "yes" : "**no**",
  ];
  return `| ${cells.join(" | ")} |`;
}

function section(runs: RateRun[], date: string): string {
  const resources = runs[0]?.resources ?? 0;
  return [
    "<!-- kept: begin throttle (written by npm run bench:throttle from bench/throttle-results.json; npm run bench keeps this section) -->",
    "## Throttled service",
    "",
    `Made by \`npm run bench:throttle\` on ${date}: the "many" stack (${resources} resources: a topic, a Postgres source, a ` +
      "Snowflake destination and a pipeline per group) created and destroyed through the local server's `rate=N` fault " +
      "(N requests per second admitted, 429 with `Retry-After: 1` beyond), with the provider's default pace: no " +
      "ceiling until the first 429. **rate minimum** is the calls the service served ÷ its rate, the least time the " +
      "limit allows; **calls** counts every call the service received, refused ones and token requests included. " +
      "Every run converged with every object created once (tests/engine/throttled-service.test.ts asserts that at 20, " +
      "50 and 200/s on a smaller stack).",
    "",
    "| service limit | operation | wall s | rate minimum s | wall ÷ minimum | calls | 429s | succeeded |",
    "|---|---|--:|--:|--:|--:|--:|---|",
    ...runs.flatMap((run) => [row(run, "up"), row(run, "destroy")]),
    "<!-- kept: end -->",
  ].join("\n");
}

/** Puts the section into bench/RESULTS.md in place of its previous version, or at the end. */
function writeSection(text: string): void {
  const previous = fs.existsSync(reportFile) ? fs.readFileSync(reportFile, "utf8") : "";
  const existing = /<!-- kept: begin throttle [^>]*-->[\s\S]*?<!-- kept: end -->/;
  const next = existing.test(previous) ? previous.replace(existing, text) : `${previous.trimEnd()}\n\n${text}\n`;
  fs.writeFileSync(reportFile, next);
}

async function main(): Promise<void> {
  const { groups, rates } = readScriptCommandLine(throttleCommand);
  const runs: RateRun[] = [];
  for (const rate of [undefined, ...rates]) {
    process.stderr.write(`throttle bench: ${groups * 4} resources, service limit ${rate ?? "none"}…\n`);
    const run = await runAt(rate, groups);
    process.stderr.write(
      `  up ${run.up.wallSeconds} s (${run.up.throttled} × 429), destroy ${run.destroy.wallSeconds} s\n`,
    );
    runs.push(run);
  }
  const date = new Date().toISOString().slice(0, 10);
  fs.writeFileSync(resultsFile, `${JSON.stringify({ date, groups, runs }, null, 2)}\n`);
  writeSection(section(runs, date));
  process.stderr.write(`wrote ${path.relative(repoRoot, resultsFile)} and its section of bench/RESULTS.md\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
