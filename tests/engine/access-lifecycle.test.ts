/**
 * A Kafka user and an API client credential through the real engine against the local API server: create,
 * no-op preview, in-place changes, drift made in the console set back, a role change that replaces the credential
 * (the service cannot change roles), the secret kept across updates and refreshes, adopt, bad input that sends
 * nothing, destroy, and the access and topic lookups.
 */
import { callsDuring, previewCalls } from "../harness/calls";
import { TestProject } from "../harness/project";
import { scenario } from "../harness/scenario";

interface LiveUser {
  username: string;
  whitelist_ips: string;
  kafka_acls: Array<{ topic_name: string; operation: string; resource_pattern_type: string; resource: string }>;
  is_create_schema_registry: boolean;
}
interface LiveCredential {
  client_id: string;
  description: string | null;
  roles: Array<{ id: string }>;
}

const password = "access-kafka-password-3f9a";
const world = scenario("access");

const users = () => world.api.request<LiveUser[]>("GET", "/kafka-access/kafka-users");
const credentials = () => world.api.request<LiveCredential[]>("GET", "/auth/client-credentials");
const outputs = async () => {
  const all = await world.project.stack.outputs();
  return Object.fromEntries(Object.entries(all).map(([key, output]) => [key, output.value as string]));
};

/** Whether this client id and secret get a token from the service. */
async function logsIn(clientId: string, secret: string): Promise<boolean> {
  const answer = await fetch(`${world.server.baseUrl}/auth/access-token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ client_id: clientId, secret }),
  });
  return answer.status === 200;
}

beforeAll(async () => {
  await world.project.stack.setConfig("kafkaPassword", { value: password, secret: true });
});

test("up creates the Kafka user with its ACL and the credential with the viewer role; the secret works", async () => {
  const result = await world.project.up();
  expect(result.summary.result).toBe("succeeded");
  expect(await users()).toEqual([
    expect.objectContaining({
      username: "analytics",
      whitelist_ips: "",
      kafka_acls: [{ topic_name: "orders", operation: "READ", resource_pattern_type: "LITERAL", resource: "TOPIC" }],
    }),
  ]);
  const { clientId, clientSecret, kafkaProxyEndpoint } = await outputs();
  expect(kafkaProxyEndpoint).toMatch(/:\d+$/);
  const made = (await credentials()).find((credential) => credential.client_id === clientId);
  expect(made?.roles.map((role) => role.id)).toEqual(["role_viewer"]);
  expect(await logsIn(clientId, clientSecret)).toBe(true);
  expect(world.project.stateFile()).not.toContain(password);
  expect(world.project.stateFile()).not.toContain(clientSecret);
});

test("a second preview shows no changes and makes no API call", async () => {
  const { changeSummary, calls } = await previewCalls(world.server, world.project);
  expect(changeSummary).toEqual({ same: 3 });
  expect(calls).toEqual([]);
});

test("ACLs, allowed addresses and the password change in place; the preview never shows the password", async () => {
  await world.project.setConfig({
    allowedIps: JSON.stringify(["203.0.113.0/24", "2001:db8::/32"]),
    acls: JSON.stringify([
      { topic: "orders", operation: "READ", patternType: "PREFIXED" },
      { topic: "analytics-", operation: "READ", patternType: "PREFIXED", resource: "GROUP" },
    ]),
  });
  await world.project.stack.setConfig("kafkaPassword", { value: `${password}-rotated`, secret: true });
  const preview = await world.project.preview();
  const step = preview.steps.find((candidate) => candidate.name === "analytics");
  expect(step?.op).toBe("update");
  expect([...(step?.diffs ?? [])].sort()).toEqual(["acls", "allowedIps", "password"]);
  expect(JSON.stringify(preview)).not.toContain(password);

  await world.project.up();
  expect(await users()).toEqual([
    expect.objectContaining({
      whitelist_ips: "203.0.113.0/24,2001:db8::/32",
      kafka_acls: [
        { topic_name: "orders", operation: "READ", resource_pattern_type: "PREFIXED", resource: "TOPIC" },
        { topic_name: "analytics-", operation: "READ", resource_pattern_type: "PREFIXED", resource: "GROUP" },
      ],
    }),
  ]);
});

test("a change made in the console shows after refresh and the next up sets it back", async () => {
  await world.api.request("PUT", "/kafka-access/kafka-users/analytics", {
    whitelist_ips: "0.0.0.0/0",
    kafka_acls: [{ topic_name: "orders", operation: "ALL", resource_pattern_type: "LITERAL", resource: "TOPIC" }],
    is_create_schema_registry: true,
  });
  const refresh = await world.project.refresh();
  expect(refresh.diagnostics.join("\n")).toContain("Kafka user");
  const preview = await world.project.preview();
  const step = preview.steps.find((candidate) => candidate.name === "analytics");
  expect(step?.op).toBe("update");
  expect([...(step?.diffs ?? [])].sort()).toEqual(["acls", "allowedIps", "schemaRegistry"]);

  await world.project.up();
  const [live] = await users();
  expect(live).toMatchObject({ whitelist_ips: "203.0.113.0/24,2001:db8::/32", is_create_schema_registry: false });
  expect(live?.kafka_acls).toHaveLength(2);
});

test("a new description changes the credential in place and keeps its secret, across a refresh too", async () => {
  const before = await outputs();
  await world.project.setConfig({ description: "Grafana dashboards" });
  const result = await world.project.up();
  expect(result.summary.resourceChanges).toMatchObject({ update: 1 });
  await world.project.refresh();
  const after = await outputs();
  expect(after.clientId).toBe(before.clientId);
  expect(after.clientSecret).toBe(before.clientSecret);
  const live = (await credentials()).find((credential) => credential.client_id === after.clientId);
  expect(live?.description).toBe("Grafana dashboards");
});

test("new roles replace the credential: a new client id and secret first, then the old one is deleted", async () => {
  const before = await outputs();
  await world.project.setConfig({ roles: JSON.stringify(["role_developer"]) });
  const preview = await world.project.preview();
  const steps = preview.steps.filter((candidate) => candidate.name === "dashboards").map((step) => step.op);
  expect(steps).toEqual(["create-replacement", "replace", "delete-replaced"]);

  await world.project.up();
  const after = await outputs();
  expect(after.clientId).not.toBe(before.clientId);
  const ids = (await credentials()).map((credential) => credential.client_id);
  expect(ids).toContain(after.clientId);
  expect(ids).not.toContain(before.clientId);
  expect(await logsIn(after.clientId, after.clientSecret)).toBe(true);
  expect(await logsIn(before.clientId, before.clientSecret)).toBe(false);
});

test("27.4: a Kafka user of the same name is never taken over: up fails naming it and `adopt`, and sends no create", async () => {
  const state = await world.project.stack.exportStack();
  const deployment = state.deployment as { resources: Array<{ urn: string }> };
  deployment.resources = deployment.resources.filter((resource) => !resource.urn.endsWith("::analytics"));
  await world.project.stack.importStack(state);

  let failure: { message: string; diagnostics: string[] } | undefined;
  const calls = await callsDuring(world.server, async () => (failure = await world.project.failingUp()));
  const printed = [failure?.message, ...(failure?.diagnostics ?? [])].join("\n");
  expect(printed).toContain('a Kafka user with username "analytics" already exists in this service');
  expect(printed).toContain('declare `adopt: "analytics"`');
  // Looked up, not created, not changed: its password is still whoever's it was.
  expect(calls.filter((call) => call.startsWith("POST /kafka-access") || call.startsWith("PUT /kafka-access"))).toEqual(
    [],
  );

  // The way back the message names: adopt it, and the next up applies the code.
  await world.project.setConfig({ adoptUser: "analytics" });
  await world.project.up();
  await world.project.removeConfig("adoptUser");
  expect((await world.project.up()).summary.result).toBe("succeeded");
  expect((await users()).map((user) => user.username)).toEqual(["analytics"]);
  expect((await world.project.preview()).result.changeSummary).toEqual({ same: 3 });
});

test("the lookups read roles, permissions, Kafka users, credentials and a topic's serialization and traffic", async () => {
  const hook = await world.api.request<{ id: string }>("POST", "/sources", {
    name: "access-lookups-hook",
    connector: "webhook",
    config: { "topic.names": ["default_topic"] },
  });
  const topicId = `source_${hook.id}.default_topic`;
  const destination = await world.api.request<{ id: string }>("POST", "/destinations", {
    name: "access-lookups-warehouse",
    connector: "postgresql",
    config: {
      "database.hostname.user.defined": "warehouse.example.com",
      "database.database.user.defined": "dw",
      "connection.username": "loader",
      "connection.password": "lookup-password-1",
      "table.name.prefix": "cdc_",
    },
  });
  const lookups = await TestProject.create("access", world.server, { mode: "lookups", sourceId: hook.id, topicId });
  try {
    const result = await lookups.up();
    const found = result.outputs.found?.value as Record<string, unknown>;
    expect(found.roleKeys).toEqual(["admin", "developer", "viewer"]);
    expect(found.viewerPermissions).toContain("pipelines:read");
    expect(found.permissionIds).toContain("kafka_access:write");
    expect(found.users).toEqual([
      expect.objectContaining({ username: "analytics", allowedIps: ["203.0.113.0/24", "2001:db8::/32"] }),
    ]);
    expect(found.credentialIds).toContain((await outputs()).clientId);
    expect(found.serialization).toEqual({
      keyFormat: "json",
      valueFormat: "json",
      keyConverter: "org.apache.kafka.connect.json.JsonConverter",
      valueConverter: "org.apache.kafka.connect.json.JsonConverter",
      schemaRegistryEnabled: false,
    });
    expect(found.metrics).toEqual([expect.objectContaining({ entityId: hook.id, topicId, messagesIn: 0 })]);
    expect(found.groups).toEqual([
      {
        groupId: `connect-destination_${destination.id}`,
        state: expect.any(String),
        lag: 0,
        entityId: destination.id,
        topics: [],
      },
    ]);
  } finally {
    await lookups.destroy();
    lookups.dispose();
  }
});

test("bad input fails in preview, naming each field and never the password, and sends nothing", async () => {
  const bad = await TestProject.create("access", world.server, {
    username: "Analytics_Team",
    allowedIps: JSON.stringify(["10.0.0.0/33", "example.com"]),
    acls: JSON.stringify([{ topic: "orders", operation: "EAT" }]),
  });
  try {
    await bad.stack.setConfig("kafkaPassword", { value: "short-pw", secret: true });
    let failure: { message: string; diagnostics: string[] } | undefined;
    const calls = await callsDuring(world.server, async () => (failure = await bad.failingPreview()));
    const printed = [failure?.message, ...(failure?.diagnostics ?? [])].join("\n");
    expect(printed).toContain("`username`: must be lowercase letters, digits and dashes");
    expect(printed).toContain("`password`: must be at least 12 characters");
    expect(printed).toContain("`allowedIps.0`: must end in a prefix length from 0 to 32");
    expect(printed).toContain("`allowedIps.1`: must be an IP address or a CIDR range");
    expect(printed).toContain("`acls.0.operation`: must be one of ALL, ALTER");
    expect(printed).not.toContain("short-pw");
    expect(printed).not.toContain("example.com");
    expect(calls).toEqual([]);
  } finally {
    bad.dispose();
  }
});

test("a credential with no roles, or a role named twice, fails in preview and sends nothing", async () => {
  for (const roles of [[], ["viewer", "viewer"]]) {
    const bad = await TestProject.create("access", world.server, { roles: JSON.stringify(roles) });
    try {
      await bad.stack.setConfig("kafkaPassword", { value: password, secret: true });
      let failure: { message: string; diagnostics: string[] } | undefined;
      const calls = await callsDuring(world.server, async () => (failure = await bad.failingPreview()));
      const printed = [failure?.message, ...(failure?.diagnostics ?? [])].join("\n");
      expect(printed).toContain(
        roles.length === 0 ? "`roles`: must list at least one role" : "`roles` lists the same role more than once",
      );
      expect(calls).toEqual([]);
    } finally {
      bad.dispose();
    }
  }
});

test("adopt takes over a Kafka user made in the console and the next up applies the code", async () => {
  await world.api.request("POST", "/kafka-access/kafka-users", {
    username: "console-made",
    password: "console-password-1234",
    whitelist_ips: "",
    kafka_acls: [],
    is_create_schema_registry: false,
  });
  const adopter = await TestProject.create("access", world.server, {
    username: "console-made",
    adoptUser: "console-made",
  });
  try {
    await adopter.stack.setConfig("kafkaPassword", { value: password, secret: true });
    const calls = await callsDuring(world.server, () => adopter.up());
    expect(calls.filter((call) => call === "POST /kafka-access/kafka-users")).toEqual([]);
    expect((await users()).find((user) => user.username === "console-made")?.kafka_acls).toEqual([]);
    const preview = await adopter.preview();
    expect(preview.steps.find((candidate) => candidate.name === "analytics")?.op).toBe("update");
    expect(preview.diagnostics.join("\n")).toContain(
      "Kafka user was adopted as it was; the code differs from it in `acls`",
    );
    await adopter.up();
    const adopted = (await users()).find((user) => user.username === "console-made");
    expect(adopted?.kafka_acls).toEqual([
      { topic_name: "orders", operation: "READ", resource_pattern_type: "LITERAL", resource: "TOPIC" },
    ]);
  } finally {
    await adopter.destroy();
    adopter.dispose();
  }
});

test("adopt takes over a credential made elsewhere by its client id, without its secret, and creates none", async () => {
  const made = await world.api.request<{ client_id: string }>("POST", "/auth/client-credentials", {
    role_ids: ["role_viewer"],
    description: "made in the console",
  });
  const adopter = await TestProject.create("access", world.server, {
    username: "adopter",
    adoptCredential: made.client_id,
    description: "made in the console",
  });
  try {
    await adopter.stack.setConfig("kafkaPassword", { value: password, secret: true });
    const calls = await callsDuring(world.server, () => adopter.up());
    expect(calls.filter((call) => call === "POST /auth/client-credentials")).toEqual([]);
    const outputs = await adopter.stack.outputs();
    expect(outputs.clientId.value).toBe(made.client_id);
    expect(outputs.clientSecret?.value).toBeUndefined(); // shown once, to whoever made it
    expect((await adopter.preview()).result.changeSummary).toEqual({ same: 3 });
  } finally {
    await adopter.destroy();
    adopter.dispose();
  }
});

test("adoptedSecret gives an adopted credential the secret it was made with, kept secret and never sent", async () => {
  const made = await world.api.request<{ client_id: string; secret: string }>("POST", "/auth/client-credentials", {
    role_ids: ["role_viewer"],
    description: "made by Terraform",
  });
  const adopter = await TestProject.create("access", world.server, {
    username: "secret-adopter",
    adoptCredential: made.client_id,
    description: "made by Terraform",
  });
  try {
    await adopter.stack.setConfig("kafkaPassword", { value: password, secret: true });
    await adopter.stack.setConfig("adoptedSecret", { value: made.secret, secret: true });
    const calls = await callsDuring(world.server, () => adopter.up());
    expect(calls.filter((call) => call.includes("/auth/client-credentials") && !call.startsWith("GET"))).toEqual([]);
    const outputs = await adopter.stack.outputs();
    expect(outputs.clientSecret).toEqual({ value: made.secret, secret: true });
    expect(adopter.stateFile()).not.toContain(made.secret);
    // Another value changes nothing on the service: it only says where the secret came from.
    await adopter.stack.setConfig("adoptedSecret", { value: "another-value", secret: true });
    expect((await adopter.preview()).result.changeSummary).toEqual({ same: 3 });
    await adopter.refresh();
    expect((await adopter.stack.outputs()).clientSecret?.value).toBe(made.secret);
  } finally {
    await adopter.destroy();
    adopter.dispose();
  }
});

test("adoptedSecret on a new credential is refused before any call, naming adopt", async () => {
  const project = await TestProject.create("access", world.server, { username: "no-adopt", adoptedSecret: "x" });
  try {
    await project.stack.setConfig("kafkaPassword", { value: password, secret: true });
    let failure = "";
    const calls = await callsDuring(world.server, async () => {
      failure = await project.preview().then(
        () => "",
        (error: unknown) => String(error),
      );
    });
    expect(failure).toContain("`adoptedSecret` is the secret of a credential taken over with `adopt`");
    expect(calls.filter((call) => !call.startsWith("GET") && call !== "POST /auth/access-token")).toEqual([]);
  } finally {
    project.dispose();
  }
});

test("destroy deletes the Kafka user and the credential, and leaves the server's own credential", async () => {
  const { clientId } = await outputs();
  await world.project.destroy();
  expect((await users()).map((user) => user.username)).toEqual([]);
  const ids = (await credentials()).map((credential) => credential.client_id);
  expect(ids).not.toContain(clientId);
  expect(ids).toContain(world.server.clientId);
});
