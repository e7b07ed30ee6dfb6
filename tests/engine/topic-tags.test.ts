/**
 * Topic tags. The service takes a topic's tags only on update (POST /topics has no `tags`), so a tagged topic
 * costs one more call when created; refresh reads them back, so a tag removed in the console shows as drift.
 */
import { callsDuring } from "../harness/calls";
import { scenario } from "../harness/scenario";

const world = scenario("topic", { server: { statusDelayMs: 20, deleteDelayMs: 20 } });

const outputs = async () => {
  const values = await world.project.stack.outputs();
  return { tagId: String(values.tagId.value), topicId: String(values.topicId.value) };
};
const liveTags = async (topicId: string) =>
  (await world.api.request<{ tags?: string[] }>("GET", `/topics/${encodeURIComponent(topicId)}`)).tags;

test("a topic created with tags has them on the service", async () => {
  await world.project.up();
  const { tagId, topicId } = await outputs();
  expect(await liveTags(topicId)).toEqual([tagId]);
});

test("a second preview shows no changes and makes no API call", async () => {
  let changes: Record<string, number> | undefined;
  const calls = await callsDuring(world.server, async () => {
    changes = (await world.project.preview()).result.changeSummary;
  });
  expect(changes).toEqual({ same: 3 });
  expect(calls).toEqual([]);
});

test("a tag removed in the console shows after refresh as a change of `tags`, and up puts it back", async () => {
  const { tagId, topicId } = await outputs();
  await world.api.request("PUT", `/topics/${encodeURIComponent(topicId)}`, { payload: { tags: [] } });
  await world.project.refresh();
  const step = (await world.project.preview()).steps.find((candidate) => candidate.name === "orders");
  expect(step?.op).toBe("update");
  expect(step?.diffs).toEqual(["tags"]);

  await world.project.up();
  expect(await liveTags(topicId)).toEqual([tagId]);
  await world.project.destroy();
});
