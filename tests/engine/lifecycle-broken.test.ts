/**
 * A connector the service reports `Broken` fails the step with the service's own explanation (explain-error) and
 * what to do; changing `restartTrigger` restarts it, and the next `up` converges. The local API server's
 * break switch plays the failing external system.
 */
import { type LocalServer, startLocalServer } from "../../server";
import { ServiceApi } from "../harness/api";
import { TestProject } from "../harness/project";
import { failingUp, liveConnector } from "../fixtures/lifecycle/support";

let server: LocalServer;
let api: ServiceApi;
let project: TestProject;

beforeAll(async () => {
  server = await startLocalServer({ statusDelayMs: 50, deleteDelayMs: 50 });
  api = new ServiceApi(server);
  project = await TestProject.create("lifecycle", server);
});

afterAll(async () => {
  await project?.destroy();
  project?.dispose();
  await server?.close();
});

test("an up that finds its source Broken fails quoting the service's explanation, and a restart trigger recovers it", async () => {
  const sourceId = String((await project.up()).outputs.sourceId.value);
  const broken = await api.request<{ connector_status: string }>("POST", `/_local/connectors/${sourceId}/break`, {
    explanation: "FATAL: password authentication failed for user streamkap",
  });
  expect(broken.connector_status).toBe("Broken");

  await project.setConfig({ readyTimeoutSeconds: "120" }); // an update that waits for the declared state
  const failure = await failingUp(server, project);
  const said = [failure.message, ...failure.diagnostics].join("\n");
  expect(said).toContain(
    'the service reports it `Broken`; the service explains: "FATAL: password authentication failed for user streamkap"',
  );
  expect(said).toContain("change `restartTrigger` to restart it");
  expect(failure.calls).toContain(`POST /sources/${sourceId}/explain-error 200`);

  await project.setConfig({ restartTrigger: "credentials-rotated" });
  await project.up();
  expect((await liveConnector(api, "/sources", sourceId)).connector_status).toBe("Active");
  expect((await api.list("/sources")).length).toBe(1);
});
