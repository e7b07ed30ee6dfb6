/**
 * The pipelines a preview affects, as a graph: source → topics → pipeline → destination, with the transforms
 * that read those topics branching off to their output topics, and the transforms the pipeline delivers from
 * (its `transforms` and `topicAutoDiscovery`) feeding it through their topics. Each node carries the change the preview makes to
 * it, so the diagram can mark it.
 *
 * A pipeline is affected when it changes, or anything drawn with it does. Unchanged pipelines appear in the
 * preview's JSON only with `--show-sames` (or `--refresh`); without them a pipeline whose source alone changed
 * cannot be drawn, and the summary says so.
 */
import type { DriftWarning } from "./diagnostics";
import { type Inputs, namedOnly, type ResourceView } from "./resources";
import { compareText, isUnknown } from "./values";

export type Mark = "created" | "updated" | "replaced" | "deleted" | "drifted" | "unchanged";
export type Shape = "connector" | "topic" | "pipeline" | "transform";

export interface GraphNode {
  id: string;
  /** Lines of the label: name, then type. */
  label: string[];
  shape: Shape;
  mark: Mark;
}

export interface GraphEdge {
  from: string;
  to: string;
  /** A link known only through a dependency, not by matching topics. */
  dotted?: boolean;
}

export interface PipelineGraph {
  /** The logical names of the pipelines drawn, sorted. */
  pipelines: string[];
  nodes: GraphNode[];
  edges: GraphEdge[];
  /** Changed sources, destinations, topics and transforms that no drawn pipeline reaches. */
  notDrawn: string[];
  /**
   * Whether the preview listed unchanged resources (`--show-sames`, `--refresh`). Without them, a pipeline whose
   * source alone changes is not in the preview at all, so it cannot be drawn.
   */
  unchangedListed: boolean;
}

const marksByOp: Record<string, Mark> = {
  create: "created",
  update: "updated",
  replace: "replaced",
  delete: "deleted",
};

/**
 * The change the preview makes to a resource. A drifted one that is updated (set back) or left alone is marked as
 * drifted: that is the news; `drifted` holds the URNs of resources that drifted.
 */
function markOf(view: ResourceView, drifted: ReadonlySet<string>): Mark {
  const mark = marksByOp[view.op] ?? "unchanged";
  return drifted.has(view.urn) && (mark === "updated" || mark === "unchanged") ? "drifted" : mark;
}

function stringsOf(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : undefined;
}

function knownString(value: unknown): string | undefined {
  return typeof value === "string" && !isUnknown(value) ? value : undefined;
}

/** A transform's pattern as a whole-name regex, or undefined when it does not compile. */
function patternOf(text: string): RegExp | undefined {
  try {
    return new RegExp(`^(?:${text})$`);
  } catch {
    return undefined;
  }
}

/** Builds the graph node by node, giving each thing one stable id. */
class GraphBuilder {
  private readonly nodes = new Map<string, GraphNode>();
  private readonly edges = new Map<string, GraphEdge>();
  private readonly drawnUrns = new Set<string>();

  node(key: string, make: (id: string) => Omit<GraphNode, "id">): string {
    const existing = this.nodes.get(key);
    if (existing) return existing.id;
    const id = `n${this.nodes.size + 1}`;
    this.nodes.set(key, { id, ...make(id) });
    return id;
  }

  resource(view: ResourceView, shape: Shape, mark: Mark): string {
    this.drawnUrns.add(view.urn);
    return this.node(view.urn, () => ({ label: [view.name, view.typeName], shape, mark }));
  }

  edge(from: string, to: string, dotted = false): void {
    this.edges.set(`${from}>${to}`, { from, to, dotted: dotted || undefined });
  }

  drawn(urn: string): boolean {
    return this.drawnUrns.has(urn);
  }

  result(): { nodes: GraphNode[]; edges: GraphEdge[] } {
    return { nodes: [...this.nodes.values()], edges: [...this.edges.values()] };
  }
}

interface Context {
  views: ResourceView[];
  byUrn: Map<string, ResourceView>;
  drifted: ReadonlySet<string>;
}

/**
 * The resource a pipeline's `sourceId`/`destinationId` refers to: by dependency, else by the object's id; the id
 * itself when the object is not of this stack.
 */
function endOf(pipeline: ResourceView, key: "sourceId" | "destinationId", context: Context): ResourceView | string {
  const urn = pipeline.dependencies[key]?.[0];
  if (urn !== undefined) return context.byUrn.get(urn) ?? namedOnly(urn);
  const id = knownString(pipeline.newInputs?.[key]) ?? knownString(pipeline.oldInputs?.[key]) ?? "unknown";
  return context.views.find((view) => view.id === id) ?? id;
}

/**
 * The topics a pipeline delivers, now and before: as declared, or (when it takes every topic) as last read. A
 * pipeline that comes or goes as a whole adds or removes no topic of its own; only an update can.
 */
function topicsOf(pipeline: ResourceView, source: ResourceView | string): { now: string[]; before: string[] } {
  const now = stringsOf(pipeline.newInputs?.topics);
  const before = stringsOf(pipeline.oldInputs?.topics);
  if (now || before) {
    if (pipeline.op !== "update" && pipeline.op !== "replace")
      return { now: now ?? before ?? [], before: now ?? before ?? [] };
    return { now: now ?? [], before: before ?? [] };
  }
  const read =
    stringsOf(pipeline.oldOutputs?.topicNames) ??
    (typeof source === "string" ? undefined : stringsOf(source.oldOutputs?.topics));
  const all = read && read.length > 0 ? read : ["every topic"];
  return { now: all, before: all };
}

/** Source ids a topic id may carry: the one in state and the one the program declares, when known. */
function sourceIdsOf(pipeline: ResourceView, source: ResourceView | string): string[] {
  const ids = [
    typeof source === "string" ? source : source.id,
    knownString(pipeline.oldInputs?.sourceId),
    knownString(pipeline.newInputs?.sourceId),
  ];
  return [...new Set(ids.filter((id): id is string => id !== undefined))];
}

function transformReads(transform: ResourceView, topic: string, sourceIds: string[]): boolean {
  const patterns = [transform.newInputs?.inputTopicPattern, transform.oldInputs?.inputTopicPattern]
    .map(knownString)
    .filter((pattern): pattern is string => pattern !== undefined)
    .map(patternOf)
    .filter((pattern): pattern is RegExp => pattern !== undefined);
  const names = [topic, ...sourceIds.map((id) => `source_${id}.${topic}`)];
  return patterns.some((pattern) => names.some((name) => pattern.test(name)));
}

function outputTopicOf(transform: ResourceView): string | undefined {
  return knownString(transform.newInputs?.outputTopicPattern) ?? knownString(transform.oldInputs?.outputTopicPattern);
}

function topicViewNamed(name: string, context: Context): ResourceView | undefined {
  const named = (inputs: Inputs | undefined) => inputs?.name === name;
  return context.views.find((view) => view.kind === "topic" && (named(view.newInputs) || named(view.oldInputs)));
}

/**
 * A delivered topic's change: started or stopped by the pipeline, new with its source, or new because its source
 * is replaced (a new source writes new topics).
 */
function topicMark(topic: string, now: string[], before: string[], source: ResourceView | string): Mark {
  if (!now.includes(topic)) return "deleted";
  if (!before.includes(topic)) return "created";
  if (typeof source === "string") return "unchanged";
  if (source.op === "replace") return "replaced";
  return source.op === "create" ? "created" : "unchanged";
}

/** Draws one pipeline; answers whether anything in it changes. */
function drawPipeline(pipeline: ResourceView, builder: GraphBuilder, context: Context): boolean {
  const marks: Mark[] = [];
  const connector = (end: ResourceView | string, role: "source" | "destination"): string => {
    if (typeof end === "string") {
      return builder.node(`${role}:${end}`, () => ({
        label: [`${role} ${end}`, "outside this stack"],
        shape: "connector",
        mark: "unchanged",
      }));
    }
    marks.push(markOf(end, context.drifted));
    return builder.resource(end, "connector", markOf(end, context.drifted));
  };
  const source = endOf(pipeline, "sourceId", context);
  const destination = endOf(pipeline, "destinationId", context);
  const sourceNode = connector(source, "source");
  const pipelineMark = markOf(pipeline, context.drifted);
  marks.push(pipelineMark);
  const pipelineNode = builder.resource(pipeline, "pipeline", pipelineMark);
  const destinationNode = connector(destination, "destination");
  builder.edge(pipelineNode, destinationNode);
  // Before the source's topics: a linked topic that is also a transform's output is drawn once, with the link's mark.
  drawTransformLinks(pipeline, pipelineNode, builder, context, marks);

  const { now, before } = topicsOf(pipeline, source);
  const sourceIds = sourceIdsOf(pipeline, source);
  const transforms = context.views
    .filter((view) => view.kind === "transform")
    .sort((a, b) => compareText(a.name, b.name) || compareText(a.urn, b.urn));
  const readBy = new Set<ResourceView>();
  for (const topic of [...new Set([...now, ...before])].sort(compareText)) {
    const mark = topicMark(topic, now, before, source);
    marks.push(mark);
    const topicNode = builder.node(`topic:${sourceNode}:${topic}`, () => ({ label: [topic], shape: "topic", mark }));
    builder.edge(sourceNode, topicNode);
    builder.edge(topicNode, pipelineNode);
    for (const transform of transforms.filter((candidate) => transformReads(candidate, topic, sourceIds))) {
      readBy.add(transform);
      builder.edge(topicNode, drawTransform(transform, builder, context, marks));
    }
  }
  // A transform whose pattern is not known yet (its source is being replaced) is tied by its dependency.
  if (typeof source !== "string") {
    for (const transform of transforms.filter((candidate) => !readBy.has(candidate))) {
      if (transform.dependencies.inputTopicPattern?.includes(source.urn)) {
        builder.edge(sourceNode, drawTransform(transform, builder, context, marks), true);
      }
    }
  }
  return marks.some((mark) => mark !== "unchanged");
}

function drawTransform(transform: ResourceView, builder: GraphBuilder, context: Context, marks: Mark[]): string {
  const mark = markOf(transform, context.drifted);
  marks.push(mark);
  const node = builder.resource(transform, "transform", mark);
  const output = outputTopicOf(transform);
  if (output !== undefined) {
    const topicView = topicViewNamed(output, context);
    const outputMark = topicView ? markOf(topicView, context.drifted) : "unchanged";
    marks.push(outputMark);
    const outputNode = topicView
      ? builder.resource(topicView, "topic", outputMark)
      : builder.node(`output:${output}`, () => ({ label: [output], shape: "topic", mark: "unchanged" }));
    builder.edge(node, outputNode);
  }
  return node;
}

interface Link {
  transformId: unknown;
  /** A topic the pipeline takes from the transform, or a regex (auto-discovery) written as `/regex/`. */
  label: string;
  dotted: boolean;
}

/** The pipeline's links to transforms in one set of its inputs: `transforms` topics and `topicAutoDiscovery` rules. */
function linksOf(inputs: Inputs | undefined): Link[] {
  const entries = (value: unknown) =>
    Array.isArray(value) ? value.filter((item): item is Inputs => typeof item === "object" && item !== null) : [];
  return [
    ...entries(inputs?.transforms).flatMap((entry) =>
      (stringsOf(entry.topics) ?? []).map((topic) => ({ transformId: entry.transformId, label: topic, dotted: false })),
    ),
    ...entries(inputs?.topicAutoDiscovery)
      .filter((rule) => knownString(rule.regex) !== undefined)
      .map((rule) => ({ transformId: rule.transformId, label: `/${String(rule.regex)}/`, dotted: true })),
  ];
}

/**
 * The transform a link names: the resource of this stack with that id, else (an id known only after `up`) the next
 * transform the pipeline's `transforms`/`topicAutoDiscovery` depend on, else a node for an outside transform.
 */
function linkedTransform(link: Link, context: Context, pending: string[]): ResourceView | string {
  const id = knownString(link.transformId);
  if (id !== undefined) return context.views.find((view) => view.kind === "transform" && view.id === id) ?? id;
  const urn = pending.shift();
  return urn === undefined ? "unknown" : (context.byUrn.get(urn) ?? namedOnly(urn));
}

/** Draws transform → topic (or regex) → pipeline for each link, marked as the link changes. */
function drawTransformLinks(
  pipeline: ResourceView,
  pipelineNode: string,
  builder: GraphBuilder,
  context: Context,
  marks: Mark[],
): void {
  const now = linksOf(pipeline.newInputs);
  const before = pipeline.op === "update" || pipeline.op === "replace" ? linksOf(pipeline.oldInputs) : now;
  const keyOf = (link: Link) => `${String(link.transformId)}\u0000${link.label}`;
  const nowKeys = new Set(now.map(keyOf));
  const beforeKeys = new Set(before.map(keyOf));
  const pending = [
    ...new Set([...(pipeline.dependencies.transforms ?? []), ...(pipeline.dependencies.topicAutoDiscovery ?? [])]),
  ];
  const drawnKeys = new Set<string>();
  for (const link of [...now, ...before]) {
    if (drawnKeys.has(keyOf(link))) continue;
    drawnKeys.add(keyOf(link));
    const mark: Mark = !nowKeys.has(keyOf(link)) ? "deleted" : !beforeKeys.has(keyOf(link)) ? "created" : "unchanged";
    marks.push(mark);
    const topicKey = link.dotted ? `discover:${String(link.transformId)}:${link.label}` : `output:${link.label}`;
    const topicNode = builder.node(topicKey, () => ({ label: [link.label], shape: "topic", mark }));
    const transform = linkedTransform(link, context, pending);
    const transformNode =
      typeof transform === "string"
        ? builder.node(`transform:${transform}`, () => ({
            label: [`transform ${transform}`, "outside this stack"],
            shape: "transform",
            mark: "unchanged",
          }))
        : drawTransform(transform, builder, context, marks);
    builder.edge(transformNode, topicNode, link.dotted);
    builder.edge(topicNode, pipelineNode, link.dotted);
  }
}

/** The graph of every affected pipeline, pipelines in name order. */
export function pipelineGraph(views: ResourceView[], drift: DriftWarning[]): PipelineGraph {
  const context: Context = {
    views,
    byUrn: new Map(views.map((view) => [view.urn, view])),
    drifted: new Set(drift.map((warning) => warning.urn).filter((urn): urn is string => urn !== undefined)),
  };
  const pipelines = views
    .filter((view) => view.kind === "pipeline")
    .sort((a, b) => compareText(a.name, b.name) || compareText(a.urn, b.urn));
  const drawn: string[] = [];
  const builder = new GraphBuilder();
  for (const pipeline of pipelines) {
    // Drawn into a scratch builder first: an unaffected pipeline leaves no trace, and ids stay dense.
    if (!drawPipeline(pipeline, new GraphBuilder(), context)) continue;
    drawPipeline(pipeline, builder, context);
    drawn.push(pipeline.name);
  }
  const streaming = new Set(["source", "destination", "topic", "transform"]);
  const notDrawn = views
    .filter((view) => streaming.has(view.kind) && markOf(view, context.drifted) !== "unchanged")
    .filter((view) => !builder.drawn(view.urn))
    .map((view) => view.name)
    .sort(compareText);
  const unchangedListed = views.some((view) => view.op === "same" || view.op === "refresh");
  return { pipelines: drawn, ...builder.result(), notDrawn: [...new Set(notDrawn)], unchangedListed };
}
