/**
 * The all-kinds example (examples/all-kinds) end to end with the real engine against the local API server: every
 * resource kind and a lookup in one program, secrets kept out of state, a quiet second preview, a clean destroy.
 */
import { scenario } from "../harness/scenario";
import { leakedSecrets } from "../harness/secrets";

type Named = { id: string; name: string; connector?: string; tags?: string[]; system?: boolean };

const world = scenario("all-kinds", { server: { statusDelayMs: 50, deleteDelayMs: 100 } });

const customTags = async () =>
  (await world.api.request<{ tags: Named[] }>("GET", "/tags")).tags.filter((tag) => !tag.system);

test("up creates every kind: sources, destination, pipelines, topic, transform, project key, tag, Kafka user and credential", async () => {
  const result = await world.project.up();
  expect(result.summary.result).toBe("succeeded");

  const sources = await world.api.list<Named>("/sources");
  expect(sources.map((source) => source.connector).sort()).toEqual(["postgresql", "webhook"]);
  expect(await world.api.list("/destinations")).toHaveLength(1);
  expect(await world.api.list("/transforms")).toEqual([expect.objectContaining({ live_version: "1" })]);
  expect(await world.api.request("GET", "/project-keys")).toEqual([expect.objectContaining({ status: "active" })]);
  expect(await world.api.request("GET", "/topics/clean-orders-test")).toMatchObject({
    kafka: { partitions: { count: 3 } },
  });

  const [team] = await customTags();
  expect(team).toMatchObject({ id: result.outputs.teamTagId.value, name: "team-orders-test" });
  const development = (await world.api.request<{ tags: Named[] }>("GET", "/tags")).tags.find(
    (tag) => tag.name === "Development",
  );
  const pipelines = await world.api.list<Named>("/pipelines");
  expect(pipelines).toHaveLength(2);
  for (const pipeline of pipelines) expect(pipeline.tags).toEqual([team.id, development?.id]);

  expect(result.outputs.transformJobStatus.value).toBe("RUNNING");
  expect(await world.api.request("GET", "/kafka-access/kafka-users")).toEqual([
    expect.objectContaining({ username: "analytics-test", whitelist_ips: "203.0.113.0/24" }),
  ]);
  const credentials = await world.api.request<Array<{ client_id: string }>>("GET", "/auth/client-credentials");
  expect(credentials.map((credential) => credential.client_id)).toContain(result.outputs.ciClientId.value);
  for (const key of ["storefrontApiKey", "dashboardClientId", "dashboardClientSecret", "ciClientSecret"]) {
    expect({ key, secret: result.outputs[key].secret }).toEqual({ key, secret: true });
  }
});

test("no secret reaches the state file in plaintext", async () => {
  const outputs = await world.project.stack.outputs();
  const secrets = [
    String(outputs.storefrontApiKey.value),
    String(outputs.dashboardClientSecret.value),
    String(outputs.ciClientSecret.value),
    "local-demo-kafka-password",
    "local-demo-password",
    "local-demo-private-key",
    world.server.secret,
  ];
  expect(leakedSecrets(world.project.stateFile(), secrets)).toEqual([]);
});

test("a second preview changes nothing and only reads (the tag lookup)", async () => {
  world.server.resetStats();
  const preview = await world.project.preview();
  expect(preview.result.changeSummary).toEqual({ same: 12 }); // eleven resources and the stack
  const calls = world.server.stats().calls.map((call) => `${call.method} ${call.path}`);
  expect(calls.filter((call) => !call.startsWith("GET ") && call !== "POST /auth/access-token")).toEqual([]);
});

test("destroy removes everything the program made and leaves the system tags", async () => {
  await world.project.destroy();
  for (const collection of ["/sources", "/destinations", "/pipelines", "/transforms"]) {
    expect({ collection, items: await world.api.list(collection) }).toEqual({ collection, items: [] });
  }
  expect(await world.api.request("GET", "/project-keys")).toEqual([]);
  expect(await customTags()).toEqual([]);
});
