/**
 * A custom tag through the real engine against the local API server: create, no-op preview, in-place changes
 * (nothing about a tag forces a replacement), drift made in the console set back, destroy, and an offline check.
 */
import { type LocalServer, startLocalServer } from "../../server";
import { callsDuring } from "../harness/calls";
import { ServiceApi } from "../harness/api";
import { TestProject } from "../harness/project";

type LiveTag = { id: string; name: string; description: string | null; type: string[]; system: boolean };

let server: LocalServer;
let api: ServiceApi;
let project: TestProject;

beforeAll(async () => {
  server = await startLocalServer({ statusDelayMs: 50, deleteDelayMs: 100 });
  api = new ServiceApi(server);
  project = await TestProject.create("tag", server);
});

afterAll(async () => {
  project?.dispose();
  await server?.close();
});

const tags = async () => (await api.request<{ tags: LiveTag[] }>("GET", "/tags")).tags;
const customTags = async () => (await tags()).filter((tag) => !tag.system);
const tagId = async () => String((await project.stack.outputs()).tagId.value);

test("up creates a custom tag for every kind of object, next to the system tags", async () => {
  const result = await project.up();
  expect(result.summary.result).toBe("succeeded");
  expect(result.outputs.system.value).toBe(false);

  const all = await tags();
  expect(all.filter((tag) => tag.system).map((tag) => tag.name)).toEqual(["Development", "Production"]);
  expect(await customTags()).toEqual([
    expect.objectContaining({
      id: result.outputs.tagId.value,
      name: "team-payments",
      type: ["pipeline", "source", "destination", "transform", "topic"],
    }),
  ]);
});

test("a second preview shows no changes and makes no API call", async () => {
  let preview: Awaited<ReturnType<TestProject["preview"]>> | undefined;
  const calls = await callsDuring(server, async () => (preview = await project.preview()));
  expect(preview?.result.changeSummary).toEqual({ same: 2 }); // the tag and the stack
  expect(calls).toEqual([]);
});

test("renaming, describing and narrowing the tag updates it in place (no field of a tag forces a replace)", async () => {
  const id = await tagId();
  await project.setConfig({
    tagName: "team-billing",
    description: "Owned by billing",
    types: JSON.stringify(["pipeline"]),
  });
  const preview = await project.preview();
  const step = preview.steps.find((candidate) => candidate.name === "team");
  expect(step?.op).toBe("update");
  expect([...(step?.diffs ?? [])].sort()).toEqual(["description", "name", "types"]);

  await project.up();
  expect(await customTags()).toEqual([
    expect.objectContaining({ id, name: "team-billing", description: "Owned by billing", type: ["pipeline"] }),
  ]);
});

test("a change made in the console shows after refresh and the next up sets it back", async () => {
  const id = await tagId();
  await api.request("PUT", `/tags/${id}`, { description: "edited in the console", type: ["pipeline", "source"] });
  await project.refresh();
  const preview = await project.preview();
  const step = preview.steps.find((candidate) => candidate.name === "team");
  expect(step?.op).toBe("update");
  expect([...(step?.diffs ?? [])].sort()).toEqual(["description", "types"]);

  await project.up();
  expect(await customTags()).toEqual([
    expect.objectContaining({ id, description: "Owned by billing", type: ["pipeline"] }),
  ]);
});

test("destroy deletes the tag and leaves the system tags", async () => {
  await project.destroy();
  expect(await customTags()).toEqual([]);
  expect((await tags()).map((tag) => tag.name)).toEqual(["Development", "Production"]);
});

test("an unknown object kind in `types` fails in preview, naming the field, and sends nothing", async () => {
  const bad = await TestProject.create("tag", server, { types: JSON.stringify(["pipeline", "dashboard"]) });
  try {
    let failure: { message: string; diagnostics: string[] } | undefined;
    const calls = await callsDuring(server, async () => (failure = await bad.failingPreview()));
    const printed = [failure?.message, ...(failure?.diagnostics ?? [])].join("\n");
    expect(printed).toContain("`types.1`");
    expect(printed).not.toContain("dashboard");
    expect(calls).toEqual([]);
  } finally {
    bad.dispose();
  }
});
