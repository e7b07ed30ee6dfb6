/**
 * The summary as GitHub-flavoured Markdown for a pull-request comment: what can lose data first, then what `up`
 * will do to running connectors, drift, the affected pipelines as a Mermaid diagram, and every change.
 */
import type { PropertyChange, ResourceChange } from "./changes";
import type { DriftWarning, EngineMessage } from "./diagnostics";
import type { Mark } from "./pipeline-graph";
import { isQuiet, type PrSummary } from "./summary";

/** GitHub refuses comments over 65,536 characters; the table stops well before. */
const maxTableRows = 100;

/** Inline code that survives backticks inside the text. */
export function code(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(longest + 1);
  return longest > 0 ? `${fence} ${text} ${fence}` : `${fence}${text}${fence}`;
}

/** Free text from the engine or the provider: no HTML, no table breaks. */
function plain(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function cell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\n/g, " ");
}

const opWords: Record<string, string> = {
  create: "to create",
  update: "to update",
  replace: "to replace",
  delete: "to delete",
  same: "unchanged",
};
const countOrder = ["create", "update", "replace", "delete"];

function countsLine(counts: Record<string, number>): string {
  const ops = Object.keys(counts).sort((a, b) => {
    const rank = (op: string) => (op === "same" ? 99 : countOrder.includes(op) ? countOrder.indexOf(op) : 50);
    return rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0);
  });
  return ops.map((op) => `${counts[op]} ${opWords[op] ?? op}`).join(" · ");
}

function resourceRef(name: string | undefined, typeName: string | undefined): string {
  if (name === undefined) return "";
  return typeName ? `${code(name)} (${typeName})` : code(name);
}

function header(summary: PrSummary): string {
  const stack = summary.stack ? ` of stack ${code(summary.stack)}` : "";
  const project = summary.project ? ` (${plain(summary.project)})` : "";
  return `### Streamkap preview${stack}${project}`;
}

/** The engine's "<type> resource '<name>' has a problem: <reason>" → the reason: the name is shown already. */
function problemOf(message: string): string {
  return message.replace(/^\S+ resource '[^']*' has a problem: /, "").replace(/\n/g, " ");
}

function errorsSection(errors: EngineMessage[]): string[] {
  if (errors.length === 0) return [];
  return [
    "> [!CAUTION]",
    "> **The preview failed.** `pulumi up` would stop at the same errors:",
    ...errors.map((error) => `> - ${error.name ? `${code(error.name)}: ` : ""}${plain(problemOf(error.message))}`),
    "",
  ];
}

function risksSection(summary: PrSummary): string[] {
  if (summary.risks.length === 0) return [];
  const replacements = summary.risks.filter((risk) => risk.op === "replace").length;
  const deletions = summary.risks.length - replacements;
  const parts = [
    replacements > 0 ? `${replacements} replacement${replacements === 1 ? "" : "s"}` : undefined,
    deletions > 0 ? `${deletions} deletion${deletions === 1 ? "" : "s"}` : undefined,
  ].filter(Boolean);
  return [
    "> [!CAUTION]",
    `> **Data-loss risk: ${parts.join(" and ")}.** Merging this runs them on \`pulumi up\`.`,
    ...summary.risks.map((risk) => {
      const what = risk.op === "replace" ? "is **replaced**" : "is **deleted**";
      const because = risk.because ? ` because ${risk.because}` : "";
      return `> - ${resourceRef(risk.name, risk.typeName)} ${what}${because}. ${risk.consequence}`;
    }),
    "",
  ];
}

/** Offset resets move a destination's position in its topics: data delivered again, or skipped. */
function replaySection(summary: PrSummary): string[] {
  const resets = summary.lifecycle.filter((action) => action.action === "offset reset");
  if (resets.length === 0) return [];
  const count = `${resets.length} offset reset${resets.length === 1 ? "" : "s"}`;
  return [
    "> [!WARNING]",
    `> **Data-replay risk: ${count}.** Merging moves the destination's consumer group on \`pulumi up\` (the ` +
      "destination is paused around it).",
    ...resets.map((reset) => `> - ${resourceRef(reset.name, reset.typeName)}: ${plain(reset.detail)}`),
    "",
  ];
}

function lifecycleSection(summary: PrSummary): string[] {
  if (summary.lifecycle.length === 0) return [];
  return [
    "#### Lifecycle actions on `pulumi up`",
    "",
    "| resource | action | why |",
    "|---|---|---|",
    ...summary.lifecycle.map(
      (action) =>
        `| ${cell(resourceRef(action.name, action.typeName))} | **${action.action}** | ${cell(action.detail)} |`,
    ),
    "",
  ];
}

function driftEntry(warning: DriftWarning): string[] {
  const who = warning.name ? `${resourceRef(warning.name, warning.typeName)}: ` : "";
  return [
    `- ${who}${plain(warning.label)}`,
    ...warning.settings.map((setting) => `  - ${plain(setting)}`),
    ...warning.notes.filter((note) => note.startsWith("Since")).map((note) => `  - ${plain(note)}`),
  ];
}

function driftSection(drift: DriftWarning[]): string[] {
  if (drift.length === 0) return [];
  const count = `${drift.length} object${drift.length === 1 ? "" : "s"}`;
  return [
    "> [!WARNING]",
    `> **Drift: ${count} changed outside Pulumi** since the last \`pulumi up\`. Merging sets the declared ` +
      'values back (with `onDrift: "fail"`, `up` refuses instead); to keep a change, put it in the code.',
    "",
    ...drift.flatMap(driftEntry),
    "",
  ];
}

const markWords: Record<Exclude<Mark, "unchanged">, string> = {
  replaced: "REPLACED (red)",
  deleted: "DELETED (grey, dashed)",
  created: "CREATED (green)",
  updated: "UPDATED (yellow)",
  drifted: "DRIFTED (purple: changed outside Pulumi)",
};

function diagramSection(summary: PrSummary): string[] {
  const lines: string[] = [];
  if (summary.mermaid) {
    const present = new Set(summary.graph.nodes.map((node) => node.mark));
    const legend = (Object.keys(markWords) as Exclude<Mark, "unchanged">[])
      .filter((mark) => present.has(mark))
      .map((mark) => markWords[mark]);
    lines.push(
      "#### Affected pipelines",
      "",
      "```mermaid",
      summary.mermaid,
      "```",
      "",
      `Source → topics → pipeline → destination; transforms branch off the topics they read.` +
        (legend.length > 0 ? ` Changed: ${legend.join(", ")}.` : ""),
      "",
    );
  }
  const { notDrawn, unchangedListed } = summary.graph;
  if (notDrawn.length > 0) {
    const names = notDrawn.map(code).join(", ");
    lines.push(
      unchangedListed
        ? `Changed outside any pipeline: ${names}.`
        : `Not drawn: ${names} (no pipeline in this preview uses them). The preview lists only what changes; ` +
            "`pulumi preview --json --show-sames` lists unchanged pipelines too, so they can be drawn.",
      "",
    );
  }
  return lines;
}

function propertyText(property: PropertyChange): string {
  const change =
    property.kind === "add"
      ? `${property.after} (added)`
      : property.kind === "delete"
        ? `${property.before} (removed)`
        : `${property.before} → ${property.after}`;
  return `${code(property.path)}: ${change}${property.forcesReplacement ? " **forces replacement**" : ""}`;
}

function changeRow(change: ResourceChange): string {
  const properties = change.properties.length > 0 ? change.properties.map(propertyText).join("<br>") : "";
  return `| ${cell(code(change.name))} | ${cell(change.typeName)} | ${change.op} | ${cell(properties)} |`;
}

function changesSection(changes: ResourceChange[]): string[] {
  if (changes.length === 0) return [];
  const shown = changes.slice(0, maxTableRows);
  return [
    "#### Changes",
    "",
    "| resource | type | change | properties |",
    "|---|---|---|---|",
    ...shown.map(changeRow),
    ...(changes.length > shown.length ? [`| … and ${changes.length - shown.length} more | | | |`] : []),
    "",
  ];
}

function warningsSection(warnings: EngineMessage[]): string[] {
  if (warnings.length === 0) return [];
  return [
    "#### Warnings",
    "",
    ...warnings.map((warning) => `- ${warning.name ? `${code(warning.name)}: ` : ""}${plain(warning.message)}`),
    "",
  ];
}

export function renderMarkdown(summary: PrSummary): string {
  const lines = [header(summary), ""];
  if (isQuiet(summary)) {
    const same = summary.counts.same ?? 0;
    lines.push(`**No changes.** ${same} resource${same === 1 ? "" : "s"} unchanged.`, "");
  } else {
    const counts = countsLine(summary.counts);
    if (counts !== "") lines.push(`**${counts}**`, "");
    lines.push(
      ...errorsSection(summary.errors),
      ...risksSection(summary),
      ...replaySection(summary),
      ...driftSection(summary.drift),
      ...lifecycleSection(summary),
      ...diagramSection(summary),
      ...changesSection(summary.changes),
      ...warningsSection(summary.warnings),
    );
  }
  lines.push("<sub>Summarized by `pulumi-streamkap pr-summary` from `pulumi preview --json`.</sub>");
  return `${lines.join("\n")}\n`;
}
