/**
 * A webhook source through the real engine against the local API server: the generated URL and API key, the key
 * kept secret in state and across refresh, in-place updates, rotation by replacement, and an offline check.
 */
import { callsDuring, previewCalls } from "../harness/calls";
import { TestProject } from "../harness/project";
import { scenario } from "../harness/scenario";
import { leakedSecrets } from "../harness/secrets";

type Live = { id: string; name: string; connector: string; config: Record<string, unknown> };

const world = scenario("webhook-source", { server: { statusDelayMs: 50, deleteDelayMs: 100 } });

/** Sends one record to the webhook as a client would. */
const post = (url: string, apiKey: string, body: unknown) =>
  fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": apiKey, key: JSON.stringify({ id: 7 }) },
    body: JSON.stringify(body),
  });

const outputs = async () => {
  const all = await world.project.stack.outputs();
  return { id: String(all.id.value), url: String(all.url.value), apiKey: all.apiKey };
};

test("up creates a webhook source whose generated URL and API key accept records, the key a secret output; no default topic is demanded", async () => {
  const result = await world.project.up();
  expect(result.summary.result).toBe("succeeded");
  expect(result.outputs.apiKey.secret).toBe(true);
  expect(result.outputs.url.secret).toBe(false);

  const [source] = await world.api.list<Live>("/sources");
  expect(source).toMatchObject({ connector: "webhook", name: expect.stringMatching(/^order-hooks-[a-z0-9]{7}$/) });
  expect(source.config).toMatchObject({ "topic.include.list.user.defined": "orders,refunds", format: "json" });
  expect(source.config["api.key"]).toBe("********"); // the service masks it on reads

  const url = String(result.outputs.url.value);
  expect((await post(`${url}/refunds`, String(result.outputs.apiKey.value), { id: 7, amount: 3 })).status).toBe(202);
  expect((await post(url, "not-the-key", { id: 7 })).status).toBe(401);
  const messages = await world.api.request<{ result: Array<{ value: unknown }> }>(
    "GET",
    `/topics/messages?topic_id=${encodeURIComponent(`source_${source.id}.refunds`)}`,
  );
  expect(messages.result.map((message) => message.value)).toEqual([{ id: 7, amount: 3 }]);

  // The program names no default topic and lists no `default_topic`: the base URL feeds the first listed topic.
  expect((await post(url, String(result.outputs.apiKey.value), { id: 7, base: true })).status).toBe(202);
  const first = await world.api.request<{ result: Array<{ value: unknown }> }>(
    "GET",
    `/topics/messages?topic_id=${encodeURIComponent(`source_${source.id}.orders`)}`,
  );
  expect(first.result.map((message) => message.value)).toEqual([{ id: 7, base: true }]);
});

test("the API key never reaches the state file in plaintext", async () => {
  const { apiKey } = await outputs();
  expect(leakedSecrets(world.project.stateFile(), [String(apiKey.value), world.server.secret])).toEqual([]);
});

test("a second preview shows no changes and makes no API call", async () => {
  const { changeSummary, calls } = await previewCalls(world.server, world.project);
  expect(changeSummary).toEqual({ same: 2 }); // the source and the stack
  expect(calls).toEqual([]);
});

test("refresh keeps the API key that reads mask, still secret", async () => {
  const before = await outputs();
  await world.project.refresh();
  const after = await outputs();
  expect(after.apiKey).toEqual({ value: before.apiKey.value, secret: true });
  expect(leakedSecrets(world.project.stateFile(), [String(before.apiKey.value)])).toEqual([]);
  expect((await world.project.preview()).result.changeSummary).toEqual({ same: 2 }); // the source and the stack
});

test("changing the format and the topics updates the source in place, keeping its URL and key", async () => {
  const before = await outputs();
  await world.project.setConfig({ format: "string", topics: JSON.stringify(["orders", "refunds", "disputes"]) });
  const preview = await world.project.preview();
  const step = preview.steps.find((candidate) => candidate.name === "order-hooks");
  expect(step).toMatchObject({ op: "update" });
  expect([...(step?.diffs ?? [])].sort()).toEqual(["format", "topics"]);

  await world.project.up();
  const [source] = await world.api.list<Live>("/sources");
  expect(source.config).toMatchObject({
    format: "string",
    "topic.include.list.user.defined": "orders,refunds,disputes",
  });
  const after = await outputs();
  expect(after).toEqual(before);
  expect((await post(`${after.url}/disputes`, String(after.apiKey.value), { id: 7 })).status).toBe(202);
});

test("bumping keyVersion previews as a replace and yields a new URL and key; the old ones stop working", async () => {
  const before = await outputs();
  await world.project.setConfig({ keyVersion: "1" });
  const preview = await world.project.preview();
  const step = preview.steps.find((candidate) => candidate.name === "order-hooks" && candidate.op === "replace");
  expect(step?.replaceKeys).toEqual(["keyVersion"]);

  await world.project.up();
  const after = await outputs();
  expect(after.id).not.toBe(before.id);
  expect(after.url).not.toBe(before.url);
  expect(after.apiKey.secret).toBe(true);
  expect(after.apiKey.value).not.toBe(before.apiKey.value);
  const sources = await world.api.list<Live>("/sources");
  expect(sources.map((source) => source.id)).toEqual([after.id]);
  expect((await post(before.url, String(before.apiKey.value), { id: 7 })).status).toBe(404);
  expect((await post(after.url, String(after.apiKey.value), { id: 7 })).status).toBe(202);
});

test("adopting the source elsewhere yields its working API key, as a secret output", async () => {
  const { id, url, apiKey } = await outputs();
  const other = await TestProject.create("webhook-source", world.server, {
    adopt: id,
    topics: '["orders","refunds","returns"]',
  });
  try {
    const result = await other.up(); // adopted as it is; the next up would apply the code's topics
    expect(result.outputs.apiKey.secret).toBe(true);
    expect(result.outputs.apiKey.value).toBe(apiKey.value);
    expect((await post(`${url}/orders`, String(result.outputs.apiKey.value), { id: 8 })).status).toBe(202);
    expect(leakedSecrets(other.stateFile(), [String(apiKey.value)])).toEqual([]);
  } finally {
    other.dispose(); // the object stays: it belongs to the first stack, which destroys it next
  }
});

interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  bodyKeys: string[][];
}

/** The requests the server received while `action` ran, as its local request log records them (no values). */
async function requestsDuring(action: () => Promise<unknown>): Promise<RecordedRequest[]> {
  await world.api.request("POST", "/_local/stats/reset");
  await action();
  const log = await world.api.request<{ requests: RecordedRequest[] }>("GET", "/_local/requests");
  return log.requests.filter((request) => request.path.startsWith("/sources"));
}

test("S19, 49: an update sends only real config keys, keeps console tags and the generated URL and key, with wait=false", async () => {
  const [before] = await world.api.list<Live & { tags: string[] }>("/sources");
  const tag = await world.api.request<{ id: string }>("POST", "/tags", { name: "console-tag", type: ["sources"] });
  await world.api.request("PUT", `/sources/${before.id}`, {
    name: before.name,
    connector: "webhook",
    config: { ...before.config, "api.key": undefined },
    tags: [tag.id],
  });
  await world.project.setConfig({ format: "json" });
  const requests = await requestsDuring(() => world.project.up());

  const put = requests.find((request) => request.method === "PUT");
  expect(put?.query).toMatchObject({ wait: "false", secret_returned: "true" });
  const configKeys = (put?.bodyKeys ?? []).filter((path) => path[0] === "config").map((path) => path[1]);
  expect(configKeys).not.toContain("default.topic.name");
  expect(configKeys).toEqual(expect.arrayContaining(["webhook.url", "api.key", "topic.include.list.user.defined"]));
  expect((put?.bodyKeys ?? []).map((path) => path[0])).not.toContain("tags");

  const [after] = await world.api.list<Live & { tags: string[] }>("/sources");
  expect(after.tags).toEqual([tag.id]);
  expect(after.config).not.toHaveProperty("default.topic.name");
  const { url, apiKey } = await outputs();
  // The base URL's topic is the default topic, the first of the list.
  expect(String(after.config["topic.include.list.user.defined"]).split(",")[0]).toBe("orders");
  expect((await post(url, String(apiKey.value), { id: 7 })).status).toBe(202);
  expect((await world.project.preview()).result.changeSummary).toEqual({ same: 2 });
});

test("48: the create was sent with wait=false and secret_returned, and no invented config key", async () => {
  await world.project.setConfig({ keyVersion: "3" });
  const requests = await requestsDuring(() => world.project.up());
  const create = requests.find((request) => request.method === "POST" && request.path === "/sources");
  expect(create?.query).toMatchObject({ wait: "false", secret_returned: "true" });
  expect((create?.bodyKeys ?? []).filter((path) => path[0] === "config").map((path) => path[1])).not.toContain(
    "default.topic.name",
  );
  const remove = requests.find((request) => request.method === "DELETE");
  expect(remove?.query).toMatchObject({ wait: "false" });
});

test("further settings by dotted key reach the service, and read back without drift", async () => {
  await world.project.setConfig({
    extra: JSON.stringify({ "InsertTopicName.enabled": true, "transforms.ValueToKey.fields.include.list": "id" }),
  });
  await world.project.up();
  const [source] = await world.api.list<Live>("/sources");
  expect(source.config).toMatchObject({
    "InsertTopicName.enabled": "true",
    "transforms.ValueToKey.fields.include.list": "id",
  });
  await world.project.refresh();
  expect((await world.project.preview()).result.changeSummary).toEqual({ same: 2 });
});

test("destroy deletes the source", async () => {
  await world.project.destroy();
  expect(await world.api.list("/sources")).toEqual([]);
});

test("a setting with an input of its own, set again in `config`, fails in preview, naming the input", async () => {
  const bad = await TestProject.create("webhook-source", world.server, { extra: JSON.stringify({ format: "string" }) });
  try {
    let failure: { message: string; diagnostics: string[] } | undefined;
    const calls = await callsDuring(world.server, async () => (failure = await bad.failingPreview()));
    const printed = [failure?.message, ...(failure?.diagnostics ?? [])].join("\n");
    expect(printed).toContain('`config["format"]` is set by `format`; set it there instead');
    expect(calls).toEqual([]);
  } finally {
    bad.dispose();
  }
});

test("a default topic outside the topics fails in preview, naming both fields, and sends nothing", async () => {
  const bad = await TestProject.create("webhook-source", world.server, { defaultTopic: "payments" });
  try {
    let failure: { message: string; diagnostics: string[] } | undefined;
    const calls = await callsDuring(world.server, async () => (failure = await bad.failingPreview()));
    const printed = [failure?.message, ...(failure?.diagnostics ?? [])].join("\n");
    expect(printed).toContain("`defaultTopic` must be one of `topics`");
    expect(calls).toEqual([]);
  } finally {
    bad.dispose();
  }
});
