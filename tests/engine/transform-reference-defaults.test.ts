/**
 * Issue 27 point 10, with the real engine against the local server: a transform's topic patterns may be left to
 * the service's placeholders (TF generated/transform_map_filter.go:89-101); an enrich_async implementation carries
 * `async_timeout_ms` and `async_capacity` as the reference examples write them; and `deploy` on a new transform
 * with no code deploys what it holds, as the reference examples write it (issue 39 point 10).
 */
import { callsDuring, previewCalls } from "../harness/calls";
import { scenario } from "../harness/scenario";

interface LiveTransform {
  config: Record<string, unknown>;
  implementation: Record<string, unknown> | null;
}

const world = scenario("transform-defaults", { server: { statusDelayMs: 20, deleteDelayMs: 20 } });

async function transform(output: string): Promise<LiveTransform> {
  const id = String((await world.project.stack.outputs())[output].value);
  return (await world.api.request<{ result: LiveTransform[] }>("GET", `/transforms/${id}`)).result[0];
}

test("a map_filter without patterns gets the service's placeholders; enrich_async's async settings reach its code", async () => {
  await world.project.up();
  const draft = await transform("draftId");
  expect(draft.config["transforms.input.topic.pattern"]).toBe(
    "placeholder-input-topic-pattern-to-be-revised-during-implementation",
  );
  const lookups = await transform("lookupsId");
  expect(lookups.implementation).toMatchObject({ language: "JAVASCRIPT", async_timeout_ms: 5000, async_capacity: 20 });

  const { changeSummary, calls } = await previewCalls(world.server, world.project);
  expect(changeSummary).toEqual({ same: 3 });
  expect(calls).toEqual([]);
  await world.project.refresh();
  expect((await world.project.preview()).result.changeSummary).toEqual({ same: 3 });
});

test("`deploy` on a new transform with no code creates it and deploys what it holds, as the reference examples do", async () => {
  // TF examples/resources/streamkap_transform_*/complete.tf set `deploy = true` without an implementation; the
  // deploy of `no-version` runs the transform's current implementation (issue 39 point 10).
  await world.project.setConfig({ deployWithoutCode: "true" });
  const calls = await callsDuring(world.server, () => world.project.up());
  const id = String((await world.project.stack.outputs()).emptyDeployId.value);
  expect(calls.filter((call) => call.startsWith(`PUT /transforms/${id}/`))).toEqual([
    `PUT /transforms/${id}/deploy-job-preview/no-version`,
    `PUT /transforms/${id}/deploy-job-live/no-version`,
  ]);
  expect((await world.project.stack.outputs()).emptyDeployJob.value).toBe("RUNNING");
  expect(await transform("emptyDeployId")).toMatchObject({ implementation: null });

  const { changeSummary, calls: previewed } = await previewCalls(world.server, world.project);
  expect(changeSummary).toEqual({ same: 4 });
  expect(previewed).toEqual([]);
});

test("destroy removes them all", async () => {
  await world.project.destroy();
  expect(await world.api.list("/transforms")).toEqual([]);
});
