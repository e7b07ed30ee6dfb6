/**
 * What a stack costs the service, counted on the server: the budgets of issue #8, on the quickstart (a typed
 * source and destination, a pipeline over named topics, a topic).
 * - `up` from empty: at most 2 calls per resource plus one token; the pipeline itself costs one call.
 * - a no-op preview: no call at all.
 * - refresh with nothing drifted: at most one read per resource (plus the config-history read a drift
 *   explanation would need, which an undrifted refresh must not make).
 */
import { type LocalServer, startLocalServer } from "../../server";
import { TestProject } from "../harness/project";

let server: LocalServer;
let project: TestProject;
const resources = 4;

beforeAll(async () => {
  server = await startLocalServer({ statusDelayMs: 20, deleteDelayMs: 20, topicDiscoveryDelayMs: 20 });
  project = await TestProject.create("quickstart", server);
});

afterAll(async () => {
  project?.dispose();
  await server?.close();
});

type Call = ReturnType<LocalServer["stats"]>["calls"][number];
const describeCalls = (calls: Call[]) => calls.map((call) => `${call.method} ${call.path} → ${call.status}`);

test("up from empty: at most 2 calls per resource plus one token; the pipeline costs one POST", async () => {
  server.resetStats();
  await project.up();
  const calls = server.stats().calls;
  const tokens = calls.filter((call) => call.path.startsWith("/auth/"));
  expect(describeCalls(tokens)).toEqual(["POST /auth/access-token → 200"]);
  const pipelineCalls = calls.filter((call) => call.path.startsWith("/pipelines"));
  expect(describeCalls(pipelineCalls)).toEqual(["POST /pipelines → 200"]);
  expect(describeCalls(calls.filter((call) => !call.path.startsWith("/auth/"))).length).toBeLessThanOrEqual(
    2 * resources,
  );
});

test("a no-op preview makes no call", async () => {
  server.resetStats();
  const preview = await project.preview();
  expect(preview.steps.filter((step) => step.op !== "same")).toEqual([]);
  expect(describeCalls(server.stats().calls)).toEqual([]);
});

test("refresh with nothing drifted reads each resource once", async () => {
  server.resetStats();
  await project.refresh();
  const reads = server.stats().calls.filter((call) => !call.path.startsWith("/auth/"));
  expect(describeCalls(reads).every((call) => call.startsWith("GET "))).toBe(true);
  expect(reads.length).toBeLessThanOrEqual(resources);
});
