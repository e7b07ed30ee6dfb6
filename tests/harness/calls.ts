import type { LocalServer } from "../../server";
import type { PreviewReport, TestProject } from "./project";

/** The API calls (`METHOD /path`) the server received while `action` ran, in order. */
export async function callsDuring(server: LocalServer, action: () => Promise<unknown>): Promise<string[]> {
  server.resetStats();
  await action();
  return server.stats().calls.map((call) => `${call.method} ${call.path}`);
}

/** A preview and the API calls the server received while it ran: a no-op preview shows `same` only, with none. */
export async function previewCalls(
  server: LocalServer,
  project: Pick<TestProject, "preview">,
): Promise<{ changeSummary: PreviewReport["result"]["changeSummary"] | undefined; calls: string[] }> {
  let preview: PreviewReport | undefined;
  const calls = await callsDuring(server, async () => (preview = await project.preview()));
  return { changeSummary: preview?.result.changeSummary, calls };
}
