/**
 * Transforms against the real service's contract (Terraform provider, branch develop: internal/api/transform.go,
 * internal/resource/transform/base.go), through the real engine and the local API server. Test names start with
 * the API audit's row ids.
 *
 * The server's jobs register half-way through statusDelayMs (job_status answers 400 "Job not found" until then)
 * and run at statusDelayMs, so every deploy here passes through "Job not found".
 */
import { type LocalServer } from "../../server";
import { TestProject } from "../harness/project";
import { scenario } from "../harness/scenario";

type LiveTransform = {
  id: string;
  transform_type: string;
  preview_version: string | null;
  live_version: string | null;
  implementation: { language: string; value_transform: string } | null;
};
type Call = ReturnType<LocalServer["stats"]>["calls"][number];

const world = scenario("transform", {
  server: { statusDelayMs: 3_000, deleteDelayMs: 100 },
  config: { deploy: "false", replayWindow: "0" },
});

const transform = async (id: string) =>
  (await world.api.request<{ result: LiveTransform[] }>("GET", `/transforms/${id}`)).result[0];

/** The calls the server received while `action` ran, with their query strings and statuses. */
async function callsOf(action: () => Promise<unknown>): Promise<Call[]> {
  world.server.resetStats();
  await action();
  return world.server.stats().calls;
}

const deployCalls = (calls: Call[]) =>
  calls
    .filter((call) => /\/deploy-job-(preview|live)\//.test(call.path))
    .map(({ method, path, query, status }) => ({ method, path, query, status }));

let id = "";

test("30: without `deploy`, up writes and tests the code but deploys nothing and waits for nothing", async () => {
  const calls = await callsOf(async () => {
    const result = await world.project.up();
    id = String(result.outputs.id.value);
  });
  const paths = calls.map((call) => `${call.method} ${call.path}`);
  expect(paths).toContain(`PUT /transforms/${id}/implementation_details`);
  expect(paths).toContain(`PUT /transforms/${id}/run-unit-tests/1`);
  expect(deployCalls(calls)).toEqual([]);
  expect(paths).not.toContain(`GET /transforms/${id}/job_status`);
  expect(await transform(id)).toMatchObject({ preview_version: null, live_version: null });
});

test('30/31/B5: `replayWindow: "0"` deploys the latest version from the latest position, sending no replay_window', async () => {
  await world.project.setConfig({ deploy: "true" });
  const calls = await callsOf(() => world.project.up());
  expect(deployCalls(calls)).toEqual([
    { method: "PUT", path: `/transforms/${id}/deploy-job-preview/no-version`, query: undefined, status: 200 },
    { method: "PUT", path: `/transforms/${id}/deploy-job-live/no-version`, query: undefined, status: 200 },
  ]);
  expect(await transform(id)).toMatchObject({ preview_version: "1", live_version: "1" });
  expect((await world.project.stack.outputs()).jobStatus.value).toBe("RUNNING");
});

test("31/32/B3: a redeploy sends replay_window to the preview only, and waits through 400 Job not found", async () => {
  await world.project.setConfig({
    replayWindow: "10m",
    code: "function _streamkap_transform(value) { return value.total > 0 ? value : null; }",
  });
  const calls = await callsOf(() => world.project.up());
  const [preview, live] = deployCalls(calls);
  expect(preview).toMatchObject({
    path: `/transforms/${id}/deploy-job-preview/no-version`,
    query: "replay_window=10m",
  });
  expect(live).toMatchObject({ path: `/transforms/${id}/deploy-job-live/no-version` });
  expect(live.query).toBeUndefined();
  const polls = calls.filter((call) => call.path === `/transforms/${id}/job_status`).map((call) => call.status);
  expect(polls[0]).toBe(400); // the job had not registered yet: "Job not found"
  expect(polls[polls.length - 1]).toBe(200);
  expect((await world.project.stack.outputs()).jobStatus.value).toBe("RUNNING");
});

test("32/S13: FAILING, CANCELLING, RESTARTING and INITIALIZING keep the deploy waiting until RUNNING", async () => {
  await world.api.request("POST", `/_local/transforms/${id}/job-statuses`, {
    statuses: ["FAILING", "CANCELLING", "RESTARTING", "INITIALIZING"],
  });
  await world.project.setConfig({
    code: "function _streamkap_transform(value) { return value.total > 1 ? value : null; }",
  });
  let result: Awaited<ReturnType<TestProject["up"]>> | undefined;
  const calls = await callsOf(async () => (result = await world.project.up()));
  expect(result?.summary.result).toBe("succeeded");
  const answered = calls.filter((call) => call.path === `/transforms/${id}/job_status` && call.status === 200);
  expect(answered.length).toBeGreaterThanOrEqual(5); // the four scripted statuses, then RUNNING
  expect((await world.project.stack.outputs()).jobStatus.value).toBe("RUNNING");
  expect(await transform(id)).toMatchObject({ live_version: "3" });
});

test("25/B4: a config-only update keeps the code written in the web console", async () => {
  await world.project.setConfig({ managedCode: "false", deploy: "false" });
  await world.project.up(); // the program stops managing the code; the service keeps it
  const console = "function _streamkap_transform(value) { return { ...value, source: 'console' }; }";
  await world.api.request("PUT", `/transforms/${id}/implementation_details`, {
    transform_id: id,
    implementation: { language: "JAVASCRIPT", value_transform: console, key_transform: "", topic_transform: "" },
  });

  await world.project.setConfig({ parallelism: "3" });
  const calls = await callsOf(() => world.project.up());
  expect(calls.map((call) => `${call.method} ${call.path}`)).toContain("PUT /transforms");
  expect((await transform(id)).implementation).toMatchObject({ language: "JAVASCRIPT", value_transform: console });
});

test("30/B6: a topic_router deploys live only, without code and without a preview job", async () => {
  await world.project.setConfig({ type: "topic_router", deploy: "true" });
  const calls = await callsOf(() => world.project.up());
  const router = calls.find((call) => call.method === "POST" && call.path === "/transforms");
  expect(router?.status).toBe(200);
  const deploys = deployCalls(calls).map((call) => call.path.replace(/^\/transforms\/[^/]+/, ""));
  expect(deploys).toEqual(["/deploy-job-live/no-version"]);
  expect((await world.project.stack.outputs()).jobStatus.value).toBe("RUNNING");
});

test("destroy deletes the transform", async () => {
  await world.project.destroy();
  expect(await world.api.list("/transforms")).toEqual([]);
});
