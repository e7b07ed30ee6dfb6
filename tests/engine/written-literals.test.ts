/**
 * The writers' property test (issue #50): objects on the service hold hostile text (the cases a probe found
 * harmful and seeded random Unicode) as tag names and descriptions, a transform's code, its unit-test records'
 * keys and values (`fn::readFile`, `${…}`, `$$`, quotes, line breaks, control characters), and `from-terraform`
 * writes a project adopting them in every language. Each project is then run by its language's real tool through
 * the real engine against the local server (`pulumi preview --json`): TypeScript through Pulumi's Node.js host,
 * YAML through Pulumi YAML's own evaluation, Python through the real Python SDK, Go compiled against the
 * generated SDK. Every input arrives as exactly the service's value, and nothing else runs: no file the text
 * names is read, no command it holds is run. Text that PCL (Python's and Go's source) cannot hold exactly, and
 * half characters, are refused by name with nothing written.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

import { goEnv, goModulePath } from "../../scripts/gen-sdks";
import { type LocalServer, startLocalServer } from "../../server";
import { ServiceApi } from "../harness/api";
import { pluginOnPath, runPulumi } from "../harness/process";
import { TestProject } from "../harness/project";
import { fromTerraformAgainst, installPythonProject } from "../harness/from-terraform";
import { hostileTexts } from "../harness/hostile-text";
import { stateResource, tagAttributes } from "../harness/terraform-state";

const repoRoot = path.resolve(__dirname, "../../..");

/** What the marker file says: if it ever appears among the inputs, a program read a file its text named. */
const markerText = "the marker file's contents, which no program may read";

interface Hostile {
  tags: Array<{ id: string; name: string; description: string }>;
  transform: { id: string; code: string; records: Array<Record<string, unknown>> };
}

/** Tags named and described by `texts`, made on the service as another user would make them. */
async function makeTags(api: ServiceApi, texts: readonly string[]): Promise<Hostile["tags"]> {
  const tags: Hostile["tags"] = [];
  const names = new Set<string>();
  for (const text of texts) {
    // Names are unique per service and never empty: a repeated or empty text's is made unique by its position.
    const name = names.has(text) || text === "" ? `${text}#${tags.length}` : text;
    names.add(name);
    const tag = await api.request<{ id: string }>("POST", "/tags", { name, description: text, type: ["sources"] });
    tags.push({ id: tag.id, name, description: text });
  }
  return tags;
}

/** A transform whose code and unit-test records hold `texts` (keys and values), with Pulumi YAML's function keys. */
async function makeTransform(
  api: ServiceApi,
  texts: readonly string[],
  label: string,
  // What a language cannot carry in a map of any values: a null property (Pulumi YAML and Pulumi's Go SDK drop
  // it), a list (Pulumi's Go generator cannot write it); each refused by name, below.
  shape: { nullProperty: boolean; list: boolean },
): Promise<Hostile["transform"]> {
  const code = [...texts.filter((text) => !text.includes("\u0000")), "return valueObject;"].join("\n");
  const records = [
    {
      topic: texts[0] ?? "t",
      key: Object.fromEntries(texts.slice(0, 40).map((text, i) => [text, texts[i + 1] ?? ""])),
    },
    { topic: "t", value: { "fn::readFile": "./marker.txt" } },
    { topic: "t", value: { "fn::stringAsset": "x" } },
    { topic: "t", value: { "fn::streamkap:index:getTags": { name: "Development", system: true } } },
    {
      topic: "t",
      value: {
        "$${x}": "${x}",
        "a\nb": { "fn::secret": "s", "": "" },
        ...(shape.list ? { list: ["$$", { "fn::join": ["a", "b"] }, null] } : {}),
        ...(shape.nullProperty ? { none: null } : {}),
      },
    },
  ];
  const transform = await api.request<{ id: string }>("POST", "/transforms", {
    transform: "map_filter",
    config: {
      "transforms.name": `hostile transform ${label}`,
      "transforms.input.topic.pattern": "source_.*",
      "transforms.output.topic.pattern": "filtered",
      "transforms.language": "JavaScript",
    },
  });
  await api.request("PUT", `/transforms/${transform.id}/implementation_details`, {
    transform_id: transform.id,
    implementation: {
      language: "JAVASCRIPT",
      value_transform: code,
      unit_test: { test_name: texts[1] ?? "t", input__json: records, output__json: records },
    },
  });
  return { id: transform.id, code, records };
}

/** The state the official provider would write for those objects. */
function stateOf(hostile: Hostile, dir: string): string {
  const file = path.join(dir, "terraform.tfstate");
  const resources = [
    stateResource(
      "streamkap_tag",
      "hostile",
      hostile.tags.map((tag, index) => ({ index_key: index, attributes: tagAttributes(tag.id, tag.name) })),
    ),
    stateResource("streamkap_transform_map_filter", "hostile", [
      { attributes: { id: hostile.transform.id, name: "hostile transform" } },
    ]),
  ];
  fs.writeFileSync(
    file,
    JSON.stringify({ version: 4, terraform_version: "1.9.0", serial: 1, lineage: "l", resources }),
  );
  return file;
}

interface PreviewStep {
  urn: string;
  newState?: { type: string; inputs?: Record<string, unknown> };
}

/** The inputs of every resource `pulumi preview --json` would create, by resource name. */
async function previewInputs(
  project: TestProject,
  env: NodeJS.ProcessEnv,
): Promise<Map<string, Record<string, unknown>>> {
  const run = await runPulumi(project, ["preview", "--json"], env);
  if (run.code !== 0) throw new Error(`pulumi preview failed:\n${run.stdout.slice(-4000)}\n${run.stderr.slice(-4000)}`);
  const preview = JSON.parse(run.stdout) as { steps: PreviewStep[] };
  return new Map(
    preview.steps
      .filter((step) => step.newState && step.newState.type !== "pulumi:pulumi:Stack")
      .map((step) => [step.urn.split("::").pop() ?? "", step.newState?.inputs ?? {}]),
  );
}

/** A transform record as the resource takes it (camelCase, only its fields). */
const asRecord = (record: Record<string, unknown>) =>
  Object.fromEntries(["topic", "key", "value"].filter((key) => key in record).map((key) => [key, record[key]]));

/** Every input arrives as the service's value; no marker of a file read or a command run is anywhere. */
function expectExact(inputs: Map<string, Record<string, unknown>>, hostile: Hostile, projectDir: string): void {
  hostile.tags.forEach((tag, index) => {
    const tagInputs = inputs.get(`hostile-${index}`);
    // An empty description is none: the program leaves it out.
    expect({ index, name: tagInputs?.name, description: tagInputs?.description ?? "" }).toEqual({
      index,
      name: tag.name,
      description: tag.description,
    });
  });
  const transform = inputs.get("hostile");
  expect((transform?.implementation as { valueTransform?: unknown } | undefined)?.valueTransform).toBe(
    hostile.transform.code,
  );
  const unitTest = transform?.unitTest as { input?: unknown; expectedOutput?: unknown } | undefined;
  expect(unitTest?.input).toEqual(hostile.transform.records.map(asRecord));
  expect(unitTest?.expectedOutput).toEqual(hostile.transform.records.map(asRecord));
  expect(JSON.stringify([...inputs.values()])).not.toContain(markerText);
  expect(fs.existsSync(path.join(projectDir, "pwned"))).toBe(false);
}

let server: LocalServer;
let api: ServiceApi;
let workDir: string;
const hostile: Record<"typescript" | "yaml" | "python" | "go", Hostile> = {} as never;
const projects: TestProject[] = [];

// Every case and 40 random texts; PCL's languages (Python, Go) get the texts HCL holds exactly (composed, NFC).
const texts = hostileTexts(50, 40);
const isComposed = (text: string) => text.normalize("NFC") === text;
const composedTexts = texts.filter(isComposed);

beforeAll(async () => {
  server = await startLocalServer({ statusDelayMs: 20, deleteDelayMs: 20 });
  api = new ServiceApi(server);
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), "written-literals-"));
  const tags = await makeTags(api, texts);
  const composedTags = tags.filter((tag) => isComposed(tag.name) && isComposed(tag.description));
  hostile.typescript = { tags, transform: await makeTransform(api, texts, "ts", { nullProperty: true, list: true }) };
  hostile.yaml = { tags, transform: await makeTransform(api, texts, "yaml", { nullProperty: false, list: true }) };
  hostile.python = {
    tags: composedTags,
    transform: await makeTransform(api, composedTexts, "py", { nullProperty: true, list: true }),
  };
  hostile.go = {
    tags: composedTags,
    transform: await makeTransform(api, composedTexts, "go", { nullProperty: false, list: false }),
  };
});

afterAll(async () => {
  for (const project of projects) project.dispose();
  await server?.close();
  fs.rmSync(workDir, { recursive: true, force: true });
});

/** A project directory with the marker file a `fn::readFile` would read, and the state of `hostile`. */
function projectFor(language: string, hostile: Hostile): { dir: string; state: string } {
  const base = fs.mkdtempSync(path.join(workDir, `${language}-`));
  const dir = path.join(base, "project");
  fs.mkdirSync(dir);
  fs.writeFileSync(path.join(dir, "marker.txt"), markerText);
  return { dir, state: stateOf(hostile, base) };
}

test("TypeScript: every hostile text reaches the engine exactly through Pulumi's Node.js host", async () => {
  const { dir, state } = projectFor("typescript", hostile.typescript);
  const written = await fromTerraformAgainst([state, "--out", dir, "--force"], server);
  expect(written.code).toBe(0);
  const project = await TestProject.fromDirectory(dir, server, {}, "dev");
  projects.push(project);
  expectExact(await previewInputs(project, {}), hostile.typescript, dir);
});

test("YAML: Pulumi YAML evaluates no text as syntax: no `${…}`, no `$$`, no `fn::` key, no file read", async () => {
  const { dir, state } = projectFor("yaml", hostile.yaml);
  const written = await fromTerraformAgainst([state, "--out", dir, "--language", "yaml", "--force"], server);
  expect(written.code).toBe(0);
  const project = await TestProject.fromDirectory(dir, server, {}, "dev");
  projects.push(project);
  expectExact(await previewInputs(project, pluginOnPath), hostile.yaml, dir);
});

test("Python: Pulumi's generator is given text it writes safely, and the program holds it exactly", async () => {
  const { dir, state } = projectFor("python", hostile.python);
  const env = { PATH: `${pluginOnPath.PATH ?? ""}${path.delimiter}${process.env.PATH ?? ""}` };
  const written = await fromTerraformAgainst([state, "--out", dir, "--language", "python", "--force"], server, env);
  expect(written.code).toBe(0);
  installPythonProject(dir, workDir);
  const project = await TestProject.fromDirectory(dir, server, {}, "dev");
  projects.push(project);
  expectExact(await previewInputs(project, pluginOnPath), hostile.python, dir);
});

test("Go: the program compiles against the generated SDK and holds every text exactly", async () => {
  const { dir, state } = projectFor("go", hostile.go);
  const env = { PATH: `${pluginOnPath.PATH ?? ""}${path.delimiter}${process.env.PATH ?? ""}` };
  const written = await fromTerraformAgainst([state, "--out", dir, "--language", "go", "--force"], server, env);
  expect(written.code).toBe(0);
  // The SDK of this checkout in place of the release's, which no module proxy here serves.
  fs.appendFileSync(
    path.join(dir, "go.mod"),
    `\nreplace ${goModulePath} => ${path.join(repoRoot, "sdk-gen", "go", "streamkap")}\n`,
  );
  execFileSync("go", ["mod", "tidy"], { cwd: dir, env: goEnv("-mod=mod"), stdio: "pipe" });
  const project = await TestProject.fromDirectory(dir, server, {}, "dev");
  projects.push(project);
  expectExact(await previewInputs(project, { ...goEnv("-mod=mod"), ...pluginOnPath }), hostile.go, dir);
});

test("text PCL cannot hold exactly, and half a character, are refused by name, with nothing written", async () => {
  const tag = await api.request<{ id: string }>("POST", "/tags", { name: "\u212B: angstrom sign", type: ["sources"] });
  const dir = path.join(workDir, "refused", "project");
  const state = path.join(workDir, "refused.tfstate");
  fs.writeFileSync(
    state,
    JSON.stringify({
      version: 4,
      resources: [stateResource("streamkap_tag", "odd", [{ attributes: tagAttributes(tag.id, "x") }])],
    }),
  );
  await expect(fromTerraformAgainst([state, "--out", dir, "--language", "pcl"], server)).rejects.toMatchObject({
    code: "STREAMKAP_ERR_PROGRAM_VALUE",
    message: expect.stringMatching(/^The input name of Tag "odd" holds text that is not in Unicode's composed form/),
  });
  expect(fs.existsSync(dir)).toBe(false);
  // The same state as TypeScript keeps the sign as it is.
  expect((await fromTerraformAgainst([state, "--out", dir], server)).code).toBe(0);
  expect(fs.readFileSync(path.join(dir, "index.ts"), "utf8")).toContain("\u212B: angstrom sign");

  const half = await api.request<{ id: string }>("POST", "/tags", {
    name: "half \ud800 a character",
    type: ["sources"],
  });
  fs.writeFileSync(
    state,
    JSON.stringify({
      version: 4,
      resources: [stateResource("streamkap_tag", "half", [{ attributes: tagAttributes(half.id, "x") }])],
    }),
  );
  const other = path.join(workDir, "refused-half", "project");
  await expect(fromTerraformAgainst([state, "--out", other, "--language", "yaml"], server)).rejects.toMatchObject({
    code: "STREAMKAP_ERR_PROGRAM_VALUE",
    message: expect.stringMatching(/^The input name of Tag "half" holds a lone UTF-16 surrogate/),
  });
  expect(fs.existsSync(other)).toBe(false);
});

test("what a language cannot carry in a map of any values is refused by name, with nothing written", async () => {
  const env = { PATH: `${pluginOnPath.PATH ?? ""}${path.delimiter}${process.env.PATH ?? ""}` };
  const refused = (language: string, hostile: Hostile, message: RegExp) => {
    const { dir, state } = projectFor(`${language}-refused`, hostile);
    const run = fromTerraformAgainst([state, "--out", dir, "--language", language, "--force"], server, env);
    return { dir, done: expect(run).rejects.toMatchObject({ code: "STREAMKAP_ERR_PROGRAM_VALUE", message }) };
  };
  const withNull = {
    tags: [],
    transform: await makeTransform(api, ["x"], "null", { nullProperty: true, list: false }),
  };
  for (const [language, who] of [
    ["yaml", "a Pulumi YAML program"],
    ["go", "Pulumi's Go SDK"],
  ]) {
    const run = refused(
      language,
      withNull,
      new RegExp(
        `^The input unitTest\\.input\\[4\\]\\.value\\.none of Transform "hostile" is null, and ${who} leaves out`,
      ),
    );
    await run.done;
    expect(fs.readdirSync(run.dir)).toEqual(["marker.txt"]);
  }
  const withList = {
    tags: [],
    transform: await makeTransform(api, ["x"], "list", { nullProperty: false, list: true }),
  };
  const go = refused("go", withList, /with `pulumi\.Any\{…\}`, which does not compile/);
  await go.done;
  expect(fs.readdirSync(go.dir)).toEqual(["marker.txt"]);
});
