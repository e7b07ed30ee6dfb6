/**
 * Reads the reference Terraform provider's schemas (a git directory of streamkap-com/terraform-provider-streamkap,
 * branch `develop`) into scripts/parity/reference.json: every resource type and data source, each attribute with
 * its flags and, for connectors and transforms, the API config key behind it. Run by hand when the reference
 * moves (CI has no copy of it), then `npm run generate`. Every release's attribute names (scripts/parity/
 * releases.json, from release-schemas.ts) are merged in, each with the releases that had it; one the newest release
 * lacks is marked `retired`, with its API key as its own release's source gives it, so a state any release wrote
 * is read too:
 *
 *   node dist/scripts/parity/extract-reference.js --repo /work/.mirror/streamkap-com+terraform-provider-streamkap/repo
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";

import { readScriptCommandLine, scriptCommand, UsageError } from "../script-command-line";
import { rangesOf, versionsIn } from "../../provider/terraform/releases";
import type { Reference, ReferenceAttribute, ReferenceType, ReleaseShape, Releases } from "./reference";

const branch = "develop";

function show(repo: string, file: string, rev = branch): string {
  return execFileSync("git", ["-C", repo, "show", `${rev}:${file}`], { encoding: "utf8", maxBuffer: 64 << 20 });
}

function list(repo: string, dir: string, rev = branch): string[] {
  return execFileSync("git", ["-C", repo, "ls-tree", "-r", "--name-only", rev, dir], { encoding: "utf8" })
    .split("\n")
    .filter(Boolean);
}

/** The text between the brace at `open` and its match. */
function braced(text: string, open: number): string {
  let depth = 0;
  for (let at = open; at < text.length; at++) {
    if (text[at] === "{") depth++;
    else if (text[at] === "}" && --depth === 0) return text.slice(open + 1, at);
  }
  throw new Error("unbalanced braces");
}

/** The body with every nested `{…}` removed: the flags of this level only. */
function ownLevel(body: string): string {
  let out = "";
  let depth = 0;
  for (const char of body) {
    if (char === "{") depth++;
    else if (char === "}") depth--;
    else if (depth === 0) out += char;
  }
  return out;
}

const flag = (body: string, name: string) => new RegExp(`\\b${name}:\\s*true\\b`).test(ownLevel(body));

/** Attribute entries `"name": schema.XAttribute{…}` at the top level of an `Attributes:` map body. */
function attributesOf(mapBody: string, prefix = ""): ReferenceAttribute[] {
  const found: ReferenceAttribute[] = [];
  const entry = /"([a-z0-9_]+)":\s*schema\.(\w+?)Attribute\{/g;
  let depth = 0;
  let scanned = 0;
  for (let match = entry.exec(mapBody); match; match = entry.exec(mapBody)) {
    for (; scanned < match.index; scanned++) {
      if (mapBody[scanned] === "{") depth++;
      else if (mapBody[scanned] === "}") depth--;
    }
    if (depth !== 0) continue;
    const open = match.index + match[0].length - 1;
    const body = braced(mapBody, open);
    const name = `${prefix}${match[1]}`;
    found.push({
      name,
      kind: match[2],
      required: flag(body, "Required"),
      optional: flag(body, "Optional"),
      computed: flag(body, "Computed"),
      sensitive: flag(body, "Sensitive"),
    });
    const nested = /Attributes:\s*map\[string\]schema\.Attribute\{/.exec(body);
    if (nested) found.push(...attributesOf(braced(body, nested.index + nested[0].length - 1), `${name}.`));
    entry.lastIndex = open + body.length + 2;
    scanned = entry.lastIndex;
  }
  return found;
}

/** The top-level attributes of the first `Attributes: map[string]schema.Attribute{…}` after `from`. */
function schemaAttributes(text: string, from = 0): ReferenceAttribute[] {
  const start = /Attributes:\s*map\[string\]schema\.Attribute\{/g;
  start.lastIndex = from;
  const match = start.exec(text);
  if (!match) return [];
  return attributesOf(braced(text, match.index + match[0].length - 1));
}

/** `s.Attributes["x"] = schema.YAttribute{…}` additions made by a wrapper or a base. */
function addedAttributes(text: string): ReferenceAttribute[] {
  const added: ReferenceAttribute[] = [];
  const entry = /\.Attributes\["([a-z0-9_]+)"\]\s*=\s*schema\.(\w+?)Attribute\{/g;
  for (let match = entry.exec(text); match; match = entry.exec(text)) {
    const body = braced(text, match.index + match[0].length - 1);
    added.push({
      name: match[1],
      kind: match[2],
      required: flag(body, "Required"),
      optional: flag(body, "Optional"),
      computed: flag(body, "Computed"),
      sensitive: flag(body, "Sensitive"),
    });
  }
  return added;
}

function mappingsOf(text: string, variable: RegExp): Record<string, string> {
  const match = variable.exec(text);
  if (!match) return {};
  const body = braced(text, match.index + match[0].length - 1);
  return Object.fromEntries([...body.matchAll(/"([a-z0-9_]+)":\s*"([^"]+)"/g)].map((entry) => [entry[1], entry[2]]));
}

const returned = (text: string, method: string) =>
  new RegExp(`${method}\\(\\)[^{]*\\{\\s*return "([^"]+)"`).exec(text)?.[1];

const timeoutsBlock: ReferenceAttribute = {
  name: "timeouts",
  kind: "Block",
  required: false,
  optional: true,
  computed: false,
  sensitive: false,
};

function byName(attributes: ReferenceAttribute[]): ReferenceAttribute[] {
  const unique = new Map(attributes.map((attribute) => [attribute.name, attribute]));
  return [...unique.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** A source, destination or transform: its wrapper names the generated schema, the API code and the type name. */
function generatedType(
  repo: string,
  wrapperFile: string,
  baseExtras: ReferenceAttribute[],
  rev = branch,
): ReferenceType {
  const wrapper = show(repo, wrapperFile, rev);
  const generatedName = /generated\.(\w+)Schema\(\)/.exec(wrapper)?.[1];
  if (!generatedName) throw new Error(`${wrapperFile}: no generated schema`);
  const generatedFile = list(repo, "internal/generated", rev).find((file) => {
    const text = show(repo, file, rev);
    return text.includes(`func ${generatedName}Schema()`);
  });
  if (!generatedFile) throw new Error(`${generatedName}: no generated file`);
  const generated = show(repo, generatedFile, rev);
  const keys = {
    ...mappingsOf(generated, new RegExp(`var ${generatedName}FieldMappings = map\\[string\\]string\\{`)),
    ...Object.fromEntries(
      [...wrapper.matchAll(/mappings\["([a-z0-9_]+)"\]\s*=\s*"([^"]+)"/g)].map((entry) => [entry[1], entry[2]]),
    ),
  };
  const deprecated = new Set([...wrapper.matchAll(/mappings\["([a-z0-9_]+)"\]\s*=/g)].map((entry) => entry[1]));
  const attributes = byName([
    ...schemaAttributes(generated, generated.indexOf(`func ${generatedName}Schema()`)),
    ...[...deprecated].map((name): ReferenceAttribute => ({
      name,
      kind: "String",
      required: false,
      optional: true,
      computed: true,
      sensitive: false,
      deprecated: true,
    })),
    ...addedAttributes(wrapper),
    ...baseExtras,
    timeoutsBlock,
  ]).map((attribute) => (keys[attribute.name] ? { ...attribute, apiKey: keys[attribute.name] } : attribute));
  const resourceName = returned(wrapper, "GetResourceName");
  const code = returned(wrapper, "GetConnectorCode") ?? returned(wrapper, "GetTransformType");
  if (!resourceName || !code) throw new Error(`${wrapperFile}: no resource name or code`);
  return { name: `streamkap_${resourceName}`, code, attributes };
}

/**
 * A `Blocks` entry of a hand-written schema, with its nested attributes (the schema reader follows `Attributes`
 * only): `[name, required]` pairs, the block itself optional (or computed).
 */
function nestedBlock(block: string, computed: boolean, children: Array<[string, boolean]>): ReferenceAttribute[] {
  const attribute = (name: string, required: boolean): ReferenceAttribute => ({
    name,
    kind: name === block ? "ListNestedBlock" : "String",
    required,
    optional: !required && !computed,
    computed,
    sensitive: false,
  });
  return [attribute(block, false), ...children.map(([child, required]) => attribute(`${block}.${child}`, required))];
}

/**
 * The `serialization` attribute the topic data sources build in a helper (internal/datasource/
 * topic_serialization.go), which the schema reader does not follow.
 */
function serializationOf(dataSource: string): ReferenceAttribute[] {
  const parent =
    dataSource === "topic" ? "serialization" : dataSource === "topics" ? "topics.serialization" : undefined;
  if (parent === undefined) return [];
  const fields = ["key_format", "value_format", "key_converter", "value_converter", "schema_registry_enabled"];
  return [parent, ...fields.map((field) => `${parent}.${field}`)].map((name) => ({
    name,
    kind: name === parent ? "SingleNested" : "String",
    required: false,
    optional: false,
    computed: true,
    sensitive: false,
  }));
}

/** A hand-written resource or data source: its `Schema` method's attributes. */
function handWrittenType(
  repo: string,
  file: string,
  name: string,
  blocks: ReferenceAttribute[] = [],
  rev = branch,
): ReferenceType {
  const text = show(repo, file, rev);
  const schemaAt = text.search(/\) Schema\(/);
  return { name, attributes: byName([...schemaAttributes(text, Math.max(schemaAt, 0)), ...blocks]) };
}

/**
 * A v2 resource type from its hand-written file: its type name (`Metadata`), connector code (`connector_code`),
 * the attributes of its `Schema` method and, per attribute, the API config key its model field is read from
 * (`configMap2Model`: `model.X = helper.GetTfCfg…(cfg, "key")`) or written to (`model2ConfigMap`).
 */
function v2Type(repo: string, tag: string, file: string): ReferenceType | undefined {
  const text = show(repo, file, tag);
  const typeName = /TypeName = req\.ProviderTypeName \+ "(\w+)"/.exec(text)?.[1];
  if (!typeName) return undefined;
  const code = /connector_code:\s*"([^"]+)"/.exec(text)?.[1];
  const fieldNames = new Map<string, string>();
  for (const match of text.matchAll(/^\s*(\w+)\s+[^`\n]+`tfsdk:"([a-z0-9_]+)"`/gm)) {
    if (!fieldNames.has(match[1])) fieldNames.set(match[1], match[2]);
  }
  const keys = new Map<string, string>();
  const keyOf = (field: string, key: string) => {
    const name = fieldNames.get(field);
    if (name && !keys.has(name)) keys.set(name, key);
  };
  for (const match of text.matchAll(/model\.(\w+)\s*=\s*[^\n]*?helper\.GetTfCfg\w*\((?:\s*\w+,)+\s*"([^"]+)"/g))
    keyOf(match[1], match[2]);
  for (const match of text.matchAll(/"([^"]+)":\s*model\.(\w+)\./g)) keyOf(match[2], match[1]);
  for (const match of text.matchAll(/configMap\["([^"]+)"\]\s*=\s*model\.(\w+)\./g)) keyOf(match[2], match[1]);
  const attributes = byName(schemaAttributes(text, Math.max(text.search(/\) Schema\(/), 0))).map((attribute) => {
    const apiKey = keys.get(attribute.name);
    return apiKey ? { ...attribute, apiKey } : attribute;
  });
  return { name: `streamkap${typeName}`, ...(code ? { code } : {}), attributes };
}

/** Every v2 release's resource types, by tag. */
export function v2Types(repo: string, tag: string): ReferenceType[] {
  return list(repo, "internal/resource", tag)
    .filter((file) => file.endsWith(".go") && !file.endsWith("_test.go"))
    .flatMap((file) => v2Type(repo, tag, file) ?? []);
}

/** Whether `rev` has `file`. */
function has(repo: string, file: string, rev: string): boolean {
  return list(repo, path.posix.dirname(file), rev).includes(file);
}

/** The v3 resource types at `rev` (develop or a v3 tag): generated connectors and transforms, and the hand-written. */
function v3Types(repo: string, rev: string): ReferenceType[] {
  const transformExtras = has(repo, "internal/resource/transform/base.go", rev)
    ? addedAttributes(show(repo, "internal/resource/transform/base.go", rev))
    : [];
  const wrappers = [
    ...list(repo, "internal/resource/source", rev),
    ...list(repo, "internal/resource/destination", rev),
    ...list(repo, "internal/resource/transform", rev),
  ].filter((file) => file.endsWith("_generated.go"));
  const handWritten: Array<[string, string, ReferenceAttribute[]]> = [
    ["internal/resource/pipeline/pipeline.go", "streamkap_pipeline", [timeoutsBlock]],
    ["internal/resource/topic/topic.go", "streamkap_topic", []],
    ["internal/resource/tag/tag.go", "streamkap_tag", []],
    // In the reference's code, though its provider.go does not register them yet (develop 9b9e30b).
    [
      "internal/resource/kafka_user/kafka_user.go",
      "streamkap_kafka_user",
      nestedBlock("kafka_acls", false, [
        ["topic_name", true],
        ["operation", true],
        ["resource_pattern_type", true],
        ["resource", false],
      ]),
    ],
    [
      "internal/resource/client_credential/client_credential.go",
      "streamkap_client_credential",
      nestedBlock("roles", true, [
        ["id", false],
        ["key", false],
        ["name", false],
        ["description", false],
      ]),
    ],
  ];
  return [
    ...wrappers.map((file) => generatedType(repo, file, file.includes("/transform/") ? transformExtras : [], rev)),
    ...handWritten
      .filter(([file]) => has(repo, file, rev))
      .map(([file, name, blocks]) => handWrittenType(repo, file, name, blocks, rev)),
  ].sort((a, b) => a.name.localeCompare(b.name));
}

/** A release's resource types from its tag's source: v2's hand-written files, or v3's generated ones. */
function typesAt(repo: string, version: string): ReferenceType[] {
  const tag = `v${version}`;
  return version.startsWith("2.") ? v2Types(repo, tag) : v3Types(repo, tag);
}

/**
 * Retired names the official provider itself equates with a newer attribute whose API key differs: MySQL's v2
 * `insert_static_*` (v2.1.4–v2.1.5, sent as `transforms.InsertStaticKey.…`) are the `…1` settings, as the
 * provider's own SQL Server keeps the same unsuffixed names for them (internal/resource/source/
 * sqlserver_generated.go:38-41); Snowflake's v2.0 `dedupe_table_mapping` (`dedupe.table.mapping`) became
 * `auto_qa_dedupe_table_mapping` in v2.1.0, with the same description.
 */
const renamedBeyondKey: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  streamkap_source_mysql: {
    insert_static_key_field: "transforms_insert_static_key1_static_field",
    insert_static_key_value: "transforms_insert_static_key1_static_value",
    insert_static_value_field: "transforms_insert_static_value1_static_field",
    insert_static_value: "transforms_insert_static_value1_static_value",
  },
  streamkap_destination_snowflake: { dedupe_table_mapping: "auto_qa_dedupe_table_mapping" },
};

/** The flags and kind of an attribute known only from a release's schema dump (its source reader missed it). */
function fromShape(name: string, shape: ReleaseShape): ReferenceAttribute {
  const type = Array.isArray(shape.type) ? String(shape.type[0]) : String(shape.type ?? "");
  const kind = shape.block
    ? "Block"
    : shape.nesting
      ? `${shape.nesting === "single" ? "Single" : shape.nesting[0].toUpperCase() + shape.nesting.slice(1)}Nested`
      : ({ string: "String", number: "Int64", bool: "Bool", list: "List", set: "Set", map: "Map", object: "Object" }[
          type
        ] ?? "String");
  return {
    name,
    kind,
    required: shape.required === true,
    optional: shape.optional === true,
    computed: shape.computed === true,
    sensitive: shape.sensitive === true,
  };
}

/**
 * The newest types with every release's attribute names: each attribute gets the releases that had it and its
 * Terraform shape (the newest release's), from the schema dumps (releases.json). A name the newest release does
 * not have is kept as `retired` (the releases that had it), with the newer attribute it became (same API key, or
 * renamedBeyondKey) and that one's API key and sensitive flag, else its own API key as its newest release's source
 * gives it. A type the newest release lacks is added whole.
 */
function withReleaseNames(resources: ReferenceType[], repo: string, releases: Releases): ReferenceType[] {
  const all = releases.releases;
  const sourceTypes = new Map<string, Map<string, ReferenceType>>();
  const typeAt = (version: string, name: string): ReferenceType | undefined => {
    if (!sourceTypes.has(version)) {
      sourceTypes.set(version, new Map(typesAt(repo, version).map((type) => [type.name, type])));
    }
    return sourceTypes.get(version)?.get(name);
  };
  const merged = new Map(resources.map((type) => [type.name, type]));
  for (const [name, paths] of Object.entries(releases.resources)) {
    const newest = merged.get(name) ?? { name, attributes: [] };
    const current = new Map(newest.attributes.map((attribute) => [attribute.name, attribute]));
    const attributes: ReferenceAttribute[] = [];
    for (const [at, ranges] of Object.entries(paths)) {
      const shapes = ranges.map((entry) => ({ shape: entry.shape, versions: versionsIn(entry.in, all) }));
      const versions = all.filter((version) => shapes.some((entry) => entry.versions.has(version)));
      const last = versions[versions.length - 1];
      const lastShape = shapes.find((entry) => entry.versions.has(last))?.shape ?? {};
      const inReleases = rangesOf(versions, all);
      const known = current.get(at);
      if (known) {
        attributes.push({ ...known, releases: inReleases, tf: lastShape });
        current.delete(at);
        continue;
      }
      if (last === all[all.length - 1]) {
        // The newest release has it, though its source reader does not see it (a `timeouts` block's members, the
        // members of a pipeline's object-typed `destination`).
        attributes.push({ ...fromShape(at, lastShape), releases: inReleases, tf: lastShape });
        continue;
      }
      const fromSource = typeAt(last, name)?.attributes.find((attribute) => attribute.name === at);
      const own = fromSource ?? fromShape(at, lastShape);
      const renamed = renamedBeyondKey[name]?.[at];
      const counterpart = newest.attributes.find((candidate) =>
        renamed ? candidate.name === renamed : own.apiKey !== undefined && candidate.apiKey === own.apiKey,
      );
      if (!newest.code) {
        const code = typeAt(last, name)?.code;
        if (code) newest.code = code;
      }
      attributes.push({
        ...own,
        sensitive: own.sensitive || counterpart?.sensitive === true || lastShape.sensitive === true,
        retired: inReleases,
        releases: inReleases,
        tf: lastShape,
        ...(counterpart ? { renamedTo: counterpart.name, apiKey: counterpart.apiKey } : {}),
      });
    }
    // What the source reader found that no schema dump has (the unregistered kafka user, the credential).
    attributes.push(...current.values());
    merged.set(name, { ...newest, attributes: byName(attributes) });
  }
  return [...merged.values()].sort((a, b) => a.name.localeCompare(b.name));
}

const usage = `Usage: node dist/scripts/parity/extract-reference.js --repo DIR
  --repo DIR           a git directory of streamkap-com/terraform-provider-streamkap (branch develop, its release
                       tags) (required); reads scripts/parity/releases.json (release-schemas.ts), writes
                       scripts/parity/reference.json
  --help, --version    this usage; the package's version`;

const extractReferenceCommand = scriptCommand(
  "scripts/parity/extract-reference.ts",
  usage,
  { repo: { type: "string" } },
  (values) => {
    if (!values.repo) throw new UsageError("--repo DIR is required: the git directory of terraform-provider-streamkap");
    return { repo: values.repo };
  },
);

function main(): void {
  const { repo } = readScriptCommandLine(extractReferenceCommand);
  const releasesFile = path.resolve(__dirname, "../../../scripts/parity/releases.json");
  const releases = JSON.parse(fs.readFileSync(releasesFile, "utf8")) as Releases;
  const resources = v3Types(repo, branch);
  const dataSources = [
    ["transform", "transform"],
    ["tag", "tag"],
    ["tags", "tags"],
    ["topics", "topics"],
    ["topic", "topic"],
    ["topic_metrics", "topic_metrics"],
    ["roles", "roles"],
  ].map(([file, name]) =>
    handWrittenType(repo, `internal/datasource/${file}.go`, `streamkap_${name}`, serializationOf(name ?? "")),
  );
  const commit = execFileSync("git", ["-C", repo, "rev-parse", branch], { encoding: "utf8" }).trim();
  const all = releases.releases;
  const reference: Reference = {
    source: `streamkap-com/terraform-provider-streamkap@${branch} ${commit}`,
    releases: all,
    releasesSource: `streamkap-com/terraform-provider-streamkap@v${all[0]}–v${all[all.length - 1]}`,
    resources: withReleaseNames(resources, repo, releases),
    dataSources: dataSources.map((type) => {
      const paths = releases.dataSources[type.name] ?? {};
      return {
        ...type,
        attributes: type.attributes.map((attribute) => {
          const shapes = paths[attribute.name];
          const last = shapes?.[shapes.length - 1];
          return last ? { ...attribute, tf: last.shape } : attribute;
        }),
      };
    }),
  };
  const out = path.resolve(__dirname, "../../../scripts/parity/reference.json");
  fs.writeFileSync(out, `${JSON.stringify(reference, null, 2)}\n`);
  console.log(`${out}: ${reference.resources.length} resources, ${dataSources.length} data sources`);
}

if (require.main === module) main();
