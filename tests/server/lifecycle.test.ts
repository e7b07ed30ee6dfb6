// Conformance: api.md "States and transitions" (lifecycle operations, bulk variants) and "POST /sources/snapshot".
import { createDestination, createSource, eventually, startWithClient, type Client } from "./helpers";
import type { LocalServer } from "../../server";

let server: LocalServer;
let client: Client;
beforeAll(async () => ({ server, client } = await startWithClient()));
afterAll(() => server.close());

const statusOf = async (kind: string, id: string) => (await client.get(`/${kind}/${id}`)).body.result[0];
const untilStatus = (kind: string, id: string, status: string) =>
  eventually(
    () => statusOf(kind, id),
    (s) => s.connector_status === status,
  );

async function activeSource(name: string) {
  const s = await createSource(client, name);
  await untilStatus("sources", s.id, "Active");
  return s;
}

describe("Lifecycle", () => {
  test("pause moves Active to Paused; resume passes through Starting back to Active", async () => {
    const s = await activeSource("life-1");
    const paused = await client.put(`/sources/${s.id}/pause`);
    expect(paused.status).toBe(200);
    expect(paused.body.connector_status).toBe("Paused");
    expect(paused.body.task_statuses["0"].state).toBe("PAUSED");
    const resumed = await client.put(`/sources/${s.id}/resume`);
    expect(resumed.body.connector_status).toBe("Starting");
    expect((await untilStatus("sources", s.id, "Active")).connector_status).toBe("Active");
  });

  test("stop moves to Stopped; pause of a Stopped connector answers 409", async () => {
    const d = await createDestination(client, "life-2");
    expect((await client.put(`/destinations/${d.id}/stop`)).body.connector_status).toBe("Stopped");
    expect((await client.put(`/destinations/${d.id}/pause`)).status).toBe(409);
  });

  test("restart, reset, restart_task and deploy pass through Starting", async () => {
    const s = await activeSource("life-3");
    for (const op of ["restart", "reset", "restart_task", "deploy"]) {
      const r = await client.post(`/sources/${s.id}/${op}`);
      expect(r.status).toBe(200);
      expect(r.body.connector_status).toBe("Starting");
      await untilStatus("sources", s.id, "Active");
    }
  });

  test("lifecycle actions on unknown ids answer 404", async () => {
    expect((await client.put("/sources/000000000000000000000000/pause")).status).toBe(404);
    expect((await client.post("/destinations/000000000000000000000000/restart")).status).toBe(404);
  });

  test("bulk variants apply to every id, and an unknown id changes nothing", async () => {
    const a = await activeSource("bulk-a");
    const b = await activeSource("bulk-b");
    const bad = await client.put("/sources/bulk/stop", { ids: [a.id, "000000000000000000000000"] });
    expect(bad.status).toBe(404);
    expect((await statusOf("sources", a.id)).connector_status).toBe("Active");
    const r = await client.put("/sources/bulk/stop", { ids: [a.id, b.id] });
    expect(r.status).toBe(200);
    expect(r.body.results.map((x: { status: string }) => x.status)).toEqual(["Stopped", "Stopped"]);
    await client.put("/sources/bulk/resume", { ids: [a.id, b.id] });
    await untilStatus("sources", b.id, "Active");
    const del = await client.call("DELETE", "/sources/bulk/delete", { ids: [a.id, b.id] });
    expect(del.status).toBe(200);
    expect((await statusOf("sources", a.id)).connector_status).toBe("Deleting");
  });

  test("explain-error answers an explanation", async () => {
    const s = await createSource(client, "explain");
    const r = await client.post(`/sources/${s.id}/explain-error`);
    expect(r.status).toBe(200);
    expect(typeof r.body.explanation).toBe("string");
  });
});

describe("Snapshots", () => {
  test("incremental is the default and supports additional_conditions; topics carry the status", async () => {
    const s = await activeSource("snap-1");
    const r = await client.post("/sources/snapshot", {
      source_id: s.id,
      additional_conditions: [{ data_collection: "public.orders", filter: "id > 10" }],
    });
    expect(r.status).toBe(200);
    expect(r.body.snapshot_type).toBe("incremental");
    expect(r.body.topics.map((t: { status: string }) => t.status)).toEqual(["running", "pending"]);
    const done = await eventually(
      () => client.get(`/topics/details?entity_id=${s.id}`),
      (x) => x.body.result.every((t: { snapshot_status: string }) => t.snapshot_status === "completed"),
    );
    expect(done.body.result.map((t: { snapshot_status: string }) => t.snapshot_status)).toEqual([
      "completed",
      "completed",
    ]);
  });

  test("blocking does not support additional_conditions (422)", async () => {
    const s = await activeSource("snap-2");
    const r = await client.post("/sources/snapshot", {
      source_id: s.id,
      snapshot_type: "blocking",
      additional_conditions: [{ data_collection: "public.orders", filter: "id > 10" }],
    });
    expect(r.status).toBe(422);
    expect(r.body.detail[0].loc).toEqual(["body", "additional_conditions"]);
  });

  test("blocking pauses streaming while it runs", async () => {
    const s = await activeSource("snap-3");
    await client.post("/sources/snapshot", { source_id: s.id, snapshot_type: "blocking" });
    const during = await statusOf("sources", s.id);
    expect(during.task_statuses["0"].streaming).toBe("PAUSED_FOR_BLOCKING_SNAPSHOT");
    const after = await eventually(
      () => statusOf("sources", s.id),
      (x) => x.task_statuses["0"].streaming === "RUNNING",
    );
    expect(after.task_statuses["0"].streaming).toBe("RUNNING");
  });

  test("one running snapshot per source (409), cancel_snapshot stops whichever kind runs", async () => {
    const s = await activeSource("snap-4");
    await client.post("/sources/snapshot", { source_id: s.id, snapshot_type: "blocking" });
    expect((await client.post("/sources/snapshot", { source_id: s.id })).status).toBe(409);
    const c = await client.post("/sources/cancel_snapshot", { source_id: s.id });
    expect(c.status).toBe(200);
    expect(c.body.snapshot_type).toBe("blocking");
    const topics = await client.get(`/topics/details?entity_id=${s.id}`);
    expect(topics.body.result.map((t: { snapshot_status: string }) => t.snapshot_status)).toEqual([
      "cancelled",
      "cancelled",
    ]);
  });

  test("topic_names selects topics; unknown topics answer 422; snapshot_type is validated", async () => {
    const s = await activeSource("snap-5");
    const bad = await client.post("/sources/snapshot", { source_id: s.id, topic_names: ["public.none"] });
    expect(bad.status).toBe(422);
    const badType = await client.post("/sources/snapshot", { source_id: s.id, snapshot_type: "parallel" });
    expect(badType.status).toBe(422);
    const r = await client.post("/sources/snapshot", { source_id: s.id, topic_names: ["public.customers"] });
    expect(r.body.topics).toHaveLength(1);
  });

  test("bulk snapshot answers 409 for a source whose snapshot is already running", async () => {
    const a = await activeSource("snap-6a");
    const b = await activeSource("snap-6b");
    await client.post("/sources/snapshot", { source_id: a.id });
    const r = await client.post("/sources/bulk/snapshot", { source_ids: [b.id, a.id] });
    expect(r.status).toBe(409);
    const topics = await client.get(`/topics/details?entity_id=${b.id}`);
    expect(topics.body.result.every((t: { snapshot_status: null }) => t.snapshot_status === null)).toBe(true);
  });

  test("a snapshot of an unknown source answers 404", async () => {
    expect((await client.post("/sources/snapshot", { source_id: "000000000000000000000000" })).status).toBe(404);
  });
});
