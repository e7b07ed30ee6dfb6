import type { TypedTransformField } from "../../provider/kinds/typed/transform";
import { docComment, fieldDoc, liveNote } from "./docs";
import { article, camelName, keySummary, resourceName, typedClassName } from "./naming";
import { header, inputType, outputType } from "./render";

/** One typed transform class: the catalogue transform's code and its settings. */
export interface TypedTransformSpec {
  code: string;
  fields: TypedTransformField[];
}

export const transformClassName = (code: string): string => typedClassName("transform", code);
export const transformShimKey = (code: string): string => `transform:${code}`;

/** What the generic transform's own inputs are, for the docs of the ones a catalogue setting backs. */
const ownedSummaries: Readonly<Record<string, string>> = {
  inputTopicPattern: "Topics to read, as a pattern",
  outputTopicPattern: "Topics to write, as a replacement pattern",
  inputFormat: "How input records are serialized",
  outputFormat: "How output records are serialized",
  parallelism: "Parallel tasks of the job",
};

/** The generic transform requires the topic patterns, whatever the catalogue's placeholder defaults say. */
// The topic patterns are required where the catalogue says so (topic_router); elsewhere the service fills in its
// placeholder, as the reference provider's defaults do (TF generated/transform_map_filter.go:89-101).
const required = (field: TypedTransformField): boolean => field.required;

/** The SDK type of each SQL type's structured implementation (provider/kinds/transform-implementation.ts). */
const sqlForms: Record<string, string> = {
  enrich: "EnrichImplementationArgs",
  rollup: "RollupImplementationArgs",
  sql_join: "SqlJoinImplementationArgs",
};

const table = (name: string) =>
  `{ name: "${name}", topicMatcherRegex: ".*${name}$", createTableSql: "CREATE TABLE ${name} (id STRING PRIMARY KEY, …)" }`;

/** Example lines of each SQL type's implementation, for the class documentation. */
const sqlExamples: Record<string, string[]> = {
  enrich: [
    "  implementation: {",
    `    mainTable: ${table("orders")},`,
    `    lookupTable: ${table("locations")},`,
    '    enrichSql: "SELECT o.id, l.city FROM orders o JOIN locations l ON o.location_id = l.id",',
    "  },",
  ],
  rollup: [
    "  implementation: {",
    `    inputTables: [${table("orders")}],`,
    '    rollupSql: "SELECT product_id, SUM(amount) AS total FROM orders GROUP BY product_id",',
    '    keyFields: ["product_id"],',
    "  },",
  ],
  sql_join: [
    "  implementation: {",
    `    inputTables: [${table("orders")}, ${table("customers")}],`,
    '    joinSql: "SELECT o.id, c.name FROM orders o JOIN customers c ON o.customer_id = c.id",',
    '    keyFields: ["id"],',
    "  },",
  ],
};

/** The implementation's spelling of the catalogue's languages (`JavaScript` → `JAVASCRIPT`). */
const languages = (field: TypedTransformField): string[] => (field.enum ?? []).map((value) => value.toUpperCase());

/** "Topic TTL (config key `transforms.topic.ttl`).": every key starts `transforms.`, which says nothing here. */
const settingSummary = (field: TypedTransformField): string =>
  `${keySummary(field.key.replace(/^transforms\./, ""))} (config key \`${field.key}\`)`;

/** Required inputs first, then the settings, then the generic inputs' optional ones, the code last. */
const rank = (field: TypedTransformField): number =>
  field.role === "language" ? 3 : field.role === "setting" ? 1 : required(field) ? 0 : 2;

function memberDoc(field: TypedTransformField): string[][] {
  const [, ...rest] = fieldDoc(field, "transform");
  if (field.role === "setting") return [[`${settingSummary(field)}.`], ...rest];
  const [rules, defaults] = rest;
  return [
    [`${ownedSummaries[field.name]} (config key \`${field.key}\`).`],
    rules,
    required(field) ? ["Changes in place."] : defaults,
  ];
}

/** The doc blocks of `implementation`, which the catalogue's language setting backs. */
function implementationDoc(field: TypedTransformField): string[][] {
  const allowed = languages(field);
  return [
    [
      "The code. Without it, the transform's code is left to the web console: updates keep whatever code the " +
        "transform holds, and `deploy` deploys its latest version.",
    ],
    [
      `Its \`language\` is ${allowed.map((value) => `\`${value}\``).join(" or ")} for this transform (config key \`${field.key}\`).`,
    ],
    ["@default none"],
  ];
}

/** The doc blocks of a typed transform's class and of each input it declares, by input name. */
export function typedTransformDocs(spec: TypedTransformSpec): {
  description: string[][];
  args: Map<string, string[][]>;
} {
  const args = new Map(
    spec.fields.map((field) =>
      field.role === "language" ? ["implementation", implementationDoc(field)] : [field.name, memberDoc(field)],
    ),
  );
  return { description: classDoc(spec, transformClassName(spec.code)), args };
}

function members(spec: TypedTransformSpec): string {
  return [...spec.fields]
    .sort((a, b) => rank(a) - rank(b))
    .map((field) => {
      if (field.role === "language") {
        const allowed = languages(field);
        const doc = implementationDoc(field);
        const union = allowed.map((value) => JSON.stringify(value)).join(" | ");
        const sqlForm = sqlForms[spec.code];
        const type = sqlForm
          ? `${sqlForm} | { language: ${union} }`
          : `TransformImplementationArgs & { language: ${union} }`;
        return `${docComment(doc, "  ")}  implementation?: pulumi.Input<${type}>;\n`;
      }
      return `${docComment(memberDoc(field), "  ")}  ${field.name}${required(field) ? "" : "?"}: ${inputType(field)};\n`;
    })
    .join("");
}

/** A placeholder value of a setting in a class example. */
function exampleValue(field: TypedTransformField): string {
  if (field.enum) return JSON.stringify(field.enum[0]);
  if (field.type === "integer") return String(field.range?.[1] ?? field.default ?? 1);
  if (field.type === "boolean") return "true";
  return typeof field.default === "string" && field.default !== "" ? JSON.stringify(field.default) : '"1h"';
}

function classDoc(spec: TypedTransformSpec, name: string): string[][] {
  const variable = camelName(spec.code);
  const resource = resourceName(spec.code);
  const language = spec.fields.find((field) => field.role === "language");
  const settings = spec.fields.filter((field) => field.role === "setting");
  const create = [
    `const ${variable} = new streamkap.${name}(${JSON.stringify(resource)}, {`,
    '  inputTopicPattern: "source_.*\\\\.public\\\\.orders",',
    `  outputTopicPattern: ${JSON.stringify(`orders_${spec.code}`)},`,
    ...settings.map((field) => `  ${field.name}: ${exampleValue(field)},`),
    "});",
  ];
  const parallel = spec.fields.find((field) => field.name === "parallelism");
  const tune = [
    `new streamkap.${name}(${JSON.stringify(`${resource}-wide`)}, {`,
    '  inputTopicPattern: "source_.*\\\\.public\\\\..*",',
    `  outputTopicPattern: ${JSON.stringify(`all_${spec.code}`)},`,
    ...(parallel ? [`  parallelism: ${parallel.range?.[1] ?? 20},`] : []),
    '  outputFormat: "Json",',
    ...(language
      ? (sqlExamples[spec.code] ?? [
          `  implementation: { language: ${JSON.stringify(languages(language)[0])}, valueTransform: "..." },`,
        ])
      : []),
    "});",
  ];
  return [
    [
      `${article(spec.code) === "an" ? "An" : "A"} \`${spec.code}\` transform: the generic {@link Transform} with \`type: "${spec.code}"\` fixed by the class.`,
    ],
    [
      "Every setting of the connector catalogue for this transform is a typed input, checked in `pulumi preview`",
      "before anything is sent, in place of the generic transform's `config` map; code, unit test and deploys work",
      "as for {@link Transform}.",
    ],
    ["@example"],
    [`#### Create ${article(spec.code)} \`${spec.code}\` transform`],
    ['```ts title="index.ts"', ...create, "```"],
    ["#### Tune the job and give it code"],
    ['```ts title="index.ts"', ...tune, "```"],
  ];
}

/** One typed transform: its args interface and its resource class. */
export function typedTransformFile(spec: TypedTransformSpec): string {
  const name = transformClassName(spec.code);
  const settings = spec.fields.filter((field) => field.role === "setting");
  const hasLanguage = spec.fields.some((field) => field.role === "language");
  // The generic inputs this class redeclares with the catalogue's rules, and the two it replaces.
  const replaced = [
    "type",
    "config",
    ...spec.fields.filter((field) => field.role === "owned").map((field) => field.name),
    ...(hasLanguage ? ["implementation"] : []),
  ];
  const secret = settings.some((field) => field.secret);
  const json = settings.some((field) => field.type === "json");
  const baseImports = [...(json ? ["type JsonValue"] : []), ...(secret ? ["secretInput"] : [])];
  const outputs = settings
    .map(
      (field) =>
        `${docComment([[`${settingSummary(field)}${liveNote(field)} (see {@link ${name}Args.${field.name}}).`]], "  ")}` +
        `  declare readonly ${field.name}: ${outputType(field)};\n`,
    )
    .join("");
  const props = [
    "...transformProps(name, args),",
    ...settings.map(
      (field) => `${field.name}: ${field.secret ? `secretInput(args.${field.name})` : `args.${field.name}`},`,
    ),
  ].join("\n");
  const implementationType = sqlForms[spec.code] ?? "TransformImplementationArgs";
  const transformImports = ["type TransformArgs", ...(hasLanguage ? [`type ${implementationType}`] : [])];
  return `${header}
import * as pulumi from "@pulumi/pulumi";

import { ${[...transformImports, "transformProps"].join(", ")} } from "../../transform";
import { typedShims } from "../shims";
import { ${[...baseImports, "TypedTransform"].join(", ")} } from "../../typed-bases";

${docComment([[`The arguments of a {@link ${name}}: the generic transform's, with its catalogue settings typed.`]], "")}export interface ${name}Args extends Omit<TransformArgs, ${replaced.map((input) => JSON.stringify(input)).join(" | ")}> {
${members(spec)}}

${docComment(classDoc(spec, name), "")}export class ${name} extends TypedTransform {
${outputs}
  constructor(name: string, args: ${name}Args, opts?: pulumi.CustomResourceOptions) {
    super(
      typedShims[${JSON.stringify(transformShimKey(spec.code))}],
      name,
      {
        ${props}
      },
      opts,
      "streamkap",
      ${JSON.stringify(name)},
    );
  }
}
`;
}
