/**
 * Issue 13, rows 38 and S20: a topic is read the way the real service answers GET /topics/{id}?detailed=true,
 * with the partition count at `kafka.partitions.count` and the cleanup policy at `kafka.configs["cleanup.policy"]`
 * (TF internal/api/topic.go:21-43,131-152). So a change made outside Pulumi shows after refresh, and the
 * `partitionCount` output follows the service. Real engine against the local API server.
 */
import { scenario } from "../harness/scenario";

const world = scenario("topic", {
  server: { statusDelayMs: 20, deleteDelayMs: 20 },
  config: { cleanupPolicy: "delete" },
});

const topicId = async () => String((await world.project.stack.outputs()).topicId.value);

test("38: `partitionCount` is the service's partition count", async () => {
  await world.project.up();
  expect((await world.project.stack.outputs()).partitionCount.value).toBe(2);
});

test("S20: partition drift made in the console shows in refresh", async () => {
  const id = await topicId();
  // Someone adds partitions in the console (the same call the service offers everyone).
  await world.api.request("PUT", `/topics/${encodeURIComponent(id)}`, { payload: { partition_count: 4 } });
  await world.project.refresh();

  // The program still says 2: partitions cannot shrink, and the preview says so, naming the live count.
  const failure = await world.project.failingPreview();
  expect([failure.message, ...failure.diagnostics].join("\n")).toContain("`partitions` can only grow (it is 4)");

  // Writing down the console's change makes the topic the same again, and the output follows.
  await world.project.setConfig({ partitions: "4" });
  const preview = await world.project.preview();
  expect(preview.steps.find((step) => step.name === "orders")?.op).toBe("same");
  await world.project.up();
  expect((await world.project.stack.outputs()).partitionCount.value).toBe(4);
});

test("S20: a cleanup policy changed outside Pulumi shows after refresh as a replacement of `cleanupPolicy`", async () => {
  const id = await topicId();
  await world.api.request("POST", `/_local/topics/${encodeURIComponent(id)}/configs`, { "cleanup.policy": "compact" });
  await world.project.refresh();
  // The topic is unique by name, so the replacement deletes before it creates.
  const step = (await world.project.preview()).steps.find(
    (candidate) => candidate.name === "orders" && candidate.op === "replace",
  );
  expect(step?.replaceKeys).toEqual(["cleanupPolicy"]);
  await world.project.destroy();
});

describe("27.3: a topic whose `partitions` is unset keeps the count it has", () => {
  const livePartitions = async () => {
    const live = await world.api.request<{ kafka: { partitions: { count: number } } }>(
      "GET",
      `/topics/${encodeURIComponent(await topicId())}?detailed=true`,
    );
    return live.kafka.partitions.count;
  };

  test("grown outside Pulumi, it takes a tags-only change with no shrink request", async () => {
    await world.project.setConfig({ partitions: "unset", cleanupPolicy: "delete" });
    await world.project.up();
    const id = await topicId();
    await world.api.request("PUT", `/topics/${encodeURIComponent(id)}`, { payload: { partition_count: 4 } });

    await world.project.setConfig({ untagged: "true" });
    const result = await world.project.up();
    expect(result.summary.result).toBe("succeeded");
    await world.project.removeConfig("untagged");
    expect((await world.project.up()).summary.result).toBe("succeeded"); // tags back: a tags-only PUT
    expect(await livePartitions()).toBe(4);
  });

  test("after refresh the program is still valid and the preview is clean; the output shows the live count", async () => {
    await world.project.refresh();
    const preview = await world.project.preview();
    expect(preview.steps.find((step) => step.name === "orders")?.op).toBe("same");
    expect((await world.project.stack.outputs()).partitionCount.value).toBe(4);
    await world.project.destroy();
  });
});
