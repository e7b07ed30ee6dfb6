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

/** Local switches: hold the source's snapshot running (no race with the snapshot clock), then let it complete. */
const hold = (id: string) => client.post(`/_local/sources/${id}/snapshot/hold`);
const release = (id: string) => client.post(`/_local/sources/${id}/snapshot/release`);
/** The ids of the source's topics whose snapshot is in one of `states` (the listing's `snapshot` filter). */
const topicsIn = async (id: string, states: string) =>
  (await client.get(`/topics/details?entity_id=${id}&snapshot=${states}`)).body.result.map((t: { id: string }) => t.id);

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
    expect((await untilStatus("sources", b.id, "Active")).connector_status).toBe("Active");
  });

  test("a bulk delete keeps each connector's status until it is gone, and refuses changes meanwhile", async () => {
    // Its own server whose deletes take a minute: the shared one's 60 ms window races a loaded machine.
    const slow = await startWithClient({ deleteDelayMs: 60_000 });
    try {
      const a = await createSource(slow.client, "bulk-del-a");
      const b = await createSource(slow.client, "bulk-del-b");
      const del = await slow.client.call("DELETE", "/sources/bulk/delete", { ids: [a.id, b.id] });
      expect(del.status).toBe(200);
      const during = (await slow.client.get(`/sources/${a.id}`)).body.result[0];
      expect(during.connector_status).not.toBe("Deleting"); // no such status (V5)
      expect((await slow.client.put(`/sources/${a.id}/pause`)).status).toBe(409);
    } finally {
      await slow.server.close();
    }
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
      () => topicsIn(s.id, "completed"),
      (ids) => ids.length === 2,
    );
    expect([...done].sort()).toEqual([`source_${s.id}.public.customers`, `source_${s.id}.public.orders`]);
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
    await hold(s.id);
    await client.post("/sources/snapshot", { source_id: s.id, snapshot_type: "blocking" });
    const during = await statusOf("sources", s.id);
    expect(during.task_statuses["0"].streaming).toBe("PAUSED_FOR_BLOCKING_SNAPSHOT");
    await release(s.id);
    expect((await statusOf("sources", s.id)).task_statuses["0"].streaming).toBe("RUNNING");
    expect(await topicsIn(s.id, "completed")).toHaveLength(2);
  });

  test("one running snapshot per source (409), cancel_snapshot stops whichever kind runs", async () => {
    const s = await activeSource("snap-4");
    await hold(s.id);
    await client.post("/sources/snapshot", { source_id: s.id, snapshot_type: "blocking" });
    expect((await client.post("/sources/snapshot", { source_id: s.id })).status).toBe(409);
    const c = await client.post("/sources/cancel_snapshot", { source_id: s.id });
    expect(c.status).toBe(200);
    expect(c.body.snapshot_type).toBe("blocking");
    expect(await topicsIn(s.id, "cancelled")).toHaveLength(2);
    expect(await topicsIn(s.id, "running,pending")).toEqual([]);
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
    await hold(a.id);
    await client.post("/sources/snapshot", { source_id: a.id });
    const r = await client.post("/sources/bulk/snapshot", { source_ids: [b.id, a.id] });
    expect(r.status).toBe(409);
    expect(await topicsIn(b.id, "running,completed,failed,pending,cancelled")).toEqual([]);
    await release(a.id);
  });

  test("a snapshot of an unknown source answers 404", async () => {
    expect((await client.post("/sources/snapshot", { source_id: "000000000000000000000000" })).status).toBe(404);
  });
});
