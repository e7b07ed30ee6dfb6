/**
 * Reads the reference Terraform provider's schemas (a git directory of streamkap-com/terraform-provider-streamkap,
 * branch `develop`) into scripts/parity/reference.json: every resource type and data source, each attribute with
 * its flags and, for connectors and transforms, the API config key behind it. Run by hand when the reference
 * moves (CI has no copy of it), then `npm run generate`. The v2 releases' attribute names (tags v2.0.0 to the
 * newest v2) are merged in, marked `v2Only`, so a state a v2 provider wrote is read too:
 *
 *   node dist/scripts/parity/extract-reference.js --repo /work/.mirror/streamkap-com+terraform-provider-streamkap/repo
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";

import { readScriptCommandLine, scriptCommand, UsageError } from "../script-command-line";
import type { Reference, ReferenceAttribute, ReferenceType } from "./reference";

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
function generatedType(repo: string, wrapperFile: string, baseExtras: ReferenceAttribute[]): ReferenceType {
  const wrapper = show(repo, wrapperFile);
  const generatedName = /generated\.(\w+)Schema\(\)/.exec(wrapper)?.[1];
  if (!generatedName) throw new Error(`${wrapperFile}: no generated schema`);
  const generatedFile = list(repo, "internal/generated").find((file) => {
    const text = show(repo, file);
    return text.includes(`func ${generatedName}Schema()`);
  });
  if (!generatedFile) throw new Error(`${generatedName}: no generated file`);
  const generated = show(repo, generatedFile);
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
function handWrittenType(repo: string, file: string, name: string, blocks: ReferenceAttribute[] = []): ReferenceType {
  const text = show(repo, file);
  const schemaAt = text.search(/\) Schema\(/);
  return { name, attributes: byName([...schemaAttributes(text, Math.max(schemaAt, 0)), ...blocks]) };
}

/**
 * The provider's v2 releases (v2.0.0 to the newest v2 tag), oldest first. Their schemas were hand-written, one file
 * per resource type; a state they wrote holds their attribute names, some of which v3 renamed or dropped.
 */
function v2Tags(repo: string): string[] {
  const version = (tag: string) => tag.slice(1).split(".").map(Number);
  return execFileSync("git", ["-C", repo, "tag", "--list", "v2.*"], { encoding: "utf8" })
    .split("\n")
    .filter((tag) => /^v2\.\d+\.\d+$/.test(tag))
    .sort((a, b) => {
      const [x, y] = [version(a), version(b)];
      return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
    });
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

/**
 * The v3 types with the v2 releases' attribute names added: an attribute no v3 schema has is kept as `v2Only`
 * (the releases that have it), with its v3 counterpart's name, apiKey and sensitive flag when v3 has one with the
 * same API config key (a rename), else its v2 key. A v2 type v3 lacks is added whole. The newest release that
 * has an attribute gives its flags.
 */
function withV2Names(resources: ReferenceType[], repo: string, tags: string[]): ReferenceType[] {
  const v2 = new Map<string, Map<string, { attribute: ReferenceAttribute; first: string; last: string }>>();
  const codes = new Map<string, string | undefined>();
  for (const tag of tags) {
    for (const type of v2Types(repo, tag)) {
      codes.set(type.name, type.code);
      const attributes = v2.get(type.name) ?? new Map();
      v2.set(type.name, attributes);
      for (const attribute of type.attributes) {
        const known = attributes.get(attribute.name);
        attributes.set(attribute.name, { attribute, first: known?.first ?? tag, last: tag });
      }
    }
  }
  const merged = new Map(resources.map((type) => [type.name, type]));
  for (const [name, attributes] of v2) {
    const v3 = merged.get(name) ?? { name, ...(codes.get(name) ? { code: codes.get(name) } : {}), attributes: [] };
    const v3Names = new Set(v3.attributes.map((attribute) => attribute.name));
    const added = [...attributes.values()]
      .filter(({ attribute }) => !v3Names.has(attribute.name))
      .map(({ attribute, first, last }): ReferenceAttribute => {
        const counterpart = attribute.apiKey
          ? v3.attributes.find((candidate) => candidate.apiKey === attribute.apiKey && !candidate.v2Only)
          : undefined;
        return {
          ...attribute,
          sensitive: attribute.sensitive || counterpart?.sensitive === true,
          v2Only: first === last ? first : `${first}–${last}`,
          ...(counterpart ? { v3Name: counterpart.name, apiKey: counterpart.apiKey } : {}),
        };
      });
    merged.set(name, { ...v3, attributes: byName([...v3.attributes, ...added]) });
  }
  return [...merged.values()].sort((a, b) => a.name.localeCompare(b.name));
}

const usage = `Usage: node dist/scripts/parity/extract-reference.js --repo DIR
  --repo DIR           a git directory of streamkap-com/terraform-provider-streamkap (branch develop, tags v2.*)
                       (required); writes scripts/parity/reference.json
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
  const transformExtras = addedAttributes(show(repo, "internal/resource/transform/base.go"));
  const wrappers = [
    ...list(repo, "internal/resource/source"),
    ...list(repo, "internal/resource/destination"),
    ...list(repo, "internal/resource/transform"),
  ].filter((file) => file.endsWith("_generated.go"));
  const resources = [
    ...wrappers.map((file) => generatedType(repo, file, file.includes("/transform/") ? transformExtras : [])),
    handWrittenType(repo, "internal/resource/pipeline/pipeline.go", "streamkap_pipeline", [timeoutsBlock]),
    handWrittenType(repo, "internal/resource/topic/topic.go", "streamkap_topic"),
    handWrittenType(repo, "internal/resource/tag/tag.go", "streamkap_tag"),
    // In the reference's code, though its provider.go does not register them yet (develop 9b9e30b).
    handWrittenType(
      repo,
      "internal/resource/kafka_user/kafka_user.go",
      "streamkap_kafka_user",
      nestedBlock("kafka_acls", false, [
        ["topic_name", true],
        ["operation", true],
        ["resource_pattern_type", true],
        ["resource", false],
      ]),
    ),
    handWrittenType(
      repo,
      "internal/resource/client_credential/client_credential.go",
      "streamkap_client_credential",
      nestedBlock("roles", true, [
        ["id", false],
        ["key", false],
        ["name", false],
        ["description", false],
      ]),
    ),
  ].sort((a, b) => a.name.localeCompare(b.name));
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
  const tags = v2Tags(repo);
  const reference: Reference = {
    source: `streamkap-com/terraform-provider-streamkap@${branch} ${commit}`,
    v2Source: `streamkap-com/terraform-provider-streamkap@${tags[0]}–${tags[tags.length - 1]}`,
    resources: withV2Names(resources, repo, tags),
    dataSources,
  };
  const out = path.resolve(__dirname, "../../../scripts/parity/reference.json");
  fs.writeFileSync(out, `${JSON.stringify(reference, null, 2)}\n`);
  console.log(`${out}: ${resources.length} resources, ${dataSources.length} data sources`);
}

if (require.main === module) main();
