/**
 * Issue 6, actions: restart, reset and task-restart triggers, and snapshot generations. Each change performs
 * its action exactly once (counted on the server), shows in the preview as an update of that property, and a
 * rule broken offline fails the preview without a call. Real engine against the local API server.
 */
import type { StepReport } from "../harness/project";
import { scenario } from "../harness/scenario";
import { type Call, callsDuring, callsTo, eventually, sourceTopics } from "../fixtures/lifecycle/support";

const world = scenario("lifecycle", {
  server: { statusDelayMs: 50, deleteDelayMs: 100 },
  config: {
    restartTrigger: "initial",
    resetTrigger: "1",
    restartTask: JSON.stringify({ task: 0, trigger: 1 }),
    snapshot: JSON.stringify({ generation: 1, type: "incremental" }),
  },
});
let sourceId: string;

const sourceStep = (steps: StepReport[]) => steps.find((step) => step.name === "orders-db");
const actionCalls = (calls: Call[]) =>
  calls.filter((call) => /\/(restart|reset|restart_task|pause|resume|stop|deploy)\s|\/snapshot\s/.test(call));

/** Previews the change, checks that it is an update of exactly `property`, applies it and returns the calls. */
async function applyChange(config: Record<string, string>, property: string): Promise<Call[]> {
  await world.project.setConfig(config);
  const preview = await world.project.preview();
  expect(sourceStep(preview.steps)).toMatchObject({ op: "update", diffs: [property] });
  expect(preview.result.changeSummary).toEqual({ same: 2, update: 1 });
  const calls = await callsDuring(world.server, () => world.project.up());
  // Only lifecycle inputs changed: the settings are not sent again.
  expect(callsTo(calls, "PUT", "/sources", sourceId)).toEqual([]);
  return calls;
}

/** A second `up` with no change performs nothing: the trigger fired once, not once per run. */
async function expectNothingMore(): Promise<void> {
  expect((await world.project.preview()).result.changeSummary).toEqual({ same: 3 });
  expect(actionCalls(await callsDuring(world.server, () => world.project.up()))).toEqual([]);
}

test("on create, triggers and the snapshot generation are recorded, not fired", async () => {
  let outputs: Record<string, { value: unknown }> = {};
  const calls = await callsDuring(world.server, async () => (outputs = (await world.project.up()).outputs));
  sourceId = String(outputs.sourceId.value);
  expect(actionCalls(calls)).toEqual([]);
  expect(outputs.lastSnapshot).toBeUndefined();
  expect((await sourceTopics(world.api, sourceId)).map((topic) => topic.snapshot_status)).toEqual([null, null]);
});

test("changing `restartTrigger` restarts the source exactly once", async () => {
  const calls = await applyChange({ restartTrigger: "after failover" }, "restartTrigger");
  expect(actionCalls(calls)).toEqual([`POST /sources/${sourceId}/restart 200`]);
  await expectNothingMore();
});

test("changing `resetTrigger` resets the source exactly once", async () => {
  const calls = await applyChange({ resetTrigger: "2" }, "resetTrigger");
  expect(actionCalls(calls)).toEqual([`POST /sources/${sourceId}/reset 200`]);
  await expectNothingMore();
});

test("changing `restartTaskTrigger` restarts the task exactly once", async () => {
  const calls = await applyChange({ restartTask: JSON.stringify({ task: 0, trigger: 2 }) }, "restartTaskTrigger");
  expect(actionCalls(calls)).toEqual([`POST /sources/${sourceId}/restart_task 200`]);
  await expectNothingMore();
});

test("raising `snapshot.generation` starts one blocking snapshot of the listed topics", async () => {
  const snapshot = { generation: 2, type: "blocking", topics: ["public.orders"] };
  const calls = await applyChange({ snapshot: JSON.stringify(snapshot) }, "snapshot");
  expect(actionCalls(calls)).toEqual(["POST /sources/snapshot 200"]);

  const topics = await sourceTopics(world.api, sourceId);
  expect(topics.find((topic) => topic.name === "public.orders")).toMatchObject({ snapshot_type: "blocking" });
  expect(topics.find((topic) => topic.name === "public.orders")?.snapshot_status).not.toBeNull();
  expect(topics.find((topic) => topic.name === "public.customers")).toMatchObject({ snapshot_status: null });
  const outputs = await world.project.stack.outputs();
  expect(outputs.lastSnapshot.value).toMatchObject({ generation: 2, type: "blocking", topics: ["public.orders"] });
  await expectNothingMore();
});

test("raising it again with filters starts one incremental snapshot of every topic", async () => {
  const snapshot = {
    generation: 5,
    type: "incremental",
    filters: [{ table: "public.customers", where: "id > 10" }],
  };
  const calls = await applyChange({ snapshot: JSON.stringify(snapshot) }, "snapshot");
  expect(actionCalls(calls)).toEqual(["POST /sources/snapshot 200"]);
  const topics = await sourceTopics(world.api, sourceId);
  expect(Object.fromEntries(topics.map((topic) => [topic.name, topic.snapshot_type]))).toEqual({
    "public.orders": "incremental",
    "public.customers": "incremental",
  });
  expect((await world.project.stack.outputs()).lastSnapshot.value).toMatchObject({
    generation: 5,
    type: "incremental",
  });
});

test("17: a later update reports the last snapshot's status through the topics' `snapshot` filter, starting nothing", async () => {
  await eventually(
    () => sourceTopics(world.api, sourceId),
    (topics) => topics.every((topic) => topic.snapshot_status === "completed"),
  );
  const calls = await applyChange({ restartTrigger: "after the snapshot" }, "restartTrigger");
  expect(actionCalls(calls)).toEqual([`POST /sources/${sourceId}/restart 200`]);
  // The listing carries no snapshot status; the provider asks it by state (running first, … completed last).
  expect(calls.filter((call) => call.startsWith("GET /topics/details ")).length).toBeGreaterThan(0);
  expect((await world.project.stack.outputs()).lastSnapshot.value).toEqual({
    generation: 5,
    type: "incremental",
    status: "completed",
  });
});

describe("rules checked in preview, before any call", () => {
  const applied = { generation: 5, type: "incremental", filters: [{ table: "public.customers", where: "id > 10" }] };
  let touched: string[] = [];

  afterEach(async () => {
    // Back to the applied inputs, so each case breaks one rule only.
    for (const key of touched) {
      if (key === "snapshot") await world.project.setConfig({ snapshot: JSON.stringify(applied) });
      else await world.project.removeConfig(key);
    }
    touched = [];
  });

  async function refusedPreview(config: Record<string, string>): Promise<string> {
    touched = Object.keys(config);
    await world.project.setConfig(config);
    let printed = "";
    const calls = await callsDuring(world.server, async () => {
      const failure = await world.project.failingPreview();
      printed = [failure.message, ...failure.diagnostics].join("\n");
    });
    expect(calls).toEqual([]);
    return printed;
  }

  test("a blocking snapshot with filters", async () => {
    const snapshot = { generation: 6, type: "blocking", filters: [{ table: "public.orders", where: "id > 1" }] };
    const printed = await refusedPreview({ snapshot: JSON.stringify(snapshot) });
    expect(printed).toContain("`snapshot.filters` work with incremental snapshots only");
    expect(printed).not.toContain("id > 1");
  });

  test("a surrogate key on a blocking snapshot", async () => {
    const printed = await refusedPreview({
      snapshot: JSON.stringify({ generation: 6, type: "blocking", surrogateKey: "row_id" }),
    });
    expect(printed).toContain("`snapshot.surrogateKey` applies to incremental snapshots only");
  });

  test("a filter on a table that is not among the snapshot's topics", async () => {
    const snapshot = {
      generation: 6,
      type: "incremental",
      topics: ["public.orders"],
      filters: [{ table: "public.customers", where: "id > 1" }],
    };
    const printed = await refusedPreview({ snapshot: JSON.stringify(snapshot) });
    expect(printed).toContain("`snapshot.filters[0].table` is not among `snapshot.topics`");
  });

  test("a lowered generation", async () => {
    const printed = await refusedPreview({ snapshot: JSON.stringify({ generation: 4, type: "incremental" }) });
    expect(printed).toContain("`snapshot.generation` was lowered; it only counts up");
  });

  test("a raised generation while the source is declared paused", async () => {
    const printed = await refusedPreview({
      state: "paused",
      snapshot: JSON.stringify({ generation: 6, type: "incremental" }),
    });
    expect(printed).toContain("a snapshot needs a running source");
  });

  test("a snapshot on a destination", async () => {
    const printed = await refusedPreview({ destSnapshot: JSON.stringify({ generation: 1, type: "incremental" }) });
    expect(printed).toContain("`snapshot` applies to sources only");
  });
});

test("after the refused previews, nothing is pending and destroy cleans up", async () => {
  expect((await world.project.preview()).result.changeSummary).toEqual({ same: 3 });
  await world.project.destroy();
  expect(await world.api.list("/sources")).toEqual([]);
});
