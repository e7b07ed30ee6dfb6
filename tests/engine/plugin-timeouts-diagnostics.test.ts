/**
 * What the provider plugin (issue #17) gives that a dynamic provider cannot, through the real engine against the
 * local API server: the resource option `customTimeouts` bounds the plugin's operations (the engine sends it
 * with each call; an object past it is kept in the stack, its secrets secret), and a warning about a resource,
 * drift found by refresh, is shown under that resource rather than under the stack.
 */
import { pluginOnPath, runPulumi, runPulumiOk } from "../harness/process";
import { scenario } from "../harness/scenario";
import { leakedSecrets } from "../harness/secrets";

const env = pluginOnPath;
// A connector is `Starting` for 4 s after a create or an update.
const world = scenario("plugin-source", { server: { statusDelayMs: 4_000, deleteDelayMs: 20 } });

const sources = () => world.api.list<{ id: string; name: string }>("/sources");

test("a create past customTimeouts.create fails naming the option, and keeps the source it made", async () => {
  await world.project.setConfig({ createTimeout: "1s" });
  const up = await runPulumi(world.project, ["up", "--yes", "--skip-preview"], env);
  expect(up.code).not.toBe(0);
  expect(up.stdout).toContain("the create did not finish within 1s (customTimeouts.create)");
  const made = await sources();
  expect(made).toHaveLength(1);
  expect(world.project.stateFile()).toContain(made[0].id);
  // Kept with the properties its error carries, which hold the password: secret there too.
  expect(leakedSecrets(world.project.stateFile(), ["plugin-db-password-51c2"])).toEqual([]);
});

test("with a longer deadline the next up finishes the same source", async () => {
  await world.project.setConfig({ createTimeout: "10m", updateTimeout: "10m" });
  await runPulumiOk(world.project, ["up", "--yes", "--skip-preview"], env);
  const outputs = JSON.parse((await runPulumiOk(world.project, ["stack", "output", "--json"], env)).stdout);
  expect(outputs.connectorStatus).toBe("Active");
  expect((await sources()).map((source) => source.id)).toEqual([outputs.sourceId]);
});

test("drift found by refresh is a warning under the source, not under the stack", async () => {
  const [live] = await world.api.list<{ id: string; name: string; connector: string; config: object }>("/sources");
  const config = { ...live.config, "database.port.user.defined": "6543" };
  await world.api.request("PUT", `/sources/${live.id}`, { name: live.name, connector: live.connector, config });
  const refresh = await runPulumiOk(world.project, ["refresh", "--yes", "--skip-preview"], env);
  const diagnostics = refresh.stdout.slice(refresh.stdout.indexOf("Diagnostics:"));
  expect(diagnostics).toMatch(/streamkap:index:PostgresqlSource \(orders-db\):\n\s+warning: .*changed outside Pulumi/);
  const underStack = diagnostics.slice(diagnostics.indexOf("pulumi:pulumi:Stack"));
  expect(underStack.split(/\n {2}\S/)[0]).not.toContain("changed outside Pulumi");
});

test("destroy removes the source", async () => {
  await runPulumiOk(world.project, ["destroy", "--yes", "--skip-preview"], env);
  expect(await sources()).toEqual([]);
});
