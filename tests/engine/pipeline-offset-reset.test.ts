/**
 * `offsetReset` on a pipeline through the real engine against the local API server: the first value is recorded,
 * not acted on; each change of its trigger pauses the destination, resets its consumer group's offsets and resumes
 * it, exactly once, and sends no pipeline update; a reset the service refuses leaves the destination running and
 * the change pending for the next `up`; bad input fails in preview and sends nothing.
 */
import { callsDuring, previewCalls } from "../harness/calls";
import { TestProject } from "../harness/project";
import { scenario } from "../harness/scenario";

const world = scenario("replay", {
  server: { statusDelayMs: 30, deleteDelayMs: 30 },
  config: { offsetReset: JSON.stringify({ trigger: "INC-1", to: "earliest" }) },
});

interface Group {
  state: string;
  lag: number;
  topics: Array<{ topic: string; current_offset: number; log_end_offset: number }>;
}

const outputs = async () => {
  const all = await world.project.stack.outputs();
  return Object.fromEntries(Object.entries(all).map(([key, output]) => [key, output.value as unknown]));
};
const groupOf = async () => {
  const { destinationId } = await outputs();
  return world.api.request<Group>("GET", `/consumer-groups/connect-destination_${String(destinationId)}`);
};
const resetCalls = (calls: string[]) => calls.filter((call) => call.includes("/reset-offsets"));

async function writeOrders(count: number): Promise<void> {
  const { webhookUrl, webhookApiKey } = await outputs();
  for (let index = 0; index < count; index++) {
    const answer = await fetch(`${String(webhookUrl)}/orders`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": String(webhookApiKey) },
      body: JSON.stringify({ order: index }),
    });
    if (answer.status >= 300) throw new Error(`webhook answered ${answer.status}`);
  }
}

test("on create the reset is only recorded: no offsets move", async () => {
  const calls = await callsDuring(world.server, () => world.project.up());
  expect(resetCalls(calls)).toEqual([]);
  expect((await outputs()).lastOffsetReset).toBeUndefined();
  await writeOrders(4);
  expect(await groupOf()).toMatchObject({ state: "Stable", lag: 0 });
});

test("a new trigger shows as a change of `offsetReset` alone, and the preview calls nothing", async () => {
  await world.project.setConfig({ offsetReset: JSON.stringify({ trigger: "INC-2", to: "earliest" }) });
  const preview = await world.project.preview();
  const step = preview.steps.find((candidate) => candidate.name === "orders");
  expect(step?.op).toBe("update");
  expect(step?.diffs).toEqual(["offsetReset"]);
  const { calls } = await previewCalls(world.server, world.project);
  expect(calls).toEqual([]);
});

test("up pauses the destination, resets its group once, resumes it, and sends no pipeline update", async () => {
  const { destinationId, topicIds } = await outputs();
  const calls = await callsDuring(world.server, () => world.project.up());
  const destination = `/destinations/${String(destinationId)}`;
  const group = `/consumer-groups/connect-destination_${String(destinationId)}`;
  const actions = calls.filter((call) => /pause|resume|reset-offsets|PUT \/pipelines/.test(call));
  expect(actions).toEqual([`PUT ${destination}/pause`, `POST ${group}/reset-offsets`, `PUT ${destination}/resume`]);
  const last = (await outputs()).lastOffsetReset as Record<string, unknown>;
  expect(last).toMatchObject({ trigger: "INC-2", to: "earliest", topics: topicIds });
  expect(await groupOf()).toMatchObject({ state: "Stable" });

  const again = await callsDuring(world.server, () => world.project.up());
  expect(resetCalls(again)).toEqual([]);
});

test("a reset the service refuses fails `up` naming the group; the destination runs and the change stays pending", async () => {
  await world.project.setConfig({
    offsetReset: JSON.stringify({ trigger: "INC-3", to: "latest", consumerGroup: "connect-somebody-else" }),
  });
  const failure = await world.project.failingUp();
  const printed = [failure.message, ...failure.diagnostics].join("\n");
  expect(printed).toContain("could not reset the offsets of consumer group `connect-somebody-else`");
  expect(printed).toContain("`offsetReset.consumerGroup`");
  expect(await groupOf()).toMatchObject({ state: "Stable" });

  await world.project.setConfig({ offsetReset: JSON.stringify({ trigger: "INC-3", to: "latest" }) });
  const preview = await world.project.preview();
  expect(preview.steps.find((candidate) => candidate.name === "orders")?.diffs).toEqual(["offsetReset"]);
  const calls = await callsDuring(world.server, () => world.project.up());
  expect(resetCalls(calls)).toHaveLength(1);
  expect(((await outputs()).lastOffsetReset as Record<string, unknown>).trigger).toBe("INC-3");
});

test("a destination declared paused is reset without being resumed", async () => {
  await world.project.setConfig({ destinationState: "paused" });
  await world.project.up();
  await world.project.setConfig({
    destinationState: "paused",
    offsetReset: JSON.stringify({ trigger: "INC-4", to: { timestamp: "2020-01-01T00:00:00Z" } }),
  });
  const calls = await callsDuring(world.server, () => world.project.up());
  expect(calls.filter((call) => /pause|resume|reset-offsets/.test(call))).toEqual([
    expect.stringMatching(/^POST \/consumer-groups\/.*\/reset-offsets$/),
  ]);
  // Paused, the group holds where the reset put it: at the first record written after 2020, the first of all.
  expect(await groupOf()).toMatchObject({ state: "Empty", lag: 4 });
});

test("bad input fails in preview, naming the field, and sends nothing", async () => {
  for (const [offsetReset, expected] of [
    [{ trigger: "X", to: "first" }, "`offsetReset.to`"],
    [{ trigger: "X", to: { timestamp: "yesterday" } }, "`offsetReset.to.timestamp`: must be an ISO 8601 time"],
    [{ trigger: "X", to: "earliest", topics: [] }, "`offsetReset.topics`: must list at least one topic"],
  ] as const) {
    const bad = await TestProject.create("replay", world.server, { offsetReset: JSON.stringify(offsetReset) });
    try {
      let failure: { message: string; diagnostics: string[] } | undefined;
      const calls = await callsDuring(world.server, async () => (failure = await bad.failingPreview()));
      expect([failure?.message, ...(failure?.diagnostics ?? [])].join("\n")).toContain(expected);
      expect(calls).toEqual([]);
    } finally {
      bad.dispose();
    }
  }
});

test("destroy removes the pipeline, the destination and the source", async () => {
  await world.project.destroy();
  expect((await world.api.request<unknown[]>("GET", "/consumer-groups")).length).toBe(0);
});
