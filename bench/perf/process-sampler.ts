// Peak memory and CPU time of the processes pulumi starts under this one, read from /proc while they live (Linux
// only).
//
// The dynamic provider is a node process the engine starts (through the pulumi-resource-pulumi-nodejs shell shim)
// for each engine run and ends with it, so its peak has to be sampled while it runs: every tick walks our process
// tree and reads VmHWM (the kernel's own high-water mark of resident memory) of each process of interest. VmHWM is
// monotonic, so the last sample before exit misses at most what grew in the final interval.
//
// The provider plugin (pulumi-resource-streamkap) is a node process the engine starts the same way, once per engine
// run: its shell script execs `node …/dist/provider/plugin/main.js`, so it is told apart by that script. It counts
// as the "provider" role, as the dynamic provider does: a stack has one or the other. So does the plugin stack's
// floor, pulumi-resource-benchfloor, which runs `node …/stacks/floor-plugin/provider.js`.
import * as fs from "node:fs";

export type ProcessRole = "provider" | "engine" | "program";

/** Peak resident memory and CPU time of one role over one operation. */
export interface RolePeak {
  /** Highest VmHWM of any single process of the role, in bytes. */
  peakBytes: number;
  /** CPU time (user + system) of every process of the role together, as last sampled, in seconds. */
  cpuSeconds: number;
  /** How many processes of the role were seen. */
  processes: number;
}

export type PeakReport = Partial<Record<ProcessRole, RolePeak>>;

/** What a process is, from its command line (NUL-separated argv). */
export function roleOf(cmdline: string): ProcessRole | undefined {
  const argv = cmdline.split("\0").filter((arg) => arg !== "");
  if (argv.length === 0) return undefined;
  if (argv.some((arg) => arg.includes("cmd/dynamic-provider"))) return "provider";
  if (argv.some((arg) => /(^|\/)dist\/provider\/plugin\/main\.js$/.test(arg))) return "provider";
  if (argv.some((arg) => /(^|\/)stacks\/floor-plugin\/provider\.js$/.test(arg))) return "provider";
  const program = argv[0].split("/").pop() ?? "";
  if (program === "pulumi") return "engine";
  if (program === "node" || program.startsWith("node")) return "program";
  return undefined;
}

/** The kB value of a `Vm…:` line of /proc/<pid>/status, in bytes. */
export function statusBytes(status: string, field: "VmHWM" | "VmRSS"): number | undefined {
  const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, "m").exec(status);
  return match ? Number(match[1]) * 1024 : undefined;
}

function read(file: string): string | undefined {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return undefined; // the process ended between listing and reading
  }
}

/** Linux reports CPU times in clock ticks of USER_HZ, which is 100 on every mainstream architecture. */
const ticksPerSecond = 100;

/** User + system CPU seconds from the text of /proc/<pid>/stat. */
export function statCpuSeconds(stat: string): number | undefined {
  // Fields after the command name, which is in parentheses and may itself hold spaces or parentheses; utime and
  // stime are fields 14 and 15 of the whole line.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return Number.isFinite(utime) && Number.isFinite(stime) ? (utime + stime) / ticksPerSecond : undefined;
}

/** Direct children of `pid`, from every thread's `children` file, or by scanning /proc where those are missing. */
function childrenOf(pid: number): number[] {
  const tasks = (() => {
    try {
      return fs.readdirSync(`/proc/${pid}/task`);
    } catch {
      return [];
    }
  })();
  const children: number[] = [];
  let supported = false;
  for (const task of tasks) {
    const text = read(`/proc/${pid}/task/${task}/children`);
    if (text === undefined) continue;
    supported = true;
    for (const child of text.split(" ")) if (child.trim() !== "") children.push(Number(child));
  }
  return supported ? children : scanForChildren(pid);
}

function scanForChildren(parent: number): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = read(`/proc/${entry}/stat`);
    // Fields after the command name (see statCpuSeconds); the second is the parent's pid.
    const fields = stat?.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (fields && Number(fields[1]) === parent) children.push(Number(entry));
  }
  return children;
}

/** Samples the tree under `rootPid` every `intervalMs` between start() and stop(). */
export class ProcessTreeSampler {
  // Read afresh each tick rather than cached: a forked child shows its parent's command line until it execs.
  private readonly seen = new Map<number, { role: ProcessRole; peakBytes: number; cpuSeconds: number }>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly rootPid: number = process.pid,
    private readonly intervalMs = 100,
  ) {}

  static supported(): boolean {
    return fs.existsSync("/proc/self/status");
  }

  start(): void {
    this.sample();
    this.timer = setInterval(() => this.sample(), this.intervalMs);
    this.timer.unref();
  }

  stop(): PeakReport {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    const report: PeakReport = {};
    for (const { role, peakBytes, cpuSeconds } of this.seen.values()) {
      const entry = report[role] ?? { peakBytes: 0, cpuSeconds: 0, processes: 0 };
      report[role] = {
        peakBytes: Math.max(entry.peakBytes, peakBytes),
        cpuSeconds: entry.cpuSeconds + cpuSeconds,
        processes: entry.processes + 1,
      };
    }
    return report;
  }

  private sample(): void {
    const pending = childrenOf(this.rootPid);
    while (pending.length > 0) {
      const pid = pending.pop() as number;
      pending.push(...childrenOf(pid));
      const cmdline = read(`/proc/${pid}/cmdline`);
      const role = cmdline === undefined ? undefined : roleOf(cmdline);
      if (role === undefined) continue;
      const status = read(`/proc/${pid}/status`);
      const peak = status === undefined ? undefined : (statusBytes(status, "VmHWM") ?? statusBytes(status, "VmRSS"));
      if (peak === undefined) continue;
      const stat = read(`/proc/${pid}/stat`);
      const cpu = stat === undefined ? undefined : statCpuSeconds(stat);
      const before = this.seen.get(pid);
      const same = before?.role === role;
      this.seen.set(pid, {
        role,
        peakBytes: same ? Math.max(before.peakBytes, peak) : peak,
        cpuSeconds: cpu ?? (same ? before.cpuSeconds : 0),
      });
    }
  }
}
