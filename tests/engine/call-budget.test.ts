/**
 * What a stack costs the service, counted on the server: the budgets of issue #8, on the quickstart (a typed
 * source and destination, a pipeline over named topics, a topic).
 * - `up` from empty: at most 2 calls per resource plus one token; the pipeline itself costs one call.
 * - a no-op preview: no call at all.
 * - refresh with nothing drifted: at most one read per resource (plus the config-history read a drift
 *   explanation would need, which an undrifted refresh must not make), and it leaves every resource's inputs as
 *   the program sends them: otherwise each `same` step of the next `up` rewrites the whole state file.
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

/** Each resource's inputs in state, secrets by their place only (their ciphertext changes with every write). */
async function stateInputs(): Promise<Record<string, unknown>> {
  const { deployment } = await world.project.stack.exportStack();
  const resources = (deployment as { resources: Array<{ urn: string; inputs?: Record<string, unknown> }> }).resources;
  const secretsHidden = (_key: string, value: unknown) =>
    typeof value === "object" && value !== null && "ciphertext" in value ? "[secret]" : value;
  return Object.fromEntries(
    resources.map((resource) => [resource.urn, JSON.parse(JSON.stringify(resource.inputs ?? {}, secretsHidden))]),
  );
}

test("refresh with nothing drifted reads each resource once, and leaves the inputs the program sends", async () => {
  const before = await stateInputs();
  world.server.resetStats();
  await world.project.refresh();
  // The pipeline's inputs include the SDK's hint about its ends, which the provider reads back from its outputs.
  expect(await stateInputs()).toEqual(before);
  const reads = world.server.stats().calls.filter((call) => !call.path.startsWith("/auth/"));
  expect(describeCalls(reads).every((call) => call.startsWith("GET "))).toBe(true);
  expect(reads.length).toBeLessThanOrEqual(resources);
});
