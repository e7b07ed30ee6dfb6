/**
 * An alert subscriber through the real engine against the local API server: created by its first PUT with its
 * Slack channel connected, no-op preview, rules changed in place, a channel disconnected in the console connected
 * again, a rule edited in the console set back, bad input refused offline, secrets never shown, and destroy
 * disconnecting the channels it declared (not one connected in the console) and clearing its rules.
 */
import { callsDuring, previewCalls } from "../harness/calls";
import { TestProject } from "../harness/project";
import { leakedSecrets } from "../harness/secrets";
import { scenario } from "../harness/scenario";

interface LiveSubscriber {
  subscriber_id: string;
  email: string | null;
  channels: string[];
  preferences: Array<{ trigger_type: string; channels: string[]; entity_type: string | null; entity_ids: string[] }>;
}

const slackWebhook = "https://hooks.slack.com/services/T0/B0/engine-slack-secret-71a2";
const teamsWebhook = "https://example.webhook.office.com/engine-teams-secret-0b3e";
const world = scenario("alerts");
const subscriber = () => world.api.request<LiveSubscriber>("GET", "/alerts/subscribers/data-platform-oncall");
const subscriberPath = "/alerts/subscribers/data-platform-oncall";

beforeAll(async () => {
  await world.project.stack.setConfig("slackWebhook", { value: slackWebhook, secret: true });
});

test("up makes the subscriber by its first PUT, with its rule and its Slack channel connected", async () => {
  const calls = await callsDuring(world.server, () => world.project.up());
  expect(calls.filter((call) => !call.startsWith("GET ") && call !== "POST /auth/access-token")).toEqual([
    `PUT ${subscriberPath}`,
    `PUT ${subscriberPath}/credentials`,
  ]);
  expect(await subscriber()).toMatchObject({
    email: "oncall@example.com",
    channels: ["slack"],
    preferences: [{ trigger_type: "connector_status", channels: ["email", "slack"], entity_type: null }],
  });
  expect((await world.project.stack.outputs()).connectedChannels.value).toEqual(["slack"]);
  expect(leakedSecrets(world.project.stateFile(), [slackWebhook])).toEqual([]);
});

test("a second preview shows no changes and makes no API call", async () => {
  const { changeSummary, calls } = await previewCalls(world.server, world.project);
  expect(changeSummary).toEqual({ same: 2 });
  expect(calls).toEqual([]);
});

test("new rules change the subscriber in place; a new channel is connected without touching the rules", async () => {
  await world.project.setConfig({
    preferences: JSON.stringify([
      { alert: "connector_status", channels: ["email", "slack"] },
      { alert: "lag", channels: ["teams"], entityType: "pipelines", entityIds: ["p-orders"] },
    ]),
  });
  await world.project.stack.setConfig("teamsWebhook", { value: teamsWebhook, secret: true });
  const preview = await world.project.preview();
  expect(preview.steps.find((step) => step.name === "oncall")?.op).toBe("update");
  expect(JSON.stringify(preview)).not.toContain("teams-secret");

  const calls = await callsDuring(world.server, () => world.project.up());
  expect(calls.filter((call) => call.startsWith("PUT ") || call.startsWith("DELETE "))).toEqual([
    `PUT ${subscriberPath}`,
    `PUT ${subscriberPath}/credentials`,
  ]);
  const live = await subscriber();
  expect(live.channels).toEqual(["slack", "teams"]);
  expect(live.preferences[1]).toEqual({
    trigger_type: "lag",
    channels: ["teams"],
    entity_type: "pipelines",
    entity_ids: ["p-orders"],
  });
});

test("changes made in the console show after refresh, and the next up sets them back", async () => {
  await world.api.request("DELETE", `${subscriberPath}/credentials?channel=teams`);
  await world.api.request("PUT", subscriberPath, { preferences: [{ trigger_type: "dlq", channels: ["email"] }] });
  const refresh = await world.project.refresh();
  expect(refresh.diagnostics.join("\n")).toContain("alert subscriber");
  const preview = await world.project.preview();
  expect(preview.steps.find((step) => step.name === "oncall")?.op).toBe("update");

  await world.project.up();
  const live = await subscriber();
  expect(live.channels).toEqual(["slack", "teams"]);
  expect(live.preferences.map((rule) => rule.trigger_type)).toEqual(["connector_status", "lag"]);
});

test("a channel dropped from the program is disconnected", async () => {
  await world.project.removeConfig("teamsWebhook");
  await world.project.setConfig({ preferences: JSON.stringify([{ alert: "connector_status", channels: ["slack"] }]) });
  const calls = await callsDuring(world.server, () => world.project.up());
  expect(calls).toContain(`DELETE ${subscriberPath}/credentials`);
  expect((await subscriber()).channels).toEqual(["slack"]);
});

test("bad input fails in preview, naming the field, never a webhook URL, and sends nothing", async () => {
  const bad = await TestProject.create("alerts", world.server, {
    subscriberId: "bad-subscriber",
    preferences: JSON.stringify([
      { alert: "disk_full", channels: ["slack"] },
      { alert: "lag", channels: ["teams"], entityIds: ["p1"] },
    ]),
  });
  try {
    await bad.stack.setConfig("slackWebhook", { value: "ftp://secret-host.example.com/x", secret: true });
    let failure: { message: string; diagnostics: string[] } | undefined;
    const calls = await callsDuring(world.server, async () => (failure = await bad.failingPreview()));
    const printed = [failure?.message, ...(failure?.diagnostics ?? [])].join("\n");
    expect(printed).toContain("`preferences.0.alert`: must be one of connector_status");
    expect(printed).toContain("`channels.slack.webhookUrl`: must be an http(s) URL");
    expect(printed).not.toContain("secret-host");
    expect(calls).toEqual([]);
  } finally {
    bad.dispose();
  }
  const rules = await TestProject.create("alerts", world.server, {
    subscriberId: "bad-rules",
    preferences: JSON.stringify([{ alert: "lag", channels: ["teams"], entityIds: ["p1"] }]),
  });
  try {
    await rules.stack.setConfig("slackWebhook", { value: slackWebhook, secret: true });
    const failure = await rules.failingPreview();
    const printed = [failure.message, ...failure.diagnostics].join("\n");
    expect(printed).toContain("`preferences.0.entityIds` needs `entityType`");
    expect(printed).toContain("`preferences.0.channels` sends to `teams`, which `channels` does not connect");
  } finally {
    rules.dispose();
  }
});

test("27.6: destroy disconnects the channels the program declared and clears its rules; a console channel stays", async () => {
  // Someone connects Discord in the console: the program never declared it.
  await world.api.request("PUT", `${subscriberPath}/credentials`, {
    channel: "discord",
    credentials: { webhook_url: "https://discord.com/api/webhooks/console-made" },
  });
  await world.project.destroy();
  expect(await subscriber()).toMatchObject({ channels: ["discord"], preferences: [] });
});
