/**
 * The quickstart and the all-kinds example, unchanged, against a local server that behaves as the real service
 * does at its most awkward (docs/local-server.md "Modes"): Kafka Connect refuses changes to connectors for a
 * while after their create, writes stay `Pending Update` for a while, and deletes linger. Each converges, a second
 * `up` changes nothing, and destroy leaves nothing behind. The stack also sets the admin impersonation settings,
 * whose headers must reach the service on every call.
 */
import { type LocalServer, startLocalServer } from "../../server";
import { ServiceApi } from "../harness/api";
import { TestProject } from "../harness/project";

// Kafka Connect refuses half of the changes to a connector for 10 minutes after its create: all of this test.
const modes = "kc=0.5,kc-window=10m,seed=3;pending-update=400ms;slow-delete=1500ms";
const admin = { "streamkap:adminTenantId": "tenant-ops", "streamkap:adminServiceId": "service-ops" };

describe.each(["quickstart", "all-kinds"])("%s under the real-service modes", (fixture) => {
  let server: LocalServer;
  let api: ServiceApi;
  let project: TestProject;

  beforeAll(async () => {
    server = await startLocalServer({ faults: modes, statusDelayMs: 50 });
    api = new ServiceApi(server);
    project = await TestProject.create(fixture, server, admin);
  });

  afterAll(async () => {
    project?.dispose();
    await server?.close();
  });

  test("up converges through Pending Update", async () => {
    const result = await project.up();
    expect(result.summary.result).toBe("succeeded");
    expect((await api.list("/sources")).length).toBeGreaterThan(0);
  });

  test("B1: every call the provider made carried the admin headers", () => {
    const provider = server.stats().calls.filter((call) => call.admin !== undefined);
    expect(provider.length).toBeGreaterThan(0);
    for (const call of provider) expect(call.admin).toEqual({ tenantId: "tenant-ops", serviceId: "service-ops" });
  });

  test("a second up changes nothing", async () => {
    const result = await project.up();
    expect(Object.keys(result.summary.resourceChanges ?? {})).toEqual(["same"]);
  });

  test("B2, 7: destroy leaves nothing on the service through Kafka Connect's failures and slow deletes", async () => {
    await project.destroy();
    expect(await api.list("/sources")).toEqual([]);
    expect(await api.list("/destinations")).toEqual([]);
    expect(await api.list("/pipelines")).toEqual([]);
    const refused = server.stats().calls.filter((call) => call.status === 400 && call.admin !== undefined);
    expect(refused.length).toBeGreaterThan(0); // Kafka Connect's failures really happened
  });
});
