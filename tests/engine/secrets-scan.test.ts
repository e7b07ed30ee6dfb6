/**
 * Every secret a stack sets or the service generates, looked for everywhere a user or a CI log could see it:
 * the state (`pulumi stack export`, and the file on disk), `pulumi preview --json`, the output of `up`,
 * `preview` and `destroy`, the messages of failures (bad input on a secret-bearing resource, a create the service
 * refuses, an update the service fails), and the logs at the highest verbosity.
 *
 * The secrets: connector passwords and private keys (typed and generic classes, most handed to the SDK as plain
 * strings), the provider's client secret (`streamkap:secret`), a project key's Kafka password (given) and API
 * secret and credential file (generated), a webhook source's API key (generated), a Kafka user's password
 * (given), a client credential's secret (generated) and an alert subscriber's Slack webhook URL (given).
 *
 * Verbose logs are where Pulumi itself prints secrets, and the test pins down exactly what it prints, so that
 * docs/reliability.md can say it and anything else is caught: from `-v=3` (and with `--debug`) the Node.js SDK
 * in the program logs each RegisterResource answer, which holds the resource's secret outputs in plaintext;
 * at `-v=9` the engine logs every RPC payload, inputs and config included. Nothing the provider prints, at any
 * verbosity, may hold a secret.
 */
import { type LocalServer, startLocalServer } from "../../server";
import { type CliRun, runPulumi, runPulumiOk } from "../harness/process";
import { TestProject } from "../harness/project";
import { leakedSecrets } from "../harness/secrets";

/** The values the test sets, as secret stack config (see tests/fixtures/secrets). */
const given = {
  typedPassword: "scan-typed-password-41c7",
  privateKey: "scan-private-key-93ab",
  genericPassword: "scan-generic-password-0d5e",
  genericPrivateKey: "scan-generic-key-6f21",
  kafkaPassword: "scan-kafka-password-c8d3",
  kafkaUserPassword: "scan-kafka-user-password-9e04",
  slackWebhook: "https://hooks.slack.com/services/T0/B0/scan-slack-secret-4c1a",
  refusedPassword: "scan-refused-password-2b90",
};
/** Values the test rotates to later. */
const rotated = { privateKey: "scan-private-key-rotated-5a1f", typedPassword: "scan-typed-password-rotated-77e0" };

/** Where a log line that holds a secret comes from. Only Pulumi's own categories are allowed to. */
const pulumiCategories = {
  /** The engine's RPC payload log, at -v=9: "Marshaling property for RPC[Provider[…].Check(…)…]: value={…}". */
  engineRpcPayload: /"msg":"(Un)?[Mm]arshaling property for RPC\[/,
  /** The Node.js SDK's debug log of RegisterResource answers (-v=3 and up, or --debug), outputs included. */
  sdkRegisterDebug: /RegisterResource RPC finished: resource:/,
  /** The same SDK debug message printed by --debug, continued on the lines after its first. */
  sdkRegisterDebugContinued: /^ {4},.*,4dabf18193072939515e22adb298388d,/,
} as const;

let server: LocalServer;
let project: TestProject;
const generated: string[] = [];

const secrets = () => [...Object.values(given), ...Object.values(rotated), server.secret, ...generated];

beforeAll(async () => {
  // PUT /sources/{id} always fails: the update of a source later in the test is a service error. Nothing else
  // sends a PUT to a source here.
  server = await startLocalServer({ faults: "500=1,method=PUT,path=/sources/*", statusDelayMs: 20, deleteDelayMs: 20 });
  project = await TestProject.create("secrets", server, { "streamkap:retryBudgetMs": "1500" });
  for (const [key, value] of Object.entries(given)) await project.stack.setConfig(key, { value, secret: true });
});

afterAll(async () => {
  await runPulumi(project, ["destroy", "--yes", "--skip-preview"]).catch(() => undefined);
  project?.dispose();
  await server?.close();
});

const printed = (run: CliRun) => `${run.stdout}\n${run.stderr}`;

/** Lines that hold a secret and come from nothing Pulumi is known to log them from. */
function unexplainedLeaks(text: string): string[] {
  return text
    .split("\n")
    .filter((line) => !Object.values(pulumiCategories).some((category) => category.test(line)))
    .flatMap((line) => leakedSecrets(line, secrets()));
}

let verboseUp: CliRun;

test("preview --json of the new stack shows no secret", async () => {
  const run = await runPulumiOk(project, ["preview", "--json"]);
  expect(JSON.parse(run.stdout).changeSummary).toMatchObject({ create: 11 });
  expect(leakedSecrets(printed(run), secrets())).toEqual([]);
});

test("up at -v=9 with --debug: only Pulumi's own RPC and SDK debug logs hold secrets, nothing of the provider", async () => {
  verboseUp = await runPulumiOk(project, [
    "up",
    "--yes",
    "--skip-preview",
    "--debug",
    "-v=9",
    "--logtostderr",
    "--logflow",
  ]);
  const outputs = JSON.parse((await runPulumiOk(project, ["stack", "output", "--json", "--show-secrets"])).stdout);
  generated.push(outputs.keyClientSecret, outputs.webhookApiKey, outputs.credentialSecret);
  expect(generated.every((value) => typeof value === "string" && value.length >= 16)).toBe(true);

  expect(unexplainedLeaks(printed(verboseUp))).toEqual([]);
  // What the verbose logs do hold, so the documentation stays true: the engine's payload log shows given secrets
  // and the provider's client secret, the SDK's debug log shows the generated ones.
  const engineLines = printed(verboseUp)
    .split("\n")
    .filter((line) => pulumiCategories.engineRpcPayload.test(line))
    .join("\n");
  expect(leakedSecrets(engineLines, [given.typedPassword, server.secret])).toHaveLength(2);
  const sdkLines = printed(verboseUp)
    .split("\n")
    .filter((line) => pulumiCategories.sdkRegisterDebug.test(line))
    .join("\n");
  expect(leakedSecrets(sdkLines, generated).length).toBeGreaterThan(0);
});

test("the state holds every secret encrypted: plain export and the file on disk show none", async () => {
  const plain = await runPulumiOk(project, ["stack", "export"]);
  expect(leakedSecrets(plain.stdout, secrets())).toEqual([]);
  expect(leakedSecrets(project.stateFile(), secrets())).toEqual([]);
  // Only --show-secrets reveals them: the scan finds what is there.
  const revealed = await runPulumiOk(project, ["stack", "export", "--show-secrets"]);
  const inState = [...Object.values(given).filter((value) => value !== given.refusedPassword), ...generated];
  expect(inState.filter((secret) => !revealed.stdout.includes(secret))).toEqual([]);
});

test("a secret rotated at -v=2: preview --json and up show neither the old nor the new value", async () => {
  await project.stack.setConfig("privateKey", { value: rotated.privateKey, secret: true });
  const preview = await runPulumiOk(project, ["preview", "--json", "--diff"]);
  expect(JSON.parse(preview.stdout).changeSummary).toMatchObject({ update: 1 });
  expect(leakedSecrets(printed(preview), secrets())).toEqual([]);
  const up = await runPulumiOk(project, [
    "up",
    "--yes",
    "--skip-preview",
    "--diff",
    "-v=2",
    "--logtostderr",
    "--logflow",
  ]);
  expect(up.stdout).toContain("updated");
  expect(leakedSecrets(printed(up), secrets())).toEqual([]);
});

test("refresh shows no secret", async () => {
  const refresh = await runPulumiOk(project, ["refresh", "--yes", "--skip-preview"]);
  expect(leakedSecrets(printed(refresh), secrets())).toEqual([]);
});

test("an update the service fails: the error names the call and request id, and no secret", async () => {
  await project.stack.setConfig("typedPassword", { value: rotated.typedPassword, secret: true });
  const up = await runPulumi(project, ["up", "--yes", "--skip-preview"]);
  expect(up.code).not.toBe(0);
  expect(printed(up)).toMatch(/PUT \/sources\/\w+ answered 5\d\d \(request id [\w-]+\)/);
  expect(leakedSecrets(printed(up), secrets())).toEqual([]);
});

test("bad input on a secret-bearing resource fails in preview without showing the secret", async () => {
  await project.setConfig({ breakInput: "true" });
  const preview = await runPulumi(project, ["preview"]);
  expect(preview.code).not.toBe(0);
  expect(printed(preview)).toContain("`databasePort`: must be between 1 and 65535");
  expect(printed(preview)).toContain("`databaseSslmode`: must be one of require, disable");
  expect(leakedSecrets(printed(preview), secrets())).toEqual([]);
  await project.removeConfig("breakInput");
});

test("a create the service refuses fails without showing the resource's secret", async () => {
  await project.setConfig({ unknownConnector: "true" });
  const up = await runPulumi(project, ["up", "--yes", "--skip-preview"]);
  expect(up.code).not.toBe(0);
  expect(printed(up)).toMatch(/POST \/sources answered 422 \(request id [\w-]+\)/);
  expect(leakedSecrets(printed(up), secrets())).toEqual([]);
  await project.removeConfig("unknownConnector");
});

test("destroy shows no secret", async () => {
  await project.stack.setConfig("typedPassword", { value: given.typedPassword, secret: true });
  const destroy = await runPulumiOk(project, ["destroy", "--yes", "--skip-preview"]);
  expect(leakedSecrets(printed(destroy), secrets())).toEqual([]);
});
