/**
 * `Topic` with `topicId` (issue #51): a topic its source made, taken over as Terraform's `streamkap_topic` takes it
 * (the counterpart Pulumi's Terraform converter writes for it). Nothing is created, its name stays the service's,
 * partitions change in place, and a destroy lets it go without deleting it, in both faces: the dynamic class and
 * the provider plugin (a YAML program).
 */
import * as fs from "node:fs";
import * as path from "node:path";

import { callsDuring } from "../harness/calls";
import { pluginOnPath, runPulumiOk } from "../harness/process";
import { TestProject } from "../harness/project";
import { scenario } from "../harness/scenario";
import type { ServiceApi } from "../harness/api";
import { PG_SOURCE_CONFIG } from "../server/helpers";

const world = scenario("topic-takeover", {
  server: { statusDelayMs: 20, deleteDelayMs: 20, topicDiscoveryDelayMs: 20 },
});

/** A PostgreSQL source made outside Pulumi, and the id of its first topic once the service lists it. */
async function sourceTopic(api: ServiceApi, name: string): Promise<string> {
  const source = await api.request<{ id: string }>("POST", "/sources", {
    name,
    connector: "postgresql",
    config: PG_SOURCE_CONFIG,
  });
  for (let attempt = 0; attempt < 200; attempt++) {
    const live = await api.request<{ result: Array<{ topic_ids?: string[] }> }>("GET", `/sources/${source.id}`);
    const [first] = live.result[0]?.topic_ids ?? [];
    if (first) return first;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`the source ${source.id} listed no topic`);
}

/** Whether the service still has the topic (a missing one answers 404, which `request` throws on). */
const topicExists = (api: ServiceApi, id: string) =>
  api.request("GET", `/topics/${encodeURIComponent(id)}?detailed=true`).then(
    () => true,
    () => false,
  );

describe("through the dynamic class", () => {
  let topicId: string;
  beforeAll(async () => {
    topicId = await sourceTopic(world.api, "takeover-ts");
    await world.project.setConfig({ topicId });
  });

  test("up takes the topic over: no topic is created, and its id is the topic's", async () => {
    const calls = await callsDuring(world.server, () => world.project.up());
    expect(calls.filter((call) => !call.startsWith("GET ") && call !== "POST /auth/access-token")).toEqual([]);
    expect((await world.project.stack.outputs()).id.value).toBe(topicId);
    expect((await world.project.preview()).result.changeSummary).toEqual({ same: 2 });
  });

  test("more partitions are an update in place", async () => {
    await world.project.setConfig({ partitions: "4" });
    const step = (await world.project.preview()).steps.find((candidate) => candidate.name === "orders");
    expect(step?.op).toBe("update");
    await world.project.up();
    expect((await world.project.stack.outputs()).partitionCount.value).toBe(4);
  });

  test("destroy lets the topic go: no DELETE, and the topic is still there", async () => {
    const calls = await callsDuring(world.server, () => world.project.destroy());
    expect(calls.filter((call) => call.startsWith("DELETE"))).toEqual([]);
    expect(await topicExists(world.api, topicId)).toBe(true);
  });
});

describe("through the provider plugin, in YAML", () => {
  let project: TestProject;
  let topicId: string;
  beforeAll(async () => {
    topicId = await sourceTopic(world.api, "takeover-yaml");
    const dir = fs.mkdtempSync(path.join(path.dirname(world.project.dir), "topic-takeover-yaml-"));
    fs.writeFileSync(
      path.join(dir, "Pulumi.yaml"),
      [
        "name: topic-takeover-yaml",
        "runtime: yaml",
        "config:",
        "  topicId:",
        "    type: string",
        "resources:",
        "  orders:",
        "    type: streamkap:index:Topic",
        "    properties:",
        "      topicId: ${topicId}",
        "      partitions: 2",
        "outputs:",
        "  id: ${orders.id}",
        "",
      ].join("\n"),
    );
    project = await TestProject.fromDirectory(dir, world.server, { topicId });
  });
  afterAll(() => project?.dispose());

  test("up takes it over, the next sets its partitions in place, then a preview is clean; destroy leaves it", async () => {
    const calls = await callsDuring(world.server, () => runPulumiOk(project, ["up", "--yes"], pluginOnPath));
    expect(calls.filter((call) => !call.startsWith("GET ") && call !== "POST /auth/access-token")).toEqual([]);
    // Taken over as it is (one partition); the program's two are the next up's, as for any adopted object.
    const pending = await runPulumiOk(project, ["preview", "--json"], pluginOnPath);
    expect(JSON.parse(pending.stdout).changeSummary).toEqual({ same: 1, update: 1 });
    const applied = await callsDuring(world.server, () => runPulumiOk(project, ["up", "--yes"], pluginOnPath));
    expect(applied.filter((call) => !call.startsWith("GET ") && call !== "POST /auth/access-token")).toEqual([
      `PUT /topics/${encodeURIComponent(topicId)}`,
    ]);
    const preview = await runPulumiOk(project, ["preview", "--json"], pluginOnPath);
    expect(JSON.parse(preview.stdout).changeSummary).toEqual({ same: 2 });
    const destroyed = await callsDuring(world.server, () => runPulumiOk(project, ["destroy", "--yes"], pluginOnPath));
    expect(destroyed.filter((call) => call.startsWith("DELETE"))).toEqual([]);
    expect(await topicExists(world.api, topicId)).toBe(true);
  });
});
