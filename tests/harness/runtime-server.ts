import { type LocalServer, startLocalServer } from "../../server";
import { configure } from "../../provider/runtime";

/**
 * The opening of a test of the provider runtime itself (no engine): before its tests, a local server with short
 * delays and the runtime configured for it, as the engine's configure call would; after them, the server closed.
 * `world.server` is set once the tests run.
 */
export function runtimeAgainstLocalServer(): { server: LocalServer } {
  const world = {} as { server: LocalServer };
  beforeAll(async () => {
    world.server = await startLocalServer({ statusDelayMs: 10, deleteDelayMs: 10 });
    const settings: Record<string, string> = {
      "streamkap:endpoint": world.server.baseUrl,
      "streamkap:clientId": world.server.clientId,
      "streamkap:secret": world.server.secret,
    };
    await configure({ get: (key: string) => settings[key] });
  });
  afterAll(async () => {
    await world.server?.close();
  });
  return world;
}
