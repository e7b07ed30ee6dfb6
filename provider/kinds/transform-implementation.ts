import { z } from "zod";

import type { CheckFailure, Json, JsonObject } from "../engine/kind";
import { compact, isPlainObject, isUnknown, repeatedEntry, semanticEqual } from "../engine/values";
import { regexProblem } from "./regex";
import { catalogueDefault, implementationLanguages, languageKey, languageOfConfig } from "./transform-config";

/**
 * A transform's implementation in the program's words. Code types (`map_filter`, `fan_out`, `enrich_async`) carry
 * code; the SQL types carry structured forms, as the reference provider's examples write them
 * (TF examples/resources/streamkap_transform_{enrich,rollup,sql_join}/with_implementation.tf): tables read from
 * topics, a query, the key fields of its result and how long state is kept. `language` alone is allowed too: it
 * sets `transforms.language` and leaves the code to the web console.
 */
const sqlTable = z
  .strictObject({
    name: z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "must be a SQL table name: a letter or `_`, then letters, digits or `_`"),
    topicMatcherRegex: z.string().min(1, "must not be empty"),
    createTableSql: z.string().min(1, "must not be empty"),
  })
  .meta({ title: "SqlTable" });
export type SqlTable = z.infer<typeof sqlTable>;

const text = z.string().min(1, "must not be empty");
/** A day in milliseconds bounds the idle timeout; state is kept at most a year (both guesses: docs/real-api.md). */
const dayMs = 86_400_000;

export const implementationSchema = z
  .strictObject({
    language: z.enum(implementationLanguages).meta({ title: "TransformLanguage" }).optional(),
    valueTransform: z.string().optional(),
    keyTransform: z.string().optional(),
    topicTransform: z.string().optional(),
    mainTable: sqlTable.optional(),
    lookupTable: sqlTable.optional(),
    enrichSql: text.optional(),
    inputTables: z.array(sqlTable).min(1, "must list at least one table").optional(),
    rollupSql: text.optional(),
    joinSql: text.optional(),
    keyFields: z.array(text).min(1, "must name at least one field").optional(),
    sourceIdleTimeoutMs: z.number().int("must be a whole number").min(0).max(dayMs, "must be at most a day").optional(),
    stateTtlMs: z
      .number()
      .int("must be a whole number")
      .min(1, "must be at least 1 ms")
      .max(365 * dayMs, "must be at most a year")
      .optional(),
    // enrich_async's own settings, inside its implementation as the reference examples write them
    // (TF examples/resources/streamkap_transform_enrich_async/with_implementation.tf: async_timeout_ms, async_capacity);
    // the capacity's range is the catalogue's for `transforms.async.capacity`.
    asyncTimeoutMs: z.number().int("must be a whole number").min(1, "must be at least 1 ms").optional(),
    asyncCapacity: z.number().int("must be a whole number").min(1).max(50, "must be at most 50").optional(),
  })
  .meta({ title: "TransformImplementation" });
export type TransformImplementation = z.infer<typeof implementationSchema>;
type Member = Exclude<keyof TransformImplementation, "language">;

/** How a transform type is implemented. */
export type ImplementationForm = "code" | "enrich" | "rollup" | "sql_join" | "none";

/** The members each form takes, and those it needs once any is given. */
const forms: Record<ImplementationForm, { members: readonly Member[]; required: readonly Member[] }> = {
  code: {
    members: ["valueTransform", "keyTransform", "topicTransform", "asyncTimeoutMs", "asyncCapacity"],
    required: [],
  },
  enrich: { members: ["mainTable", "lookupTable", "enrichSql"], required: ["mainTable", "lookupTable", "enrichSql"] },
  rollup: {
    members: ["inputTables", "rollupSql", "keyFields", "sourceIdleTimeoutMs", "stateTtlMs"],
    required: ["inputTables", "rollupSql", "keyFields"],
  },
  sql_join: {
    members: ["inputTables", "joinSql", "keyFields", "stateTtlMs"],
    required: ["inputTables", "joinSql", "keyFields"],
  },
  // Kafka Connect types route by their patterns; they have no implementation (TF topic_router_generated.go:42-45).
  none: { members: [], required: [] },
};

const asyncMembers = ["asyncTimeoutMs", "asyncCapacity"] as const;

const allMembers = [...new Set(Object.values(forms).flatMap((form) => form.members))];

export function implementationForm(type: string): ImplementationForm {
  if (type === "enrich" || type === "rollup" || type === "sql_join") return type;
  return type === "topic_router" ? "none" : "code";
}

/** Whether the implementation writes a version: anything beyond its language. */
export function hasImplementationContent(implementation: TransformImplementation | undefined): boolean {
  return implementation !== undefined && allMembers.some((member) => implementation[member] !== undefined);
}

/** Offline rules: members the type takes, those it needs, tables that create what they name, regexes that compile. */
export function implementationRules(
  type: string,
  implementation: TransformImplementation | undefined,
  hasUnitTest: boolean,
): CheckFailure[] {
  if (implementation === undefined || isUnknown(implementation) || isUnknown(type)) return [];
  const failures: CheckFailure[] = [];
  const fail = (reason: string) => failures.push({ property: "implementation", reason });
  const form = implementationForm(type);
  const { required } = forms[form];
  // The async settings are enrich_async's own.
  const members = forms[form].members.filter(
    (member) => type === "enrich_async" || !(asyncMembers as readonly string[]).includes(member),
  );
  const offered = members.length === 0 ? "no implementation" : members.map((member) => `\`${member}\``).join(", ");
  for (const member of allMembers) {
    if (implementation[member] !== undefined && !members.includes(member)) {
      fail(`\`implementation.${member}\` is not for \`${type}\` transforms, which take ${offered}`);
    }
  }
  if (!hasImplementationContent(implementation)) return failures;
  for (const member of required) {
    if (implementation[member] === undefined) {
      fail(`\`implementation.${member}\` is required for \`${type}\` transforms (with ${offered})`);
    }
  }
  if (form === "code") {
    if (implementation.language === undefined) {
      fail("`implementation.language` is required with code: `JAVASCRIPT` or `PYTHON`");
    }
    return failures;
  }
  if (hasUnitTest) {
    failures.push({
      property: "unitTest",
      reason:
        `\`unitTest\` runs code, and a \`${type}\` transform is SQL: deploy it as a preview (\`deploy\`) to try it, ` +
        "or leave `unitTest` out",
    });
  }
  failures.push(...sqlRules(type, implementation));
  return failures;
}

function sqlRules(type: string, implementation: TransformImplementation): CheckFailure[] {
  const failures: CheckFailure[] = [];
  const fail = (reason: string) => failures.push({ property: "implementation", reason });
  const tables: Array<[string, SqlTable]> = [
    ...(implementation.mainTable ? [["mainTable", implementation.mainTable] as [string, SqlTable]] : []),
    ...(implementation.lookupTable ? [["lookupTable", implementation.lookupTable] as [string, SqlTable]] : []),
    ...(Array.isArray(implementation.inputTables)
      ? implementation.inputTables.map((table, index): [string, SqlTable] => [`inputTables[${index}]`, table])
      : []),
  ];
  const seen = new Map<string, string>();
  for (const [path, table] of tables) {
    if (isUnknown(table)) continue;
    if (typeof table.name === "string" && !isUnknown(table.name)) {
      const first = seen.get(table.name.toLowerCase());
      if (first !== undefined) fail(`\`implementation.${path}.name\` is \`${table.name}\` again, as \`${first}\``);
      else seen.set(table.name.toLowerCase(), `implementation.${path}.name`);
      if (typeof table.createTableSql === "string" && !isUnknown(table.createTableSql)) {
        if (!createsTable(table.createTableSql, table.name)) {
          fail(
            `\`implementation.${path}.createTableSql\` must create the table \`${table.name}\` ` +
              `(\`CREATE TABLE ${table.name} (…)\`): the query reads it by that name`,
          );
        }
      }
    }
    if (typeof table.topicMatcherRegex === "string" && !isUnknown(table.topicMatcherRegex)) {
      const problem = regexProblem(table.topicMatcherRegex);
      if (problem !== undefined) {
        fail(`\`implementation.${path}.topicMatcherRegex\` is not a regular expression (${problem})`);
      }
    }
  }
  const inputTables = implementation.inputTables;
  if (type === "sql_join" && Array.isArray(inputTables) && !isUnknown(inputTables) && inputTables.length < 2) {
    fail("`implementation.inputTables` must list at least two tables: a join reads two or more");
  }
  const keyFields = implementation.keyFields;
  if (Array.isArray(keyFields) && !keyFields.some(isUnknown)) {
    const repeated = repeatedEntry(keyFields);
    if (repeated !== undefined) fail(`\`implementation.keyFields\` lists \`${repeated}\` more than once`);
  }
  return failures;
}

function createsTable(sql: string, name: string): boolean {
  const quoted = `[\`"]?${name}[\`"]?`;
  return new RegExp(`\\bCREATE\\s+(TEMPORARY\\s+)?TABLE\\s+(IF\\s+NOT\\s+EXISTS\\s+)?${quoted}(\\s|\\(|$)`, "i").test(
    sql,
  );
}

const tableWire = (table: SqlTable): JsonObject => ({
  name: table.name,
  topicMatcherRegex: table.topicMatcherRegex,
  createTableSQL: table.createTableSql,
});

/**
 * The implementation as `PUT …/implementation_details` takes it: code as api.md's Implementation object, SQL
 * forms as the reference provider's examples write `implementation_json` (their key spellings included:
 * `rollup`'s `stateTTLMs` is a number, `sql_join`'s `stateTtlMs` a string). Undefined when there is nothing to
 * write (a language alone).
 */
export function implementationWire(
  type: string,
  implementation: TransformImplementation | undefined,
  unitTest: JsonObject | undefined,
): JsonObject | undefined {
  if (implementation === undefined || !hasImplementationContent(implementation)) return undefined;
  switch (implementationForm(type)) {
    case "enrich":
      return compact({
        mainTable: implementation.mainTable && tableWire(implementation.mainTable),
        lookupTable: implementation.lookupTable && tableWire(implementation.lookupTable),
        enrichSQL: implementation.enrichSql,
      });
    case "rollup":
      return compact({
        inputTables: implementation.inputTables?.map(tableWire),
        rollupSQL: implementation.rollupSql,
        keyFields: implementation.keyFields,
        sourceIdleTimeoutMs: implementation.sourceIdleTimeoutMs,
        stateTTLMs: implementation.stateTtlMs,
      });
    case "sql_join":
      return compact({
        inputTables: implementation.inputTables?.map(tableWire),
        joinSQL: implementation.joinSql,
        keyFields: implementation.keyFields,
        stateTtlMs: implementation.stateTtlMs === undefined ? undefined : String(implementation.stateTtlMs),
      });
    default:
      return compact({
        language: implementation.language,
        value_transform: implementation.valueTransform ?? "",
        key_transform: implementation.keyTransform ?? "",
        topic_transform: implementation.topicTransform ?? "",
        async_timeout_ms: implementation.asyncTimeoutMs,
        async_capacity: implementation.asyncCapacity,
        unit_test: unitTest,
      });
  }
}

const stringOf = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);
const numberOf = (value: unknown): number | undefined =>
  typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : undefined;

function tableOf(value: unknown): Json | undefined {
  if (!isPlainObject(value)) return undefined;
  return compact({
    name: stringOf(value.name),
    topicMatcherRegex: stringOf(value.topicMatcherRegex),
    createTableSql: stringOf(value.createTableSQL),
  });
}

/** A SQL implementation as the service holds it, in the program's words. */
function sqlFromWire(type: string, live: Record<string, unknown>): JsonObject {
  const tables = Array.isArray(live.inputTables) ? live.inputTables.map(tableOf) : undefined;
  const keyFields = Array.isArray(live.keyFields) ? live.keyFields.map(String) : undefined;
  switch (implementationForm(type)) {
    case "enrich":
      return compact({
        mainTable: tableOf(live.mainTable),
        lookupTable: tableOf(live.lookupTable),
        enrichSql: stringOf(live.enrichSQL),
      });
    case "rollup":
      return compact({
        inputTables: tables as Json[] | undefined,
        rollupSql: stringOf(live.rollupSQL),
        keyFields,
        sourceIdleTimeoutMs: numberOf(live.sourceIdleTimeoutMs),
        stateTtlMs: numberOf(live.stateTTLMs),
      });
    default:
      return compact({
        inputTables: tables as Json[] | undefined,
        joinSql: stringOf(live.joinSQL),
        keyFields,
        stateTtlMs: numberOf(live.stateTtlMs),
      });
  }
}

/** A SQL type's implementation as the service holds it, in the program's words; undefined for code or none. */
export function sqlImplementationOf(type: string, live: unknown): JsonObject | undefined {
  if (implementationForm(type) === "code" || implementationForm(type) === "none" || !isPlainObject(live)) {
    return undefined;
  }
  const read = sqlFromWire(type, live);
  return Object.keys(read).length > 0 ? read : undefined;
}

/**
 * The implementation as the service holds it, shaped like the program's: the program's own value wherever it
 * still denotes what the service holds, so only real drift differs. `null` when the service holds none.
 */
export function liveImplementation(
  type: string,
  live: Record<string, unknown> | null | undefined,
  prior: TransformImplementation | undefined,
): Json | undefined {
  if (prior === undefined || live === undefined || !hasImplementationContent(prior)) return prior as Json | undefined;
  if (live === null) return null; // the code is gone from the service: the next `up` writes it again
  if (implementationForm(type) === "code") {
    const liveText = (value: unknown, priorText: string | undefined) => {
      const current = stringOf(value);
      return (current ?? "") === (priorText ?? "") ? priorText : current;
    };
    const liveNumber = (value: unknown, priorNumber: number | undefined) =>
      priorNumber === undefined ? undefined : (numberOf(value) ?? priorNumber);
    return compact({
      language: stringOf(live.language) ?? prior.language,
      valueTransform: liveText(live.value_transform, prior.valueTransform),
      keyTransform: liveText(live.key_transform, prior.keyTransform),
      topicTransform: liveText(live.topic_transform, prior.topicTransform),
      asyncTimeoutMs: liveNumber(live.async_timeout_ms, prior.asyncTimeoutMs),
      asyncCapacity: liveNumber(live.async_capacity, prior.asyncCapacity),
    });
  }
  const read = compact({ language: prior.language, ...sqlFromWire(type, live) });
  // The service adds its own defaults to a stored SQL implementation (rollup: `sourceIdleTimeoutMs`,
  // `stateTTLMs`): what the program set must match, what the service added is no drift (TF
  // internal/resource/transform/base.go:386-401, `isImplementationSubset` 871-890).
  return holdsSubset(prior, read) ? (prior as Json) : read;
}

/**
 * Whether `whole` holds everything `part` sets, with the same values: objects key by key (keys `part` leaves out
 * are free), arrays item by item, other values as the service means them.
 */
export function holdsSubset(part: unknown, whole: unknown): boolean {
  if (isPlainObject(part)) {
    return (
      isPlainObject(whole) &&
      Object.entries(part).every(([key, value]) => value === undefined || holdsSubset(value, whole[key]))
    );
  }
  if (Array.isArray(part)) {
    return (
      Array.isArray(whole) &&
      part.length === whole.length &&
      part.every((item, index) => holdsSubset(item, whole[index]))
    );
  }
  return semanticEqual(part, whole);
}

/**
 * What `pulumi import` of a transform declares as its implementation: its language and code as the service holds
 * them (the reference provider verifies `transforms_language` after an import), or its SQL form; undefined when it
 * holds none. `configLanguage` is the config's `transforms.language`, for a transform that has no code yet.
 */
export function importedImplementation(
  type: string,
  live: Record<string, unknown> | null | undefined,
  configLanguage: unknown,
): JsonObject | undefined {
  const imported = implementationFromWire(type, live, configLanguage);
  // A language with no code is the type's default unless the catalogue says otherwise: the service fills it in
  // (a transform Terraform made with no `implementation_json` has it), and the program need not say it.
  const languageOnly = imported !== undefined && Object.keys(imported).length === 1 && imported.language !== undefined;
  return languageOnly && isDefaultLanguage(type, imported.language) ? undefined : imported;
}

/** Whether `language` is the one the catalogue gives the type when nothing names one. */
export function isDefaultLanguage(type: string, language: unknown): boolean {
  return languageOfConfig(catalogueDefault(type, languageKey)) === language;
}

/**
 * An implementation in the service's own shape (`{"language": "JAVASCRIPT", "value_transform": "…"}`, as the service
 * answers it and Terraform's `implementation_json` holds it) as the `implementation` input; undefined when it holds
 * none.
 */
export function implementationFromWire(
  type: string,
  live: Record<string, unknown> | null | undefined,
  configLanguage: unknown,
): JsonObject | undefined {
  const form = implementationForm(type);
  if (form === "none") return undefined;
  if (form !== "code") return live ? sqlImplementationOf(type, live) : undefined;
  const code = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);
  const imported = compact({
    language: languageOfConfig(live?.language) ?? languageOfConfig(configLanguage),
    valueTransform: code(live?.value_transform),
    keyTransform: code(live?.key_transform),
    topicTransform: code(live?.topic_transform),
    asyncTimeoutMs: type === "enrich_async" ? numberOf(live?.async_timeout_ms) : undefined,
    asyncCapacity: type === "enrich_async" ? numberOf(live?.async_capacity) : undefined,
  });
  return Object.keys(imported).length > 0 ? imported : undefined;
}
