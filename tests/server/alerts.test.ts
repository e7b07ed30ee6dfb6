// Alert subscribers (api.md "All endpoints": GET/PUT /alerts/subscribers/{subscriberId}, GET …/preferences,
// PUT/DELETE …/credentials; alert types and object kinds of DOCS summarise-alert). Bodies and answers are not
// published: this holds the local server to its own documented guesses (docs/real-api.md).
import type { LocalServer } from "../../server";
import { type Client, Client as ApiClient, startWithClient, token } from "./helpers";

let server: LocalServer;
let client: Client;
beforeAll(async () => ({ server, client } = await startWithClient()));
afterAll(() => server.close());

const path = "/alerts/subscribers/oncall";
const hook = "https://hooks.slack.com/services/T000/B000/alerts-secret-9d1c";

test("a subscriber does not exist until a PUT makes it; the answer names channels, never credentials", async () => {
  expect((await client.get(path)).status).toBe(404);
  const made = await client.call("PUT", path, {
    email: "oncall@example.com",
    preferences: [
      { trigger_type: "connector_status", channels: ["email"] },
      { trigger_type: "lag", channels: ["slack"], entity_type: "pipelines", entity_ids: ["p1"] },
    ],
  });
  expect(made.status).toBe(200);
  expect(made.body).toMatchObject({
    subscriber_id: "oncall",
    email: "oncall@example.com",
    channels: [],
    preferences: [
      { trigger_type: "connector_status", channels: ["email"], entity_type: null, entity_ids: [] },
      { trigger_type: "lag", channels: ["slack"], entity_type: "pipelines", entity_ids: ["p1"] },
    ],
  });
  expect((await client.get(`${path}/preferences`)).body.preferences).toHaveLength(2);
});

test("credentials connect a channel; answers show it by name only; DELETE disconnects one or all", async () => {
  const connected = await client.call("PUT", `${path}/credentials`, {
    channel: "slack",
    credentials: { webhook_url: hook },
  });
  expect(connected.status).toBe(200);
  expect(connected.body.channels).toEqual(["slack"]);
  expect(JSON.stringify((await client.get(path)).body)).not.toContain("alerts-secret");
  await client.call("PUT", `${path}/credentials`, { channel: "teams", credentials: { webhook_url: hook } });
  expect((await client.call("DELETE", `${path}/credentials?channel=slack`)).body.channels).toEqual(["teams"]);
  expect((await client.call("DELETE", `${path}/credentials?channel=slack`)).status).toBe(404);
  expect((await client.call("DELETE", `${path}/credentials`)).body.channels).toEqual([]);
});

test("bad input is a 422 naming the field, and never echoes a webhook URL", async () => {
  const badRule = await client.call("PUT", path, { preferences: [{ trigger_type: "disk_full", channels: ["pager"] }] });
  expect(badRule.status).toBe(422);
  expect(badRule.body.detail.map((item: { loc: unknown[] }) => item.loc.join("."))).toEqual([
    "body.preferences.0.trigger_type",
    "body.preferences.0.channels.0",
  ]);
  const badEmail = await client.call("PUT", path, { email: "not-an-address" });
  expect(badEmail.body.detail[0].loc).toEqual(["body", "email"]);
  const badUrl = await client.call("PUT", `${path}/credentials`, {
    channel: "slack",
    credentials: { webhook_url: "ftp://secret-host/alerts" },
  });
  expect(badUrl.status).toBe(422);
  expect(JSON.stringify(badUrl.body)).not.toContain("secret-host");
  const emailCredentials = await client.call("PUT", `${path}/credentials`, {
    channel: "email",
    credentials: { webhook_url: hook },
  });
  expect(emailCredentials.body.detail[0].loc).toEqual(["body", "channel"]);
});

test("another service's subscribers do not exist to this one", async () => {
  const other = await server.createService("other");
  const otherClient = new ApiClient(server.baseUrl, await token(server, other.clientId, other.secret));
  expect((await otherClient.get(path)).status).toBe(404);
});
