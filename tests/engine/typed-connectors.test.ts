/**
 * Typed connector classes end to end, with the real Pulumi engine against the local API server over HTTP:
 * a `PostgresqlSource` → `SnowflakeDestination` pipeline whose settings are camelCase inputs.
 */
import * as fs from "node:fs";
import * as path from "node:path";

import { callsDuring, previewCalls } from "../harness/calls";
import { type PreviewReport, TestProject } from "../harness/project";
import { scenario } from "../harness/scenario";
import { leakedSecrets } from "../harness/secrets";

type Live = Record<string, unknown> & { id: string; name: string; config: Record<string, unknown> };

const secrets = ["fixture-typed-password-2d8b", "fixture-typed-private-key-6a0f"];

const world = scenario("typed", { server: { statusDelayMs: 50, deleteDelayMs: 200 } });

const only = async (collection: string): Promise<Live> => {
  const items = await world.api.list<Live>(collection);
  expect(items).toHaveLength(1);
  return items[0];
};

const stepOf = (preview: PreviewReport, name: string) => preview.steps.find((step) => step.name === name);

test("up creates the typed source and destination under their own types, settings sent by their dotted keys", async () => {
  const result = await world.project.up();
  expect(result.summary.result).toBe("succeeded");
  expect(result.steps.map((step) => [step.name, step.type])).toEqual(
    expect.arrayContaining([
      ["orders-db", "pulumi-nodejs:dynamic/streamkap:PostgresqlSource"],
      ["warehouse", "pulumi-nodejs:dynamic/streamkap:SnowflakeDestination"],
    ]),
  );

  const source = await only("/sources");
  expect(source).toMatchObject({ connector: "postgresql" });
  expect(await world.api.createdFrom("/sources", source.id)).toBe("api");
  expect(source.name).toMatch(/^orders-db-[a-z0-9]{7}$/);
  expect(source.config).toMatchObject({
    "database.hostname.user.defined": "db.internal.example.com",
    "database.port.user.defined": "5432", // the service answers every scalar as a string
    "table.include.list.user.defined": "public.orders,public.customers",
    "heartbeat.enabled": "false",
  });
  const destination = await only("/destinations");
  expect(destination).toMatchObject({ connector: "snowflake", config: { "ingestion.mode": "append" } });
  expect(await only("/pipelines")).toMatchObject({
    source: { id: source.id },
    destination: { id: destination.id },
  });
  expect(result.outputs.sourcePort.value).toBe(5432);
});

test("no secret reaches the state file in plaintext, though the program gave them as plain strings", () => {
  const state = world.project.stateFile();
  expect(state).toContain("databasePassword"); // the input is there; only its value is encrypted
  expect(state).toContain("snowflakePrivateKey");
  expect(leakedSecrets(state, [...secrets, world.server.secret])).toEqual([]);
});

test("each resource's state records the program's line that declared it, and no frame of this package", async () => {
  const program = fs.readFileSync(path.join(__dirname, "../../../tests/fixtures/typed/index.ts"), "utf8").split("\n");
  const deployment = await world.project.stack.exportStack();
  type Stored = { urn: string; type: string; sourcePosition?: string; stackTrace?: Array<{ sourcePosition?: string }> };
  const declared = (deployment.deployment as { resources: Stored[] }).resources.filter((resource) =>
    resource.type.includes("/streamkap:"),
  );
  expect(declared).toHaveLength(3);
  for (const resource of declared) {
    const name = resource.urn.slice(resource.urn.lastIndexOf("::") + 2);
    const [, line] = /^project:\/\/\/.*fixtures\/typed\/index\.ts#(\d+),\d+$/.exec(resource.sourcePosition ?? "") ?? [];
    // The `new` expression that declares it: the name is its first argument, on that line or the next.
    const declaration = program.slice(Number(line) - 1, Number(line) + 1).join("\n");
    expect({ name, declaration }).toEqual({
      name,
      declaration: expect.stringMatching(new RegExp(`new streamkap\\.\\w+\\(\\s*"${name}"`)),
    });
    const frames = (resource.stackTrace ?? []).map((frame) => frame.sourcePosition ?? "");
    expect(frames.filter((frame) => /\/(dist\/)?sdk\//.test(frame))).toEqual([]);
  }
});

test("a second preview shows no changes and makes no API call", async () => {
  const { changeSummary, calls } = await previewCalls(world.server, world.project);
  expect(changeSummary).toEqual({ same: 4 });
  expect(calls).toEqual([]);
});

test("refresh reads the service's strings back as the program's numbers and booleans: no drift", async () => {
  const { diagnostics } = await world.project.refresh();
  expect(diagnostics.join("\n")).not.toMatch(/changed outside Pulumi/);
  const deployment = await world.project.stack.exportStack();
  const resources = (deployment.deployment as { resources: Array<{ urn: string; inputs?: Record<string, unknown> }> })
    .resources;
  const source = resources.find((resource) => resource.urn.endsWith("::orders-db"));
  expect(source?.inputs).toMatchObject({ databasePort: 5432, heartbeatEnabled: false });
  expect((await world.project.preview()).result.changeSummary).toEqual({ same: 4 });
});

test("settings the program leaves out are outputs holding the service's values, never compared", async () => {
  const outputs = await world.project.stack.outputs();
  expect({
    snapshotReadOnly: outputs.sourceSnapshotReadOnly.value,
    hardDelete: outputs.destinationHardDelete.value,
    schemaEvolution: outputs.destinationSchemaEvolution.value,
  }).toEqual({ snapshotReadOnly: "Yes", hardDelete: true, schemaEvolution: "basic" });
  const stateOf = async (name: string) => {
    const deployment = await world.project.stack.exportStack();
    type Stored = { urn: string; inputs?: Record<string, unknown>; outputs?: Record<string, unknown> };
    const resources = (deployment.deployment as { resources: Stored[] }).resources;
    const found = resources.find((resource) => resource.urn.endsWith(`::${name}`));
    return { inputs: found?.inputs ?? {}, outputs: found?.outputs ?? {} };
  };
  expect(Object.keys((await stateOf("orders-db")).inputs)).not.toContain("snapshotReadOnly");

  // Someone changes a setting the program does not declare: the output follows after refresh, as nothing else does.
  const live = await only("/sources");
  await world.api.request("PUT", `/sources/${live.id}`, {
    name: live.name,
    connector: live.connector,
    config: { ...live.config, "snapshot.read.only.user.defined": "No" },
  });
  const { diagnostics } = await world.project.refresh();
  expect(diagnostics.join("\n")).not.toMatch(/changed outside Pulumi/);
  // Stack outputs are the program's, computed by the next run; the resource's own outputs follow the refresh.
  expect((await stateOf("orders-db")).outputs.snapshotReadOnly).toBe("No");
  expect((await world.project.preview()).result.changeSummary).toEqual({ same: 4 });
  await world.api.request("PUT", `/sources/${live.id}`, {
    name: live.name,
    connector: live.connector,
    config: live.config,
  });
  await world.project.refresh();
});

test("a setting changed outside Pulumi shows as drift of its camelCase input, and up sets it back", async () => {
  const live = await only("/sources");
  await world.api.request(
    "PUT",
    `/sources/${live.id}`,
    {
      name: live.name,
      connector: live.connector,
      config: { ...live.config, "heartbeat.enabled": "true" },
    },
    { "X-Local-Origin": "web", "X-Local-Actor": "ops@example.com" },
  );
  const { diagnostics } = await world.project.refresh();
  // Named by its camelCase input, with the provenance of its config key from the service's history.
  expect(diagnostics.join("")).toMatch(
    /heartbeatEnabled is now true \(last applied: false\); changed \S+ by web \(ops@example\.com\), version \d+/,
  );
  const preview = await world.project.preview();
  expect(stepOf(preview, "orders-db")).toMatchObject({ op: "update", diffs: ["heartbeatEnabled"] });

  await world.project.up();
  expect((await only("/sources")).config["heartbeat.enabled"]).toBe("false");
});

test("changing one setting previews as an update of that camelCase input and applies it in place", async () => {
  const before = await only("/sources");
  await world.project.setConfig({ port: "6543" });
  const preview = await world.project.preview();
  expect(stepOf(preview, "orders-db")).toMatchObject({ op: "update", diffs: ["databasePort"] });
  expect(preview.result.changeSummary).toEqual({ same: 3, update: 1 });

  const result = await world.project.up();
  const after = await only("/sources");
  expect(after.id).toBe(before.id);
  expect(after.config["database.port.user.defined"]).toBe("6543");
  expect(result.outputs.sourcePort.value).toBe(6543);
});

test("changing a setting that forces a new connector previews as a replace named by it, with no duplicate", async () => {
  const before = await only("/destinations");
  await world.project.setConfig({ ingestionMode: "upsert" });
  const preview = await world.project.preview();
  const step = preview.steps.find((candidate) => candidate.name === "warehouse" && candidate.op === "replace");
  expect(step?.replaceKeys).toEqual(["ingestionMode"]);

  await world.project.up();
  const after = await only("/destinations");
  expect(after.id).not.toBe(before.id);
  expect(after.config["ingestion.mode"]).toBe("upsert");
  expect(await only("/pipelines")).toMatchObject({ destination: { id: after.id } });
  expect((await world.project.preview()).result.changeSummary).toEqual({ same: 4 });
});

test("destroy leaves the server empty", async () => {
  await world.project.destroy();
  expect(await world.api.list("/sources")).toEqual([]);
  expect(await world.api.list("/destinations")).toEqual([]);
  expect(await world.api.list("/pipelines")).toEqual([]);
});

test("bad input fails in preview, names each camelCase input, and sends nothing", async () => {
  const bad = await TestProject.create("typed", world.server, { badInput: "true" });
  try {
    let failure: { message: string; diagnostics: string[] } | undefined;
    const calls = await callsDuring(world.server, async () => (failure = await bad.failingPreview()));
    // What `pulumi preview` prints. (The event stream's diagnostics also carry the SDK's debug-level
    // RegisterResource lines, which hold resolved inputs, secrets included: only `--debug` shows those.)
    const printed = failure?.message ?? "";
    expect(printed).toContain("`streamkapSnapshotParallelism`: must be between 1 and 10");
    expect(printed).toContain("`databaseSslmode`: must be one of require, disable");
    expect(printed).toContain("`databaseDbname` is required");
    expect(leakedSecrets(printed, secrets)).toEqual([]);
    expect(calls).toEqual([]);
  } finally {
    bad.dispose();
  }
});
