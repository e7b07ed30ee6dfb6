/**
 * `kill -9` of `pulumi up` in the middle of a stack of many resources, then recovery the way docs/reliability.md
 * tells a user to do it: the next `up` converges with exactly one object per resource, nothing orphaned on the
 * service, a following `up` changes nothing, and destroy leaves nothing.
 *
 * What a killed run leaves behind (pulumi 3.259, file backend), each checked below:
 * - the stack's lock file, so the next command refuses to run until `pulumi cancel` removes it;
 * - sometimes (when the kill lands while the backend writes it) an empty `<stack>.json.attrs`, the state file's
 *   metadata, so every command, `cancel` included, fails with "failed to load checkpoint: EOF" until it is deleted;
 * - pending create operations in the state, for objects the service may or may not have made. `up` leaves them
 *   there (and warns on every run) until `pulumi refresh --clear-pending-creates` drops them; the next `up` then
 *   creates those resources again, and the provider takes over each object the killed run had made
 *   (deterministic names, see provider/engine/operations.ts) instead of making a second one;
 * - the language host and the dynamic-provider processes, still running: nothing ends them.
 */
import * as fs from "node:fs";
import * as path from "node:path";

import { type LocalServer, startLocalServer } from "../../server";
import { ServiceApi } from "../harness/api";
import { type ProcessInfo, processesMentioning, runPulumi, runPulumiOk, startPulumi } from "../harness/process";
import { TestProject } from "../harness/project";

const groups = 15; // × (topic, source, destination, pipeline) = 60 objects, and the stack itself
const objects = groups * 4;
const killAfterCreates = 20;

let server: LocalServer;
let api: ServiceApi;
let project: TestProject;
let leftovers: ProcessInfo[] = [];

interface Live {
  id: string;
  name: string;
}

beforeAll(async () => {
  // Connectors take a while to become Active, so the kill finds creates in flight, not only ones between steps.
  server = await startLocalServer({ statusDelayMs: 300, deleteDelayMs: 50 });
  api = new ServiceApi(server);
  project = await TestProject.create("many", server, { groups: String(groups) });
});

afterAll(async () => {
  for (const { pid } of leftovers) {
    try {
      process.kill(pid, "SIGKILL"); // processes the killed run started and left running
    } catch {
      // already gone
    }
  }
  project?.dispose();
  await server?.close();
});

/** Creates the service has received: POSTs to the collections of the stack's resources. */
function createsReceived(): number {
  return server
    .stats()
    .calls.filter(
      (call) => call.method === "POST" && ["/topics", "/sources", "/destinations", "/pipelines"].includes(call.path),
    ).length;
}

/** What the service holds of the stack's kinds. */
async function onService(): Promise<Record<string, Live[]>> {
  const topics = (await api.list<Live & { entity_type?: string }>("/topics/details")).filter((topic) =>
    topic.name.startsWith("events-"),
  );
  return {
    topics,
    sources: await api.list<Live>("/sources"),
    destinations: await api.list<Live>("/destinations"),
    pipelines: await api.list<Live>("/pipelines"),
  };
}

/** The ids the stack's state records, and its pending operations. */
async function inState(): Promise<{ ids: string[]; pending: number }> {
  const exported = await runPulumiOk(project, ["stack", "export"]);
  const deployment = JSON.parse(exported.stdout).deployment as {
    resources?: Array<{ id?: string; type: string }>;
    pending_operations?: unknown[];
  };
  const ids = (deployment.resources ?? [])
    .filter((resource) => resource.type.startsWith("pulumi-nodejs:dynamic/streamkap:") && resource.id)
    .map((resource) => String(resource.id));
  return { ids, pending: deployment.pending_operations?.length ?? 0 };
}

test("killed mid-up, the run leaves a locked stack with pending creates and its plugins still running", async () => {
  const run = startPulumi(project, ["up", "--yes", "--skip-preview"]);
  for (let polls = 0; createsReceived() < killAfterCreates; polls++) {
    if (polls > 6000) throw new Error(`no ${killAfterCreates} creates after 5 minutes:\n${run.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  process.kill(run.child.pid as number, "SIGKILL"); // the `pulumi` process only, as `kill -9 <pid>` would
  const killed = await run.done;
  expect(killed.signal).toBe("SIGKILL");
  expect(createsReceived()).toBeLessThan(objects); // killed in the middle, not after the end

  leftovers = await processesMentioning(project.dir);
  expect(leftovers.map((found) => found.command)).toEqual(
    expect.arrayContaining([
      expect.stringContaining("pulumi-language-nodejs"),
      expect.stringContaining("@pulumi/pulumi/cmd/dynamic-provider"),
    ]),
  );

  const refused = await runPulumi(project, ["up", "--yes", "--skip-preview"]);
  expect(refused.code).not.toBe(0);
  expect(refused.stderr).toMatch(/the stack is currently locked|failed to load checkpoint: EOF/);
});

test("recovery: cancel, refresh --clear-pending-creates, up: one object per resource, no orphans", async () => {
  // Step 1, only when a command says "failed to load checkpoint: EOF": the kill hit the write of the state file's
  // metadata (`<stack>.json.attrs`); the empty file can go (the state itself is written atomically).
  removeEmptyStateMetadata(project.dir);
  // Step 2: remove the dead run's lock (on the file backend, `cancel` deletes it).
  await runPulumiOk(project, ["cancel", "--yes"]);
  expect((await inState()).pending).toBeGreaterThan(0);
  // Step 3: drop the pending creates (non-interactive `refresh` needs the flag to).
  await runPulumiOk(project, ["refresh", "--yes", "--skip-preview", "--clear-pending-creates"]);
  expect((await inState()).pending).toBe(0);

  // Step 4: `pulumi up`: the provider finds what the killed run made, by name, and takes it over.
  const recovered = await runPulumiOk(project, ["up", "--yes", "--skip-preview"]);
  expect(recovered.stdout).not.toContain("pending operations");

  const live = await onService();
  for (const [kind, items] of Object.entries(live)) {
    expect({ kind, count: items.length }).toEqual({ kind, count: groups });
    expect({ kind, distinctNames: new Set(items.map((item) => item.name)).size }).toEqual({
      kind,
      distinctNames: groups,
    });
  }
  const state = await inState();
  const onServiceIds = Object.values(live)
    .flat()
    .map((item) => item.id)
    .sort();
  expect(state.ids.sort()).toEqual(onServiceIds); // every object is the stack's, and every resource has its object
});

test("a second up changes nothing", async () => {
  const result = await project.up();
  expect(result.summary.resourceChanges).toEqual({ same: objects + 1 });
});

test("destroy leaves nothing on the service", async () => {
  await project.destroy();
  const live = await onService();
  expect(Object.values(live).flat()).toEqual([]);
});

test("the killed run's plugin processes are still running until someone ends them", () => {
  const alive = leftovers.filter(({ pid }) => fs.existsSync(`/proc/${pid}`));
  expect(alive.length).toBeGreaterThan(0);
});

/** Deletes zero-byte `*.attrs` files of the file backend's stack state (see step 2). */
function removeEmptyStateMetadata(projectDir: string): void {
  const stacks = path.join(projectDir, ".state", ".pulumi", "stacks");
  for (const file of fs.readdirSync(stacks, { recursive: true, encoding: "utf8" })) {
    const full = path.join(stacks, file);
    if (file.endsWith(".attrs") && fs.statSync(full).size === 0) fs.unlinkSync(full);
  }
}
