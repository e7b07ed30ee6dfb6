/**
 * A transform through the real engine against the local API server: code written as versions, unit-tested,
 * deployed as preview and live (`deploy` is set), and waited for; config updates; a failing unit test that deploys nothing
 * and stays pending; replacement on a type change; and the language rule checked offline.
 */
import { callsDuring, previewCalls } from "../harness/calls";
import { TestProject } from "../harness/project";
import { scenario } from "../harness/scenario";

type LiveTransform = {
  id: string;
  tags: string[];
  name: string;
  transform_type: string;
  config: Record<string, unknown>;
  version: number;
  preview_version: string | null;
  live_version: string | null;
  implementation: { language: string; value_transform: string } | null;
};

const world = scenario("transform", { server: { statusDelayMs: 50, deleteDelayMs: 100 } });

const transforms = () => world.api.list<LiveTransform>("/transforms");

const versions = async () => {
  const outputs = await world.project.stack.outputs();
  return {
    version: outputs.version.value,
    previewVersion: outputs.previewVersion.value,
    liveVersion: outputs.liveVersion.value,
    jobStatus: outputs.jobStatus.value,
  };
};

test("up creates the transform, writes and tests its code, deploys it preview then live, and waits for the job", async () => {
  let id = "";
  const calls = await callsDuring(world.server, async () => {
    const result = await world.project.up();
    expect(result.summary.result).toBe("succeeded");
    id = String(result.outputs.id.value);
  });
  expect(await versions()).toEqual({ version: 1, previewVersion: "1", liveVersion: "1", jobStatus: "RUNNING" });
  const deploySteps = calls.filter((call) => call.startsWith("PUT /transforms/"));
  expect(deploySteps).toEqual([
    `PUT /transforms/${id}/implementation_details`,
    `PUT /transforms/${id}/run-unit-tests/1`,
    // The latest version, as the reference client deploys (TF internal/constants/transform_status.go).
    `PUT /transforms/${id}/deploy-job-preview/no-version`,
    `PUT /transforms/${id}/deploy-job-live/no-version`,
  ]);
  expect(calls).toContain(`GET /transforms/${id}/job_status`);

  const [live] = await transforms();
  expect(live).toMatchObject({
    id,
    name: expect.stringMatching(/^clean-orders-[a-z0-9]{7}$/),
    transform_type: "map_filter",
    live_version: "1",
    implementation: { language: "JAVASCRIPT" },
  });
  expect(live.config).toMatchObject({
    "transforms.input.topic.pattern": "source_.*\\.public\\.orders",
    "transforms.output.topic.pattern": "clean_orders",
    "transforms.language": "JavaScript",
  });
});

test("a second preview shows no changes and makes no API call", async () => {
  const { changeSummary, calls } = await previewCalls(world.server, world.project);
  expect(changeSummary).toEqual({ same: 2 }); // the transform and the stack
  expect(calls).toEqual([]);
});

test("with formats and parallelism unset, a new replayWindow or tags alone deploy nothing (issue 39 point 3)", async () => {
  // The previous outputs hold the service's values of the settings the program leaves out; the new inputs do
  // not. Those must not count as a config change, or every update redeploys (a preview job with a replay, then
  // live), as docs/real-api.md promises it does not.
  const deploys = (calls: string[]) => calls.filter((call) => /\/deploy-job-(preview|live)\//.test(call));
  await world.project.setConfig({ replayWindow: "7d" });
  const replay = await callsDuring(world.server, () => world.project.up());
  expect(deploys(replay)).toEqual([]);
  expect(replay.filter((call) => call.endsWith("/implementation_details"))).toEqual([]);

  const tag = await world.api.request<{ id: string }>("POST", "/tags", { name: "orders-team", type: ["transforms"] });
  await world.project.setConfig({ tags: JSON.stringify([tag.id]) });
  const tagged = await callsDuring(world.server, () => world.project.up());
  expect(tagged).toContain("PUT /transforms"); // the tags are written…
  expect(deploys(tagged)).toEqual([]); // …and the job left running as it was
  const [live] = await transforms();
  expect(live).toMatchObject({ tags: [tag.id], live_version: "1" });
  expect(await versions()).toEqual({ version: 1, previewVersion: "1", liveVersion: "1", jobStatus: "RUNNING" });
  expect((await previewCalls(world.server, world.project)).changeSummary).toEqual({ same: 2 });
});

test("changing the code updates in place: a new version, tested and deployed, without touching the config", async () => {
  await world.project.setConfig({
    code: "function _streamkap_transform(value) { return value.total > 0 ? value : null; }",
  });
  const preview = await world.project.preview();
  expect(preview.steps.find((step) => step.name === "clean-orders")).toMatchObject({
    op: "update",
    diffs: ["implementation"],
  });

  const calls = await callsDuring(world.server, () => world.project.up());
  expect(calls).not.toContain("PUT /transforms");
  expect(await versions()).toEqual({ version: 2, previewVersion: "2", liveVersion: "2", jobStatus: "RUNNING" });
  const [live] = await transforms();
  expect(live.implementation?.value_transform).toContain("value.total > 0");
});

test("changing the parallelism updates the config with PUT /transforms, writes no new version, and redeploys", async () => {
  await world.project.setConfig({ parallelism: "3" });
  const preview = await world.project.preview();
  expect(preview.steps.find((step) => step.name === "clean-orders")).toMatchObject({
    op: "update",
    diffs: ["parallelism"],
  });

  const calls = await callsDuring(world.server, () => world.project.up());
  expect(calls).toContain("PUT /transforms");
  expect(calls.filter((call) => call.endsWith("/implementation_details"))).toEqual([]);
  // With `deploy` set, the job is deployed again so that it runs with the new config (TF base.go:743-803).
  expect(calls.filter((call) => call.endsWith("/deploy-job-live/no-version"))).toHaveLength(1);
  const [live] = await transforms();
  expect(live.config["transforms.input.job.parallelism"]).toBe("3");
  expect((await versions()).version).toBe(2);
});

test("a failing unit test fails the update with the service's diff, deploys nothing, and stays pending", async () => {
  await world.project.setConfig({ expected: JSON.stringify([{ id: 1, total: 10 }]) });
  const failure = await world.project.up().then(
    () => "succeeded",
    (error: Error) => error.message,
  );
  expect(failure).toContain('unit test "keeps orders" failed on version 3, so nothing was deployed');
  expect(failure).toContain("result differs from output__json"); // the service's diff
  const [failed] = await transforms();
  expect(failed).toMatchObject({ version: 3, preview_version: "2", live_version: "2" });

  // The stack still records the last deployed test, so the preview shows the change as not yet applied.
  const preview = await world.project.preview();
  const step = preview.steps.find((candidate) => candidate.name === "clean-orders");
  expect(step?.op).toBe("update");
  expect(step?.diffs).toContain("unitTest");

  // Back to a passing test: the failed version is never deployed; the code is written and tested again.
  await world.project.removeConfig("expected");
  await world.project.up();
  expect(await versions()).toEqual({ version: 4, previewVersion: "4", liveVersion: "4", jobStatus: "RUNNING" });
  expect((await world.project.preview()).result.changeSummary).toEqual({ same: 2 });
});

test("changing the type previews as a replace, creating the new transform before deleting the old", async () => {
  const [before] = await transforms();
  await world.project.setConfig({ type: "fan_out" });
  const preview = await world.project.preview();
  const step = preview.steps.find((candidate) => candidate.name === "clean-orders" && candidate.op === "replace");
  expect(step?.replaceKeys).toEqual(["type"]);

  await world.project.up();
  const after = await transforms();
  expect(after).toHaveLength(1);
  expect(after[0]).toMatchObject({ transform_type: "fan_out", live_version: "1" });
  expect(after[0].id).not.toBe(before.id);
});

test("destroy deletes the transform", async () => {
  await world.project.destroy();
  expect(await transforms()).toEqual([]);
});

test("a language the type does not allow fails in preview, naming the field, and sends nothing", async () => {
  const bad = await TestProject.create("transform", world.server, { type: "fan_out", language: "PYTHON" });
  try {
    let failure: { message: string; diagnostics: string[] } | undefined;
    const calls = await callsDuring(world.server, async () => (failure = await bad.failingPreview()));
    const printed = [failure?.message, ...(failure?.diagnostics ?? [])].join("\n");
    expect(printed).toContain("`implementation.language` must be JAVASCRIPT for `fan_out` transforms");
    expect(calls).toEqual([]);
  } finally {
    bad.dispose();
  }
});
