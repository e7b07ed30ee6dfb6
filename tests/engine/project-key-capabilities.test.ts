/**
 * Issue 39 points 1 and 2: a project key's roles and permissions change in place by PATCH, as the API reference
 * takes them (openapi-digest §9: `role_ids`/`permission_ids` on PATCH; on a Kafka-only key they answer
 * `new_api_credentials`), so no change of the role list revokes the key's credentials; and a PATCH leaves the
 * key's tool profile alone unless the program sets one.
 */
import { callsDuring } from "../harness/calls";
import { scenario } from "../harness/scenario";
import { leakedSecrets } from "../harness/secrets";

type LiveKey = {
  id: string;
  status: string;
  roles: { id: string }[];
  api_client_id: string | null;
  kafka_username: string | null;
  tool_profile: string;
  description: string | null;
};

const world = scenario("project-key", {
  server: { statusDelayMs: 50, deleteDelayMs: 100 },
  config: { kafka: "true", noRoles: "true" },
});

const outputs = async () => {
  const all = await world.project.stack.outputs();
  const text = (key: string) => (all[key]?.value === undefined ? undefined : String(all[key].value));
  return {
    id: String(text("id")),
    clientId: text("clientId"),
    clientSecret: text("clientSecret"),
    credentialFile: text("credentialFile"),
    kafkaPassword: text("kafkaPassword"),
    secret: (key: string) => all[key]?.secret,
  };
};

const live = async (id: string) => world.api.request<LiveKey>("GET", `/project-keys/${id}`);

/** The status of an access-token request, as another program using the key would see it. */
const tokenStatus = async (body: Record<string, string>): Promise<number> =>
  (
    await fetch(`${world.server.baseUrl}/auth/access-token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    })
  ).status;

const keyStep = async () => (await world.project.preview()).steps.filter((step) => step.name === "ci");

/** An `up` that must change the key in place: a PATCH and neither a create nor a delete of a project key. */
const upInPlace = async () => {
  let stdout = "";
  const calls = await callsDuring(world.server, async () => (stdout = (await world.project.up()).stdout));
  expect(calls.filter((call) => /^(POST|DELETE) \/project-keys/.test(call))).toEqual([]);
  expect(calls.filter((call) => call.startsWith("PATCH /project-keys/"))).not.toEqual([]);
  return stdout;
};

test("a key made without roles is Kafka-only: no role and no API client", async () => {
  await world.project.up();
  const { id, clientId, kafkaPassword } = await outputs();
  const key = await live(id);
  expect(key).toMatchObject({ status: "active", roles: [], api_client_id: null, kafka_username: "analytics" });
  expect(clientId).toBeUndefined();
  expect(kafkaPassword).toBe("fixture-kafka-password-5d1e");
});

test("roles given to a Kafka-only key update it in place; its new API credentials are secret outputs that work", async () => {
  const before = await outputs();
  await world.project.setConfig({ roles: JSON.stringify(["role_viewer"]) });
  expect((await keyStep()).map((step) => [step.op, [...(step.diffs ?? [])]])).toEqual([["update", ["roles"]]]);

  const stdout = await upInPlace();
  const after = await outputs();
  expect(after.id).toBe(before.id);
  expect(after.kafkaPassword).toBe(before.kafkaPassword);
  expect((await live(after.id)).roles.map((role) => role.id)).toEqual(["role_viewer"]);
  for (const key of ["clientId", "clientSecret", "credentialFile", "kafkaPassword"]) {
    expect({ key, secret: after.secret(key) }).toEqual({ key, secret: true });
  }
  expect(await tokenStatus({ client_id: String(after.clientId), secret: String(after.clientSecret) })).toBe(200);
  // The credential file now carries the API client too, so it works as `streamkap:projectKey`.
  expect(await tokenStatus({ project_key: String(after.credentialFile) })).toBe(200);
  const shown = [String(after.clientSecret), String(after.credentialFile)];
  expect(leakedSecrets(world.project.stateFile(), shown)).toEqual([]);
  expect(shown.filter((secret) => stdout.includes(secret))).toEqual([]);
  expect((await world.project.preview()).result.changeSummary).toEqual({ same: 2 });
});

test("a role removed updates the key in place: the same id and credentials, the roles as declared", async () => {
  await world.project.setConfig({ roles: JSON.stringify(["role_viewer", "role_developer"]) });
  await upInPlace();
  const before = await outputs();
  await world.project.setConfig({ roles: JSON.stringify(["role_developer"]) });
  expect((await keyStep()).map((step) => step.op)).toEqual(["update"]);

  await upInPlace();
  const after = await outputs();
  expect([after.id, after.clientId, after.clientSecret]).toEqual([before.id, before.clientId, before.clientSecret]);
  expect((await live(after.id)).roles.map((role) => role.id)).toEqual(["role_developer"]);
  expect(await tokenStatus({ client_id: String(after.clientId), secret: String(after.clientSecret) })).toBe(200);
});

test("a switch from roles to permissions updates the key in place, keeping its credentials", async () => {
  const before = await outputs();
  await world.project.removeConfig("roles");
  await world.project.setConfig({ permissions: JSON.stringify(["pipelines:read"]) });
  expect((await keyStep()).map((step) => step.op)).toEqual(["update"]);

  await upInPlace();
  const after = await outputs();
  expect([after.id, after.clientSecret]).toEqual([before.id, before.clientSecret]);
  expect((await live(after.id)).roles).toEqual([]);
  expect((await world.project.preview()).result.changeSummary).toEqual({ same: 2 });
});

test("a description change leaves a tool profile narrowed through the API as it is, now and after refresh", async () => {
  const { id } = await outputs();
  await world.api.request("PATCH", `/project-keys/${id}`, { tool_profile: "read-only" });
  await world.project.setConfig({ description: "nightly exports" });
  await upInPlace();
  expect(await live(id)).toMatchObject({ description: "nightly exports", tool_profile: "read-only" });

  await world.project.refresh();
  expect((await world.project.preview()).result.changeSummary).toEqual({ same: 2 });
  expect((await live(id)).tool_profile).toBe("read-only");
});

test("destroy deletes the key", async () => {
  await world.project.destroy();
  expect(await world.api.request("GET", "/project-keys")).toEqual([]);
});
