/**
 * A project key through the real engine against the local API server: the credential file shown once and kept
 * as secret outputs (through refresh too), roles added and removed in place, API access taken away replacing the
 * key, and the roles-or-permissions rule checked offline.
 */
import { type LocalServer, startLocalServer } from "../../server";
import { callsDuring, previewCalls } from "../harness/calls";
import { ServiceApi } from "../harness/api";
import { TestProject } from "../harness/project";
import { leakedSecrets } from "../harness/secrets";

type LiveKey = { id: string; name: string; status: string; roles: { id: string }[]; description: string | null };
type LiveKeyDetail = LiveKey & {
  tool_profile: string;
  whitelist_ips: string | null;
  kafka_acls: { topic_name: string; operation: string; resource_pattern_type: string; resource: string }[];
};

const fixtureKafkaPassword = "fixture-kafka-password-5d1e";

let __W_server: LocalServer;
let __W_api: ServiceApi;
let __W_project: TestProject;

beforeAll(async () => {
  __W_server = await startLocalServer({ statusDelayMs: 50, deleteDelayMs: 100 });
  __W_api = new ServiceApi(__W_server);
  __W_project = await TestProject.create("project-key", __W_server, { kafka: "true" });
});

afterAll(async () => {
  __W_project?.dispose();
  await __W_server?.close();
});

const outputs = async () => {
  const all = await __W_project.stack.outputs();
  const text = (key: string) => String(all[key].value);
  return {
    id: text("id"),
    clientId: text("clientId"),
    clientSecret: text("clientSecret"),
    credentialFile: text("credentialFile"),
    secret: (key: string) => all[key].secret,
  };
};

/** The status of an access-token request, as another program using the key would see it. */
const tokenStatus = async (body: Record<string, string>): Promise<number> =>
  (
    await fetch(`${__W_server.baseUrl}/auth/access-token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    })
  ).status;

test("up creates the key; its credentials come out as secret outputs and work", async () => {
  const result = await __W_project.up();
  expect(result.summary.result).toBe("succeeded");
  for (const key of ["clientId", "clientSecret", "kafkaPassword", "credentialFile"]) {
    expect({ key, secret: result.outputs[key].secret }).toEqual({ key, secret: true });
  }
  expect(result.outputs.kafkaPassword.value).toBe(fixtureKafkaPassword);
  expect(result.outputs.status).toEqual({ value: "active", secret: false });

  const keys = await __W_api.request<LiveKey[]>("GET", "/project-keys");
  expect(keys).toEqual([expect.objectContaining({ id: result.outputs.id.value, status: "active" })]);
  const { clientId, clientSecret, credentialFile } = await outputs();
  expect(await tokenStatus({ client_id: clientId, secret: clientSecret })).toBe(200);
  expect(await tokenStatus({ project_key: credentialFile })).toBe(200);
});

test("no credential reaches the state file in plaintext", async () => {
  const { clientSecret, credentialFile } = await outputs();
  const state = __W_project.stateFile();
  expect(leakedSecrets(state, [clientSecret, credentialFile, fixtureKafkaPassword, __W_server.secret])).toEqual([]);
});

test("a second preview shows no changes and makes no API call", async () => {
  const { changeSummary, calls } = await previewCalls(__W_server, __W_project);
  expect(changeSummary).toEqual({ same: 2 }); // the key and the stack
  expect(calls).toEqual([]);
});

test("refresh keeps the credentials that reads mask, still secret", async () => {
  const before = await outputs();
  await __W_project.refresh();
  const after = await outputs();
  expect(after.clientSecret).toBe(before.clientSecret);
  expect(after.credentialFile).toBe(before.credentialFile);
  expect(after.secret("clientSecret")).toBe(true);
  expect(leakedSecrets(__W_project.stateFile(), [before.clientSecret, fixtureKafkaPassword])).toEqual([]);
  expect((await __W_project.preview()).result.changeSummary).toEqual({ same: 2 });
});

const keyStep = async () => (await __W_project.preview()).steps.filter((step) => step.name === "ci");

test("27.1: new allowed IPs and ACLs change the key in place: its id and credentials survive and keep working", async () => {
  const before = await outputs();
  const acls = [
    { topic: "orders", operation: "READ" },
    { topic: "audit.", operation: "WRITE", patternType: "PREFIXED" },
  ];
  await __W_project.setConfig({ allowedIps: JSON.stringify(["10.0.0.0/8"]), kafkaAcls: JSON.stringify(acls) });
  expect((await keyStep()).map((step) => [step.op, [...(step.diffs ?? [])]])).toEqual([["update", ["kafkaAccess"]]]);

  const calls = await callsDuring(__W_server, () => __W_project.up());
  expect(calls).toContain(`PATCH /project-keys/${before.id}`);
  expect(calls.filter((call) => /^(POST|DELETE) \/project-keys/.test(call))).toEqual([]);
  const after = await outputs();
  expect([after.id, after.clientId, after.clientSecret]).toEqual([before.id, before.clientId, before.clientSecret]);
  expect(await tokenStatus({ client_id: after.clientId, secret: after.clientSecret })).toBe(200);
  const live = await __W_api.request<LiveKeyDetail>("GET", `/project-keys/${before.id}`);
  expect(live.whitelist_ips).toBe("10.0.0.0/8");
  expect(live.kafka_acls).toEqual([
    { topic_name: "orders", operation: "READ", resource_pattern_type: "LITERAL", resource: "TOPIC" },
    { topic_name: "audit.", operation: "WRITE", resource_pattern_type: "PREFIXED", resource: "TOPIC" },
  ]);
  expect((await __W_project.preview()).result.changeSummary).toEqual({ same: 2 });
});

test("27.1: a new name, tool profile and Kafka password change the key in place too", async () => {
  const before = await outputs();
  const password = "rotated-kafka-password-8c2f";
  await __W_project.setConfig({ keyName: "ci-renamed", toolProfile: "read-only" });
  await __W_project.stack.setConfig("kafkaPassword", { value: password, secret: true });
  const [step] = await keyStep();
  expect(step.op).toBe("update");
  // An explicit name also drops the derived-name inputs (`namePrefix`, `nameSeed`, …).
  expect(step.diffs).toEqual(expect.arrayContaining(["kafkaAccess", "name", "toolProfile"]));

  await __W_project.up();
  const after = await outputs();
  expect([after.id, after.clientSecret]).toEqual([before.id, before.clientSecret]);
  const live = await __W_api.request<LiveKeyDetail>("GET", `/project-keys/${before.id}`);
  expect([live.name, live.tool_profile]).toEqual(["ci-renamed", "read-only"]);
  const all = await __W_project.stack.outputs();
  expect(all.kafkaPassword).toEqual({ value: password, secret: true });
  // The credential file output carries the password the key has now.
  expect(JSON.parse(after.credentialFile).kafka.password).toBe(password);
  expect(leakedSecrets(__W_project.stateFile(), [password])).toEqual([]);
  expect((await __W_project.preview()).result.changeSummary).toEqual({ same: 2 });
});

test("27.1: an ACL changed in the console shows after refresh, and up sets the declared ones back in place", async () => {
  const { id } = await outputs();
  await __W_api.request("PATCH", `/project-keys/${id}`, {
    kafka_acls: [{ topic_name: "*", operation: "ALL", resource_pattern_type: "LITERAL", resource: "TOPIC" }],
  });
  await __W_project.refresh();
  expect((await keyStep()).map((step) => step.op)).toEqual(["update"]);
  await __W_project.up();
  const live = await __W_api.request<LiveKeyDetail>("GET", `/project-keys/${id}`);
  expect(live.kafka_acls.map((acl) => acl.topic_name)).toEqual(["orders", "audit."]);
  expect((await outputs()).id).toBe(id);
});

test("27.1: a new Kafka username previews as a replacement, as the service cannot rename a Kafka user", async () => {
  await __W_project.setConfig({ kafkaUsername: "analytics-two" });
  const replace = (await keyStep()).find((step) => step.op === "replace");
  expect(replace?.replaceKeys).toEqual(["kafkaAccess"]);
  await __W_project.removeConfig("kafkaUsername");
});

test("adding a role and a description updates the key in place with PATCH, keeping its credentials", async () => {
  const before = await outputs();
  await __W_project.setConfig({ roles: JSON.stringify(["role_viewer", "role_developer"]), description: "CI deploys" });
  const preview = await __W_project.preview();
  const step = preview.steps.find((candidate) => candidate.name === "ci");
  expect(step?.op).toBe("update");
  expect([...(step?.diffs ?? [])].sort()).toEqual(["description", "roles"]);

  const calls = await callsDuring(__W_server, () => __W_project.up());
  expect(calls).toContain(`PATCH /project-keys/${before.id}`);
  const [live] = await __W_api.request<LiveKey[]>("GET", "/project-keys");
  expect(live).toMatchObject({ id: before.id, description: "CI deploys" });
  expect(live.roles.map((role) => role.id)).toEqual(["role_viewer", "role_developer"]);
  const after = await outputs();
  expect(after.clientSecret).toBe(before.clientSecret);
  expect(after.secret("clientSecret")).toBe(true);
});

test("44/S15: a role added in the console shows after refresh, and up takes it away again in place", async () => {
  const before = await outputs();
  await __W_api.request("PATCH", `/project-keys/${before.id}`, {
    role_ids: ["role_viewer", "role_developer", "role_admin"],
  });
  await __W_project.refresh();
  // The role list is set as declared by PATCH (openapi-digest §9), so removing a role keeps the key.
  expect((await keyStep()).map((step) => [step.op, [...(step.diffs ?? [])]])).toEqual([["update", ["roles"]]]);
  const calls = await callsDuring(__W_server, () => __W_project.up());
  expect(calls.filter((call) => /^(POST|DELETE) \/project-keys/.test(call))).toEqual([]);
  const live = await __W_api.request<LiveKey>("GET", `/project-keys/${before.id}`);
  expect(live.roles.map((role) => role.id)).toEqual(["role_viewer", "role_developer"]);
  expect((await outputs()).clientSecret).toBe(before.clientSecret);
});

test("removing a role updates the key in place: its id and credentials survive and keep working", async () => {
  const before = await outputs();
  await __W_project.setConfig({ roles: JSON.stringify(["role_developer"]) });
  expect((await keyStep()).map((step) => [step.op, [...(step.diffs ?? [])]])).toEqual([["update", ["roles"]]]);

  const calls = await callsDuring(__W_server, () => __W_project.up());
  expect(calls).toContain(`PATCH /project-keys/${before.id}`);
  expect(calls.filter((call) => /^(POST|DELETE) \/project-keys/.test(call))).toEqual([]);
  const after = await outputs();
  expect([after.id, after.clientId, after.clientSecret]).toEqual([before.id, before.clientId, before.clientSecret]);
  const keys = await __W_api.request<LiveKey[]>("GET", "/project-keys");
  expect(keys.map((key) => [key.id, key.roles.map((role) => role.id)])).toEqual([[before.id, ["role_developer"]]]);
  expect(await tokenStatus({ client_id: after.clientId, secret: after.clientSecret })).toBe(200);
});

test("taking all API access away (neither roles nor permissions) previews as a replacement", async () => {
  await __W_project.setConfig({ noRoles: "true" });
  await __W_project.removeConfig("roles");
  const replace = (await keyStep()).find((step) => step.op === "replace");
  expect(replace?.replaceKeys).toEqual(["roles"]);
  await __W_project.removeConfig("noRoles");
  await __W_project.setConfig({ roles: JSON.stringify(["role_developer"]) });
});

test("destroy deletes the key", async () => {
  await __W_project.destroy();
  expect(await __W_api.request("GET", "/project-keys")).toEqual([]);
});

test("roles and permissions together fail in preview, naming both, and send nothing", async () => {
  const bad = await TestProject.create("project-key", __W_server, {
    roles: JSON.stringify(["role_viewer"]),
    permissions: JSON.stringify(["pipelines:read"]),
  });
  try {
    let failure: { message: string; diagnostics: string[] } | undefined;
    const calls = await callsDuring(__W_server, async () => (failure = await bad.failingPreview()));
    const printed = [failure?.message, ...(failure?.diagnostics ?? [])].join("\n");
    expect(printed).toContain("`roles` and `permissions` cannot both be set");
    expect(calls).toEqual([]);
  } finally {
    bad.dispose();
  }
});
