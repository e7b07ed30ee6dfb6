/**
 * The resource option `customTimeouts` (Terraform's `timeouts {create, update, delete}`) as each operation's
 * deadline, with the real engine against a local server whose connectors take seconds to become ready and to go
 * away: an operation past its deadline fails naming the option, keeps what was made, and the next run finishes it.
 * A change to the option alone changes nothing.
 */
import { type LocalServer, startLocalServer } from "../../server";
import { ServiceApi } from "../harness/api";
import { callsDuring, previewCalls } from "../harness/calls";
import { TestProject } from "../harness/project";

let server: LocalServer;
let api: ServiceApi;
let project: TestProject;

beforeAll(async () => {
  // Connectors are `Starting` for 4 s after a create or an update, and take 3 s to delete.
  server = await startLocalServer({ statusDelayMs: 4_000, deleteDelayMs: 3_000 });
  api = new ServiceApi(server);
  project = await TestProject.create("timeouts", server, { createTimeout: "1s" });
});

afterAll(async () => {
  project?.dispose();
  await server?.close();
});

/** The message of a failed `up` or `destroy`, with its diagnostics. */
async function failureOf(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    return String(error instanceof Error ? error.message : error);
  }
  throw new Error("expected the command to fail");
}

test("a create past customTimeouts.create fails naming the option, and keeps the source it made", async () => {
  const message = await failureOf(() => project.up());
  expect(message).toContain("the create did not finish within 1s (customTimeouts.create)");
  expect(message).toContain("raise customTimeouts.create");
  const sources = await api.list<{ id: string }>("/sources");
  expect(sources).toHaveLength(1);
  const state = project.stateFile();
  expect(state).toContain(sources[0].id); // in the stack, so the next run finishes it rather than make another
});

test("with a longer deadline the next up finishes the same source", async () => {
  await project.setConfig({ createTimeout: "10m", updateTimeout: "10m" });
  const result = await project.up();
  expect(result.outputs.connectorStatus.value).toBe("Active");
  expect(await api.list("/sources")).toHaveLength(1);
});

test("changing customTimeouts alone previews no change and calls nothing", async () => {
  await project.setConfig({ updateTimeout: "20m", deleteTimeout: "30m" });
  const { changeSummary, calls } = await previewCalls(server, project);
  expect(changeSummary).toEqual({ same: 2 });
  expect(calls).toEqual([]);
});

test("an update past customTimeouts.update fails naming the option; the next up completes it", async () => {
  await project.setConfig({ port: "6543", updateTimeout: "1s", deleteTimeout: "1s" });
  const message = await failureOf(() => project.up());
  expect(message).toContain("the update did not finish within 1s (customTimeouts.update)");
  const [source] = await api.list<{ config: Record<string, unknown> }>("/sources");
  expect(source.config["database.port.user.defined"]).toBe("6543"); // the change was made; the wait ran out

  await project.setConfig({ updateTimeout: "10m" });
  await project.up();
  expect((await project.preview()).result.changeSummary).toEqual({ same: 2 });
});

test("a delete past customTimeouts.delete fails naming the option; destroy again finishes", async () => {
  // The delete deadline in force is the one recorded by the last create or update: 1s.
  await project.setConfig({ port: "6544" });
  await project.up();
  const message = await failureOf(() => project.destroy());
  expect(message).toContain("the delete did not finish within 1s (customTimeouts.delete)");
  for (let attempt = 1; ; attempt++) {
    try {
      await project.destroy();
      break;
    } catch (error) {
      if (attempt === 5) throw error;
    }
  }
  expect(await api.list("/sources")).toEqual([]);
});

test("a customTimeouts value that is not a duration fails in preview, naming it, and sends nothing", async () => {
  const bad = await TestProject.create("timeouts", server, { createTimeout: "ten minutes" });
  try {
    let failure: { message: string; diagnostics: string[] } | undefined;
    const calls = await callsDuring(server, async () => (failure = await bad.failingPreview()));
    const printed = [failure?.message, ...(failure?.diagnostics ?? [])].join("\n");
    // The engine itself refuses it when the resource registers, before the provider's own duration rule runs.
    expect(printed).toContain("unable to parse customTimeout Value ten minutes");
    expect(calls).toEqual([]);
  } finally {
    bad.dispose();
  }
});
