/**
 * A stack of 100 resources of mixed kinds converges against a service that fails often: 10% 5xx, 10% 429, 2% of
 * connections dropped unanswered, tokens that expire every 20 s (seeded, so every run sees the same faults).
 * Afterwards the service holds exactly one object per resource, a second `up` changes nothing, and destroy
 * leaves nothing behind.
 */
import { type LocalServer, startLocalServer } from "../../server";
import { listThroughFaults, ServiceApi } from "../harness/api";
import { TestProject } from "../harness/project";
import { leakedSecrets } from "../harness/secrets";

const groups = 25; // × (topic, source, destination, pipeline) = 100 resources
const faults = "5xx=0.1,429=0.1,retry-after=1,drop=0.02,seed=7;ttl=20s";

let server: LocalServer;
let api: ServiceApi;
let project: TestProject;

beforeAll(async () => {
  server = await startLocalServer({ faults, statusDelayMs: 50, deleteDelayMs: 50 });
  api = new ServiceApi({ ...server, baseUrl: server.baseUrl }); // asserts through the same faulty service…
  project = await TestProject.create("many", server, { groups: String(groups) });
});

afterAll(async () => {
  project?.dispose();
  await server?.close();
});

/** Lists through the faults: the assertions must not flake on the very failures under test. */
const listAll = (collection: string) => listThroughFaults<{ name: string }>(api, collection);

test("up converges: exactly one object on the service per resource", async () => {
  const result = await project.up();
  expect(result.summary.result).toBe("succeeded");
  expect(result.summary.resourceChanges?.create).toBe(groups * 4 + 1);

  const names = async (collection: string) => (await listAll(collection)).map((item) => item.name).sort();
  const sources = await names("/sources");
  const destinations = await names("/destinations");
  const pipelines = await names("/pipelines");
  expect(sources).toHaveLength(groups);
  expect(new Set(sources).size).toBe(groups);
  expect(destinations).toHaveLength(groups);
  expect(pipelines).toHaveLength(groups);
  const faulted = server.stats().calls.filter((call) => call.status === 0 || call.status === 429 || call.status >= 500);
  expect(faulted.length).toBeGreaterThan(20); // the faults really happened
});

test("no secret reaches the state file in plaintext", () => {
  const secrets = Array.from({ length: groups }, (_, i) => [`many-secret-${i}-4f1e`, `many-key-${i}-9c0d`]).flat();
  expect(leakedSecrets(project.stateFile(), secrets)).toEqual([]);
});

test("a second up changes nothing", async () => {
  const result = await project.up();
  expect(result.summary.resourceChanges).toEqual({ same: groups * 4 + 1 });
});

test("destroy leaves nothing on the service", async () => {
  await project.destroy();
  expect(await listAll("/sources")).toEqual([]);
  expect(await listAll("/destinations")).toEqual([]);
  expect(await listAll("/pipelines")).toEqual([]);
});
