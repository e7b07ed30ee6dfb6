/**
 * Issue 6, state: sources and destinations created in their declared state, paused, resumed and stopped by a
 * change of `state`, drift of the state reported by refresh and set back by `up`, and tags kept in sync.
 * Real engine against the local API server.
 */
import { scenario } from "../harness/scenario";
import { callsDuring, callsTo, liveConnector } from "../fixtures/lifecycle/support";

const world = scenario("lifecycle", { server: { statusDelayMs: 50, deleteDelayMs: 100 } });
let sourceId: string;
let destinationId: string;
let tagA: string;
let tagB: string;

beforeAll(async () => {
  const tag = (name: string) => world.api.request<{ id: string }>("POST", "/tags", { name, type: ["sources"] });
  tagA = (await tag("team-orders")).id;
  tagB = (await tag("tier-1")).id;
});

const stepOf = (steps: { name: string; op: string; diffs: string[] }[], name: string) =>
  steps.find((step) => step.name === name);

test("a source declared paused is created paused, with its tags, and no pause call", async () => {
  await world.project.setConfig({ state: "paused", tags: tagA });
  let outputs: Record<string, { value: unknown }> = {};
  const calls = await callsDuring(world.server, async () => (outputs = (await world.project.up()).outputs));
  sourceId = String(outputs.sourceId.value);
  destinationId = String(outputs.destinationId.value);

  const source = await liveConnector(world.api, "/sources", sourceId);
  expect(source.connector_status).toBe("Paused");
  expect(source.tags).toEqual([tagA]);
  expect(callsTo(calls, "PUT", "/sources", sourceId, "/pause")).toEqual([]);
  expect(outputs.sourceStatus.value).toBe("Paused");
  expect(outputs.sourceTaskStatuses.value).toEqual({ "0": expect.objectContaining({ state: "PAUSED" }) });
  // The destination declares no state: it runs, and `up` waited for it.
  expect(outputs.destinationStatus.value).toBe("Active");
});

test("changing `state` to running previews as an update of `state` and resumes the source once, with no PUT", async () => {
  await world.project.setConfig({ state: "running" });
  const preview = await world.project.preview();
  expect(stepOf(preview.steps, "orders-db")).toMatchObject({ op: "update", diffs: ["state"] });
  expect(preview.result.changeSummary).toEqual({ same: 2, update: 1 });

  let outputs: Record<string, { value: unknown }> = {};
  const calls = await callsDuring(world.server, async () => (outputs = (await world.project.up()).outputs));
  expect(callsTo(calls, "PUT", "/sources", sourceId, "/resume")).toHaveLength(1);
  // A lifecycle change alone does not send the connector's settings again (which could redeploy it).
  expect(callsTo(calls, "PUT", "/sources", sourceId)).toEqual([]);
  expect(outputs.sourceStatus.value).toBe("Active");
  expect((await liveConnector(world.api, "/sources", sourceId)).connector_status).toBe("Active");
});

test("changing `state` to stopped stops the source and the destination, each once", async () => {
  await world.project.setConfig({ state: "stopped", destState: "stopped" });
  let outputs: Record<string, { value: unknown }> = {};
  const calls = await callsDuring(world.server, async () => (outputs = (await world.project.up()).outputs));
  expect(callsTo(calls, "PUT", "/sources", sourceId, "/stop")).toHaveLength(1);
  expect(callsTo(calls, "PUT", "/destinations", destinationId, "/stop")).toHaveLength(1);
  expect(outputs.sourceStatus.value).toBe("Stopped");
  expect(outputs.destinationStatus.value).toBe("Stopped");
  expect((await liveConnector(world.api, "/destinations", destinationId)).connector_status).toBe("Stopped");
});

test("a stopped source declared paused is resumed, then paused", async () => {
  await world.project.setConfig({ state: "paused", destState: "running" });
  const calls = await callsDuring(world.server, () => world.project.up());
  expect(callsTo(calls, "PUT", "/sources", sourceId, "/resume")).toHaveLength(1);
  expect(callsTo(calls, "PUT", "/sources", sourceId, "/pause")).toHaveLength(1);
  expect((await liveConnector(world.api, "/sources", sourceId)).connector_status).toBe("Paused");
  expect((await liveConnector(world.api, "/destinations", destinationId)).connector_status).toBe("Active");
});

test("a state changed in the console shows as drift after refresh, and `up` sets it back", async () => {
  await world.project.setConfig({ state: "running" });
  await world.project.up();
  await world.api.request("PUT", `/sources/${sourceId}/pause`);

  expect((await world.project.preview()).result.changeSummary).toEqual({ same: 3 }); // no refresh yet: state says running
  await world.project.refresh();
  const preview = await world.project.preview();
  expect(stepOf(preview.steps, "orders-db")).toMatchObject({ op: "update", diffs: ["state"] });

  const calls = await callsDuring(world.server, () => world.project.up());
  expect(callsTo(calls, "PUT", "/sources", sourceId, "/resume")).toHaveLength(1);
  expect((await liveConnector(world.api, "/sources", sourceId)).connector_status).toBe("Active");
});

test("a refresh of a running connector reports no drift, and the next preview shows no change", async () => {
  await world.project.refresh();
  const calls = await callsDuring(world.server, async () =>
    expect((await world.project.preview()).result.changeSummary).toEqual({ same: 3 }),
  );
  expect(calls).toEqual([]);
});

test("changing `tags` previews as an update of `tags` and sends them with the settings", async () => {
  await world.project.setConfig({ tags: `${tagB},${tagA}` });
  const preview = await world.project.preview();
  expect(stepOf(preview.steps, "orders-db")).toMatchObject({ op: "update", diffs: ["tags"] });

  const calls = await callsDuring(world.server, () => world.project.up());
  expect(callsTo(calls, "PUT", "/sources", sourceId)).toHaveLength(1);
  expect((await liveConnector(world.api, "/sources", sourceId)).tags).toEqual([tagB, tagA]);
  expect((await world.project.preview()).result.changeSummary).toEqual({ same: 3 });
});

test("destroy removes both connectors", async () => {
  await world.project.destroy();
  expect(await world.api.list("/sources")).toEqual([]);
  expect(await world.api.list("/destinations")).toEqual([]);
});
