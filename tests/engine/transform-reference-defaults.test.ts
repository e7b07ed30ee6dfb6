/**
 * Issue 27 point 10, with the real engine against the local server: a transform's topic patterns may be left to
 * the service's placeholders (TF generated/transform_map_filter.go:89-101); an enrich_async implementation carries
 * `async_timeout_ms` and `async_capacity` as the reference examples write them; and `deploy` on a new transform
 * with no code is refused in preview, before anything is created.
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

test("`deploy` on a new transform with no code fails in preview, saying what to do, and sends nothing", async () => {
  await world.project.setConfig({ deployWithoutCode: "true" });
  let failure: { message: string; diagnostics: string[] } | undefined;
  const calls = await callsDuring(world.server, async () => (failure = await world.project.failingPreview()));
  const printed = [failure?.message, ...(failure?.diagnostics ?? [])].join("\n");
  expect(printed).toContain("`deploy` needs code to deploy, and a new `map_filter` transform has none");
  expect(calls).toEqual([]);
  await world.project.removeConfig("deployWithoutCode");
});

test("destroy removes both", async () => {
  await world.project.destroy();
  expect(await world.api.list("/transforms")).toEqual([]);
});
