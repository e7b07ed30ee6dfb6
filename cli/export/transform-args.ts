import {
  catalogueDefault,
  languageKey,
  nameKey,
  semanticEqual,
  sqlImplementationOf,
  tagIdsOf,
  transformTypes,
  typedConfigKeys,
} from "../../provider/public/cli/programs";
import { type TransformRecord } from "../../provider/public/cli/service";
import { entry, type Expr, jsonExpr, literal, object, type ObjectEntry, template } from "./code";
import type { Args } from "./object-args";
import { type References, tagList, topicPattern } from "./references";

const formats = new Set(["Any", "Avro", "Json"]);
const languages = new Set(["PYTHON", "JAVASCRIPT", "SQL"]);

/** Whether the service's transform type is one the `Transform` resource takes. */
export function isExportableTransformType(type: string | null | undefined): boolean {
  return (transformTypes as readonly string[]).includes(type ?? "");
}

/**
 * A transform's settings for the generic `Transform` resource: its type, topic patterns (sources and topics they
 * name become references), the settings that differ from the catalogue's defaults, its latest code with its unit
 * test, and `deploy` when a version runs live. Unit-test records are copied as the service holds them.
 */
export function transformArgs(live: TransformRecord, references: References): Args {
  const type = live.transform_type ?? "";
  const config = (live.config ?? {}) as Record<string, unknown>;
  const entries: ObjectEntry[] = [entry("type", literal(type))];
  const notes: string[] = [];

  for (const [input, key] of Object.entries(typedConfigKeys)) {
    const value = config[key];
    const isPattern = input === "inputTopicPattern" || input === "outputTopicPattern";
    if (value === undefined || value === null) continue;
    if (!isPattern && semanticEqual(value, catalogueDefault(type, key))) continue;
    if (isPattern) {
      const pattern = topicPattern(String(value), references);
      entries.push(entry(input, pattern.expr));
      notes.push(...pattern.notes);
    } else if (input === "parallelism") {
      const number = Number(value);
      if (Number.isSafeInteger(number)) entries.push(entry(input, literal(number)));
    } else if (formats.has(String(value))) {
      entries.push(entry(input, literal(String(value))));
    } else {
      notes.push(`Its ${input} "${String(value)}" is not one the Transform resource takes; it is left out.`);
    }
  }

  const owned = new Set<string>([nameKey, languageKey, ...Object.values(typedConfigKeys)]);
  const extra = Object.entries(config).filter(
    ([key, value]) =>
      !owned.has(key) &&
      value !== null &&
      value !== undefined &&
      ["string", "number", "boolean"].includes(typeof value) &&
      !semanticEqual(value, catalogueDefault(type, key)),
  );
  if (extra.length > 0) entries.push(entry("config", jsonExpr(Object.fromEntries(extra))));

  const tags = tagList(tagIdsOf(live.tags) ?? [], references);
  if (tags.list) entries.push(entry("tags", tags.list));
  notes.push(...tags.notes);

  const code = live.implementation;
  const sql = sqlImplementationOf(live.transform_type ?? "", code);
  if (sql) {
    entries.push(entry("implementation", jsonExpr(sql)));
    if (live.live_version !== null && live.live_version !== undefined && live.live_version !== "") {
      entries.push(entry("deploy", literal(true)));
    }
  } else if (code && languages.has(code.language ?? "")) {
    const text = (key: string, value: string | null | undefined) => (value ? [entry(key, codeText(value))] : []);
    const implementation = [
      entry("language", literal(code.language ?? "")),
      ...text("valueTransform", code.value_transform),
      ...text("keyTransform", code.key_transform),
      ...text("topicTransform", code.topic_transform),
    ];
    if (implementation.length > 1) {
      entries.push(entry("implementation", object(implementation)));
      const test = unitTest((code as Record<string, unknown>).unit_test);
      if (test) entries.push(entry("unitTest", test));
      if (live.live_version !== null && live.live_version !== undefined && live.live_version !== "") {
        entries.push(entry("deploy", literal(true)));
      }
    }
  }
  return { entries, notes };
}

/** Code reads best as written: a template literal when it spans lines, a string otherwise. */
function codeText(text: string): Expr {
  return text.includes("\n") ? template([text]) : literal(text);
}

/** The stored unit test as the resource's `unitTest`; undefined without one (or without input records). */
function unitTest(stored: unknown): Expr | undefined {
  if (typeof stored !== "object" || stored === null) return undefined;
  const test = stored as { test_name?: unknown; input__json?: unknown; output__json?: unknown };
  if (!Array.isArray(test.input__json) || test.input__json.length === 0) return undefined;
  const records = (list: unknown) => (Array.isArray(list) ? list.map(testRecord) : []);
  return object([
    ...(typeof test.test_name === "string" && test.test_name !== "" ? [entry("name", literal(test.test_name))] : []),
    entry("input", jsonExpr(records(test.input__json))),
    entry("expectedOutput", jsonExpr(records(test.output__json))),
  ]);
}

/** A test record with only the fields the resource takes, in the types it takes them. */
function testRecord(record: unknown): Record<string, unknown> {
  const source = isObject(record) ? record : {};
  const kept: Record<string, unknown> = {};
  for (const key of ["topic", "timestamp"]) if (typeof source[key] === "string") kept[key] = source[key];
  for (const key of ["key", "value"]) if (isObject(source[key])) kept[key] = source[key];
  return kept;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
