/**
 * The provider plugin costs the service what the dynamic classes cost (issue #31): the quickstart through the
 * TypeScript classes (tests/fixtures/quickstart) and the same stack declared by type token through
 * pulumi-resource-streamkap (tests/fixtures/quickstart-by-token), each against a server of its own. Both make the
 * same calls, endpoint by endpoint, on `up` and on `destroy`, and neither more than 2 per resource plus one token.
 * A pipeline declared by ids (as every generated SDK declares it) names its ends without reading them: on create the
 * plugin has just created them, on update the pipeline as the service holds it names them.
 */
import { summarizeCalls } from "../../bench/perf/calls";
import type { LocalServer } from "../../server";
import { pluginOnPath, runPulumiOk } from "../harness/process";
import { scenario } from "../harness/scenario";

// Connectors are Active as soon as they are created: with a delay, whether a create's answer still says Starting
// (and the provider reads the connector once more to see it running) depends on how long the create took, which a
// busy machine changes from one stack to the other.
const server = { statusDelayMs: 0, deleteDelayMs: 20, topicDiscoveryDelayMs: 20 };
const dynamic = scenario("quickstart", { server });
const plugin = scenario("quickstart-by-token", { server });
const resources = 4;

/** Each call as its endpoint (`GET /sources/:id`), counted, as the bench counts them (bench/perf/calls.ts). */
const endpoints = (world: { server: LocalServer }) => summarizeCalls(world.server.stats().calls).byEndpoint;
const total = (counts: Record<string, number>) => Object.values(counts).reduce((sum, count) => sum + count, 0);

/** The calls of `operation` through the classes and through the plugin, each counted by endpoint. */
async function callsOf(
  operation: "up" | "destroy",
): Promise<{ viaClasses: Record<string, number>; viaPlugin: Record<string, number> }> {
  dynamic.server.resetStats();
  await (operation === "up" ? dynamic.project.up() : dynamic.project.destroy());
  plugin.server.resetStats();
  await runPulumiOk(plugin.project, [operation, "--yes", "--skip-preview"], pluginOnPath);
  return { viaClasses: endpoints(dynamic), viaPlugin: endpoints(plugin) };
}

/**
 * The calls but a new connector's reads: whether a create's answer already says Active (no read) or not yet (one
 * read, 100 ms later) depends on how long the create took, which a busy machine changes from one stack to the other.
 * Those reads are counted apart: at most one per connector.
 */
function apartFromStatusReads(counts: Record<string, number>): {
  calls: Record<string, number>;
  statusReads: number;
} {
  const reads = ["GET /sources/:id", "GET /destinations/:id"];
  return {
    calls: Object.fromEntries(Object.entries(counts).filter(([endpoint]) => !reads.includes(endpoint))),
    statusReads: reads.reduce((sum, endpoint) => sum + (counts[endpoint] ?? 0), 0),
  };
}

test("up: the plugin makes the dynamic classes' calls, at most 2 per resource plus one token", async () => {
  const { viaClasses, viaPlugin } = await callsOf("up");
  const [classes, plugin] = [apartFromStatusReads(viaClasses), apartFromStatusReads(viaPlugin)];
  expect(plugin.calls).toEqual(classes.calls);
  // The source and the destination: read at most once each while they start.
  expect(classes.statusReads).toBeLessThanOrEqual(2);
  expect(plugin.statusReads).toBeLessThanOrEqual(2);
  expect(viaPlugin["POST /pipelines"]).toBe(1);
  expect(total(viaPlugin)).toBeLessThanOrEqual(2 * resources + 1);
}, 300_000);

test("update: a pipeline declared by ids is read and written, neither of its ends read", async () => {
  await plugin.project.setConfig({ snapshotNewTables: "true" });
  plugin.server.resetStats();
  await runPulumiOk(plugin.project, ["up", "--yes", "--skip-preview"], pluginOnPath);
  // Its ends come from the pipeline as the service holds it, which the update reads anyway.
  expect(endpoints(plugin)).toEqual({
    "GET /pipelines/:id": 1,
    "POST /auth/access-token": 1,
    "PUT /pipelines/:id": 1,
  });
}, 300_000);

test("destroy: the same calls again, at most 2 per resource plus one token", async () => {
  const { viaClasses, viaPlugin } = await callsOf("destroy");
  expect(viaPlugin).toEqual(viaClasses);
  expect(total(viaClasses)).toBeLessThanOrEqual(2 * resources + 1);
}, 300_000);
