/**
 * Issue 13, row 42 (and S20/S21 on the reading side): `getTopics`, `getTopic` and `pulumi-streamkap export` ask
 * /topics/details with the real `entity_type` values (`sources, destinations, transforms, pipelines, manual`,
 * DOCS list-all-topics), tell owners apart by `entity.entity_type`, and read partitions and the cleanup policy
 * from GET /topics/{id}'s `kafka` block. Against the local API server over HTTP, which refuses other values.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

import { type ExportIo, runExportCommand } from "../../cli/export/command";
import { type LocalServer, startLocalServer } from "../../server";
import { getTopic, getTopics } from "../../sdk/lookups";
import { ServiceApi } from "../harness/api";

let server: LocalServer;
let api: ServiceApi;
let sourceId: string;
const saved = { ...process.env };
const dirs: string[] = [];

beforeAll(async () => {
  server = await startLocalServer({ statusDelayMs: 10 });
  api = new ServiceApi(server);
  Object.assign(process.env, {
    STREAMKAP_HOST: server.baseUrl,
    STREAMKAP_CLIENT_ID: server.clientId,
    STREAMKAP_SECRET: server.secret,
  });
  const source = await api.request<{ id: string }>("POST", "/sources", {
    name: "orders-db",
    connector: "postgresql",
    config: {
      "database.hostname.user.defined": "db.internal.example.com",
      "database.port.user.defined": "5432",
      "database.user": "streamkap",
      "database.password": "not-a-real-password",
      "database.dbname": "shop",
      "schema.include.list": "public",
      "table.include.list.user.defined": "public.orders,public.customers",
    },
  });
  sourceId = source.id;
  await api.request("POST", "/topics", { topic_name: "clean-orders", num_partitions: 3, cleanup_policy: "compact" });
});

afterAll(async () => {
  process.env = saved;
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  await server?.close();
});

test("42: getTopics filters by the real entity types, and the first versions' values still work", async () => {
  const ids = async (filter: Parameters<typeof getTopics>[0]) => (await getTopics(filter)).map((t) => t.id).sort();
  const sourceTopics = [`source_${sourceId}.public.customers`, `source_${sourceId}.public.orders`];
  expect(await ids({ entityType: "sources", entityId: sourceId })).toEqual(sourceTopics);
  expect(await ids({ entityType: "manual" })).toEqual(["clean-orders"]);
  expect(await ids({ entityType: "source", entityId: sourceId })).toEqual(sourceTopics);
  expect(await ids({ entityType: "topic" })).toEqual(["clean-orders"]);
});

test("38: getTopic reads the partition count and cleanup policy from the `kafka` block", async () => {
  expect(await getTopic("clean-orders")).toEqual({
    id: "clean-orders",
    dbId: expect.stringMatching(/^[0-9a-f]{24}$/),
    name: "clean-orders",
    partitions: 3,
    cleanupPolicy: "compact",
    // A topic made on its own has no producer to inherit a format from (TF topic_serialization.go).
    serialization: { keyFormat: "unknown", valueFormat: "unknown", schemaRegistryEnabled: false },
  });
});

test("42: export writes the topic made by hand, with its partitions and cleanup policy, and no source topic", async () => {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-topic-export-")), "infra");
  dirs.push(path.dirname(out));
  const io: ExportIo = { stdout: () => undefined, stderr: () => undefined, interactive: false, env: process.env };
  await runExportCommand(["--out", out], io);
  const program = fs.readFileSync(path.join(out, "index.ts"), "utf8");
  const topics = program.split("new streamkap.Topic(").slice(1);
  expect(topics).toHaveLength(1);
  expect(topics[0]).toContain('"clean-orders"');
  expect(topics[0]).toContain("partitions: 3");
  expect(topics[0]).toContain('cleanupPolicy: "compact"');
});
