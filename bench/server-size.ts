// The local server as its retained webhook records grow: for each size, fill the topics with ~1 MiB records up to
// that size, then for a fixed time measure small-record ingestion (requests/s, p50/p99) while a reader GETs one
// source in a loop (p50/p99), and read the server's RSS. The server runs as a child process of the CLI given with
// --cli and a fresh --data directory, so any build (old or new) is measured the same way, over HTTP.
// A server that dies is the result for that size (with its stderr tail), not a crash of this script.
// Figures go to bench/server-size-results.json under --label, next to the other labels already there.
//   npm run bench:server-size -- [--cli PATH_TO_main.js] [--label NAME] [--sizes 10MB,100MB,1GB] [--seconds 10]
//     [--out FILE] [--server-arg ARG]... (passed to `local`, e.g. --server-arg=--fsync); --help lists them
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { request } from "undici";

import { readScriptCommandLine, scriptCommand, UsageError } from "../scripts/script-command-line";

const TOPICS = 8;
const FILL_RECORD_BYTES = 2 ** 20;
const FILL_CONCURRENCY = 8;
const SMALL_PAYLOAD_BYTES = 200;
const INGEST_CONCURRENCY = 16;
const INGEST_TOPIC = "small";
const STDERR_TAIL_BYTES = 2000;

interface Options {
  cli: string;
  label: string;
  sizes: Array<{ name: string; bytes: number }>;
  seconds: number;
  out: string;
  /** Extra arguments for `local` (e.g. --fsync). */
  serverArgs: string[];
}

interface Ready {
  baseUrl: string;
  webhookBaseUrl: string;
  clientId: string;
  secret: string;
}

interface Latency {
  requests: number;
  errors: number;
  p50_ms: number | null;
  p99_ms: number | null;
}

interface SizeResult {
  size: string;
  target_bytes: number;
  ok: boolean;
  error?: string;
  stderr_tail?: string;
  fill?: { records: number; bytes: number; seconds: number; rejected: Record<string, number> };
  /** On a failure: what the server had accepted (records and bytes, since the start of the run) when it happened. */
  accepted_before_failure?: { records: number; bytes: number };
  retained?: { records: number | null; bytes: number | null };
  ingest?: Latency & { concurrency: number; payload_bytes: number; seconds: number; requests_per_second: number };
  small_get_while_writing?: Latency;
  rss_mib?: number | null;
  peak_rss_mib?: number | null;
  data_dir_mib?: number;
}

interface RunResult {
  label: string;
  cli: string;
  when: string;
  node: string;
  nproc: number;
  measure_seconds: number;
  sizes: SizeResult[];
}

class ServerDied extends Error {}

function parseSize(text: string): { name: string; bytes: number } {
  const m = /^(\d+(?:\.\d+)?)\s*(KB|MB|GB)?$/i.exec(text.trim());
  if (!m) throw new UsageError(`--sizes: bad size '${text}' (use e.g. 10MB, 1GB)`);
  const unit = (m[2] ?? "MB").toUpperCase();
  const factor = unit === "GB" ? 2 ** 30 : unit === "MB" ? 2 ** 20 : 2 ** 10;
  return { name: `${m[1]}${unit}`, bytes: Math.round(Number(m[1]) * factor) };
}

const usage = `Usage: npm run bench:server-size -- [options]
  --cli FILE           the CLI whose \`local\` server is measured              default dist/cli/main.js
  --label NAME         the name of this run's figures in the results file      default current
  --sizes 10MB,100MB,1GB  retained records to fill up to (KB, MB or GB)         default 10MB,100MB,1GB
  --seconds N          how long each size's ingestion is measured               default 10
  --out FILE           the results file                         default bench/server-size-results.json
  --server-arg ARG     an argument for \`local\` (repeatable); one starting with "-" goes as --server-arg=--fsync
  --help, --version    this usage; the package's version`;

const serverSizeCommand = scriptCommand(
  "bench/server-size.ts",
  usage,
  {
    cli: { type: "string" },
    label: { type: "string" },
    sizes: { type: "string" },
    seconds: { type: "string" },
    out: { type: "string" },
    "server-arg": { type: "string", multiple: true },
  },
  (values): Options => {
    const repo = resolve(__dirname, "..", "..");
    const options: Options = {
      cli: values.cli === undefined ? join(repo, "dist", "cli", "main.js") : resolve(values.cli),
      label: values.label ?? "current",
      sizes: (values.sizes ?? "10MB,100MB,1GB").split(",").filter(Boolean).map(parseSize),
      seconds: values.seconds === undefined ? 10 : Number(values.seconds),
      out: values.out === undefined ? join(repo, "bench", "server-size-results.json") : resolve(values.out),
      serverArgs: values["server-arg"] ?? [],
    };
    if (!existsSync(options.cli)) throw new UsageError(`--cli: no CLI at ${options.cli} (build it first)`);
    if (!(options.seconds > 0)) throw new UsageError("--seconds must be positive");
    return options;
  },
);

/** The server as a child process: its ready line, its pid, whether and how it exited, the tail of its stderr. */
class ServerProcess {
  private stderr = "";
  exit: string | undefined;
  readonly exited: Promise<void>;

  private constructor(
    readonly child: ChildProcess,
    readonly dataDir: string,
  ) {
    child.stderr?.setEncoding("utf8");
    child.stderr?.on("data", (chunk: string) => {
      this.stderr = (this.stderr + chunk).slice(-STDERR_TAIL_BYTES);
    });
    this.exited = new Promise((done) => {
      child.once("exit", (code, signal) => {
        this.exit = signal ? `signal ${signal}` : `code ${code}`;
        done();
      });
    });
  }

  static async start(cli: string, serverArgs: string[]): Promise<{ server: ServerProcess; ready: Ready }> {
    const dataDir = mkdtempSync(join(tmpdir(), "server-size-"));
    const child = spawn(process.execPath, [cli, "local", "--json", "--data", dataDir, "--port", "0", ...serverArgs], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    const server = new ServerProcess(child, dataDir);
    const ready = await new Promise<Ready>((done, fail) => {
      let out = "";
      child.stdout?.setEncoding("utf8");
      child.stdout?.on("data", (chunk: string) => {
        out += chunk;
        const nl = out.indexOf("\n");
        if (nl >= 0) done(JSON.parse(out.slice(0, nl)) as Ready);
      });
      void server.exited.then(() => fail(new ServerDied(`server exited before it was ready (${server.exit})`)));
    });
    child.stdout?.resume();
    return { server, ready };
  }

  get pid(): number {
    return this.child.pid ?? -1;
  }

  get stderrTail(): string {
    return this.stderr.trim();
  }

  /** VmRSS and VmHWM in MiB from /proc, or null once the process is gone or off Linux. */
  memory(): { rss: number | null; peak: number | null } {
    try {
      const status = readFileSync(`/proc/${this.pid}/status`, "utf8");
      const kib = (name: string) => {
        const m = new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status);
        return m ? Number(m[1]) / 1024 : null;
      };
      return { rss: kib("VmRSS"), peak: kib("VmHWM") };
    } catch {
      return { rss: null, peak: null };
    }
  }

  dataDirMib(): number {
    let total = 0;
    for (const name of readdirSync(this.dataDir)) {
      try {
        total += statSync(join(this.dataDir, name)).size;
      } catch {
        // a temp file that went away between the listing and the stat
      }
    }
    return total / 2 ** 20;
  }

  async stop(): Promise<void> {
    if (this.exit === undefined) {
      this.child.kill("SIGTERM");
      const timer = setTimeout(() => this.child.kill("SIGKILL"), 120_000);
      await this.exited;
      clearTimeout(timer);
    }
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

interface Answer {
  status: number;
  body: unknown;
}

async function call(url: string, method: "GET" | "POST", body?: unknown, headers: Record<string, string> = {}) {
  const res = await request(url, {
    method,
    headers: { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.body.text();
  return { status: res.statusCode, body: text ? (JSON.parse(text) as unknown) : undefined } satisfies Answer;
}

function field(value: unknown, ...path: Array<string | number>): unknown {
  let v = value;
  for (const key of path) {
    if (v === null || typeof v !== "object") return undefined;
    v = (v as Record<string | number, unknown>)[key];
  }
  return v;
}

function percentile(sorted: number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function latency(ms: number[], errors: number): Latency {
  const sorted = [...ms].sort((a, b) => a - b);
  const round = (x: number | null) => (x === null ? null : Math.round(x * 100) / 100);
  return {
    requests: ms.length + errors,
    errors,
    p50_ms: round(percentile(sorted, 50)),
    p99_ms: round(percentile(sorted, 99)),
  };
}

const sinceMs = (t: bigint) => Number(process.hrtime.bigint() - t) / 1e6;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

interface Session {
  server: ServerProcess;
  bearer: Record<string, string>;
  baseUrl: string;
  sourceId: string;
  webhookUrl: string;
  apiKey: string;
}

/** One webhook POST; a failed connection to a server that has exited becomes ServerDied. */
async function post(s: Session, topic: string, body: string): Promise<number> {
  try {
    const res = await request(`${s.webhookUrl}/${topic}`, {
      method: "POST",
      headers: { "x-api-key": s.apiKey, "content-type": "application/json" },
      body,
    });
    await res.body.text();
    return res.statusCode;
  } catch (e) {
    await Promise.race([s.server.exited, sleep(500)]);
    if (s.server.exit !== undefined) throw new ServerDied(`server exited (${s.server.exit})`);
    throw e;
  }
}

async function setUp(server: ServerProcess, ready: Ready): Promise<Session> {
  const auth = await call(`${ready.baseUrl}/auth/access-token`, "POST", {
    client_id: ready.clientId,
    secret: ready.secret,
  });
  const token = field(auth.body, "accessToken");
  if (typeof token !== "string") throw new Error(`no token: ${auth.status} ${JSON.stringify(auth.body)}`);
  const bearer = { authorization: `Bearer ${token}` };
  const created = await call(
    `${ready.baseUrl}/sources`,
    "POST",
    { name: "size-webhook", connector: "webhook", config: { "topic.include.list.user.defined": "orders" } },
    bearer,
  );
  const sourceId = field(created.body, "id");
  if (typeof sourceId !== "string") throw new Error(`no source: ${created.status} ${JSON.stringify(created.body)}`);
  const full = await call(`${ready.baseUrl}/sources/${sourceId}?secret_returned=true`, "GET", undefined, bearer);
  const webhookUrl = field(full.body, "result", 0, "config", "webhook.url");
  const apiKey = field(full.body, "result", 0, "config", "api.key");
  if (typeof webhookUrl !== "string" || typeof apiKey !== "string") {
    throw new Error(`no webhook url/key: ${full.status} ${JSON.stringify(full.body)}`);
  }
  const session: Session = { server, bearer, baseUrl: ready.baseUrl, sourceId, webhookUrl, apiKey };
  // The connector may still be starting: wait until a record is accepted.
  const deadline = Date.now() + 30_000;
  for (;;) {
    const status = await post(session, INGEST_TOPIC, JSON.stringify({ warmup: true }));
    if (status === 202) return session;
    if (Date.now() > deadline) throw new Error(`webhook still answers ${status} after 30 s`);
    await sleep(200);
  }
}

/** Posts ~1 MiB records over the topics until `target` bytes of them have been accepted since the start of the run. */
async function fill(s: Session, state: { records: number; bytes: number; sent: number }, target: number) {
  const started = process.hrtime.bigint();
  const rejected: Record<string, number> = {};
  let claimed = state.bytes;
  const records0 = state.records;
  await Promise.all(
    Array.from({ length: FILL_CONCURRENCY }, async () => {
      while (claimed < target) {
        const n = state.sent++;
        const head = `{"i":${n},"fill":"`;
        const body = head + "x".repeat(FILL_RECORD_BYTES - head.length - 2) + `"}`;
        claimed += body.length;
        const status = await post(s, `t${n % TOPICS}`, body);
        if (status === 202) {
          state.records++;
          state.bytes += body.length;
        } else {
          claimed -= body.length;
          rejected[status] = (rejected[status] ?? 0) + 1;
          if (Object.values(rejected).reduce((a, b) => a + b, 0) > 100) {
            throw new Error(`fill rejected too often: ${JSON.stringify(rejected)}`);
          }
          await sleep(status === 429 ? 1000 : 100);
        }
      }
    }),
  );
  return { records: state.records - records0, bytes: state.bytes, seconds: sinceMs(started) / 1000, rejected };
}

async function retained(s: Session): Promise<{ records: number | null; bytes: number | null }> {
  const res = await call(`${s.baseUrl}/topics/metrics`, "GET", undefined, s.bearer);
  const rows = field(res.body, "result");
  if (res.status !== 200 || !Array.isArray(rows)) return { records: null, bytes: null };
  let records: number | null = null;
  let bytes: number | null = null;
  for (const row of rows) {
    const r = field(row, "retained_records");
    const b = field(row, "retained_bytes");
    if (typeof r === "number") records = (records ?? 0) + r;
    if (typeof b === "number") bytes = (bytes ?? 0) + b;
  }
  return { records, bytes };
}

/** Small-record ingestion at fixed concurrency and, at the same time, a reader of one source. */
async function measure(s: Session, seconds: number) {
  const until = Date.now() + seconds * 1000;
  const writes: number[] = [];
  const reads: number[] = [];
  let writeErrors = 0;
  let readErrors = 0;
  let n = 0;
  const started = process.hrtime.bigint();
  const writers = Array.from({ length: INGEST_CONCURRENCY }, async () => {
    while (Date.now() < until) {
      const head = `{"i":${n++},"payload":"`;
      const body = head + "y".repeat(SMALL_PAYLOAD_BYTES - head.length - 2) + `"}`;
      const t = process.hrtime.bigint();
      const status = await post(s, INGEST_TOPIC, body);
      if (status === 202) writes.push(sinceMs(t));
      else writeErrors++;
    }
  });
  const reader = (async () => {
    while (Date.now() < until) {
      const t = process.hrtime.bigint();
      try {
        const res = await request(`${s.baseUrl}/sources/${s.sourceId}`, { method: "GET", headers: s.bearer });
        await res.body.text();
        if (res.statusCode === 200) reads.push(sinceMs(t));
        else readErrors++;
      } catch {
        readErrors++;
        if (s.server.exit !== undefined) throw new ServerDied(`server exited (${s.server.exit})`);
      }
    }
  })();
  await Promise.all([...writers, reader]);
  const elapsed = sinceMs(started) / 1000;
  return {
    ingest: {
      ...latency(writes, writeErrors),
      concurrency: INGEST_CONCURRENCY,
      payload_bytes: SMALL_PAYLOAD_BYTES,
      seconds: Math.round(elapsed * 100) / 100,
      requests_per_second: Math.round(writes.length / elapsed),
    },
    small_get_while_writing: latency(reads, readErrors),
  };
}

const mib = (x: number | null) => (x === null ? null : Math.round(x));

async function run(options: Options): Promise<RunResult> {
  const result: RunResult = {
    label: options.label,
    cli: options.cli,
    when: new Date().toISOString(),
    node: process.version,
    nproc: availableParallelism(),
    measure_seconds: options.seconds,
    sizes: [],
  };
  const { server, ready } = await ServerProcess.start(options.cli, options.serverArgs);
  const log = (line: string) => process.stderr.write(`[${options.label}] ${line}\n`);
  try {
    const session = await setUp(server, ready);
    const filled = { records: 0, bytes: 0, sent: 0 };
    for (const size of options.sizes) {
      const row: SizeResult = { size: size.name, target_bytes: size.bytes, ok: false };
      result.sizes.push(row);
      if (server.exit !== undefined) {
        row.error = `not run: the server exited at an earlier size (${server.exit})`;
        continue;
      }
      try {
        log(`filling to ${size.name}…`);
        row.fill = await fill(session, filled, size.bytes);
        row.retained = await retained(session);
        log(`filled ${row.fill.records} records in ${row.fill.seconds.toFixed(1)} s; measuring ${options.seconds} s…`);
        Object.assign(row, await measure(session, options.seconds));
        const memory = server.memory();
        row.rss_mib = mib(memory.rss);
        row.peak_rss_mib = mib(memory.peak);
        row.data_dir_mib = Math.round(server.dataDirMib());
        // Up after the measurement, not just during it: one more small GET.
        const check = await call(`${session.baseUrl}/sources/${session.sourceId}`, "GET", undefined, session.bearer);
        if (check.status !== 200) throw new Error(`GET /sources/{id} answered ${check.status} after the measurement`);
        row.ok = true;
      } catch (e) {
        await Promise.race([server.exited, sleep(1000)]);
        row.error = server.exit !== undefined ? `server exited (${server.exit})` : String(e);
        row.accepted_before_failure = { records: filled.records, bytes: filled.bytes };
        if (server.exit !== undefined) row.stderr_tail = server.stderrTail;
        const memory = server.memory();
        if (memory.rss !== null) row.rss_mib = mib(memory.rss);
      }
      log(`${size.name}: ${row.ok ? "ok" : row.error}`);
    }
  } catch (e) {
    result.sizes.push({
      size: "setup",
      target_bytes: 0,
      ok: false,
      error: String(e),
      stderr_tail: server.stderrTail,
    });
  } finally {
    await server.stop();
  }
  return result;
}

function merge(file: string, run: RunResult): Record<string, RunResult> {
  let all: Record<string, RunResult> = {};
  if (existsSync(file)) {
    const parsed = JSON.parse(readFileSync(file, "utf8")) as unknown;
    if (parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)) {
      all = parsed as Record<string, RunResult>;
    }
  }
  all[run.label] = run;
  writeFileSync(file, `${JSON.stringify(all, null, 2)}\n`);
  return all;
}

function failure(r: SizeResult): string {
  const accepted = r.accepted_before_failure;
  return `**${r.error}**${accepted ? ` after ${Math.round(accepted.bytes / 2 ** 20)} MiB accepted` : ""}`;
}

/** One row per size and label, in the layout of bench/RESULTS.md. */
function table(all: Record<string, RunResult>): string {
  const ms = (x: number | null | undefined) => (x === null || x === undefined ? "–" : x.toFixed(1));
  const lines = [
    "| retained | build | ingest req/s | ingest p50 / p99 ms | small GET p50 / p99 ms | RSS MiB (peak) | result |",
    "|---|---|--:|--:|--:|--:|---|",
  ];
  const sizes = [...new Set(Object.values(all).flatMap((r) => r.sizes.map((s) => s.size)))];
  for (const size of sizes) {
    for (const run of Object.values(all)) {
      const r = run.sizes.find((s) => s.size === size);
      if (!r) continue;
      lines.push(
        `| ${size} | ${run.label} | ${r.ingest ? r.ingest.requests_per_second : "–"} | ` +
          `${ms(r.ingest?.p50_ms)} / ${ms(r.ingest?.p99_ms)} | ` +
          `${ms(r.small_get_while_writing?.p50_ms)} / ${ms(r.small_get_while_writing?.p99_ms)} | ` +
          `${r.rss_mib ?? "–"}${r.peak_rss_mib ? ` (${r.peak_rss_mib})` : ""} | ${r.ok ? "ok" : failure(r)} |`,
      );
    }
  }
  return lines.join("\n");
}

async function main() {
  const options = readScriptCommandLine(serverSizeCommand);
  const result = await run(options);
  const all = merge(options.out, result);
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n\n${table(all)}\n`);
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exitCode = 1;
});
