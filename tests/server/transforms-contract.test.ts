// Conformance of the transform endpoints to the real service as the Terraform provider (TF, branch develop) sees
// it: internal/api/transform.go and internal/resource/transform/base.go. Row ids are those of the API audit.
import { Client, eventually, startWithClient } from "./helpers";
import type { LocalServer } from "../../server";

let server: LocalServer;
let client: Client;
/** A server whose deployed jobs take a minute to register, so "Job not found" is observable after a deploy. */
let slowServer: LocalServer;
let slowClient: Client;

beforeAll(async () => {
  ({ server, client } = await startWithClient());
  ({ server: slowServer, client: slowClient } = await startWithClient({ statusDelayMs: 120_000 }));
});
afterAll(async () => {
  await server.close();
  await slowServer.close();
});

const create = async (on: Client, name: string, transform = "map_filter") =>
  (
    await on.post("/transforms", {
      transform,
      config: {
        "transforms.name": name,
        "transforms.input.topic.pattern": "orders.*",
        "transforms.output.topic.pattern": "clean.$1",
      },
    })
  ).body as { id: string; config: Record<string, unknown> };

const code = {
  language: "JAVASCRIPT",
  value_transform: "function _streamkap_transform(value) { return value; }",
  key_transform: "",
  topic_transform: "",
};

const writeCode = (on: Client, id: string) =>
  on.put(`/transforms/${id}/implementation_details`, { transform_id: id, implementation: code });

test("V7: PUT /transforms overwrites the implementation: kept when re-sent, wiped when left out", async () => {
  const t = await create(client, "v7");
  await writeCode(client, t.id);
  const live = (await client.get(`/transforms/${t.id}`)).body.result[0];

  const kept = await client.put("/transforms", { id: t.id, config: t.config, implementation: live.implementation });
  expect(kept.body.implementation).toMatchObject(code);

  const wiped = await client.put("/transforms", { id: t.id, config: t.config });
  expect(wiped.status).toBe(200);
  expect(wiped.body.implementation).toBeNull();
  expect((await client.get(`/transforms/${t.id}`)).body.result[0].implementation).toBeNull();
});

test("V8: job_status answers 400 Job not found before a deploy and until the job registers", async () => {
  const t = await create(slowClient, "v8");
  const before = await slowClient.get(`/transforms/${t.id}/job_status`);
  expect(before.status).toBe(400);
  expect(before.body).toEqual({ detail: "Job not found" });

  await writeCode(slowClient, t.id);
  expect((await slowClient.put(`/transforms/${t.id}/deploy-job-live/no-version`)).status).toBe(200);
  const registering = await slowClient.get(`/transforms/${t.id}/job_status`);
  expect(registering.status).toBe(400);
  expect(registering.body).toEqual({ detail: "Job not found" });

  const unknown = await slowClient.get("/transforms/000000000000000000000000/job_status");
  expect(unknown.status).toBe(400);
  expect(unknown.body).toEqual({ detail: "Transform not found" });
});

test("V8: after registering, the job reports its status until RUNNING", async () => {
  const t = await create(client, "v8-running");
  await writeCode(client, t.id);
  await client.put(`/transforms/${t.id}/deploy-job-live/no-version`);
  const running = await eventually(
    () => client.get(`/transforms/${t.id}/job_status`),
    (answer) => answer.body.status === "RUNNING",
  );
  expect(running.body).toMatchObject({ id: t.id, status: "RUNNING" });
});

test("V9: the preview deploy answers 400 to a replay window outside (\\d+)([smhd]), 0 included", async () => {
  const t = await create(client, "v9-replay");
  await writeCode(client, t.id);
  for (const window of ["0", "1y", "24"]) {
    const answer = await client.put(`/transforms/${t.id}/deploy-job-preview/no-version?replay_window=${window}`);
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toBe("Replay window must be a valid duration like 3d, 10m, 2h, 30s");
  }
  for (const window of ["7d", "30s", "2h"]) {
    const answer = await client.put(`/transforms/${t.id}/deploy-job-preview/no-version?replay_window=${window}`);
    expect(answer.status).toBe(200);
  }
  expect((await client.put(`/transforms/${t.id}/deploy-job-preview/no-version`)).status).toBe(200);
});

test("V9: a topic_router has no preview deploy; its live deploy needs no code", async () => {
  const t = await create(client, "v9-router", "topic_router");
  const preview = await client.put(`/transforms/${t.id}/deploy-job-preview/no-version`);
  expect(preview.status).toBe(400);
  expect((await client.put(`/transforms/${t.id}/deploy-job-live/no-version`)).status).toBe(200);
  const running = await eventually(
    () => client.get(`/transforms/${t.id}/job_status`),
    (answer) => answer.body.status === "RUNNING",
  );
  expect(running.status).toBe(200);
});

test("issue 39 point 10: a transform with no code deploys `no-version` as version 0, its current implementation", async () => {
  // The reference examples (TF examples/resources/streamkap_transform_*/complete.tf) set `deploy = true` without
  // `implementation_json`, and TF deploys `no-version`, which "the backend normalizes to \"0\"" (TF
  // internal/api/transform.go:307): the deploy is accepted and runs what the transform holds.
  const t = await create(client, "no-code-deploy");
  const preview = await client.put(`/transforms/${t.id}/deploy-job-preview/no-version?replay_window=24h`);
  expect(preview.status).toBe(200);
  expect(preview.body).toMatchObject({ version: 0 });
  expect((await client.put(`/transforms/${t.id}/deploy-job-live/no-version`)).status).toBe(200);
  const running = await eventually(
    () => client.get(`/transforms/${t.id}/job_status`),
    (answer) => answer.body.status === "RUNNING",
  );
  expect(running.status).toBe(200);
  const live = (await client.get(`/transforms/${t.id}`)).body.result[0];
  expect(live).toMatchObject({ version: 0, preview_version: "0", live_version: "0", implementation: null });
  // A numbered version that was never written is still not found.
  expect((await client.put(`/transforms/${t.id}/deploy-job-live/1`)).status).toBe(404);

  // Code written later is the latest version, and `no-version` deploys it.
  await writeCode(client, t.id);
  await client.put(`/transforms/${t.id}/deploy-job-live/no-version`);
  expect((await client.get(`/transforms/${t.id}`)).body.result[0]).toMatchObject({ live_version: "1" });
});

test("V10: topic_ids is a list; GET implementation_details answers every version under impl_versions", async () => {
  const t = await create(client, "v10");
  expect((await client.get(`/transforms/${t.id}`)).body.result[0].topic_ids).toEqual([]);
  await writeCode(client, t.id);
  await writeCode(client, t.id);
  await client.put(`/transforms/${t.id}/deploy-job-live/no-version`);
  const live = (await client.get(`/transforms/${t.id}`)).body.result[0];
  expect(live.topic_ids).toEqual([`transform_${t.id}_2.clean.$1`]);

  const details = (await client.get(`/transforms/${t.id}/implementation_details`)).body;
  expect(details.transform_id).toBe(t.id);
  expect(Object.keys(details.impl_versions)).toEqual(["1", "2"]);
  expect(details.impl_versions["2"]).toMatchObject({ transform_id: t.id, version_id: "2", implementation: code });
});
