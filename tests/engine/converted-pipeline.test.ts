/**
 * A pipeline Terraform made, declared as Pulumi's Terraform converter writes it (issue #51): Terraform's
 * `snapshot_new_tables` defaults to true, and a converted program that left it out declares no
 * `snapshotNewTables`. Taken over and then updated (a new name), the pipeline keeps snapshotting new tables: an
 * unset `snapshotNewTables` is the service's to keep, never turned off by an update of something else. Through
 * the provider plugin, as the converter's programs run.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

import { type LocalServer, startLocalServer } from "../../server";
import { ServiceApi } from "../harness/api";
import { pluginOnPath, runPulumiOk } from "../harness/process";
import { TestProject } from "../harness/project";
import { PG_DEST_CONFIG, PG_SOURCE_CONFIG } from "../server/helpers";

let server: LocalServer;
let api: ServiceApi;
let project: TestProject;
let ids: { source: string; destination: string; pipeline: string };

function program(name: string): string {
  return [
    "name: converted-pipeline",
    "runtime: yaml",
    "resources:",
    "  main:",
    "    type: streamkap:index:Pipeline",
    "    properties:",
    `      adopt: ${ids.pipeline}`,
    `      name: ${name}`,
    `      sourceId: ${ids.source}`,
    `      destinationId: ${ids.destination}`,
    "",
  ].join("\n");
}

const liveSnapshotNewTables = async () =>
  (await api.request<{ result: Array<{ snapshot_new_tables?: boolean }> }>("GET", `/pipelines/${ids.pipeline}`))
    .result[0]?.snapshot_new_tables;

beforeAll(async () => {
  server = await startLocalServer({ statusDelayMs: 20, deleteDelayMs: 20 });
  api = new ServiceApi(server);
  const source = await api.request<{ id: string; name: string }>("POST", "/sources", {
    name: "tf-source",
    connector: "postgresql",
    config: PG_SOURCE_CONFIG,
  });
  const destination = await api.request<{ id: string; name: string }>("POST", "/destinations", {
    name: "tf-destination",
    connector: "postgresql",
    config: PG_DEST_CONFIG,
  });
  // As the official provider creates it with its default (internal/resource/pipeline/pipeline.go:161-165).
  const pipeline = await api.request<{ id: string }>("POST", "/pipelines", {
    name: "tf-pipeline",
    source: { id: source.id, name: source.name, connector: "postgresql", topics: ["public.orders"] },
    destination: { id: destination.id, name: destination.name, connector: "postgresql" },
    snapshot_new_tables: true,
    created_from: "terraform",
  });
  ids = { source: source.id, destination: destination.id, pipeline: pipeline.id };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "converted-pipeline-"));
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), program("tf-pipeline"));
  project = await TestProject.fromDirectory(dir, server);
});

afterAll(async () => {
  project?.dispose();
  await server?.close();
});

test("taken over, then renamed, a pipeline that snapshots new tables still does", async () => {
  await runPulumiOk(project, ["up", "--yes"], pluginOnPath);
  fs.writeFileSync(path.join(project.dir, "Pulumi.yaml"), program("tf-pipeline-renamed"));
  await runPulumiOk(project, ["up", "--yes"], pluginOnPath);
  const live = await api.request<{ result: Array<{ name?: string }> }>("GET", `/pipelines/${ids.pipeline}`);
  expect(live.result[0]?.name).toBe("tf-pipeline-renamed");
  expect(await liveSnapshotNewTables()).toBe(true);
  const preview = await runPulumiOk(project, ["preview", "--json"], pluginOnPath);
  expect(JSON.parse(preview.stdout).changeSummary).toEqual({ same: 2 });
});
