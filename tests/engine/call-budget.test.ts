/**
 * What a stack costs the service, counted on the server: the budgets of issue #8, on the quickstart (a typed
 * source and destination, a pipeline over named topics, a topic).
 * - `up` from empty: at most 2 calls per resource plus one token; the pipeline itself costs one call.
 * - a no-op preview: no call at all.
 * - refresh with nothing drifted: at most one read per resource (plus the config-history read a drift
 *   explanation would need, which an undrifted refresh must not make).
 */
import { type LocalServer } from "../../server";
import { scenario } from "../harness/scenario";

const world = scenario("quickstart", { server: { statusDelayMs: 20, deleteDelayMs: 20, topicDiscoveryDelayMs: 20 } });
const resources = 4;

type Call = ReturnType<LocalServer["stats"]>["calls"][number];
const describeCalls = (calls: Call[]) => calls.map((call) => `${call.method} ${call.path} → ${call.status}`);

test("up from empty: at most 2 calls per resource plus one token; the pipeline costs one POST", async () => {
  world.server.resetStats();
  await world.project.up();
  const calls = world.server.stats().calls;
  const tokens = calls.filter((call) => call.path.startsWith("/auth/"));
  expect(describeCalls(tokens)).toEqual(["POST /auth/access-token → 200"]);
  const pipelineCalls = calls.filter((call) => call.path.startsWith("/pipelines"));
  expect(describeCalls(pipelineCalls)).toEqual(["POST /pipelines → 200"]);
  expect(describeCalls(calls.filter((call) => !call.path.startsWith("/auth/"))).length).toBeLessThanOrEqual(
    2 * resources,
  );
});

test("a no-op preview makes no call", async () => {
  world.server.resetStats();
  const preview = await world.project.preview();
  expect(preview.steps.filter((step) => step.op !== "same")).toEqual([]);
  expect(describeCalls(world.server.stats().calls)).toEqual([]);
});

test("refresh with nothing drifted reads each resource once", async () => {
  world.server.resetStats();
  await world.project.refresh();
  const reads = world.server.stats().calls.filter((call) => !call.path.startsWith("/auth/"));
  expect(describeCalls(reads).every((call) => call.startsWith("GET "))).toBe(true);
  expect(reads.length).toBeLessThanOrEqual(resources);
});
