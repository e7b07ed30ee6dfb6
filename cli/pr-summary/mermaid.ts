/**
 * The pipeline graph as a Mermaid flowchart, which GitHub renders in comments. Changed nodes get a class (colour)
 * and their change in words, so the diagram reads without colour too.
 */
import type { GraphNode, Mark, PipelineGraph, Shape } from "./pipeline-graph";

/** Colours that read on GitHub's light and dark themes; text is always dark on the light fills. */
const classDefs: Record<Exclude<Mark, "unchanged">, string> = {
  replaced: "fill:#ffebe9,stroke:#cf222e,stroke-width:3px,color:#1f2328",
  deleted: "fill:#f6f8fa,stroke:#6e7781,stroke-width:2px,stroke-dasharray:5 5,color:#1f2328",
  created: "fill:#dafbe1,stroke:#1a7f37,stroke-width:2px,color:#1f2328",
  updated: "fill:#fff8c5,stroke:#9a6700,stroke-width:2px,color:#1f2328",
  drifted: "fill:#fbefff,stroke:#8250df,stroke-width:2px,color:#1f2328",
};

const shapes: Record<Shape, [string, string]> = {
  connector: ['[("', '")]'],
  topic: ['(["', '"])'],
  pipeline: ['{{"', '"}}'],
  transform: ['[/"', '"/]'],
};

/** Text safe inside a quoted Mermaid label: Mermaid's entity codes for what would end or break it. */
export function mermaidText(text: string): string {
  return text.replace(/#/g, "#35;").replace(/"/g, "#quot;").replace(/</g, "#lt;").replace(/>/g, "#gt;");
}

function nodeLine(node: GraphNode): string {
  const lines = node.mark === "unchanged" ? node.label : [...node.label, node.mark.toUpperCase()];
  const [open, close] = shapes[node.shape];
  return `  ${node.id}${open}${lines.map(mermaidText).join("<br/>")}${close}`;
}

/** The flowchart text (without the ```mermaid fence). */
export function renderMermaid(graph: PipelineGraph): string {
  const lines = ["flowchart LR", ...graph.nodes.map(nodeLine)];
  lines.push(...graph.edges.map((edge) => `  ${edge.from} ${edge.dotted ? "-.->" : "-->"} ${edge.to}`));
  for (const [mark, style] of Object.entries(classDefs)) {
    const ids = graph.nodes.filter((node) => node.mark === mark).map((node) => node.id);
    if (ids.length === 0) continue;
    lines.push(`  classDef ${mark} ${style}`, `  class ${ids.join(",")} ${mark}`);
  }
  return lines.join("\n");
}
