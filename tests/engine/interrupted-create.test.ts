/**
 * A `pulumi up` that dies after the service created an object but before Pulumi recorded it leaves the object on
 * the service and not in the stack. The next `up` must take that object over, not leave it orphaned and create a
 * second one. The stack's state is edited exactly as that interruption leaves it: the resource removed.
 */
import { scenario } from "../harness/scenario";

type Live = { id: string; name: string; config: Record<string, unknown> };

const world = scenario("pipeline", { server: { statusDelayMs: 20, deleteDelayMs: 50 } });

/** Removes resources from the stack's state, as an interrupted create leaves it (the engine never recorded them). */
async function forget(...names: string[]): Promise<void> {
  const state = await world.project.stack.exportStack();
  const deployment = state.deployment as { resources: Array<{ urn: string; dependencies?: string[] }> };
  deployment.resources = deployment.resources.filter(
    (resource) => !names.some((name) => resource.urn.endsWith(`::${name}`)),
  );
  await world.project.stack.importStack(state);
}

test("the next up takes over a source and pipeline the stack never recorded, with no duplicate", async () => {
  await world.project.up();
  const [source] = await world.api.list<Live>("/sources");
  const [pipeline] = await world.api.list<Live>("/pipelines");

  await forget("orders-to-warehouse", "orders-db");
  await world.project.setConfig({ port: "6001" }); // and the code moved on meanwhile
  const result = await world.project.up();

  expect(result.outputs.sourceId.value).toBe(source.id);
  expect(result.outputs.pipelineId.value).toBe(pipeline.id);
  const sources = await world.api.list<Live>("/sources");
  expect(sources.map((live) => live.id)).toEqual([source.id]);
  expect(await world.api.list("/pipelines")).toHaveLength(1);
  expect(sources[0].config["database.port.user.defined"]).toBe("6001");
  expect((await world.project.preview()).result.changeSummary).toEqual({ same: 5 });
});

test("an object under an explicit name the stack never recorded is taken over when it holds exactly what is declared", async () => {
  const topicId = (await world.project.stack.outputs()).topicId.value;
  await forget("events"); // the topic's name is fixed ("events"): no seed says whose it is
  const result = await world.project.up();
  expect(result.outputs.topicId.value).toBe(topicId);
  expect((await world.project.preview()).result.changeSummary).toEqual({ same: 5 });
});

test("a same-named source made by someone else in the console is not taken over", async () => {
  const [source] = await world.api.list<Live>("/sources");
  const [pipeline] = await world.api.list<Live>("/pipelines");
  await forget("orders-to-warehouse", "orders-db");
  await world.api.request("DELETE", `/pipelines/${pipeline.id}`);
  await world.api.request("DELETE", `/sources/${source.id}`);
  await until(async () => (await world.api.list("/sources")).length === 0);

  const fullConfig = (await world.api.request<{ result: Live[] }>("GET", `/sources/${source.id}?secret_returned=true`))
    .result;
  expect(fullConfig).toEqual([]); // gone
  const impostor = await world.api.request<Live>("POST", "/sources", {
    name: source.name,
    connector: "postgresql",
    config: {
      "database.hostname.user.defined": "someone-elses-db",
      "database.user": "u",
      "database.password": "p",
      "database.dbname": "d",
      "schema.include.list": "public",
      "table.include.list.user.defined": "public.orders",
    },
    created_from: "web",
  });

  await expect(world.project.up()).rejects.toThrow(/already exists in this service/);
  const [live] = (await world.api.request<{ result: Live[] }>("GET", `/sources/${impostor.id}`)).result;
  expect(live.config["database.hostname.user.defined"]).toBe("someone-elses-db");
  await world.api.request("DELETE", `/sources/${impostor.id}`);
});

/** Polls until `condition` holds, for at most five seconds. */
async function until(condition: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("condition not met within 5 s");
}
