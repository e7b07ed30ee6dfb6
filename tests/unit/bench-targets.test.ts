// The benchmark's report math (bench/perf): endpoint classes, target checks, the wall-time bound, the state's
// serialized-provider bytes, and how repeats become one row.
import { endpointClass, summarizeCalls, type CallRecord } from "../../bench/perf/calls";
import { roleOf, statCpuSeconds, statusBytes } from "../../bench/perf/process-sampler";
import type { ScenarioRun } from "../../bench/perf/scenario";
import { providerFootprint } from "../../bench/perf/state";
import { summarizeSize } from "../../bench/perf/summary";
import {
  callsMet,
  effectiveParallelism,
  median,
  paceMinimumSeconds,
  verdict,
  wallBoundSeconds,
} from "../../bench/perf/targets";

const id = "6b031ca5965f9c3142645d36";
const call = (method: string, path: string, status = 200): CallRecord => ({ method, path, status });

describe("endpoint classes", () => {
  test("object ids, topic names and version numbers become placeholders; fixed words stay", () => {
    expect(endpointClass("get", `/sources/${id}`)).toBe("GET /sources/:id");
    expect(endpointClass("GET", "/topics/bench-g0-events")).toBe("GET /topics/:id");
    expect(endpointClass("PUT", `/transforms/${id}/deploy-job-live/3`)).toBe("PUT /transforms/:id/deploy-job-live/:n");
    expect(endpointClass("POST", "/sources/bulk/snapshot")).toBe("POST /sources/bulk/snapshot");
    expect(endpointClass("GET", "/topics/details")).toBe("GET /topics/details");
    expect(endpointClass("POST", "/auth/access-token")).toBe("POST /auth/access-token");
  });

  test("the summary counts tokens, GETs of one object and failures, busiest endpoint first", () => {
    const summary = summarizeCalls([
      call("POST", "/auth/access-token"),
      call("POST", "/sources"),
      call("GET", `/sources/${id}`),
      call("GET", `/sources/${id}`),
      call("GET", `/transforms/${id}/job_status`),
      call("GET", "/tags"),
      call("DELETE", `/topics/x`, 404),
      call("GET", `/sources/${id}`, 0),
    ]);
    expect(summary).toMatchObject({ total: 8, tokens: 1, singleObjectGets: 4, failed: 2 });
    expect(Object.keys(summary.byEndpoint)[0]).toBe("GET /sources/:id");
  });
});

describe("targets", () => {
  const calls = (total: number, tokens: number) => ({ ...summarizeCalls([]), total, tokens });

  test("a no-op preview allows no call at all, not even a token", () => {
    expect(callsMet("preview", calls(0, 0), 10)).toBe(true);
    expect(callsMet("preview", calls(1, 1), 10)).toBe(false);
  });

  test("up allows 2 calls per resource plus one token; refresh 1 per resource plus one token", () => {
    expect(callsMet("up", calls(21, 1), 10)).toBe(true);
    expect(callsMet("up", calls(22, 1), 10)).toBe(false);
    expect(callsMet("up", calls(20, 2), 10)).toBe(false);
    expect(callsMet("refresh", calls(11, 1), 10)).toBe(true);
    expect(callsMet("refresh", calls(12, 1), 10)).toBe(false);
  });

  test("destroy has the create's call target; the update has none", () => {
    expect(callsMet("destroy", calls(21, 1), 10)).toBe(true);
    expect(callsMet("destroy", calls(22, 1), 10)).toBe(false);
    expect(callsMet("update", calls(500, 3), 10)).toBeUndefined();
  });

  test("the wall bound is 1.2 × (floor + calls × latency ÷ parallelism): the physical bound with a margin", () => {
    expect(wallBoundSeconds(4, 800, 25, 8)).toBeCloseTo(1.2 * (4 + 2.5));
    expect(effectiveParallelism(16, 8)).toBe(8);
    expect(effectiveParallelism(4, 8)).toBe(4);
    expect(effectiveParallelism(4, undefined)).toBe(4);
  });

  test("a verdict needs both calls and wall time within their targets", () => {
    const base = { operation: "up" as const, resources: 10, floorSeconds: 4, latencyMs: 25, parallelism: 8 };
    expect(verdict({ ...base, wallSeconds: 4.8, calls: calls(21, 1) }).met).toBe(true);
    expect(verdict({ ...base, wallSeconds: 5, calls: calls(21, 1) })).toMatchObject({ wallMet: false, met: false });
    expect(verdict({ ...base, wallSeconds: 4.8, calls: calls(30, 1) })).toMatchObject({ callsMet: false, met: false });
    expect(
      verdict({ ...base, floorSeconds: undefined, operation: "update", wallSeconds: 9, calls: calls(9, 1) }).met,
    ).toBeUndefined();
  });

  test("the pace minimum: calls beyond the burst at the pace's rate; none without a pace", () => {
    expect(paceMinimumSeconds(240, 20, 40)).toBe(10);
    expect(paceMinimumSeconds(30, 20, 40)).toBe(0);
    expect(paceMinimumSeconds(240, undefined, undefined)).toBeUndefined();
  });

  test("median of odd and even counts", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
  });
});

describe("serialized provider in state", () => {
  test("counts both copies of __provider of dynamic resources only, and secret ones by their ciphertext", () => {
    const footprint = providerFootprint({
      resources: [
        { type: "pulumi:pulumi:Stack", inputs: {}, outputs: {} },
        {
          type: "pulumi-nodejs:dynamic/streamkap:Tag",
          inputs: { __provider: "abcd" },
          outputs: { __provider: "abcd" },
        },
        {
          type: "pulumi-nodejs:dynamic/streamkap:Topic",
          inputs: {
            __provider: { "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270", ciphertext: "xy" },
          },
          outputs: { __provider: "é" },
        },
      ],
    });
    expect(footprint).toEqual({
      resources: 2,
      inputBytes: 6,
      outputBytes: 6,
      distinct: 3,
      secret: 1,
      largestBytes: 4,
    });
  });
});

describe("process roles", () => {
  test("the dynamic provider, the engine and the program are told apart by command line", () => {
    const cmdline = (...argv: string[]) => `${argv.join("\0")}\0`;
    expect(roleOf(cmdline("/opt/node/bin/node", "/repo/node_modules/@pulumi/pulumi/cmd/dynamic-provider", "x"))).toBe(
      "provider",
    );
    expect(roleOf(cmdline("/usr/bin/sh", "/bin/pulumi-resource-pulumi-nodejs"))).toBeUndefined();
    // The plugin and the plugin stack's floor plugin, each the node process its launcher execs.
    expect(roleOf(cmdline("node", "/p/node_modules/pulumi-streamkap/dist/provider/plugin/main.js"))).toBe("provider");
    expect(roleOf(cmdline("node", "/tmp/p/stacks/floor-plugin/provider.js", "127.0.0.1:1"))).toBe("provider");
    expect(roleOf(cmdline("/cache/bin/pulumi", "up", "--yes"))).toBe("engine");
    expect(roleOf(cmdline("node", "/repo/node_modules/@pulumi/pulumi/cmd/run"))).toBe("program");
    expect(statusBytes("Name:\tnode\nVmHWM:\t  204800 kB\nVmRSS:\t 1000 kB\n", "VmHWM")).toBe(204800 * 1024);
    // pid (comm with ") " inside) state ppid … utime=250 stime=50 ticks
    const stat = "42 (odd) name) S 1 42 42 0 -1 4194560 100 0 0 0 250 50 0 0 20 0 1 0";
    expect(statCpuSeconds(stat)).toBeCloseTo(3);
  });
});

describe("a size's summary", () => {
  const run = (variant: ScenarioRun["variant"], wall: number, total: number): ScenarioRun => ({
    variant,
    resources: 10,
    changed: 1,
    seconds: 0,
    operations: [
      {
        operation: "up",
        wallSeconds: wall,
        calls: { ...summarizeCalls([]), total, tokens: total > 0 ? 1 : 0 },
        memory: { provider: { peakBytes: 2 ** 20 * wall, cpuSeconds: wall / 2, processes: 1 } },
        changes: { create: 11 },
      },
    ],
  });

  test("takes median wall times over repeats and the calls of the median run", () => {
    const summary = summarizeSize(
      10,
      1,
      {
        provider: [run("provider", 9, 31), run("provider", 5, 21), run("provider", 6, 25)],
        floor: [run("floor", 4, 0), run("floor", 3, 0), run("floor", 5, 0)],
      },
      { latencyMs: 25, parallelism: 8, requestsPerSecond: 20, requestBurst: 5 },
    );
    const up = summary.rows.find((row) => row.operation === "up");
    expect(up).toMatchObject({ wallSeconds: 6, floorSeconds: 4, ratio: 1.5, callsMet: false });
    expect(up?.calls?.total).toBe(25);
    expect(up?.boundSeconds).toBeCloseTo(1.2 * (4 + (25 * 25) / 1000 / 8));
    expect(up?.paceSeconds).toBeCloseTo((25 - 5) / 20);
    expect(up?.cpu.provider).toBe(3);
    // Operations the runs never reached count as missed.
    expect(summary.rows.find((row) => row.operation === "destroy")?.met).toBe(false);
  });

  test("judges the plugin stack against its own floor, and against the dynamic stack's where it has none", () => {
    const context = { latencyMs: 25, parallelism: 8, requestsPerSecond: undefined, requestBurst: undefined };
    const runs = { provider: [run("provider", 6, 21)], floor: [run("floor", 4, 0)], plugin: [run("plugin", 5, 21)] };

    const own = summarizeSize(10, 1, { ...runs, pluginFloor: [run("pluginFloor", 2, 0)] }, context).rows[0];
    expect(own.floorSeconds).toBe(4);
    expect(own.plugin).toMatchObject({ floorSeconds: 2, ratio: 2.5, dynamicRatio: 5 / 6 });
    expect(own.plugin?.boundSeconds).toBeCloseTo(1.2 * (2 + (21 * 25) / 1000 / 8));

    const older = summarizeSize(10, 1, runs, context).rows[0];
    expect(older.plugin).toMatchObject({ floorSeconds: 4, ratio: 1.25 });
  });
});
