// Renders bench/RESULTS.md from the results: the settings, one table of targets per stack size (and where it ran,
// the provider-plugin stack beside the dynamic-provider stack and the floor), the state taken by the serialized
// provider, the calls by endpoint, and every miss with the calls that made it.
import type { OpMap } from "@pulumi/pulumi/automation";

import type { BenchResults, SizeResults } from "./results";
import type { CallSummary } from "./calls";
import { growthRows, growthVerdict } from "./growth";
import type { FootprintRow, OperationRow, PluginFigures, StackFigures } from "./summary";
import type { ScenarioRun } from "./scenario";
import { boundFactor, operationLabels, operations, providerBytesPerResourceLimit } from "./targets";

const dash = "–";

function seconds(value: number | undefined): string {
  return value === undefined ? dash : value.toFixed(2);
}

function mebibytes(bytes: number | undefined): string {
  return bytes === undefined ? dash : (bytes / 2 ** 20).toFixed(0);
}

function number(value: number | undefined, digits = 2): string {
  return value === undefined || Number.isNaN(value) ? dash : value.toFixed(digits);
}

function steps(changes: OpMap | undefined): string {
  if (!changes) return dash;
  return Object.entries(changes)
    .filter(([, count]) => (count ?? 0) > 0)
    .map(([op, count]) => `${op} ${count}`)
    .join(", ");
}

function ratio(value: number | undefined): string {
  return value === undefined ? dash : `${value.toFixed(2)}×`;
}

function verdictText(row: StackFigures): string {
  if (row.met === undefined) return dash;
  if (row.met) return "yes";
  const why = [row.callsMet === false ? "calls" : "", row.wallMet === false ? "wall" : "", row.error ? "failed" : ""];
  return `**no** (${why.filter(Boolean).join(", ") || "not run"})`;
}

function callsText(row: Pick<StackFigures, "calls">): string {
  if (!row.calls) return dash;
  return row.calls.tokens > 0 ? `${row.calls.total} (${row.calls.tokens} token)` : String(row.calls.total);
}

function callsPerResourceText(row: StackFigures): string {
  const perResource = number(row.callsPerResource);
  return row.callsPerChanged === undefined ? perResource : `${perResource} (${number(row.callsPerChanged)}/changed)`;
}

function operationTable(size: SizeResults): string[] {
  const lines = [
    "| operation | wall s | floor s | ratio | calls | calls/res | call target | wall bound s | met? | provider peak MiB (floor) | engine steps |",
    "|---|--:|--:|--:|--:|--:|---|--:|---|--:|---|",
  ];
  for (const row of size.summary.rows) {
    lines.push(
      `| ${operationLabels[row.operation]} | ${seconds(row.wallSeconds)} | ${seconds(row.floorSeconds)} | ` +
        `${ratio(row.ratio)} | ${callsText(row)} | ` +
        `${callsPerResourceText(row)} | ${row.callTarget} | ${seconds(row.boundSeconds)} | ${verdictText(row)} | ` +
        `${mebibytes(row.providerPeakBytes)} (${mebibytes(row.floorProviderPeakBytes)}) | ${steps(row.changes)} |`,
    );
  }
  return lines;
}

function timeTable(size: SizeResults): string[] {
  const lines = [
    "| operation | wall − floor s | calls × latency ÷ parallelism s | pace minimum s | CPU s: provider (floor) | program (floor) | engine (floor) |",
    "|---|--:|--:|--:|--:|--:|--:|",
  ];
  const pair = (own: number | undefined, floor: number | undefined) => `${number(own, 1)} (${number(floor, 1)})`;
  for (const row of size.summary.rows) {
    const extra =
      row.wallSeconds !== undefined && row.floorSeconds !== undefined ? row.wallSeconds - row.floorSeconds : undefined;
    lines.push(
      `| ${operationLabels[row.operation]} | ${seconds(extra)} | ${seconds(row.callSeconds)} | ` +
        `${seconds(row.paceSeconds)} | ${pair(row.cpu.provider, row.floorCpu.provider)} | ` +
        `${pair(row.cpu.program, row.floorCpu.program)} | ${pair(row.cpu.engine, row.floorCpu.engine)} |`,
    );
  }
  return lines;
}

/** The rows of a size that have plugin figures, with them. */
function pluginRows(size: SizeResults): Array<{ row: OperationRow; plugin: PluginFigures }> {
  return size.summary.rows.flatMap((row) => (row.plugin ? [{ row, plugin: row.plugin }] : []));
}

/** The provider-plugin stack next to the dynamic-provider stack and the plugin's own floor. */
function pluginTable(size: SizeResults): string[] {
  const lines = [
    "| operation | wall s: plugin | dynamic | plugin's floor | plugin ÷ its floor | plugin ÷ dynamic | calls: plugin (dynamic) | plugin calls/res | plugin wall bound s | plugin met? | provider peak MiB: plugin / dynamic / plugin's floor | plugin engine steps |",
    "|---|--:|--:|--:|--:|--:|--:|--:|--:|---|--:|---|",
  ];
  for (const { row, plugin } of pluginRows(size)) {
    lines.push(
      `| ${operationLabels[row.operation]} | ${seconds(plugin.wallSeconds)} | ${seconds(row.wallSeconds)} | ` +
        `${seconds(plugin.floorSeconds)} | ${ratio(plugin.ratio)} | ${ratio(plugin.dynamicRatio)} | ` +
        `${plugin.calls ? plugin.calls.total : dash} (${row.calls ? row.calls.total : dash}) | ` +
        `${callsPerResourceText(plugin)} | ` +
        `${seconds(plugin.boundSeconds)} | ${verdictText(plugin)} | ` +
        `${mebibytes(plugin.providerPeakBytes)} / ${mebibytes(row.providerPeakBytes)} / ` +
        `${mebibytes(plugin.floorProviderPeakBytes)} | ${steps(plugin.changes)} |`,
    );
  }
  return lines;
}

/** CPU seconds of each role: plugin stack / dynamic-provider stack / the plugin's floor. */
function pluginTimeTable(size: SizeResults): string[] {
  const lines = [
    "| operation | plugin wall − its floor s | plugin wall − dynamic s | plugin calls × latency ÷ parallelism s | CPU s provider: plugin / dynamic / plugin's floor | program: plugin / dynamic / plugin's floor | engine: plugin / dynamic / plugin's floor |",
    "|---|--:|--:|--:|--:|--:|--:|",
  ];
  const difference = (a: number | undefined, b: number | undefined) =>
    a !== undefined && b !== undefined ? a - b : undefined;
  const triple = (plugin: number | undefined, dynamic: number | undefined, floor: number | undefined) =>
    `${number(plugin, 1)} / ${number(dynamic, 1)} / ${number(floor, 1)}`;
  for (const { row, plugin } of pluginRows(size)) {
    lines.push(
      `| ${operationLabels[row.operation]} | ${seconds(difference(plugin.wallSeconds, plugin.floorSeconds))} | ` +
        `${seconds(difference(plugin.wallSeconds, row.wallSeconds))} | ${seconds(plugin.callSeconds)} | ` +
        `${triple(plugin.cpu.provider, row.cpu.provider, plugin.floorCpu.provider)} | ` +
        `${triple(plugin.cpu.program, row.cpu.program, plugin.floorCpu.program)} | ` +
        `${triple(plugin.cpu.engine, row.cpu.engine, plugin.floorCpu.engine)} |`,
    );
  }
  return lines;
}

const stackLabels: Record<FootprintRow["variant"], string> = {
  provider: "Streamkap, dynamic",
  plugin: "Streamkap, plugin",
  floor: "floor (of the dynamic stack)",
  pluginFloor: "floor (of the plugin stack)",
};

function footprintTable(results: BenchResults): string[] {
  const lines = [
    "| resources | stack | state KiB | state B/res | `__provider` B/res (inputs + outputs) | per copy (in / out) | distinct texts | ≤ 2 KB/res? |",
    "|--:|---|--:|--:|--:|---|--:|---|",
  ];
  const rows: FootprintRow[] = results.sizes.flatMap((size) => size.summary.footprint);
  for (const row of rows) {
    const met = row.met === undefined ? dash : row.met ? "yes" : "**no**";
    lines.push(
      `| ${row.resources} | ${stackLabels[row.variant]} | ${(row.stateBytes / 1024).toFixed(0)} | ` +
        `${row.stateBytesPerResource.toFixed(0)} | ${row.providerBytesPerResource.toFixed(0)} | ` +
        `${row.inputCopyBytesPerResource.toFixed(0)} / ${row.outputCopyBytesPerResource.toFixed(0)} | ` +
        `${row.distinctProviders}${row.secretProviders > 0 ? ` (${row.secretProviders} secret)` : ""} | ${met} |`,
    );
  }
  return lines;
}

/** Bytes per resource of each kind at the largest size where they were counted: the dynamic and the plugin stack. */
function kindTable(results: BenchResults): string[] {
  const size = [...results.sizes].reverse().find((candidate) => candidate.summary.footprint.some((row) => row.kinds));
  if (!size) return ["(not counted in this run)"];
  const byVariant = (variant: FootprintRow["variant"]) =>
    size.summary.footprint.find((row) => row.variant === variant)?.kinds;
  const dynamic = byVariant("provider") ?? {};
  const floor = byVariant("floor") ?? {};
  const plugin = byVariant("plugin") ?? {};
  const pluginFloor = byVariant("pluginFloor") ?? {};
  const perResource = (entry: { resources: number; bytes: number } | undefined) =>
    entry && entry.resources > 0 ? (entry.bytes / entry.resources).toFixed(0) : dash;
  const pads = (runs: readonly ScenarioRun[] | undefined, kind: string) => {
    const pad = runs?.find((run) => run.padBytes)?.padBytes?.[kind];
    return pad === undefined ? dash : String(pad);
  };
  const lines = [
    `At ${size.resources} resources, each resource's JSON in the exported deployment (inputs, outputs and the ` +
      "engine's own fields), each Streamkap stack's next to its floor's, and the pad that brought the floor there:",
    "",
    "| kind | resources | dynamic B/res | its floor B/res (pad) | plugin B/res | its floor B/res (pad) |",
    "|---|--:|--:|--:|--:|--:|",
  ];
  for (const kind of [...new Set([...Object.keys(dynamic), ...Object.keys(plugin)])].sort()) {
    const resources = dynamic[kind]?.resources ?? plugin[kind]?.resources ?? 0;
    lines.push(
      `| ${kind} | ${resources} | ${perResource(dynamic[kind])} | ${perResource(floor[kind])} ` +
        `(${pads(size.floor, kind)}) | ${perResource(plugin[kind])} | ${perResource(pluginFloor[kind])} ` +
        `(${pads(size.pluginFloor, kind)}) |`,
    );
  }
  return lines;
}

/** Per stack and operation, milliseconds per resource at each size from 100 up, and whether that stays flat. */
function growthTable(results: BenchResults): string[] {
  const rows = growthRows(
    results.sizes.map((size) => size.summary),
    operations,
  );
  if (rows.length === 0) return ["(one size of 100 resources or more in this run: nothing to compare)"];
  const ms = (values: Array<number | undefined>) =>
    values.map((value) => (value === undefined ? dash : value.toFixed(0))).join(" / ");
  const lines = [
    "| operation | stack | resources | wall ms/res | CPU ms/res | wall grows | CPU grows |",
    "|---|---|---|---|---|---|---|",
  ];
  for (const row of rows) {
    lines.push(
      `| ${operationLabels[row.operation]} | ${row.stack} | ${row.resources.join(" / ")} | ` +
        `${ms(row.wallMsPerResource)} | ${ms(row.cpuMsPerResource)} | ${growthVerdict(row.wallGrowth)} | ` +
        `${growthVerdict(row.cpuGrowth)} |`,
    );
  }
  return lines;
}

/** `calls`: one entry per operation, in the order of `operations`. */
function endpointTable(calls: ReadonlyArray<CallSummary | undefined>): string[] {
  const endpoints = [...new Set(calls.flatMap((summary) => Object.keys(summary?.byEndpoint ?? {})))].sort();
  if (endpoints.length === 0) return ["No API calls."];
  const lines = [`| endpoint | ${operations.join(" | ")} |`, `|---|${operations.map(() => "--:").join("|")}|`];
  for (const endpoint of endpoints) {
    const counts = calls.map((summary) => summary?.byEndpoint[endpoint] ?? 0);
    lines.push(`| \`${endpoint}\` | ${counts.map((count) => (count === 0 ? "" : String(count))).join(" | ")} |`);
  }
  const gets = calls.map((summary) => String(summary?.singleObjectGets ?? 0));
  lines.push(`| *of which GETs of one object* | ${gets.join(" | ")} |`);
  return lines;
}

function topEndpoints(row: StackFigures, count = 4): string {
  return Object.entries(row.calls?.byEndpoint ?? {})
    .slice(0, count)
    .map(([endpoint, calls]) => `\`${endpoint}\` ${calls}`)
    .join(", ");
}

function miss(figures: StackFigures, callTarget: string): string {
  const parts: string[] = [];
  if (figures.error) parts.push(`failed: ${figures.error.split("\n")[0]}`);
  if (figures.callsMet === false && figures.calls) {
    parts.push(
      `${figures.calls.total} calls, ${figures.callsPerResource.toFixed(2)} per resource and ` +
        `${figures.calls.tokens} token(s) against ${callTarget}; most: ${topEndpoints(figures)}`,
    );
  }
  if (figures.wallMet === false) {
    parts.push(`${seconds(figures.wallSeconds)} s against a bound of ${seconds(figures.boundSeconds)} s`);
  }
  return parts.join("; ");
}

function misses(results: BenchResults): string[] {
  const lines: string[] = [];
  for (const size of results.sizes) {
    for (const row of size.summary.rows) {
      if (row.met === false) {
        lines.push(
          `- **${size.resources} resources, ${operationLabels[row.operation]}**: ${miss(row, row.callTarget)}.`,
        );
      }
      if (row.plugin?.met === false) {
        lines.push(
          `- **${size.resources} resources, ${operationLabels[row.operation]}, provider plugin**: ` +
            `${miss(row.plugin, row.callTarget)}.`,
        );
      }
    }
    for (const row of size.summary.footprint) {
      if (row.met === false) {
        lines.push(
          `- **${row.resources} resources, serialized provider**: ${row.providerBytesPerResource.toFixed(0)} B per ` +
            `resource (${row.inputCopyBytesPerResource.toFixed(0)} B stored in the inputs and ` +
            `${row.outputCopyBytesPerResource.toFixed(0)} B in the outputs) against ${providerBytesPerResourceLimit} B.`,
        );
      }
    }
  }
  return lines.length > 0 ? lines : ["None: every target was met."];
}

export function renderReport(results: BenchResults, analysis: string | undefined): string {
  const { machine, settings } = results;
  const pace =
    settings.providerRequestsPerSecond === undefined
      ? "no ceiling (the default: it adapts when the service answers 429)"
      : `${settings.providerRequestsPerSecond} requests/s, burst ${settings.providerRequestBurst ?? dash}`;
  const lines = [
    "# Benchmark: pulumi-streamkap against the Pulumi engine's own cost",
    "",
    `Made by \`${settings.command}\` on ${machine.date.slice(0, 10)} (whole run ${results.seconds.toFixed(0)} s; ` +
      `generated by bench/perf/run.ts, do not edit by hand; explanations belong in bench/perf/analysis.md).`,
    "",
    `- **Machine**: ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGiB} GiB, ${machine.os}; ` +
      `1-min load average ${machine.loadAverage.start} at the start, ${machine.loadAverage.end ?? dash} at the end ` +
      "(a shared machine: wall times move with other work).",
    `- **Versions**: Node ${machine.node}, pulumi CLI ${machine.pulumiCli}, @pulumi/pulumi ${machine.pulumiSdk}` +
      `${machine.commit ? `, checkout ${machine.commit}` : ""}.`,
    `- **Engine**: \`--parallel ${settings.engineParallel}\` (${settings.engineParallelSource}); every operation ` +
      "runs through the Automation API (`up`, `refresh` and `destroy` with `--skip-preview`), file backend, " +
      "passphrase secrets.",
    `- **Provider**: \`streamkap:maxConcurrency\` ${settings.providerMaxConcurrency ?? dash}, request pace ${pace}` +
      `${Object.keys(settings.extraConfig).length > 0 ? `, extra config ${JSON.stringify(settings.extraConfig)}` : ""}.`,
    `- **Local API server**: \`latency=${settings.latencyMs}ms\` on every call (fault spec), ` +
      `statusDelayMs ${settings.serverTimings.statusDelayMs}, deleteDelayMs ${settings.serverTimings.deleteDelayMs}, ` +
      `topicDiscoveryDelayMs ${settings.serverTimings.topicDiscoveryDelayMs} (short, so that connector start-up is ` +
      "not what is measured; each wait still costs at least one status read).",
    `- **Package**: ${
      settings.layout === "installed"
        ? "installed in each project's node_modules as a real directory, as `npm install` leaves it"
        : "linked to the checkout through a symlink, as the repository's tests have it"
    } (the serializer writes modules under node_modules as a \`require\` and others by value; see bench/perf/layout.ts).`,
    `- **Repeats**: ${
      settings.repeat === "auto"
        ? "3 per stack up to 500 resources, 1 above (1 in quick mode)"
        : `${settings.repeat} per stack`
    }; wall times are medians, the other figures those of the median run.`,
    "",
    "## How to read it",
    "",
    "- Stacks come in groups of ten resources: a tag, two topics, a Postgres and a MySQL source, a Snowflake and a " +
      "ClickHouse destination (typed classes), two pipelines and a transform with code, a unit test and " +
      "`deploy: true`. The **floor** is the same stack (count, dependencies, inputs) made of a do-nothing dynamic " +
      "resource at equal state: it makes no HTTP call, and its outputs are its inputs, the outputs the Streamkap " +
      "stack stored for a resource of the same kind, and a pad, so that each kind's resources hold as many state " +
      "bytes per resource as the Streamkap stack's (the pad is what a ten-resource floor of that shape lacked; " +
      "bench/perf/floor-state.ts). The file backend rewrites the whole state after every step, so the engine's " +
      "time grows with the state's bytes: the floor is what the engine, language host and dynamic-provider host " +
      "cost for that state. It runs right after the stack it is the floor of.",
    "- The **provider plugin** stack is the Streamkap stack again (same inputs, same dependencies) declared by type " +
      "token (`streamkap:index:PostgresqlSource`, …) as a generated Pulumi SDK declares it, so the engine runs it " +
      "through pulumi-resource-streamkap (the installed package's bin/, first on PATH) instead of the dynamic " +
      "providers; its pipelines name their ends by id (`sourceId`), as the schema has them. It is held to the same " +
      "targets, against a floor of its own at its own state: a do-nothing provider plugin whose resources are " +
      "registered with the same property keys (every property of the schema's token, given or undefined, as a " +
      "generated class registers them), so that the Node SDK's cost per registered property is in its floor too.",
    "- **update 10%** changes one in-place field of one resource per group (rotating through the kinds); " +
      "**calls/res** counts calls other than token requests per resource (for the update also per changed resource).",
    `- **wall bound** = ${boundFactor} × (floor at equal state + calls × ${settings.latencyMs} ms ÷ ${settings.parallelism}), the ` +
      "physical bound of the operation with a margin: the parallelism is the smaller of the engine's `--parallel` " +
      "and the provider's `maxConcurrency`.",
    "- **provider peak** is the highest VmHWM (peak resident memory) of the dynamic-provider node process during " +
      "the operation, sampled from /proc every 100 ms; the floor's in brackets. For the plugin stack it is the " +
      "plugin's node process (`node …/dist/provider/plugin/main.js`), which the engine starts once per operation " +
      "as it starts the dynamic-provider host.",
    "- **engine steps** are what the engine reported doing; a clean no-op preview shows only `same`.",
    "- **Where the time goes**: the wall time above the floor next to what the calls need at the injected latency, " +
      "the least time the provider's request pace allows ((calls − burst) ÷ requests per second), and the CPU " +
      "seconds of the dynamic provider (or the plugin), the program (the language host's node process) and the " +
      "engine (`pulumi`), the floor's in brackets.",
    "",
  ];
  for (const size of results.sizes) {
    lines.push(
      `## ${size.resources} resources (${size.repeats} run${size.repeats === 1 ? "" : "s"} of each stack, ` +
        `${size.seconds.toFixed(0)} s)`,
      "",
      ...operationTable(size),
      "",
      "Where the time goes:",
      "",
      ...timeTable(size),
      "",
    );
    if (pluginRows(size).length > 0) {
      lines.push(
        `The same ${size.resources} resources through the provider plugin, next to the dynamic providers and the plugin's own floor ` +
          `(${size.plugin?.length ?? 0} run${size.plugin?.length === 1 ? "" : "s"}; targets and bound as above):`,
        "",
        ...pluginTable(size),
        "",
        "Where the plugin's time goes (CPU seconds: the plugin stack / the dynamic-provider stack / the plugin's floor):",
        "",
        ...pluginTimeTable(size),
        "",
      );
    }
  }
  lines.push(
    "## Serialized provider and state (after `up` from empty)",
    "",
    "Every dynamic resource stores the serialized provider (`__provider`) twice: among its inputs and among its " +
      "outputs. The target counts both copies. Resources of the provider plugin store none: the state names the " +
      "plugin's default provider resource once instead.",
    "",
    ...footprintTable(results),
    "",
    ...kindTable(results),
    "",
    "## How it grows",
    "",
    "Wall and CPU milliseconds per resource (CPU: provider + program + engine) at each size from 100 resources; " +
      "linear when the largest size's figure per resource is within a quarter of the size before it.",
    "",
    ...growthTable(results),
    "",
    "## Calls by endpoint",
    "",
  );
  for (const size of results.sizes) {
    const rows = size.summary.rows;
    const title = pluginRows(size).length > 0 ? ", dynamic providers" : "";
    lines.push(`### ${size.resources} resources${title}`, "", ...endpointTable(rows.map((row) => row.calls)), "");
    if (title) {
      lines.push(
        `### ${size.resources} resources, provider plugin`,
        "",
        ...endpointTable(rows.map((row) => row.plugin?.calls)),
        "",
      );
    }
  }
  lines.push("## Targets missed", "", ...misses(results), "");
  if (analysis && analysis.trim() !== "") lines.push(analysis.trim(), "");
  return lines.join("\n");
}
