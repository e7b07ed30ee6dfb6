import { type LocalServer, type LocalServerOptions, startLocalServer } from "../../server";
import { ServiceApi } from "./api";
import { TestProject } from "./project";

/** What an engine test works with. The fields are set before the file's tests run: read them inside tests. */
export interface Scenario {
  /** The local API server the project runs against. */
  server: LocalServer;
  /** The service as a test reads it, on the same server. */
  api: ServiceApi;
  /** The fixture's Pulumi program in a fresh directory and stack. */
  project: TestProject;
}

/**
 * The opening of an engine test file: before its tests, a local server (`server` options), a ServiceApi on it and
 * the fixture's Pulumi project (`config` its stack settings); after them, the project removed and the server closed.
 */
export function scenario(
  fixture: string,
  options: { server?: LocalServerOptions; config?: Record<string, string> } = {},
): Scenario {
  const world = {} as Scenario;
  beforeAll(async () => {
    world.server = await startLocalServer(options.server);
    world.api = new ServiceApi(world.server);
    world.project = await TestProject.create(fixture, world.server, options.config);
  });
  afterAll(async () => {
    world.project?.dispose();
    await world.server?.close();
  });
  return world;
}
