import type { LocalServer } from "../../server";

/** The API calls (`METHOD /path`) the server received while `action` ran, in order. */
export async function callsDuring(server: LocalServer, action: () => Promise<unknown>): Promise<string[]> {
  server.resetStats();
  await action();
  return server.stats().calls.map((call) => `${call.method} ${call.path}`);
}
