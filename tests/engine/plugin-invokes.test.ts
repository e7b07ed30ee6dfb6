/**
 * The lookups as the provider plugin's invokes (issue #17 item 1), run for real: a Pulumi YAML program calls
 * `streamkap:index:getTags`, `getSources`, `getSource` and `getTopic` with `fn::invoke` (through Pulumi YAML's
 * language host and the plugin on PATH) and exports what they answer about objects made directly on the local
 * server; an argument a lookup does not take fails the preview, naming the function and the argument. The
 * handler itself is held to its other refusals (an unknown function, a mistyped nested argument) directly.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

import * as pulumi from "@pulumi/pulumi";

import { invoke } from "../../provider/plugin/invokes";
import { type LocalServer, startLocalServer } from "../../server";
import { ServiceApi } from "../harness/api";
import { pluginOnPath, runPulumi, runPulumiOk } from "../harness/process";
import { TestProject } from "../harness/project";

const env = pluginOnPath;
const saved = { ...process.env };
let server: LocalServer;
let api: ServiceApi;
let project: TestProject;
let tagId: string;
let sourceId: string;

/** A Pulumi YAML program of `variables` (each an `fn::invoke`) that exports every one of them. */
function writeProgram(variables: Record<string, { function: string; arguments?: unknown; return?: string }>): void {
  const lines = ["name: streamkap-invokes", "runtime: yaml", "variables:"];
  for (const [name, call] of Object.entries(variables)) {
    lines.push(`  ${name}:`, "    fn::invoke:", `      function: streamkap:index:${call.function}`);
    if (call.arguments !== undefined) lines.push(`      arguments: ${JSON.stringify(call.arguments)}`);
    if (call.return !== undefined) lines.push(`      return: ${call.return}`);
  }
  lines.push("outputs:", ...Object.keys(variables).map((name) => `  ${name}: \${${name}}`));
  fs.writeFileSync(path.join(project.dir, "Pulumi.yaml"), `${lines.join("\n")}\n`);
}

beforeAll(async () => {
  server = await startLocalServer({ statusDelayMs: 30, topicDiscoveryDelayMs: 30 });
  api = new ServiceApi(server);
  tagId = (await api.request<{ id: string }>("POST", "/tags", { name: "prod-eu", type: ["sources"] })).id;
  const source = await api.request<{ id: string }>("POST", "/sources", {
    name: "orders-db",
    connector: "postgresql",
    created_from: "web",
    tags: [tagId],
    config: {
      "database.hostname.user.defined": "db.internal.example.com",
      "database.user": "streamkap",
      "database.password": "console-password-7c1e",
      "database.dbname": "shop",
      "schema.include.list": "public",
      "table.include.list.user.defined": "public.orders",
    },
  });
  sourceId = source.id;
  await api.request("POST", "/topics", { topic_name: "clean-orders", num_partitions: 3, cleanup_policy: "compact" });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-invokes-"));
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: streamkap-invokes\nruntime: yaml\n");
  project = await TestProject.fromDirectory(dir, server);
});

afterAll(async () => {
  process.env = saved;
  project?.dispose();
  await server?.close();
});

test("a YAML program's invokes answer what the server holds: tags, sources, a source and a topic", async () => {
  writeProgram({
    tags: { function: "getTags", arguments: { name: "prod-eu" }, return: "tags" },
    sources: { function: "getSources", arguments: { connector: "postgresql", tagIds: [tagId] }, return: "sources" },
    source: { function: "getSource", arguments: { id: sourceId } },
    topic: { function: "getTopic", arguments: { id: "clean-orders" } },
  });
  await runPulumiOk(project, ["up", "--yes", "--skip-preview"], env);
  const outputs = JSON.parse((await runPulumiOk(project, ["stack", "output", "--json"], env)).stdout);

  const { tags } = await api.request<{ tags: Array<{ id: string; name: string; type: string[]; system?: boolean }> }>(
    "GET",
    "/tags",
  );
  const tag = tags.find((item) => item.id === tagId);
  expect(outputs.tags).toEqual([{ id: tagId, name: tag?.name, types: tag?.type, system: tag?.system ?? false }]);

  const [live] = (await api.request<{ result: Array<Record<string, unknown>> }>("GET", `/sources/${sourceId}`)).result;
  const expected = {
    id: sourceId,
    name: "orders-db",
    connector: "postgresql",
    config: live?.config,
    topicIds: live?.topic_ids,
    tagIds: [tagId],
  };
  expect(outputs.source).toMatchObject(expected);
  expect(outputs.sources).toHaveLength(1);
  expect(outputs.sources[0]).toMatchObject(expected);
  // The service masks secrets in what it answers; the lookup passes on only that.
  expect(JSON.stringify(outputs)).not.toContain("console-password-7c1e");

  expect(outputs.topic).toMatchObject({
    id: "clean-orders",
    name: "clean-orders",
    partitions: 3,
    cleanupPolicy: "compact",
  });
});

test("an argument the lookup does not take fails the preview, naming the function and the argument", async () => {
  writeProgram({ sources: { function: "getSources", arguments: { partialNme: "orders" }, return: "sources" } });
  const preview = await runPulumi(project, ["preview"], env);
  expect(preview.code).not.toBe(0);
  expect(`${preview.stdout}\n${preview.stderr}`).toMatch(
    /getSources: argument `partialNme` is not one it takes; did you mean `partialName`\?/,
  );
});

test("a lookup of an object the service does not have fails the preview, naming the lookup and the object", async () => {
  writeProgram({ source: { function: "getSource", arguments: { id: "no-such-source" } } });
  const preview = await runPulumi(project, ["preview"], env);
  expect(preview.code).not.toBe(0);
  expect(`${preview.stdout}\n${preview.stderr}`).toContain(
    "getSource: source no-such-source does not exist on the service (or these credentials cannot see it).",
  );
});

describe("the invoke handler", () => {
  beforeAll(() => {
    // The plugin's configured settings fall back to the environment, as a program's would.
    Object.assign(process.env, {
      STREAMKAP_HOST: server.baseUrl,
      STREAMKAP_CLIENT_ID: server.clientId,
      STREAMKAP_SECRET: server.secret,
    });
  });

  test("answers a list under its name, with no absent field on the wire", async () => {
    const answer = await invoke("streamkap:index:getTags", { name: "prod-eu" });
    expect(answer).toEqual({ outputs: { tags: [{ id: tagId, name: "prod-eu", types: ["sources"], system: false }] } });
  });

  test("takes a secret argument, and answers as secretly", async () => {
    const { specialSigKey, specialSecretSig } = pulumi.runtime;
    const answer = await invoke("streamkap:index:getTags", {
      name: { [specialSigKey]: specialSecretSig, value: "prod-eu" },
    });
    expect(answer.outputs).toEqual({
      tags: {
        [specialSigKey]: specialSecretSig,
        value: [{ id: tagId, name: "prod-eu", types: ["sources"], system: false }],
      },
    });
  });

  test("refuses a function it does not serve, naming it and those it does", async () => {
    await expect(invoke("streamkap:index:getEverything", {})).rejects.toThrow(
      /streamkap:index:getEverything is not a function of this pulumi-resource-streamkap; it serves getSource, .*getTopicMetrics/,
    );
  });

  test("refuses mistyped and unknown nested arguments, each named by its path", async () => {
    const answer = await invoke("streamkap:index:getTopicMetrics", {
      entities: [{ id: sourceId, entityType: "source", connector: "postgresql", topicIds: [] }],
      window: { units: "days" },
    });
    expect(answer.failures?.map((failure) => failure.property).sort()).toEqual([
      "entities.0.entityType",
      "window.units",
    ]);
    expect(answer.failures?.map((failure) => failure.reason).sort()).toEqual([
      "getTopicMetrics: argument `entities.0.entityType` must be one of sources, transforms, destinations. Correct " +
        "it where the program calls getTopicMetrics.",
      "getTopicMetrics: argument `window.units` is not a field of `window`; did you mean `unit`? `window` takes " +
        "interval, unit. Correct it where the program calls getTopicMetrics.",
    ]);
    expect(await invoke("streamkap:index:getSource", {})).toMatchObject({
      failures: [{ property: "id", reason: expect.stringMatching(/^getSource: argument `id` is required\./) }],
    });
  });
});
