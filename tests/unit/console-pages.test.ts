/**
 * The console's pure parts: the lineage it reads out of the API's lists, and markup that never lets a name an API
 * caller chose become markup.
 */
import { html } from "../../server/console/html";
import { focusOn, lineageOf, lineageSvg } from "../../server/console/lineage";
import { FaultEngine } from "../../server/faults/engine";

const records = {
  sources: [
    {
      id: "s1",
      name: "orders-db",
      connector_status: "Active",
      topic_ids: ["source_s1.public.orders", "source_s1.public.customers"],
      topics: ["public.orders"],
    },
  ],
  destinations: [{ id: "d1", name: "warehouse", connector_status: "Broken" }],
  transforms: [{ id: "t1", name: "clean-orders", metrics: { status: "RUNNING" } }],
  pipelines: [
    {
      id: "p1",
      name: "orders-to-warehouse",
      topic_ids: ["source_s1.public.orders", "source_s1.public.customers"],
      destination: { id: "d1" },
      transforms: [{ id: "t1", topic_id: "source_s1.public.orders" }],
    },
  ],
};

test("a pipeline's transformed topic passes through its transform; the others go straight to the pipeline", () => {
  const lineage = lineageOf(records);
  expect(lineage.edges).toEqual([
    { from: "sources/s1", to: "topics/source_s1.public.orders" },
    { from: "sources/s1", to: "topics/source_s1.public.customers" },
    { from: "topics/source_s1.public.orders", to: "transforms/t1" },
    { from: "transforms/t1", to: "pipelines/p1" },
    { from: "topics/source_s1.public.customers", to: "pipelines/p1" },
    { from: "pipelines/p1", to: "destinations/d1" },
  ]);
  // A topic its source does not name is shown by its table, without the source prefix.
  expect(lineage.nodes.map((node) => node.name)).toContain("public.customers");
});

test("each node of the drawing says its kind, name and status in words, and links to its page", () => {
  const svg = lineageSvg(lineageOf(records)).text;
  expect(svg).toContain('aria-label="destination warehouse, Broken"');
  expect(svg).toContain('href="/console/destinations/d1"');
  expect(svg).toContain('class="node bad"');
});

test("a name with markup in it is shown as text, in the page and in the drawing", () => {
  const name = '<img src=x onerror="alert(1)">';
  expect(html`<td>${name}</td>`.text).toBe("<td>&lt;img src=x onerror=&quot;alert(1)&quot;&gt;</td>");
  const svg = lineageSvg(lineageOf({ ...records, sources: [{ ...records.sources[0], name }] })).text;
  expect(svg).not.toContain("<img");
});

test("a search keeps what feeds the objects found and what they feed, not their neighbours' other consumers", () => {
  // Two pipelines share the destination: the lineage of one must not pull in the other through it.
  const shared = lineageOf({
    ...records,
    sources: [...records.sources, { id: "s2", name: "billing-db", topic_ids: ["source_s2.public.invoices"] }],
    pipelines: [
      ...records.pipelines,
      { id: "p2", name: "billing-to-warehouse", topic_ids: ["source_s2.public.invoices"], destination: { id: "d1" } },
    ],
  });
  const kept = focusOn(shared, "BILLING-to").nodes.map((node) => `${node.kind}/${node.id}`);
  expect(kept.sort()).toEqual(["destinations/d1", "pipelines/p2", "sources/s2", "topics/source_s2.public.invoices"]);
  expect(focusOn(shared, "  ").nodes).toHaveLength(shared.nodes.length);
  expect(focusOn(shared, "no-such-name")).toEqual({ nodes: [], edges: [] });
});

test("the fault settings page reads the rules as given, and nulls where the server's defaults apply", () => {
  const settings = new FaultEngine(
    "429=0.25,path=/sources*|/pipelines*,method=PUT,retry-after=3; latency=5-9",
  ).describe();
  expect(settings.spec).toBe("429=0.25,path=/sources*|/pipelines*,method=PUT,retry-after=3; latency=5-9");
  expect(settings.rules[0]).toMatchObject({
    paths: ["/sources*", "/pipelines*"],
    methods: ["PUT"],
    statuses: [{ status: "429", p: 0.25 }],
    retry_after_seconds: 3,
  });
  expect(settings.rules[1]).toMatchObject({ paths: [], latency_ms: [5, 9] });
  expect(settings).toMatchObject({ kafka_connect: null, slow_delete_ms: null, token_ttl_seconds: null });
  expect(new FaultEngine().describe()).toMatchObject({ spec: "", rules: [] });
});
