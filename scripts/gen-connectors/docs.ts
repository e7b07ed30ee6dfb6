import type { TypedField } from "../../provider/kinds/typed/fields";
import { camelName, displayName, keySummary, resourceName, withArticle } from "./naming";

const printWidth = 120;

/**
 * A TSDoc comment at `indent`. Each block is a paragraph (separated by a blank line) made of lines; a line
 * longer than the print width is wrapped at spaces, and lines of a fenced code block are kept as they are.
 */
export function docComment(blocks: readonly (readonly string[])[], indent: string): string {
  const width = printWidth - indent.length - 3;
  const nonEmpty = blocks.filter((block) => block.length > 0);
  const single = nonEmpty.length === 1 && nonEmpty[0].length === 1 ? escapeComment(nonEmpty[0][0]) : undefined;
  if (single !== undefined && indent.length + single.length + 7 <= printWidth) {
    return `${indent}/** ${single} */\n`;
  }
  const body = nonEmpty
    .map((block) => {
      let fenced = false;
      return block.flatMap((line) => {
        if (line.startsWith("```")) fenced = !fenced;
        return fenced || line.startsWith("```") ? [line] : wrap(line, width);
      });
    })
    .flatMap((lines, index) => (index === 0 ? lines : ["", ...lines]));
  const text = body.map((line) => `${indent} *${line === "" ? "" : ` ${escapeComment(line)}`}`).join("\n");
  return `${indent}/**\n${text}\n${indent} */\n`;
}

/**
 * The same blocks as prose, for the package schema (and every SDK made from it): each paragraph on one line
 * (fenced code as written), the `@example` and everything after it left out as TypeScript-only, and a
 * `@default` said in words, as the schema's readers have no tags.
 */
export function docText(blocks: readonly (readonly string[])[]): string {
  const paragraphs: string[] = [];
  for (const block of blocks) {
    if (block.length === 0) continue;
    if (block[0] === "@example") break;
    const defaulted = /^@default (.*)$/.exec(block[0] ?? "");
    if (defaulted) {
      paragraphs.push(`Defaults to ${defaulted[1]}.`);
      continue;
    }
    paragraphs.push(block[0]?.startsWith("```") ? block.join("\n") : block.join(" "));
  }
  return paragraphs.join("\n\n");
}

/** A value inside a comment must not end it. */
function escapeComment(text: string): string {
  return text.replaceAll("*/", "*\\/");
}

function wrap(line: string, width: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of line.split(" ")) {
    if (current !== "" && current.length + 1 + word.length > width) {
      lines.push(current);
      current = word;
    } else {
      current = current === "" ? word : `${current} ${word}`;
    }
  }
  return [...lines, current];
}

const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
const tick = (value: string): string => `\`${value}\``;

/** A value as TypeScript would spell it, for `@default`. */
function literal(value: unknown): string {
  return typeof value === "string" ? JSON.stringify(value) : String(JSON.stringify(value));
}

/** The doc blocks of one setting: what it is, its rules, and its default. */
export function fieldDoc(field: TypedField, owner: "source" | "destination" | "transform"): string[][] {
  const rules: string[] = [];
  if (field.enum) rules.push(`One of ${field.enum.map(tick).join(", ")}.`);
  if (field.range) rules.push(`Between ${field.range[0]} and ${field.range[1]}.`);
  if (field.type === "json") rules.push("Any JSON value; sent to the service as it is.");
  if (field.secret) rules.push("Secret: stored as a Pulumi secret.");
  if (field.forcesReplace) rules.push(`Changing this replaces the ${owner}.`);
  return [
    [`${keySummary(field.key)} (config key ${tick(field.key)}).`],
    rules,
    field.default === undefined ? [] : [`@default ${tick(literal(field.default))}`],
  ];
}

/** A placeholder for a required setting in a class example. */
function exampleValue(field: TypedField): string {
  if (field.secret) return `config.requireSecret(${JSON.stringify(field.name)})`;
  if (field.enum) return JSON.stringify(field.enum[0]);
  switch (field.type) {
    case "integer":
      return String(field.range?.[0] ?? 1);
    case "boolean":
      return "true";
    case "string[]":
      return '["..."]';
    case "json":
      return "{}";
    case "string":
      if (/host/i.test(field.name)) return '"db.example.com"';
      if (/user/i.test(field.name)) return '"streamkap"';
      return '"..."';
  }
}

/** The class comment: what the connector is, and how to create one with its required settings. */
export function classDoc(kind: "source" | "destination", code: string, className: string, fields: TypedField[]) {
  const display = displayName(code);
  const generic = kind === "source" ? "Source" : "Destination";
  const variable = camelName(code);
  const resource = resourceName(code);
  const required = fields.filter((field) => field.required);
  const what =
    kind === "source"
      ? `captures changes from ${display} and writes them to topics.`
      : `delivers records from topics to ${display}.`;
  const create = [
    ...(required.some((field) => field.secret) ? ["const config = new pulumi.Config();"] : []),
    `const ${variable} = new streamkap.${className}(${JSON.stringify(resource)}, {`,
    ...required.map((field) => `  ${field.name}: ${exampleValue(field)},`),
    "});",
  ];
  const pipeline =
    kind === "source"
      ? `new streamkap.Pipeline("${resource}-to-warehouse", { source: ${variable}.id, destination: warehouse.id });`
      : `new streamkap.Pipeline("orders-to-${resource}", { source: ordersDb.id, destination: ${variable}.id });`;
  return [
    [`${capitalize(withArticle(display))} ${kind} (connector code ${tick(code)}): ${what}`],
    [
      "Every setting of the connector catalogue is a typed input, checked in `pulumi preview` before anything is sent.",
      `For a setting the catalogue does not list yet, use the generic {@link ${generic}} with \`connector: "${code}"\`.`,
    ],
    ["@example"],
    [`#### Create ${withArticle(display)} ${kind}`],
    ['```ts title="index.ts"', ...create, "```"],
    [kind === "source" ? "#### Deliver its topics to a destination" : "#### Deliver a source's topics to it"],
    ['```ts title="index.ts"', pipeline, "```"],
  ];
}

/**
 * How a setting's output reads: a secret as last applied; any other the program's value, else the service's own
 * (its default included), so a program can read the effective configuration.
 */
export function liveNote(field: { secret: boolean }): string {
  return field.secret ? ", as last applied" : ": as set, else the service's value (its default included)";
}
