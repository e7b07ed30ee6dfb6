/**
 * The local API server with a data directory keeps everything across a restart: the quickstart program, unchanged,
 * previews no change against the restarted server and destroys cleanly.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

import { type LocalServer, startLocalServer } from "../../server";
import { ServiceApi } from "../harness/api";
import { TestProject } from "../harness/project";

let dataDir: string;
let server: LocalServer | undefined;
let project: TestProject | undefined;

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-data-"));
});

afterAll(async () => {
  project?.dispose();
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test("the quickstart runs unchanged against a server restarted on the same data directory", async () => {
  const first = await startLocalServer({ dataDir, statusDelayMs: 20, deleteDelayMs: 20 });
  server = first;
  project = await TestProject.create("quickstart", first);
  const created = await project.up();
  expect(created.summary.result).toBe("succeeded");
  const port = new URL(first.baseUrl).port;
  await first.close();
  server = undefined;

  const restarted = await startLocalServer({ dataDir, port: Number(port), statusDelayMs: 20, deleteDelayMs: 20 });
  server = restarted;
  expect(restarted.clientId).toBe(first.clientId); // the same service and credentials, from the data directory
  const api = new ServiceApi(restarted);
  expect((await api.list("/sources")).map((source) => (source as { id: string }).id)).toEqual([
    created.outputs.sourceId.value,
  ]);

  expect((await project.preview()).result.changeSummary).toEqual({ same: 5 }); // the stack, source, destination, pipeline and topic
  await project.destroy();
  expect(await api.list("/sources")).toEqual([]);
  expect(await api.list("/pipelines")).toEqual([]);
});
