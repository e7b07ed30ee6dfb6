/**
 * The service's lineage: sources → topics → transforms → pipelines → destinations, as the API lists them, laid
 * out in five columns and drawn as SVG on the server (no script in the page). Each node links to its object's
 * page and says its status in words, not by colour alone; a table beside the drawing says the same for readers
 * that cannot see it.
 */
import { escapeText, html, type Html, raw } from "./html";

export type NodeKind = "sources" | "topics" | "transforms" | "pipelines" | "destinations";

export interface LineageNode {
  kind: NodeKind;
  id: string;
  name: string;
  /** What the service reports (Active, Paused, RUNNING…), or undefined when it reports nothing. */
  status?: string;
  /** Where the node's page is; undefined for a topic no page lists. */
  href?: string;
}

export interface Lineage {
  nodes: LineageNode[];
  /** From node key to node key (`kind/id`). */
  edges: Array<{ from: string; to: string }>;
}

export const columns: ReadonlyArray<{ kind: NodeKind; title: string }> = [
  { kind: "sources", title: "Sources" },
  { kind: "topics", title: "Topics" },
  { kind: "transforms", title: "Transforms" },
  { kind: "pipelines", title: "Pipelines" },
  { kind: "destinations", title: "Destinations" },
];

export const keyOf = (node: Pick<LineageNode, "kind" | "id">): string => `${node.kind}/${node.id}`;

/**
 * The records the lineage is made of, as the list endpoints answer them (only the fields it reads). Topics come from
 * their sources' own `topic_ids`, named by the source's `topics` at the same place: never from the topics list,
 * whose every row carries its source's whole topic list (a source of n tables made reading it n² work, issue #39
 * H2), so the lineage is linear in the objects listed.
 */
export interface LineageRecords {
  sources: Array<{
    id: string;
    name: string;
    connector_status?: string | null;
    topic_ids?: unknown[] | null;
    topics?: unknown[] | null;
  }>;
  destinations: Array<{ id: string; name: string; connector_status?: string | null }>;
  pipelines: Array<{
    id: string;
    name: string;
    topic_ids?: string[] | null;
    source?: { id?: string } | null;
    destination?: { id?: string } | null;
    transforms?: Array<{ id?: string; topic_id?: string }> | null;
  }>;
  transforms: Array<{ id: string; name: string; metrics?: { status?: string | null } | null }>;
}

/** The lineage of what the records hold; an edge to something they do not hold is left out. */
export function lineageOf(records: LineageRecords): Lineage {
  const nodes = new Map<string, LineageNode>();
  const add = (node: LineageNode) => nodes.set(keyOf(node), node);
  const topicNode = (id: string, name: unknown) =>
    add({
      kind: "topics",
      id,
      name: typeof name === "string" && name ? name : id.replace(/^source_[^.]+\./, ""),
      href: `/console/topics`,
    });

  for (const source of records.sources) {
    add({ kind: "sources", id: source.id, name: source.name, status: source.connector_status ?? undefined });
    const names = source.topics ?? [];
    (source.topic_ids ?? []).forEach((topic, index) => topicNode(String(topic), names[index]));
  }
  for (const destination of records.destinations) {
    add({
      kind: "destinations",
      id: destination.id,
      name: destination.name,
      status: destination.connector_status ?? undefined,
    });
  }
  for (const transform of records.transforms) {
    add({ kind: "transforms", id: transform.id, name: transform.name, status: transform.metrics?.status ?? undefined });
  }
  for (const pipeline of records.pipelines) add({ kind: "pipelines", id: pipeline.id, name: pipeline.name });

  const edges: Lineage["edges"] = [];
  const linked = new Set<string>(); // each link once, without a scan of the links so far (thousands at 1,000 objects)
  const link = (from: string, to: string) => {
    const key = `${from} ${to}`;
    if (nodes.has(from) && nodes.has(to) && !linked.has(key)) {
      linked.add(key);
      edges.push({ from, to });
    }
  };
  for (const source of records.sources) {
    for (const topic of source.topic_ids ?? []) link(`sources/${source.id}`, `topics/${String(topic)}`);
  }
  for (const pipeline of records.pipelines) {
    const self = `pipelines/${pipeline.id}`;
    const transformed = new Set<string>();
    for (const item of pipeline.transforms ?? []) {
      if (!item.id) continue;
      if (item.topic_id) {
        link(`topics/${item.topic_id}`, `transforms/${item.id}`);
        transformed.add(item.topic_id);
      }
      link(`transforms/${item.id}`, self);
    }
    for (const topic of pipeline.topic_ids ?? []) if (!transformed.has(topic)) link(`topics/${topic}`, self);
    if (pipeline.destination?.id) link(self, `destinations/${pipeline.destination.id}`);
  }
  for (const node of nodes.values()) node.href ??= `/console/${node.kind}/${encodeURIComponent(node.id)}`;
  return { nodes: [...nodes.values()], edges };
}

/**
 * The lineage of the nodes whose name holds `search`: them, everything they feed and everything that feeds them
 * (following links one way each, so that a destination shared by many pipelines does not pull in all of them).
 */
export function focusOn(lineage: Lineage, search: string): Lineage {
  const wanted = search.trim().toLowerCase();
  if (!wanted) return lineage;
  const downstream = new Map<string, string[]>();
  const upstream = new Map<string, string[]>();
  const add = (links: Map<string, string[]>, from: string, to: string) => {
    const known = links.get(from);
    if (known) known.push(to);
    else links.set(from, [to]);
  };
  for (const edge of lineage.edges) {
    add(downstream, edge.from, edge.to);
    add(upstream, edge.to, edge.from);
  }
  const matched = lineage.nodes.filter((node) => node.name.toLowerCase().includes(wanted)).map(keyOf);
  const kept = new Set<string>(matched);
  for (const links of [downstream, upstream]) {
    const queue = [...matched];
    const seen = new Set<string>(matched);
    while (queue.length > 0) {
      for (const next of links.get(queue.pop() as string) ?? []) {
        if (seen.has(next)) continue;
        seen.add(next);
        kept.add(next);
        queue.push(next);
      }
    }
  }
  return {
    nodes: lineage.nodes.filter((node) => kept.has(keyOf(node))),
    edges: lineage.edges.filter((edge) => kept.has(edge.from) && kept.has(edge.to)),
  };
}

/**
 * The most nodes drawn per column (issue #39, H2): a source of 2,000 tables would draw a column 100,000 pixels
 * tall. The rest are counted ("N more topics…"), and the search narrows the lineage to what they belong to.
 */
export const drawnPerColumn = 500;

/** The part of a lineage that is drawn: the first `perColumn` nodes of each column, the links between them. */
export function drawnPart(
  lineage: Lineage,
  perColumn = drawnPerColumn,
): { lineage: Lineage; hidden: Partial<Record<NodeKind, number>> } {
  const counts = new Map<NodeKind, number>();
  const hidden: Partial<Record<NodeKind, number>> = {};
  const kept = new Set<string>();
  const nodes = lineage.nodes.filter((node) => {
    const seen = (counts.get(node.kind) ?? 0) + 1;
    counts.set(node.kind, seen);
    if (seen > perColumn) {
      hidden[node.kind] = (hidden[node.kind] ?? 0) + 1;
      return false;
    }
    kept.add(keyOf(node));
    return true;
  });
  if (nodes.length === lineage.nodes.length) return { lineage, hidden };
  return { lineage: { nodes, edges: lineage.edges.filter((e) => kept.has(e.from) && kept.has(e.to)) }, hidden };
}

/** "1500 more topics…": what a column leaves out. */
export function moreText(kind: NodeKind, count: number): string {
  return `${count} more ${count === 1 ? kind.slice(0, -1) : kind}…`;
}

const nodeWidth = 190;
const nodeHeight = 44;
const columnGap = 60;
const rowGap = 14;
const top = 34;

/** A status in one word a reader can scan: the service's own words, lower-cased. */
function statusClass(status: string | undefined): string {
  const word = (status ?? "").toLowerCase();
  if (["active", "running", "finished"].includes(word)) return "ok";
  if (["broken", "failed", "error"].includes(word)) return "bad";
  if (word === "") return "none";
  return "wait";
}

/** Shortens a name to what fits a node; the whole name is in its tooltip and the table. */
function fitted(name: string, room = 24): string {
  return name.length > room ? `${name.slice(0, room - 1)}…` : name;
}

/** The drawing: one column per kind, nodes in the order listed, edges as curves from right to left sides. */
export function lineageSvg(lineage: Lineage, hidden: Partial<Record<NodeKind, number>> = {}): Html {
  const place = new Map<string, { x: number; y: number }>();
  const more: string[] = [];
  let rows = 0;
  const members = new Map<NodeKind, LineageNode[]>(columns.map((column) => [column.kind, []]));
  for (const node of lineage.nodes) members.get(node.kind)?.push(node);
  columns.forEach((column, index) => {
    const listed = members.get(column.kind) ?? [];
    listed.forEach((node, row) => {
      place.set(keyOf(node), { x: index * (nodeWidth + columnGap), y: top + row * (nodeHeight + rowGap) });
    });
    const left = hidden[column.kind] ?? 0;
    if (left > 0) {
      const y = top + listed.length * (nodeHeight + rowGap) + 16;
      more.push(
        `<text class="more" x="${index * (nodeWidth + columnGap)}" y="${y}">${escapeText(moreText(column.kind, left))}</text>`,
      );
    }
    rows = Math.max(rows, listed.length + (left > 0 ? 1 : 0));
  });
  const width = columns.length * (nodeWidth + columnGap) - columnGap;
  const height = top + Math.max(rows, 1) * (nodeHeight + rowGap);
  const parts: string[] = [];
  columns.forEach((column, index) => {
    parts.push(`<text class="column" x="${index * (nodeWidth + columnGap)}" y="16">${escapeText(column.title)}</text>`);
  });
  for (const edge of lineage.edges) {
    const from = place.get(edge.from);
    const to = place.get(edge.to);
    if (!from || !to) continue;
    const [x1, y1, x2, y2] = [from.x + nodeWidth, from.y + nodeHeight / 2, to.x, to.y + nodeHeight / 2];
    const bend = (x2 - x1) / 2;
    parts.push(`<path class="edge" d="M${x1},${y1} C${x1 + bend},${y1} ${x2 - bend},${y2} ${x2},${y2}"/>`);
  }
  for (const node of lineage.nodes) {
    const at = place.get(keyOf(node));
    if (!at) continue;
    const status = node.status ?? "";
    const label = `${node.kind.slice(0, -1)} ${node.name}${status ? `, ${status}` : ""}`;
    parts.push(
      `<a href="${escapeText(node.href ?? "#")}" aria-label="${escapeText(label)}" data-node="${escapeText(keyOf(node))}">` +
        `<title>${escapeText(label)}</title>` +
        `<rect class="node ${statusClass(node.status)}" x="${at.x}" y="${at.y}" width="${nodeWidth}" height="${nodeHeight}" rx="6"/>` +
        `<text x="${at.x + 10}" y="${at.y + 18}" class="name">${escapeText(fitted(node.name))}</text>` +
        `<text x="${at.x + 10}" y="${at.y + 35}" class="status">${escapeText(status || "—")}</text>` +
        `</a>`,
    );
  }
  return html`<svg
    class="lineage"
    role="group"
    aria-label="Lineage of the service"
    viewBox="0 0 ${width} ${height}"
    width="${width}"
    height="${height}"
    xmlns="http://www.w3.org/2000/svg"
  >
    ${raw(parts.join("") + more.join(""))}
  </svg>`;
}
