/**
 * One rule for every file `export` and `from-terraform` write: a value read from the service, a Terraform state or
 * the person running the command becomes a literal that its language reads back as exactly that value, whatever it
 * holds. Each writer quotes text only through these functions (TypeScript through print.ts's `stringLiteral`):
 *
 * - YAML (Pulumi YAML programs): a double-quoted scalar with every character outside YAML's printable set escaped,
 *   and every `$` doubled, since Pulumi YAML reads `$$` as `$` and `${` as an interpolation in every string, keys
 *   included (`pulumiYamlText`);
 * - HCL (PCL programs, Terraform addresses): a quoted template with HCL's escapes and `${`/`%{` doubled
 *   (`hclQuoted`);
 * - POSIX shell: a single-quoted word (`shellWord`).
 *
 * docs/security.md says what the writers guarantee; tests/unit/literals.test.ts and
 * tests/engine/written-literals.test.ts hold them to the real tools.
 */
import { ErrorCodes, StreamkapError } from "../../provider/public/cli/service";

/**
 * Characters no reader should meet raw in prose: C0 and C1 controls, DEL, and the line and paragraph separators
 * JSON leaves as they are. Global: for `replace`.
 */
// eslint-disable-next-line no-control-regex
export const controlCharacters = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** A UTF-16 surrogate without its pair: JSON can carry one, but no UTF-8 file can hold it. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether the text can be written to a file exactly: it holds no lone surrogate. */
export function isWritable(text: string): boolean {
  return !loneSurrogate.test(text);
}

/**
 * Refuses text no file can hold exactly. `where` names the value (a resource and its input, never the value
 * itself: it is somebody else's text).
 */
export function refuseUnwritable(text: string, where: string): void {
  if (isWritable(text)) return;
  throw new StreamkapError(
    ErrorCodes.programValue,
    `${where} holds a lone UTF-16 surrogate (half of a character), which no program file can hold exactly, so ` +
      "nothing was written. Correct that value on the service (or in the Terraform state), then run again.",
  );
}

const hex = (code: number, digits: number): string => code.toString(16).toUpperCase().padStart(digits, "0");

/** `\xHH`, `\uHHHH` or `\UHHHHHHHH`: the escapes YAML's double-quoted scalars take. */
const yamlEscape = (code: number): string =>
  code <= 0xff ? `\\x${hex(code, 2)}` : code <= 0xffff ? `\\u${hex(code, 4)}` : `\\U${hex(code, 8)}`;

/**
 * Whether YAML reads the character as itself inside a double-quoted scalar: its printable set less the characters
 * some parsers take as line breaks (U+0085, U+2028, U+2029) or drop (the byte order mark).
 */
function yamlPrintable(code: number): boolean {
  if (code === 0x85 || code === 0x2028 || code === 0x2029 || code === 0xfeff) return false;
  return (
    (code >= 0x20 && code <= 0x7e) ||
    (code >= 0xa0 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

/** A YAML double-quoted scalar that any YAML 1.1 or 1.2 parser reads back as exactly `text`. */
export function yamlQuoted(text: string): string {
  let body = "";
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    if (character === '"' || character === "\\") body += `\\${character}`;
    else if (character === "\n") body += "\\n";
    else if (character === "\t") body += "\\t";
    else body += yamlPrintable(code) ? character : yamlEscape(code);
  }
  return `"${body}"`;
}

/** Text Pulumi YAML reads back as exactly `text`: it turns `$$` into `$` and `${…}` into an interpolation. */
export const pulumiYamlText = (text: string): string => text.replace(/\$/g, "$$$$");

/** Whether Pulumi YAML would take an object with this key as one of its functions (`fn::readFile`, …). */
export const isPulumiYamlFunctionKey = (key: string): boolean => key.toLowerCase().startsWith("fn::");

/** Characters HCL's quoted strings hold as themselves; others are written `\uHHHH` or `\UHHHHHHHH`. */
function hclPrintable(code: number): boolean {
  return !(
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0xfeff ||
    code === 0xfffe ||
    code === 0xffff
  );
}

/**
 * The inside of an HCL quoted template that reads back as exactly `text`: HCL's escapes (`\n`, `\r`, `\t`, `\"`,
 * `\\`, `\u`, `\U`; never JSON's `\b` or `\f`, which HCL refuses) and `${`/`%{` doubled (an interpolation, a
 * directive).
 */
export function hclTemplateText(text: string): string {
  let body = "";
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    if (character === '"' || character === "\\") body += `\\${character}`;
    else if (character === "\n") body += "\\n";
    else if (character === "\r") body += "\\r";
    else if (character === "\t") body += "\\t";
    else if (hclPrintable(code)) body += character;
    else body += code <= 0xffff ? `\\u${hex(code, 4)}` : `\\U${hex(code, 8)}`;
  }
  return body.replace(/\$\{/g, "$$$${").replace(/%\{/g, "%%{");
}

/** An HCL quoted string holding exactly `text`. */
export const hclQuoted = (text: string): string => `"${hclTemplateText(text)}"`;

/** One word for a POSIX shell, single-quoted: the shell reads nothing inside it but the closing quote. */
export const shellWord = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;
