import { literal } from "./code";
import type { ProgramModel } from "./model";
import { commentLines, printConstruction, printWidth } from "./print";

export interface ProgramContext {
  /** The API the objects were read from, for the header. */
  endpoint: string;
  adopt: boolean;
  /** The header's first sentence, when another command than `export` wrote the program. */
  writtenBy?: string;
  /** Where the secret config's values come from, when not from the person running `export`. */
  secretsFrom?: string;
}

/** `text` wrapped into `//` comment lines at `indent`, breaking between words. */
export function wrappedComment(text: string, indent = 0): string[] {
  const width = printWidth - indent - 3;
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      if (line !== "" && line.length + 1 + word.length > width) {
        lines.push(line);
        line = word;
      } else {
        line = line === "" ? word : `${line} ${word}`;
      }
    }
    lines.push(line);
  }
  return commentLines(lines.join("\n"), indent);
}

const header = (context: ProgramContext): string =>
  `${context.writtenBy ?? `Written by \`pulumi-streamkap export\` from the Streamkap service at ${context.endpoint}.`}\n` +
  "Each name on the service is the stack setting `namePrefix` followed by the rest of the name, so a stack " +
  "with another prefix (or another service) holds a copy. Secret settings are read from secret stack config: " +
  `${context.secretsFrom ?? "the export never reads their values (see README.md for the `pulumi config set --secret` lines)"}.` +
  (context.adopt
    ? "\nEvery resource takes over the existing object whose id is in `adopt`: the first `pulumi up` changes " +
      "nothing on the service. Set the secrets to their real values before that: the service never shows them, " +
      "so no preview can tell a wrong one, and the next update of the connector would send it."
    : "");

const systemTagLookup = [
  "/** The id of one of the service's own tags (looked up by name, so the program does not depend on their ids). */",
  "async function systemTagId(name: string): Promise<string> {",
  "  const [tag] = await streamkap.getTags({ name, system: true });",
  '  if (!tag) throw new Error(`the service has no system tag "${name}"`);',
  "  return tag.id;",
  "}",
];

/** The program's `index.ts`: formatted as Prettier formats it, ending in a newline. */
export function renderProgram(model: ProgramModel, context: ProgramContext): string {
  const blocks: string[][] = [
    [
      ...wrappedComment(header(context)),
      'import * as pulumi from "@pulumi/pulumi";',
      'import * as streamkap from "pulumi-streamkap";',
    ],
    [
      "const config = new pulumi.Config();",
      ...wrappedComment("The start of every name on the service; another prefix makes another copy."),
      'const namePrefix = config.get("namePrefix") ?? "";',
    ],
  ];
  if (model.usesSystemTags) blocks.push(systemTagLookup);
  for (const declaration of model.declarations) {
    blocks.push([
      ...declaration.comments.flatMap((text) => wrappedComment(text)),
      ...printConstruction(
        declaration.variable,
        declaration.className,
        literal(declaration.resourceName),
        declaration.entries,
        declaration.options,
      ),
    ]);
  }
  if (model.leftOut.length > 0) {
    blocks.push(wrappedComment(["Not in this program:", ...model.leftOut.map((text) => `- ${text}`)].join("\n")));
  }
  return blocks.map((lines) => lines.join("\n")).join("\n\n") + "\n";
}
