/**
 * An alert subscriber's destroy finishes even when a channel the program declared was already disconnected
 * outside Pulumi: that channel's `DELETE …/credentials?channel=` answers 404, which means only that this channel
 * is done; every other declared channel is still disconnected and the rules are still cleared. Through the real
 * engine against the local API server.
 */
import { callsDuring } from "../harness/calls";
import { scenario } from "../harness/scenario";

interface LiveSubscriber {
  channels: string[];
  preferences: unknown[];
}

const subscriberPath = "/alerts/subscribers/data-platform-oncall";
const world = scenario("alerts", {
  config: {
    preferences: JSON.stringify([
      { alert: "connector_status", channels: ["email", "slack"] },
      { alert: "lag", channels: ["teams"] },
    ]),
  },
});

beforeAll(async () => {
  await world.project.stack.setConfig("slackWebhook", {
    value: "https://hooks.slack.com/services/T0/B0/destroy-slack-7c1d",
    secret: true,
  });
  await world.project.stack.setConfig("teamsWebhook", {
    value: "https://example.webhook.office.com/destroy-teams-2e9a",
    secret: true,
  });
});

test("destroy goes on past a channel already disconnected: no channel and no rule is left", async () => {
  await world.project.up();
  const made = await world.api.request<LiveSubscriber>("GET", subscriberPath);
  expect(made.channels).toEqual(["slack", "teams"]);

  // Slack is disconnected in the console; the stack still records it as connected.
  await world.api.request("DELETE", `${subscriberPath}/credentials?channel=slack`);

  const calls = await callsDuring(world.server, () => world.project.destroy());
  expect(calls).toContain(`DELETE ${subscriberPath}/credentials`);
  const left = await world.api.request<LiveSubscriber>("GET", subscriberPath);
  expect(left.channels).toEqual([]);
  expect(left.preferences).toEqual([]);
});
