/**
 * A custom tag through the real engine against the local API server: create, no-op preview, in-place changes
 * (nothing about a tag forces a replacement), drift made in the console set back, destroy, and an offline check.
 */
import { callsDuring, previewCalls } from "../harness/calls";
import { TestProject } from "../harness/project";
import { scenario } from "../harness/scenario";

type LiveTag = { id: string; name: string; description: string | null; type: string[]; system: boolean };

const world = scenario("tag", { server: { statusDelayMs: 50, deleteDelayMs: 100 } });

const tags = async () => (await world.api.request<{ tags: LiveTag[] }>("GET", "/tags")).tags;
const customTags = async () => (await tags()).filter((tag) => !tag.system);
const tagId = async () => String((await world.project.stack.outputs()).tagId.value);

test("33/S17: up creates a custom tag for every kind of object, in the service's plural words, next to the system tags", async () => {
  const result = await world.project.up();
  expect(result.summary.result).toBe("succeeded");
  expect(result.outputs.system.value).toBe(false);

  const all = await tags();
  expect(all.filter((tag) => tag.system).map((tag) => tag.name)).toEqual(["Development", "Production"]);
  expect(await customTags()).toEqual([
    expect.objectContaining({
      id: result.outputs.tagId.value,
      name: "team-payments",
      type: ["sources", "destinations", "pipelines", "transforms", "topics"],
    }),
  ]);
});

test("a second preview shows no changes and makes no API call", async () => {
  const { changeSummary, calls } = await previewCalls(world.server, world.project);
  expect(changeSummary).toEqual({ same: 2 }); // the tag and the stack
  expect(calls).toEqual([]);
});

test("35: renaming, describing and narrowing the tag updates it in place with plural kinds (no field forces a replace)", async () => {
  const id = await tagId();
  await world.project.setConfig({
    tagName: "team-billing",
    description: "Owned by billing",
    types: JSON.stringify(["pipelines"]),
  });
  const preview = await world.project.preview();
  const step = preview.steps.find((candidate) => candidate.name === "team");
  expect(step?.op).toBe("update");
  expect([...(step?.diffs ?? [])].sort()).toEqual(["description", "name", "types"]);

  await world.project.up();
  expect(await customTags()).toEqual([
    expect.objectContaining({ id, name: "team-billing", description: "Owned by billing", type: ["pipelines"] }),
  ]);
});

test("a change made in the console shows after refresh and the next up sets it back", async () => {
  const id = await tagId();
  await world.api.request("PUT", `/tags/${id}`, {
    description: "edited in the console",
    type: ["pipelines", "sources"],
  });
  await world.project.refresh();
  const preview = await world.project.preview();
  const step = preview.steps.find((candidate) => candidate.name === "team");
  expect(step?.op).toBe("update");
  expect([...(step?.diffs ?? [])].sort()).toEqual(["description", "types"]);

  await world.project.up();
  expect(await customTags()).toEqual([
    expect.objectContaining({ id, description: "Owned by billing", type: ["pipelines"] }),
  ]);
});

test("destroy deletes the tag and leaves the system tags", async () => {
  await world.project.destroy();
  expect(await customTags()).toEqual([]);
  expect((await tags()).map((tag) => tag.name)).toEqual(["Development", "Production"]);
});

test("an unknown object kind in `types` fails in preview, naming the field, and sends nothing", async () => {
  const bad = await TestProject.create("tag", world.server, { types: JSON.stringify(["pipelines", "dashboard"]) });
  try {
    let failure: { message: string; diagnostics: string[] } | undefined;
    const calls = await callsDuring(world.server, async () => (failure = await bad.failingPreview()));
    const printed = [failure?.message, ...(failure?.diagnostics ?? [])].join("\n");
    expect(printed).toContain("`types.1`");
    expect(printed).not.toContain("dashboard");
    expect(calls).toEqual([]);
  } finally {
    bad.dispose();
  }
});

test("S17: a kind in the singular, as older versions took it, fails in preview with the plural to use", async () => {
  const old = await TestProject.create("tag", world.server, { types: JSON.stringify(["pipeline"]) });
  try {
    let failure: { message: string; diagnostics: string[] } | undefined;
    const calls = await callsDuring(world.server, async () => (failure = await old.failingPreview()));
    const printed = [failure?.message, ...(failure?.diagnostics ?? [])].join("\n");
    expect(printed).toContain("`types.0`: must be plural, as the service names kinds: did you mean `pipelines`?");
    expect(calls).toEqual([]);
  } finally {
    old.dispose();
  }
});
