// The long soak of issue #7: a large stack of mixed kinds against the local API server with heavy fault injection
// (5xx, 429 with Retry-After, dropped connections, short-lived tokens), through the real engine: `up`, a second
// `up` that must change nothing, `destroy` that must leave nothing; then the same stack again without faults, so the
// report can say what the faults cost (issue #42), and how long the pace made calls wait. Writes bench/SOAK.md and
// bench/soak-results.json with the figures: resources, faults injected, retries made, duplicates and orphans
// (must be 0), leaked secrets (must be 0), wall times, machine and versions. Exits 1 when a must-be-0 is not.
//
//   npm run soak                                   # default size and faults
//   npm run soak -- --groups 25 --faults '5xx=0.1,429=0.1,drop=0.02,seed=7;ttl=20s' --out /tmp/soak
//   npm run soak -- --help                         # the options
//
// Each group is a topic, a typed Postgres source, a typed Snowflake destination and a pipeline between them
// (tests/fixtures/many), so --groups 75 makes 300 resources plus the stack.
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

import { countersDirVariable } from "../provider/client/counters";
import { readScriptCommandLine, scriptCommand, UsageError } from "../scripts/script-command-line";
import { type LocalServer, startLocalServer } from "../server";
import { ServiceApi } from "../tests/harness/api";
import { TestProject } from "../tests/harness/project";
import { leakedSecrets } from "../tests/harness/secrets";

const repoRoot = path.resolve(__dirname, "../..");

interface Options {
  groups: number;
  faults: string;
  /** Directory for SOAK.md and soak-results.json. */
  out: string;
}

const defaults: Options = {
  groups: 75,
  // Heavier than tests/engine/faults-converge.test.ts (10% 5xx, 10% 429, 2% drops, 20 s tokens).
  faults: "5xx=0.15,429=0.15,retry-after=1,drop=0.04,seed=11;ttl=15s",
  out: path.join(repoRoot, "bench"),
};

const usage = `Usage: npm run soak -- [options]
  --groups N           groups of the "many" stack, four resources each           default ${defaults.groups}
  --faults SPEC        the local server's faults (syntax in docs/local-server.md)
                       default ${defaults.faults}
  --out DIR            where SOAK.md and soak-results.json go                    default bench/
  --help, --version    this usage; the package's version`;

const soakCommand = scriptCommand(
  "bench/soak.ts",
  usage,
  { groups: { type: "string" }, faults: { type: "string" }, out: { type: "string" } },
  (values): Options => {
    const groups = values.groups === undefined ? defaults.groups : Number(values.groups);
    if (!Number.isInteger(groups) || groups < 1) throw new UsageError("--groups must be a whole number ≥ 1");
    return {
      groups,
      faults: values.faults ?? defaults.faults,
      out: values.out === undefined ? defaults.out : path.resolve(values.out),
    };
  },
);

/** What the service answered during one phase, from the server's own call log. */
interface Traffic {
  calls: number;
  /** Connections dropped without an answer (injected). */
  dropped: number;
  /** 429 answers (injected). */
  rateLimited: number;
  /** 5xx answers (injected). */
  serverErrors: number;
  /** 401 answers: expired tokens the provider had to renew. */
  unauthorized: number;
  /** Creates sent (POSTs to the stack's collections), answered or not. */
  creates: number;
}

const collections = ["/topics", "/sources", "/destinations", "/pipelines"];

/** Retries, pacing and tokens the provider processes of one phase reported (STREAMKAP_COUNTERS_DIR). */
interface ProviderCounters {
  retries: Record<string, number>;
  retriesTotal: number;
  pacedRequests: number;
  pacedWaitMs: number;
  tokensObtained: number;
  tokensRefreshed: number;
}

interface Phase {
  name: "up" | "second up" | "destroy";
  wallSeconds: number;
  changes: Record<string, number>;
  traffic: Traffic;
  provider: ProviderCounters;
}

interface ServiceCheck {
  /** Objects per collection after the phase. */
  objects: Record<string, number>;
  /** Names held by more than one object of a collection. */
  duplicates: number;
  /** Objects on the service that the stack's state does not record. */
  orphans: number;
  /** Resources of the state with no object on the service. */
  missing: number;
}

function traffic(server: LocalServer): Traffic {
  const calls = server.stats().calls;
  return {
    calls: calls.length,
    dropped: calls.filter((call) => call.status === 0).length,
    rateLimited: calls.filter((call) => call.status === 429).length,
    serverErrors: calls.filter((call) => call.status >= 500).length,
    unauthorized: calls.filter((call) => call.status === 401).length,
    creates: calls.filter((call) => call.method === "POST" && collections.includes(call.path)).length,
  };
}

function providerCounters(dir: string): ProviderCounters {
  const sum: ProviderCounters = {
    retries: {},
    retriesTotal: 0,
    pacedRequests: 0,
    pacedWaitMs: 0,
    tokensObtained: 0,
    tokensRefreshed: 0,
  };
  if (!fs.existsSync(dir)) return sum;
  for (const file of fs.readdirSync(dir).filter((name) => /^provider-\d+\.json$/.test(name))) {
    const report = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as {
      retries?: Record<string, number>;
      pacing?: { delayed?: number; waitedMs?: number };
      tokens?: { obtained?: number; refreshed?: number };
    };
    for (const [reason, count] of Object.entries(report.retries ?? {})) {
      sum.retries[reason] = (sum.retries[reason] ?? 0) + count;
      sum.retriesTotal += count;
    }
    sum.pacedRequests += report.pacing?.delayed ?? 0;
    sum.pacedWaitMs += report.pacing?.waitedMs ?? 0;
    sum.tokensObtained += report.tokens?.obtained ?? 0;
    sum.tokensRefreshed += report.tokens?.refreshed ?? 0;
  }
  return sum;
}

/** Lists through the faults: the soak's own checks must not fail on the very faults under test. */
async function listAll(api: ServiceApi, collection: string): Promise<Array<{ id: string; name: string }>> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await api.list<{ id: string; name: string }>(collection);
    } catch (error) {
      if (attempt >= 30) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

async function checkService(api: ServiceApi, project: TestProject): Promise<ServiceCheck> {
  const live: Record<string, Array<{ id: string; name: string }>> = {
    topics: (await listAll(api, "/topics/details")).filter((topic) => topic.name.startsWith("events-")),
    sources: await listAll(api, "/sources"),
    destinations: await listAll(api, "/destinations"),
    pipelines: await listAll(api, "/pipelines"),
  };
  const state = await project.stack.exportStack();
  const resources = (state.deployment as { resources?: Array<{ id?: string; type: string }> }).resources ?? [];
  const stateIds = new Set(
    resources
      .filter((resource) => resource.type.startsWith("pulumi-nodejs:dynamic/streamkap:") && resource.id)
      .map((resource) => String(resource.id)),
  );
  const liveIds = new Set(
    Object.values(live)
      .flat()
      .map((item) => item.id),
  );
  return {
    objects: Object.fromEntries(Object.entries(live).map(([kind, items]) => [kind, items.length])),
    duplicates: Object.values(live).reduce(
      (total, items) => total + items.length - new Set(items.map((item) => item.name)).size,
      0,
    ),
    orphans: [...liveIds].filter((id) => !stateIds.has(id)).length,
    missing: [...stateIds].filter((id) => !liveIds.has(id)).length,
  };
}

interface Machine {
  cpuModel: string;
  cpus: number;
  memoryGiB: number;
  os: string;
  loadAverageAtStart: number;
  loadAverageAtEnd?: number;
  node: string;
  pulumiCli: string;
  pulumiSdk: string;
  commit: string;
  date: string;
}

function machine(): Machine {
  const pulumiBin = process.env.PULUMI_STREAMKAP_PULUMI_BIN;
  const run = (command: string, args: string[], cwd = repoRoot) => {
    try {
      return execFileSync(command, args, {
        cwd,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "ignore"],
        env: { ...process.env, GIT_OPTIONAL_LOCKS: "0" },
      }).trim();
    } catch {
      return "unknown";
    }
  };
  const sdk = JSON.parse(
    fs.readFileSync(path.join(repoRoot, "node_modules", "@pulumi", "pulumi", "package.json"), "utf8"),
  ) as { version: string };
  return {
    cpuModel: os.cpus()[0]?.model.trim() ?? "unknown",
    cpus: os.availableParallelism(),
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    loadAverageAtStart: os.loadavg()[0],
    node: process.version,
    pulumiCli: pulumiBin ? run(path.join(pulumiBin, "pulumi"), ["version"]) : "unknown",
    pulumiSdk: sdk.version,
    commit: run("git", ["rev-parse", "--short", "HEAD"]),
    date: new Date().toISOString(),
  };
}

/** What the default settings allow in flight at once: the pace's waits are spread over that many calls. */
const defaultMaxConcurrency = 8;

/** One stack's run through `up`, a second `up` and `destroy` against a server with `faults` (none: ""). */
interface StackRun {
  phases: Phase[];
  checks: Record<string, ServiceCheck>;
  /** What the engine printed and the state file, to look for secrets in. */
  printed: string[];
  /** The local server's client secret, looked for among what was printed too. */
  serverSecret: string;
  failure?: string;
}

async function runStack(options: Options, faults: string, label: string): Promise<StackRun> {
  const countersRoot = fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-soak-counters-"));
  const server = await startLocalServer({ faults, statusDelayMs: 50, deleteDelayMs: 50 });
  const api = new ServiceApi(server);
  const project = await TestProject.create("many", server, { groups: String(options.groups) });
  const run: StackRun = { phases: [], checks: {}, printed: [], serverSecret: server.secret };

  const runPhase = async (name: Phase["name"], action: () => Promise<Record<string, number>>) => {
    const dir = path.join(countersRoot, name.replace(/\s+/g, "-"));
    process.env[countersDirVariable] = dir; // reaches the dynamic-provider process through the CLI's environment
    server.resetStats();
    const begun = Date.now();
    console.log(`[soak] ${label}: ${name}…`);
    const changes = await action();
    run.phases.push({
      name,
      wallSeconds: (Date.now() - begun) / 1000,
      changes,
      traffic: traffic(server),
      provider: providerCounters(dir),
    });
    console.log(`[soak] ${label}: ${name}: ${JSON.stringify(run.phases[run.phases.length - 1])}`);
  };

  try {
    await runPhase("up", async () => {
      const result = await project.up();
      run.printed.push(result.stdout, result.stderr);
      return result.summary.resourceChanges ?? {};
    });
    run.checks["after up"] = await checkService(api, project);
    await runPhase("second up", async () => {
      const result = await project.up();
      run.printed.push(result.stdout, result.stderr);
      return result.summary.resourceChanges ?? {};
    });
    const stateText = project.stateFile();
    await runPhase("destroy", async () => {
      await project.destroy();
      return {};
    });
    run.checks["after destroy"] = await checkService(api, project);
    run.printed.push(stateText);
  } catch (error) {
    run.failure = error instanceof Error ? error.message : String(error);
  } finally {
    project.dispose();
    await server.close();
    fs.rmSync(countersRoot, { recursive: true, force: true });
  }
  return run;
}

async function main(): Promise<number> {
  const options = readScriptCommandLine(soakCommand);
  const facts = machine();
  const resources = options.groups * 4;
  const secrets = (serverSecret: string) => [
    serverSecret,
    ...Array.from({ length: options.groups }, (_, i) => [`many-secret-${i}-4f1e`, `many-key-${i}-9c0d`]).flat(),
  ];
  const started = Date.now();
  // The same stack twice, with the faults and without: the ratio is what the faults cost.
  const faulted = await runStack(options, options.faults, "with faults");
  const quiet = await runStack(options, "", "without faults");
  const { phases, checks, failure } = faulted;

  facts.loadAverageAtEnd = os.loadavg()[0];
  const leaks = [faulted, quiet].flatMap((run) => leakedSecrets(run.printed.join("\n"), secrets(run.serverSecret)));
  const secondUp = phases.find((phase) => phase.name === "second up");
  const results = {
    options: { ...options, out: path.relative(repoRoot, options.out) || "." },
    resources: resources + 1,
    machine: facts,
    wallSeconds: (Date.now() - started) / 1000,
    phases,
    withoutFaults: quiet.phases,
    checks,
    duplicates: Object.values(checks).reduce((total, check) => total + check.duplicates, 0),
    orphans: Object.values(checks).reduce((total, check) => total + check.orphans, 0),
    leakedSecrets: leaks.length,
    secondUpChangedNothing: secondUp !== undefined && secondUp.changes.same === resources + 1,
    destroyLeftNothing: Object.values(checks["after destroy"]?.objects ?? { unknown: 1 }).every((count) => count === 0),
    failure: failure ?? (quiet.failure ? `without faults: ${quiet.failure}` : undefined),
  };
  const ok =
    results.failure === undefined &&
    results.duplicates === 0 &&
    results.orphans === 0 &&
    results.leakedSecrets === 0 &&
    results.secondUpChangedNothing &&
    results.destroyLeftNothing &&
    checks["after up"]?.missing === 0;
  fs.mkdirSync(options.out, { recursive: true });
  fs.writeFileSync(path.join(options.out, "soak-results.json"), `${JSON.stringify({ ok, ...results }, null, 2)}\n`);
  fs.writeFileSync(path.join(options.out, "SOAK.md"), report(ok, results));
  console.log(`[soak] ${ok ? "passed" : "FAILED"}: wrote ${path.join(options.out, "SOAK.md")}`);
  return ok ? 0 : 1;
}

type Results = {
  options: Options;
  resources: number;
  machine: Machine;
  wallSeconds: number;
  phases: Phase[];
  /** The same stack's phases against a server without faults. */
  withoutFaults: Phase[];
  checks: Record<string, ServiceCheck>;
  duplicates: number;
  orphans: number;
  leakedSecrets: number;
  secondUpChangedNothing: boolean;
  destroyLeftNothing: boolean;
  failure?: string;
};

function report(ok: boolean, results: Results): string {
  const { options, machine: facts, phases } = results;
  const total = (pick: (phase: Phase) => number) => phases.reduce((sum, phase) => sum + pick(phase), 0);
  const row = (cells: Array<string | number>) => `| ${cells.join(" | ")} |`;
  const retriesByReason = (phase: Phase) =>
    Object.entries(phase.provider.retries)
      .map(([reason, count]) => `${reason} ${count}`)
      .join(", ") || "none";
  const afterUp = results.checks["after up"];
  const up = phases.find((phase) => phase.name === "up");
  // The client never retries a create the service may have acted on; the engine looks the object up by name
  // first and sends the create again only when there is none. The server's count shows how often that happened.
  const createsResent = up ? up.traffic.creates - 4 * options.groups : undefined;
  return [
    "# Soak: a large stack under heavy faults",
    "",
    `Generated by \`npm run soak\` (bench/soak.ts) on ${facts.date}. ${ok ? "**Passed.**" : "**FAILED.**"}` +
      (results.failure ? ` Failure: ${results.failure}` : ""),
    "",
    `- Resources: **${results.resources}** (${options.groups} × topic, typed Postgres source, typed Snowflake ` +
      "destination and pipeline, plus the stack), tests/fixtures/many.",
    `- Faults (local API server, seeded): \`${options.faults}\`: 5xx and 429 (Retry-After 1 s) answers, ` +
      "dropped connections, access tokens that expire quickly.",
    `- Wall time: **${results.wallSeconds.toFixed(1)} s** in all.`,
    `- Duplicates on the service: **${results.duplicates}**; orphans (objects the state does not record): ` +
      `**${results.orphans}**; resources without their object after \`up\`: **${afterUp?.missing ?? "n/a"}**.`,
    `- Create requests beyond one per object: **${createsResent ?? "n/a"}** (${up?.traffic.creates ?? "?"} POSTs ` +
      `for ${4 * options.groups} objects, by the server's count): creates turned away with 429 and sent again, and ` +
      "creates whose answer was lost, sent again only after the object was found missing by name.",
    `- Leaked secrets (${2 * options.groups + 1} secrets looked for in the state file and the output of both ` +
      `\`up\`s): **${results.leakedSecrets}**.`,
    `- Second \`up\` changed nothing: **${results.secondUpChangedNothing ? "yes" : "no"}**; destroy left nothing: ` +
      `**${results.destroyLeftNothing ? "yes" : "no"}**.`,
    "",
    "## Phases",
    "",
    row(["phase", "wall s", "changes", "API calls", "dropped", "429", "5xx", "401", "retries (provider)", "by reason"]),
    row(["---", "---:", "---", "---:", "---:", "---:", "---:", "---:", "---:", "---"]),
    ...phases.map((phase) =>
      row([
        phase.name,
        phase.wallSeconds.toFixed(1),
        JSON.stringify(phase.changes).replace(/[{}"]/g, "").replace(/,/g, ", ") || "-",
        phase.traffic.calls,
        phase.traffic.dropped,
        phase.traffic.rateLimited,
        phase.traffic.serverErrors,
        phase.traffic.unauthorized,
        phase.provider.retriesTotal,
        retriesByReason(phase),
      ]),
    ),
    row([
      "**all**",
      total((phase) => phase.wallSeconds).toFixed(1),
      "",
      total((phase) => phase.traffic.calls),
      total((phase) => phase.traffic.dropped),
      total((phase) => phase.traffic.rateLimited),
      total((phase) => phase.traffic.serverErrors),
      total((phase) => phase.traffic.unauthorized),
      total((phase) => phase.provider.retriesTotal),
      "",
    ]),
    "",
    "Faults injected are the server's count of what it answered (dropped = connection closed without an answer). " +
      "Retries are the provider processes' own count (STREAMKAP_COUNTERS_DIR), by what caused them; a 401 is not a " +
      "retry but a token renewed and the call sent again once. Token renewals and pacing per phase:",
    "",
    row([
      "phase",
      "tokens obtained",
      "tokens refreshed",
      "requests paced by the token bucket",
      "their waits added up, s",
    ]),
    row(["---", "---:", "---:", "---:", "---:"]),
    ...phases.map((phase) =>
      row([
        phase.name,
        phase.provider.tokensObtained,
        phase.provider.tokensRefreshed,
        phase.provider.pacedRequests,
        (phase.provider.pacedWaitMs / 1000).toFixed(1),
      ]),
    ),
    "",
    "## What the faults cost, and what the pace made calls wait",
    "",
    "The same stack against a server without faults, in the same run, and the pace's waits (every paced " +
      `request's wait added up, divided by the ${defaultMaxConcurrency} calls the default settings allow at once) ` +
      "as a share of each phase's wall time:",
    "",
    row(["phase", "wall s with faults", "wall s without", "ratio", "pace waits ÷ concurrency, s", "share of wall"]),
    row(["---", "---:", "---:", "---:", "---:", "---:"]),
    ...phases.map((phase) => {
      const clean = results.withoutFaults.find((other) => other.name === phase.name);
      const paced = phase.provider.pacedWaitMs / 1000 / defaultMaxConcurrency;
      return row([
        phase.name,
        phase.wallSeconds.toFixed(1),
        clean ? clean.wallSeconds.toFixed(1) : "n/a",
        clean ? `${(phase.wallSeconds / clean.wallSeconds).toFixed(2)}×` : "n/a",
        paced.toFixed(1),
        `${((100 * paced) / phase.wallSeconds).toFixed(1)}%`,
      ]);
    }),
    "",
    "## What the service held",
    "",
    row(["after", "topics", "sources", "destinations", "pipelines", "duplicates", "orphans"]),
    row(["---", "---:", "---:", "---:", "---:", "---:", "---:"]),
    ...Object.entries(results.checks).map(([when, check]) =>
      row([
        when,
        check.objects.topics,
        check.objects.sources,
        check.objects.destinations,
        check.objects.pipelines,
        check.duplicates,
        check.orphans,
      ]),
    ),
    "",
    "## Machine and versions",
    "",
    `- ${facts.cpuModel}, ${facts.cpus} CPUs available, ${facts.memoryGiB} GiB; ${facts.os}`,
    `- Load average (1 min) at start ${facts.loadAverageAtStart.toFixed(2)}, at end ` +
      `${facts.loadAverageAtEnd?.toFixed(2) ?? "?"}: the machine is shared, so wall times vary between runs.`,
    `- Node.js ${facts.node}; pulumi CLI ${facts.pulumiCli}; @pulumi/pulumi ${facts.pulumiSdk}; commit ${facts.commit}`,
    "",
    "Rerun with `npm run soak` (options: `-- --groups N --faults SPEC --out DIR`); the faults' syntax is in " +
      "docs/local-server.md.",
    "",
  ].join("\n");
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
