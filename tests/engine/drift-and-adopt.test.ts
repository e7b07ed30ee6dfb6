/**
 * Previews that tell the truth about the live service: drift reported with its provenance from config-history,
 * `onDrift: "fail"` against console edits, objects deleted behind Pulumi's back, and adopting existing objects.
 */
import { checkInputs } from "../../provider/engine/check";
import { kinds } from "../../provider/kinds";
import { type LocalServer, startLocalServer } from "../../server";
import { ServiceApi } from "../harness/api";
import { TestProject } from "../harness/project";
import { leakedSecrets } from "../harness/secrets";

type Live = { id: string; name: string; connector: string; config: Record<string, unknown> };

const portKey = "database.port.user.defined";
let server: LocalServer;
let api: ServiceApi;

beforeAll(async () => {
  server = await startLocalServer({ statusDelayMs: 20, deleteDelayMs: 50 });
  api = new ServiceApi(server);
});

afterAll(async () => {
  await server?.close();
});

/** Changes a source's config the way someone in the web console would, with that origin in its history. */
async function editInConsole(id: string, changes: Record<string, unknown>): Promise<void> {
  const [source] = (await api.request<{ result: Live[] }>("GET", `/sources/${id}?secret_returned=true`)).result;
  await api.request(
    "PUT",
    `/sources/${id}`,
    { name: source.name, connector: source.connector, config: { ...source.config, ...changes } },
    { "X-Local-Origin": "web", "X-Local-Actor": "alice@example.com" },
  );
}

async function onlySource(): Promise<Live> {
  const sources = await api.list<Live>("/sources");
  expect(sources).toHaveLength(1);
  return sources[0];
}

describe("drift", () => {
  let project: TestProject;

  beforeAll(async () => {
    project = await TestProject.create("pipeline", server);
    await project.up();
  });

  afterAll(async () => {
    await project?.destroy();
    project?.dispose();
  });

  test("refresh reports a key changed in the console with its live value, origin, actor and version", async () => {
    const source = await onlySource();
    await editInConsole(source.id, { [portKey]: 6000 });
    const history = await api.request<{ result: Array<{ version: number }> }>(
      "GET",
      `/sources/${source.id}/config-history`,
    );
    const newest = Math.max(...history.result.map((version) => version.version));

    const { diagnostics } = await project.refresh();
    // The engine shows a multi-line warning as one diagnostic per line.
    const warning = diagnostics.join("");
    expect(warning).toContain("changed outside Pulumi since the last `pulumi up`");
    expect(warning).toContain(`config["${portKey}"] is now 6000 (last applied: 5432)`);
    expect(warning).toContain("by web (alice@example.com)");
    expect(warning).toContain(`version ${newest}`);
    expect(warning).toMatch(/Since it was created \(version 1\), 1 setting\(s\) changed/);
    expect(leakedSecrets(diagnostics.join("\n"), ["fixture-db-password-7f3a"])).toEqual([]);
    expect(leakedSecrets(project.stateFile(), ["fixture-db-password-7f3a", "fixture-private-key-91c2"])).toEqual([]);
  });

  test("after the refresh, the preview shows the drifted key going back, and up restores it", async () => {
    const preview = await project.preview();
    const step = preview.steps.find((candidate) => candidate.name === "orders-db");
    expect(step).toMatchObject({ op: "update", diffs: ["config"] });
    expect(Object.keys(step?.detailedDiff ?? {})).toEqual([expect.stringContaining(portKey)]);

    await project.up();
    expect((await onlySource()).config[portKey]).toBe("5432");
    expect((await project.preview()).result.changeSummary).toEqual({ same: 5 });
  });

  test('onDrift "fail" refuses an update after a console edit, naming the key and version, until refreshed', async () => {
    await project.setConfig({ onDrift: "fail" });
    await project.up(); // changing onDrift alone touches nothing on the service
    const source = await onlySource();
    await editInConsole(source.id, { [portKey]: 7000 });

    await project.setConfig({ port: "5433" });
    await expect(project.up()).rejects.toThrow(
      new RegExp(
        `config\\["${portKey.replace(/\./g, "\\.")}"\\] is now 7000.*by web \\(alice@example\\.com\\), version \\d+[\\s\\S]*onDrift\` is "fail"`,
      ),
    );
    expect((await onlySource()).config[portKey]).toBe("7000");

    await project.refresh();
    await project.up();
    expect((await onlySource()).config[portKey]).toBe("5433");
  });

  test("an object deleted behind Pulumi's back is dropped by refresh and created again by up", async () => {
    const topicId = String((await project.stack.outputs()).topicId.value);
    await api.request("DELETE", `/topics/${encodeURIComponent(topicId)}`);
    await project.refresh();
    const preview = await project.preview();
    expect(preview.steps.find((step) => step.name === "events")?.op).toBe("create");
    await project.up();
    await expect(api.request("GET", `/topics/${encodeURIComponent(topicId)}`)).resolves.toBeDefined();
  });
});

describe("adopt", () => {
  const consoleConfig = {
    "database.hostname.user.defined": "db.internal.example.com",
    [portKey]: 5432,
    "database.user": "streamkap",
    "database.password": "console-password-55e1",
    "database.dbname": "shop",
    "schema.include.list": "public",
    "table.include.list.user.defined": "public.orders",
  };

  test("adopting a source made through the API creates nothing and previews no change when the code matches", async () => {
    const made = await api.request<Live>("POST", "/sources", {
      name: "made-in-console",
      connector: "postgresql",
      config: consoleConfig,
      created_from: "web",
    });
    const project = await TestProject.create("adopt", server, { adopt: "byName", sourceName: "made-in-console" });
    try {
      server.resetStats();
      const result = await project.up();
      expect(result.outputs.sourceId.value).toBe(made.id);
      expect(
        server
          .stats()
          .calls.filter((call) => call.method !== "GET")
          .map((call) => call.path),
      ).toEqual(["/auth/access-token"]);
      expect((await project.preview()).result.changeSummary).toEqual({ same: 2 });
      expect(await api.list("/sources")).toHaveLength(1);
    } finally {
      await project.destroy();
      project.dispose();
    }
  });

  test("adopting by id an object that differs previews exactly those differences, and up applies the code", async () => {
    const made = await api.request<Live>("POST", "/sources", {
      name: "made-differently",
      connector: "postgresql",
      config: { ...consoleConfig, [portKey]: 6543 },
      created_from: "web",
    });
    const project = await TestProject.create("adopt", server, { adopt: made.id, sourceName: "made-differently" });
    try {
      await project.up();
      const preview = await project.preview();
      expect(preview.steps.find((step) => step.name === "console-made")?.op).toBe("update");
      expect(preview.diagnostics.join("\n")).toContain("was adopted as it was; the code differs from it in `config`");
      await project.up();
      const [live] = (await api.request<{ result: Live[] }>("GET", `/sources/${made.id}`)).result;
      expect(live.config[portKey]).toBe("5432");
      expect((await project.preview()).result.changeSummary).toEqual({ same: 2 });
    } finally {
      await project.destroy();
      project.dispose();
    }
  });

  test("adopting a source of another connector type is refused and changes nothing", async () => {
    const made = await api.request<Live>("POST", "/sources", {
      name: "a-mysql-source",
      connector: "mysql",
      config: {
        "database.hostname.user.defined": "db",
        "database.user": "u",
        "database.password": "console-password-55e1",
        "database.include.list.user.defined": "shop",
        "table.include.list.user.defined": "shop.orders",
      },
      created_from: "web",
    });
    const project = await TestProject.create("adopt", server, { adopt: made.id, sourceName: "a-mysql-source" });
    try {
      await expect(project.up()).rejects.toThrow(/is a mysql connector, but the code declares postgresql/);
      const [live] = (await api.request<{ result: Live[] }>("GET", `/sources/${made.id}`)).result;
      expect(live.connector).toBe("mysql");
    } finally {
      project.dispose();
      await api.request("DELETE", `/sources/${made.id}`);
    }
  });

  test('a pipeline cannot be adopted "byName": check refuses it offline', () => {
    const outcome = checkInputs(kinds.pipeline, undefined, {
      name: "p",
      sourceId: "s",
      destinationId: "d",
      adopt: "byName",
    });
    expect(outcome.failures.map((failure) => failure.reason)).toEqual([
      expect.stringContaining('`adopt: "byName"` is not allowed for a pipeline'),
    ]);
  });
});
