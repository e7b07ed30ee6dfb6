/**
 * A project key through the real engine against the local API server: the credential file shown once and kept
 * as secret outputs (through refresh too), capabilities added in place, a removal that replaces the key with new
 * credentials, and the roles-or-permissions rule checked offline.
 */
import { type LocalServer, startLocalServer } from "../../server";
import { callsDuring, previewCalls } from "../harness/calls";
import { ServiceApi } from "../harness/api";
import { TestProject } from "../harness/project";
import { leakedSecrets } from "../harness/secrets";

type LiveKey = { id: string; name: string; status: string; roles: { id: string }[]; description: string | null };

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

test("44/S15: a role added in the console shows after refresh, read from the key's `roles`", async () => {
  const [live] = await __W_api.request<LiveKey[]>("GET", "/project-keys");
  await __W_api.request("PATCH", `/project-keys/${live.id}`, {
    role_ids: ["role_viewer", "role_developer", "role_admin"],
  });
  await __W_project.refresh();
  const preview = await __W_project.preview();
  // The key now has a role the program does not declare: taking it away needs a new key.
  const step = preview.steps.find((candidate) => candidate.name === "ci" && candidate.op === "replace");
  expect(step?.replaceKeys).toEqual(["roles"]);
  await __W_project.setConfig({ roles: JSON.stringify(["role_viewer", "role_developer", "role_admin"]) });
  expect((await __W_project.preview()).result.changeSummary).toEqual({ same: 2 });
  await __W_project.setConfig({ roles: JSON.stringify(["role_viewer", "role_developer"]) });
});

test("removing a role previews as a replace and issues new credentials; the old ones stop working", async () => {
  const before = await outputs();
  await __W_project.setConfig({ roles: JSON.stringify(["role_developer"]) });
  const preview = await __W_project.preview();
  const step = preview.steps.find((candidate) => candidate.name === "ci" && candidate.op === "replace");
  expect(step?.replaceKeys).toEqual(["roles"]);

  await __W_project.up();
  const after = await outputs();
  expect(after.id).not.toBe(before.id);
  expect(after.clientSecret).not.toBe(before.clientSecret);
  const keys = await __W_api.request<LiveKey[]>("GET", "/project-keys");
  expect(keys.map((key) => key.id)).toEqual([after.id]);
  expect(await tokenStatus({ client_id: after.clientId, secret: after.clientSecret })).toBe(200);
  expect(await tokenStatus({ client_id: before.clientId, secret: before.clientSecret })).toBe(401);
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
