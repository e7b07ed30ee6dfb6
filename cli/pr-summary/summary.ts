/** Everything a pull-request summary says, computed from one `pulumi preview --json`. */
import { type ResourceChange, type Risk, resourceChanges, risks } from "./changes";
import { type DriftWarning, type EngineMessage, previewDiagnostics } from "./diagnostics";
import { type LifecycleAction, lifecycleActions } from "./lifecycle";
import { renderMermaid } from "./mermaid";
import { type PipelineGraph, pipelineGraph } from "./pipeline-graph";
import type { PreviewDigest } from "./preview-json";
import { resourceViews, stackOf } from "./resources";
import { compareText } from "./values";

export interface PrSummary {
  stack?: string;
  project?: string;
  /** Resources per operation, as the engine counted them (`same` included). */
  counts: Record<string, number>;
  /** Errors mean the preview failed: `pulumi up` would fail the same way. */
  errors: EngineMessage[];
  warnings: EngineMessage[];
  risks: Risk[];
  lifecycle: LifecycleAction[];
  drift: DriftWarning[];
  changes: ResourceChange[];
  graph: PipelineGraph;
  /** The graph as a Mermaid flowchart; absent when no pipeline is affected. */
  mermaid?: string;
}

export function summarize(digest: PreviewDigest): PrSummary {
  const views = resourceViews(digest);
  const diagnostics = previewDiagnostics(digest.diagnostics ?? [], views);
  const graph = pipelineGraph(views, diagnostics.drift);
  const counts = Object.fromEntries(Object.entries(digest.changeSummary ?? {}).sort(([a], [b]) => compareText(a, b)));
  return {
    ...stackOf(digest),
    counts,
    ...diagnostics,
    risks: risks(views),
    lifecycle: lifecycleActions(views),
    changes: resourceChanges(views),
    graph,
    mermaid: graph.pipelines.length > 0 ? renderMermaid(graph) : undefined,
  };
}

/** True when the preview changes nothing and found nothing to report. */
export function isQuiet(summary: PrSummary): boolean {
  return (
    summary.changes.length === 0 &&
    summary.errors.length === 0 &&
    summary.warnings.length === 0 &&
    summary.drift.length === 0
  );
}
