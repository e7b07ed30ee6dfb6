/**
 * The GitOps example (examples/gitops) with the real engine against the local API server, as its workflow runs it:
 * a stack configured by its Pulumi.<stack>.yaml comes up; a pull request's change is previewed with the pulumi
 * CLI's `preview --json`, piped through the compiled `pulumi-streamkap pr-summary`, and the summary is what the
 * reviewer reads; merging (`up`) then does what the summary said.
 */
import { execFile, execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";

import { ServiceApi } from "../harness/api";
import { callsDuring } from "../harness/calls";
import { TestProject } from "../harness/project";
import { scenario } from "../harness/scenario";
import { marked, nodeId, previewJson, prSummary } from "../harness/pr-summary";
import { leakedSecrets } from "../harness/secrets";

type Live = { id: string; name: string; config: Record<string, unknown> };

const repoRoot = path.resolve(__dirname, "../../..");
const example = path.join(repoRoot, "examples", "gitops");
const dbPassword = "gitops-db-password-4c1e";
const snowflakeKey = "gitops-private-key-8d2f";

/**
 * The settings of examples/gitops/Pulumi.<stack>.yaml, without their project namespace (the test project has
 * another name). The files hold flat, plain settings only (a secret would be a nested `secure:` value); anything
 * else fails here, loudly.
 */
function stackSettings(stack: string): Record<string, string> {
  const file = path.join(example, `Pulumi.${stack}.yaml`);
  const settings: Record<string, string> = {};
  let inConfig = false;
  for (const line of fs.readFileSync(file, "utf8").split("\n")) {
    // `encryptionsalt` appears once someone ran `pulumi stack init` with passphrase secrets: not a secret itself.
    if (line.trim() === "" || line.trimStart().startsWith("#") || line.startsWith("encryptionsalt:")) continue;
    if (line === "config:") {
      inConfig = true;
      continue;
    }
    const entry = /^ {2}streamkap-gitops:(\w+): (.+)$/.exec(line);
    if (!inConfig || !entry)
      throw new Error(`${file}: expected only flat \`streamkap-gitops:\` settings, got: ${line}`);
    settings[entry[1]] = entry[2].startsWith('"') ? (JSON.parse(entry[2]) as string) : entry[2];
  }
  return settings;
}

const world = scenario("gitops", {
  server: { statusDelayMs: 50, deleteDelayMs: 100 },
  config: stackSettings("staging"),
});

beforeAll(async () => {
  // As `pulumi config set --secret` would, per stack (the YAML files hold no secrets).
  await world.project.stack.setConfig("dbPassword", { value: dbPassword, secret: true });
  await world.project.stack.setConfig("snowflakeKey", { value: snowflakeKey, secret: true });
});

test("every stack's file sets what the program requires, in plain settings only", () => {
  for (const stack of ["dev", "staging", "prod"]) {
    expect(Object.keys(stackSettings(stack))).toEqual(
      expect.arrayContaining(["dbHost", "tables", "snowflakeAccount", "snowflakeDatabase"]),
    );
  }
});

test("the staging stack comes up with staging's settings", async () => {
  const result = await world.project.up();
  expect(result.summary.result).toBe("succeeded");

  const [source] = await world.api.list<Live>("/sources");
  expect(source.config).toMatchObject({
    "database.hostname.user.defined": "staging-db.internal.example.com",
    "table.include.list.user.defined": "public.orders,public.customers",
    "streamkap.snapshot.parallelism": "2",
  });
  const [destination] = await world.api.list<Live>("/destinations");
  expect(destination.config).toMatchObject({
    "ingestion.mode": "upsert",
    "snowflake.database.name": "ANALYTICS_STAGING",
  });
  expect(await world.api.request("GET", "/topics/clean-orders-test")).toMatchObject({
    kafka: { partitions: { count: 3 } },
  });
  expect(await world.api.list("/pipelines")).toHaveLength(1);
});

describe("a pull request that changes the ingestion mode and restarts the source", () => {
  let summary: string;
  let destinationBefore: Live;

  beforeAll(async () => {
    [destinationBefore] = await world.api.list<Live>("/destinations");
    await world.project.setConfig({ ingestionMode: "append", restartTrigger: "INC-4711" });
    const json = await previewJson(world.project);
    expect(leakedSecrets(json, [dbPassword, snowflakeKey, world.server.secret])).toEqual([]);
    summary = await prSummary(json);
  });

  test("the summary calls out the replacement as a data-loss risk, and the restart", () => {
    expect(summary).toContain("### Streamkap preview of stack `test` (gitops)");
    expect(summary).toContain("> **Data-loss risk: 2 replacements.**");
    expect(summary).toMatch(
      /> - `warehouse` \(SnowflakeDestination\) is \*\*replaced\*\* because `ingestionMode` changed\./,
    );
    expect(summary).toMatch(
      /> - `orders-to-warehouse` \(Pipeline\) is \*\*replaced\*\* because its destination `warehouse` is replaced\./,
    );
    expect(summary).toContain(
      '| `orders-db` (PostgresqlSource) | **restart** | `restartTrigger`: unset → "INC-4711" |',
    );
    expect(leakedSecrets(summary, [dbPassword, snowflakeKey, world.server.secret])).toEqual([]);
  });

  test("the Mermaid diagram draws the pipeline with the replaced destination marked", () => {
    const mermaid = /```mermaid\n([\s\S]*?)\n```/.exec(summary)?.[1] ?? "";
    const destination = nodeId(mermaid, '[("warehouse<br/>SnowflakeDestination<br/>REPLACED")]');
    const pipeline = nodeId(mermaid, '{{"orders-to-warehouse<br/>Pipeline<br/>REPLACED"}}');
    const source = nodeId(mermaid, '[("orders-db<br/>PostgresqlSource<br/>UPDATED")]');
    expect(mermaid).toContain(`${pipeline} --> ${destination}`);
    expect(marked(mermaid, "replaced").sort()).toEqual([destination, pipeline].sort());
    expect(marked(mermaid, "updated")).toEqual([source]);
  });

  test("merging does what the summary said: a new destination, a new pipeline, one restart", async () => {
    const calls = await callsDuring(world.server, () => world.project.up());
    const destinations = await world.api.list<Live>("/destinations");
    expect(destinations).toHaveLength(1);
    expect(destinations[0].id).not.toBe(destinationBefore.id);
    expect(destinations[0].config).toMatchObject({ "ingestion.mode": "append" });
    const [pipeline] = await world.api.list<{ destination: { id: string } }>("/pipelines");
    expect(pipeline.destination.id).toBe(destinations[0].id);
    expect(calls.filter((call) => /\/restart$/.test(call))).toHaveLength(1);
  });

  test("after the merge, the next pull request's summary says there is nothing to change", async () => {
    expect(await prSummary(await previewJson(world.project))).toContain("**No changes.** 6 resources unchanged.");
  });
});

test("prod, on a service of its own, comes up with prod's settings; its snapshot generation is recorded, not fired", async () => {
  const service = await world.server.createService("prod");
  const prodApi = new ServiceApi({ baseUrl: world.server.baseUrl, ...service });
  const prod = await TestProject.create("gitops", world.server, stackSettings("prod"));
  try {
    await prod.setConfig({ "streamkap:clientId": service.clientId });
    await prod.stack.setConfig("streamkap:secret", { value: service.secret, secret: true });
    await prod.stack.setConfig("dbPassword", { value: dbPassword, secret: true });
    await prod.stack.setConfig("snowflakeKey", { value: snowflakeKey, secret: true });
    const calls = await callsDuring(world.server, () => prod.up());

    const [source] = await prodApi.list<Live>("/sources");
    expect(source.config).toMatchObject({
      "streamkap.snapshot.parallelism": "4",
      "streamkap.snapshot.chunk.size.bytes": "2097152",
    });
    expect(await prodApi.request("GET", "/topics/clean-orders-test")).toMatchObject({
      kafka: { partitions: { count: 12 } },
    });
    const [transform] = await prodApi.list<Live>("/transforms");
    expect(transform.config).toMatchObject({ "transforms.input.job.parallelism": "10" });
    expect(calls.filter((call) => /snapshot|\/restart/.test(call))).toEqual([]);
    // Each stack's objects live in its own service: staging still has exactly its own source.
    const stagingSources = await world.api.list<Live>("/sources");
    expect(stagingSources).toHaveLength(1);
    expect(stagingSources[0].id).not.toBe(source.id);
  } finally {
    prod.dispose();
  }
});

test("the README's way to try it against the local API server runs as written and leaves every tracked file as it was", async () => {
  const readme = fs.readFileSync(path.join(example, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("## Run it against the local API server"));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error("examples/gitops/README.md has no sh block under 'Run it against the local API server'");
  const service = await world.server.createService("try-it");
  // The block as a user runs it, from the repository root: the server is this test's (started, not by the block).
  const script = block
    .split("\n")
    .filter((line) => !line.startsWith("npx pulumi-streamkap local"))
    .join("\n")
    .replace("http://127.0.0.1:8080", world.server.baseUrl)
    .replace("<printed client id>", service.clientId)
    .replace("<printed secret>", service.secret);
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-gitops-home-"));
  const tracked = () => trackedFiles(example).map((file) => fs.readFileSync(path.join(example, file), "utf8"));
  const before = tracked();
  try {
    const run = await promisify(execFile)("bash", ["-euo", "pipefail", "-c", script], {
      cwd: repoRoot,
      env: { ...process.env, HOME: home },
      maxBuffer: 64 << 20,
    });
    expect(run.stdout).toContain("restart");
    expect(tracked()).toEqual(before);
    expect(await new ServiceApi({ baseUrl: world.server.baseUrl, ...service }).list("/sources")).toEqual([]);
  } finally {
    fs.rmSync(path.join(example, "Pulumi.local.yaml"), { force: true });
    fs.rmSync(home, { recursive: true, force: true });
  }
});

/** The example's files as git tracks them (the test runs in a clone), else every file of its folder. */
function trackedFiles(dir: string): string[] {
  try {
    return execFileSync("git", ["ls-files"], { cwd: dir, encoding: "utf8" }).split("\n").filter(Boolean);
  } catch {
    return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((file) =>
      fs.statSync(path.join(dir, file)).isFile(),
    );
  }
}
