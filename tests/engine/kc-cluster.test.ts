/**
 * `kcClusterId` (issue #51): which Kafka Connect cluster runs a connector, sent as the official provider sends it
 * (`kc_cluster_id` on create and on every update, TF internal/resource/connector/base.go). A change updates the
 * connector in place (a guess: docs/real-api.md); a move made outside Pulumi shows after refresh as drift of
 * `kcClusterId`, which the next `up` sets back.
 */
import { callsDuring } from "../harness/calls";
import { scenario } from "../harness/scenario";

const world = scenario("typed", { server: { statusDelayMs: 20, deleteDelayMs: 20 }, config: { cluster: "kc-east-2" } });

const sourceId = async () => String((await world.project.stack.outputs()).sourceId.value);
const liveCluster = async (id: string) =>
  (await world.api.request<{ result: Array<{ kc_cluster_id?: string | null }> }>("GET", `/sources/${id}`)).result[0]
    ?.kc_cluster_id;

test("a source declared on a cluster is created there: the create names it", async () => {
  const calls = await callsDuring(world.server, () => world.project.up());
  // The service keeps a cluster only from the body of a create or update (server/routes/connectors.ts).
  expect(calls.filter((call) => call.startsWith("PUT /sources"))).toEqual([]);
  expect(await liveCluster(await sourceId())).toBe("kc-east-2");
  expect((await world.project.stack.outputs()).sourceCluster.value).toBe("kc-east-2");
});

test("another cluster is an update in place, which names it", async () => {
  await world.project.setConfig({ cluster: "kc-west-1" });
  const preview = await world.project.preview();
  const step = preview.steps.find((candidate) => candidate.name === "orders-db");
  expect(step?.op).toBe("update");
  expect(step?.diffs).toEqual(["kcClusterId"]);
  const id = await sourceId();
  await world.project.up();
  expect(await sourceId()).toBe(id);
  expect(await liveCluster(id)).toBe("kc-west-1");
});

test("a move made outside Pulumi shows after refresh as a change of kcClusterId, and up moves it back", async () => {
  const id = await sourceId();
  const live = (await world.api.request<{ result: Array<Record<string, unknown>> }>("GET", `/sources/${id}`)).result[0];
  await world.api.request("PUT", `/sources/${id}`, {
    name: live.name,
    connector: live.connector,
    config: live.config,
    kc_cluster_id: "kc-elsewhere",
  });
  await world.project.refresh();
  const step = (await world.project.preview()).steps.find((candidate) => candidate.name === "orders-db");
  expect(step?.op).toBe("update");
  expect(step?.diffs).toEqual(["kcClusterId"]);
  await world.project.up();
  expect(await liveCluster(id)).toBe("kc-west-1");
  await world.project.destroy();
});
