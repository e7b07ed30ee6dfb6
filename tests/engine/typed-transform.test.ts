/**
 * Typed transform classes end to end, with the real Pulumi engine against the local API server over HTTP: a
 * `MapFilterTransform` and an `EnrichAsyncTransform` whose catalogue settings are camelCase inputs.
 */
import { callsDuring, previewCalls } from "../harness/calls";
import { type PreviewReport } from "../harness/project";
import { scenario } from "../harness/scenario";

type Live = Record<string, unknown> & { id: string; name: string; config: Record<string, unknown> };

const world = scenario("typed-transform", { server: { statusDelayMs: 50, deleteDelayMs: 200 } });

const transformOfType = async (type: string): Promise<Live> => {
  const items = (await world.api.list<Live>("/transforms")).filter((item) => item.transform_type === type);
  expect(items).toHaveLength(1);
  return items[0];
};

const stepOf = (preview: PreviewReport, name: string) => preview.steps.find((step) => step.name === name);

test("up creates each typed transform under its own type, its type and settings sent by their dotted keys", async () => {
  const result = await world.project.up();
  expect(result.summary.result).toBe("succeeded");
  expect(result.steps.map((step) => [step.name, step.type])).toEqual(
    expect.arrayContaining([
      ["clean-orders", "pulumi-nodejs:dynamic/streamkap:MapFilterTransform"],
      ["customer-lookups", "pulumi-nodejs:dynamic/streamkap:EnrichAsyncTransform"],
    ]),
  );

  const mapFilter = await transformOfType("map_filter");
  expect(mapFilter.name).toMatch(/^clean-orders-[a-z0-9]{7}$/);
  expect(mapFilter.config).toMatchObject({
    "transforms.input.topic.pattern": "source_.*\\.public\\.orders",
    "transforms.input.job.parallelism": "4", // the service answers every scalar as a string
    "transforms.output.serialization.format": "Json",
  });
  const enrichAsync = await transformOfType("enrich_async");
  expect(enrichAsync.config).toMatchObject({
    "transforms.async.capacity": "20",
    "transforms.async.timeout.ms": "2500",
  });
  expect(result.outputs.asyncCapacity.value).toBe(20);
});

// The stack itself counts as one unchanged resource besides the two transforms.
test("a second preview shows no changes and makes no API call", async () => {
  const { changeSummary, calls } = await previewCalls(world.server, world.project);
  expect(changeSummary).toEqual({ same: 3 });
  expect(calls).toEqual([]);
});

test("refresh reads the service's strings back as the program's numbers: no drift", async () => {
  const { diagnostics } = await world.project.refresh();
  expect(diagnostics.join("\n")).not.toMatch(/changed outside Pulumi/);
  expect((await world.project.preview()).result.changeSummary).toEqual({ same: 3 });
});

test("changing a typed setting previews as an update of that camelCase input and applies it in place", async () => {
  const before = await transformOfType("enrich_async");
  await world.project.setConfig({ capacity: "35" });
  const preview = await world.project.preview();
  expect(stepOf(preview, "customer-lookups")).toMatchObject({ op: "update", diffs: ["asyncCapacity"] });
  expect(preview.result.changeSummary).toEqual({ same: 2, update: 1 });

  const result = await world.project.up();
  const after = await transformOfType("enrich_async");
  expect(after.id).toBe(before.id);
  expect(after.config["transforms.async.capacity"]).toBe("35");
  expect(result.outputs.asyncCapacity.value).toBe(35);
  expect((await world.project.preview()).result.changeSummary).toEqual({ same: 3 });
});

test("a value outside the catalogue's range fails in preview, naming the camelCase input, and sends nothing", async () => {
  await world.project.setConfig({ capacity: "80" });
  let failure: { message: string; diagnostics: string[] } | undefined;
  const calls = await callsDuring(world.server, async () => (failure = await world.project.failingPreview()));
  expect(failure?.message).toContain("`asyncCapacity`: must be between 1 and 50");
  expect(calls).toEqual([]);
  await world.project.setConfig({ capacity: "35" });
});

test("destroy leaves the server without transforms", async () => {
  await world.project.destroy();
  expect(await world.api.list("/transforms")).toEqual([]);
});
