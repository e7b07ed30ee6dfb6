/**
 * The quickstart in another Pulumi language (examples/yaml, examples/go), through the provider plugin against the
 * local API server: the same checks for each, as a user of that language would see them. Up makes the
 * quickstart's source, destination, pipeline and topic; a second preview changes nothing and calls nothing;
 * refresh finds no drift; destroy leaves nothing. The calling file declares these tests with
 * `quickstartProgramTests`, after a `beforeAll` that fills `world`.
 */
import type { LocalServer } from "../../server";
import type { ServiceApi } from "./api";
import { callsDuring } from "./calls";
import { type CliRun, runPulumi, runPulumiOk } from "./process";
import type { TestProject } from "./project";
import { leakedSecrets } from "./secrets";

export interface QuickstartWorld {
  server: LocalServer;
  api: ServiceApi;
  project: TestProject;
}

export interface QuickstartOptions {
  /** What each `pulumi` command runs with beyond the project's own environment. */
  env?: NodeJS.ProcessEnv;
  /** The language's own checks of what `up` printed and the stack's outputs. */
  afterUp?: (up: CliRun, outputs: Record<string, unknown>) => void;
}

/** The quickstart's tests, on the project `world` holds when they run. */
export function quickstartProgramTests(world: QuickstartWorld, { env = {}, afterUp }: QuickstartOptions = {}): void {
  test("up makes the quickstart's source, destination, pipeline and topic through the plugin", async () => {
    const { api, project } = world;
    const up = await runPulumiOk(project, ["up", "--yes", "--skip-preview"], env);
    const outputs = JSON.parse((await runPulumiOk(project, ["stack", "output", "--json"], env)).stdout);
    expect(outputs).toMatchObject({ sourceStatus: "Active" });
    expect([...outputs.pipelineTopics].sort()).toEqual(
      [`source_${outputs.sourceId}.public.customers`, `source_${outputs.sourceId}.public.orders`].sort(),
    );
    const [source] = await api.list<{ id: string; connector: string }>("/sources");
    expect(source).toMatchObject({ id: outputs.sourceId, connector: "postgresql" });
    expect(await api.list("/destinations")).toHaveLength(1);
    expect(await api.list("/pipelines")).toHaveLength(1);
    expect(await api.request("GET", `/topics/${outputs.topicId}?detailed=true`)).toMatchObject({
      kafka: { partitions: { count: 3 } },
    });
    expect(leakedSecrets(project.stateFile(), ["local-demo-password", "local-demo-private-key"])).toEqual([]);
    afterUp?.(up, outputs);
  });

  test("a second preview shows no change and makes no API call; refresh finds nothing changed", async () => {
    let preview: CliRun | undefined;
    const calls = await callsDuring(world.server, async () => {
      preview = await runPulumi(world.project, ["preview", "--json"], env);
    });
    expect(preview?.code).toBe(0);
    expect(JSON.parse(preview?.stdout ?? "{}").changeSummary).toEqual({ same: 5 });
    expect(calls).toEqual([]);
    const refresh = await runPulumiOk(world.project, ["refresh", "--yes", "--skip-preview"], env);
    expect(refresh.stdout).not.toContain("changed outside Pulumi");
  });

  test("destroy leaves nothing on the server", async () => {
    await runPulumiOk(world.project, ["destroy", "--yes", "--skip-preview"], env);
    expect(await world.api.list("/sources")).toEqual([]);
    expect(await world.api.list("/destinations")).toEqual([]);
    expect(await world.api.list("/pipelines")).toEqual([]);
  });
}
