/**
 * Proof that a program Pulumi's generators wrote (`pulumi convert`, for Python and Go) holds every text of the
 * program model as a string literal of its language: read back by Python's own parser (`ast`), and for Go by a
 * reader of Go's string literals as the language defines them. A generator that escaped a value wrongly, or that
 * could not bind the plugin's schema and wrote names where strings belong, fails the proof, and nothing is written.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";

import { ErrorCodes, StreamkapError } from "../../provider/public/cli/service";
import { declarationLabel, eachText, type ProgramModel } from "../export/model";

/** One text the program must hold, and where it is (never the text itself: it is somebody else's). */
export interface ExpectedText {
  text: string;
  where: string;
}

const identifier = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The values of the plugin schema's enums (`map_filter`, `JAVASCRIPT`, `verify-full`): Pulumi's generators write
 * them as the SDK's enum members, not as strings. They are this package's own words, never somebody else's text.
 */
function enumValues(): Set<string> {
  const schema = JSON.parse(fs.readFileSync(path.resolve(__dirname, "../../../schema.json"), "utf8")) as {
    types?: Record<string, { enum?: Array<{ value?: unknown }> }>;
  };
  return new Set(
    Object.values(schema.types ?? {}).flatMap((type) =>
      (type.enum ?? []).flatMap((member) => (typeof member.value === "string" ? [member.value] : [])),
    ),
  );
}

/**
 * Every text of the model as the PCL writer hands it to the generators: each line of a string (a multi-line one is
 * joined from its lines), each template's text, each key that is not a plain identifier (identifiers are the
 * schema's property names, which a generator renames), and each resource's name; not the schema's enum values.
 */
export function expectedTexts(model: ProgramModel): ExpectedText[] {
  const texts: ExpectedText[] = [];
  const enums = enumValues();
  const add = (text: string, where: string) => {
    if (enums.has(text)) return;
    for (const line of text.split("\n")) if (line !== "") texts.push({ text: line, where });
  };
  for (const declaration of model.declarations)
    add(declaration.resourceName, `The name of ${declarationLabel(declaration)}`);
  eachText(model.declarations, (text, where, isKey) => {
    if (!isKey || !identifier.test(text)) add(text, where);
  });
  return texts;
}

/** The string literals of a Python program, as Python's own parser reads them. */
export function pythonStrings(file: string, env: NodeJS.ProcessEnv): string[] {
  const script =
    "import ast, json, sys\n" +
    "tree = ast.parse(open(sys.argv[1], encoding='utf-8').read())\n" +
    "print(json.dumps([n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)]))\n";
  for (const python of ["python3", "python"]) {
    const result = spawnSync(python, ["-c", script, file], { env, encoding: "utf8", maxBuffer: 256 << 20 });
    if (result.error) continue;
    if (result.status !== 0) {
      throw new StreamkapError(
        ErrorCodes.programValue,
        `The Python program \`pulumi convert\` wrote is not valid Python (${python}: ` +
          `${result.stderr.trim().split("\n").slice(-1)[0] ?? ""}), so nothing was written. Install the Streamkap ` +
          "provider plugin (`pulumi plugin install resource streamkap`, docs/languages.md) and run again, or write " +
          "--language typescript.",
      );
    }
    return JSON.parse(result.stdout) as string[];
  }
  throw new StreamkapError(
    ErrorCodes.programValue,
    "--language python checks the program Pulumi's generator wrote with Python's own parser, and neither python3 " +
      "nor python could be started, so nothing was written. Install Python 3 (the program needs it to run), or " +
      "write --language pcl and convert it yourself.",
  );
}

const goEscapes: Record<string, number> = { a: 7, b: 8, f: 12, n: 10, r: 13, t: 9, v: 11, "\\": 92, "'": 39, '"': 34 };

/**
 * The string literals of a Go source file, decoded as the Go specification defines them: interpreted strings with
 * their escapes (octal and `\x` escapes are bytes), raw strings without their carriage returns. Comments and rune
 * literals are skipped. Undefined when the text is not Go's lexical grammar.
 */
export function goStrings(source: string): string[] | undefined {
  const strings: string[] = [];
  let index = 0;
  const at = (offset = 0) => source[index + offset] ?? "";
  while (index < source.length) {
    const character = at();
    if (character === "/" && at(1) === "/") {
      const end = source.indexOf("\n", index);
      index = end < 0 ? source.length : end + 1;
    } else if (character === "/" && at(1) === "*") {
      const end = source.indexOf("*/", index + 2);
      if (end < 0) return undefined;
      index = end + 2;
    } else if (character === "`") {
      const end = source.indexOf("`", index + 1);
      if (end < 0) return undefined;
      const raw = source.slice(index + 1, end);
      // Go's source may hold neither a NUL nor a byte order mark, not even in a raw string.
      if (raw.includes("\u0000") || raw.includes("\ufeff")) return undefined;
      strings.push(raw.replace(/\r/g, ""));
      index = end + 1;
    } else if (character === '"' || character === "'") {
      const bytes: number[] = [];
      index++;
      for (;;) {
        const next = at();
        if (next === "" || next === "\n") return undefined;
        if (next === character) break;
        if (next !== "\\") {
          const point = source.codePointAt(index) ?? 0;
          bytes.push(...Buffer.from(String.fromCodePoint(point), "utf8"));
          index += point > 0xffff ? 2 : 1;
          continue;
        }
        const letter = at(1);
        if (Object.hasOwn(goEscapes, letter)) {
          bytes.push(goEscapes[letter] ?? 0);
          index += 2;
        } else if (/[0-7]/.test(letter)) {
          bytes.push(Number.parseInt(source.slice(index + 1, index + 4), 8));
          index += 4;
        } else if (letter === "x") {
          bytes.push(Number.parseInt(source.slice(index + 2, index + 4), 16));
          index += 4;
        } else if (letter === "u" || letter === "U") {
          const digits = letter === "u" ? 4 : 8;
          const point = Number.parseInt(source.slice(index + 2, index + 2 + digits), 16);
          if (!Number.isFinite(point)) return undefined;
          bytes.push(...Buffer.from(String.fromCodePoint(point), "utf8"));
          index += 2 + digits;
        } else {
          return undefined;
        }
      }
      index++;
      if (character === '"') strings.push(Buffer.from(bytes).toString("utf8"));
    } else {
      index++;
    }
  }
  return strings;
}

/**
 * Refuses a generated program that does not hold every expected text inside one of its string literals (Go's
 * generator writes text around an interpolation into a `Sprintf` format, with `%` doubled).
 */
export function refuseUnproven(
  file: string,
  literals: readonly string[] | undefined,
  expected: readonly ExpectedText[],
): void {
  const missing =
    literals === undefined
      ? expected
      : expected.filter(
          ({ text }) =>
            !literals.some((literal) => literal.includes(text) || literal.includes(text.replace(/%/g, "%%"))),
        );
  if (missing.length === 0) return;
  throw new StreamkapError(
    ErrorCodes.programValue,
    `\`pulumi convert\` wrote ${file}, but ${missing.length} text(s) of the program are not in it as string ` +
      `literals (the first: ${missing[0]?.where ?? "its text"}), so nothing was written. Pulumi's generator writes ` +
      "names where strings belong when it cannot load the Streamkap provider plugin's schema: install the plugin " +
      "(`pulumi plugin install resource streamkap`, docs/languages.md) and run again, or write --language " +
      "typescript.",
  );
}

/**
 * Pulumi's Go generator writes a list inside a map of any values (a unit-test record's `{"items": [1, 2]}`, a
 * generic connector's list setting) as `pulumi.Any{…}`, which does not compile: refused here, rather than found
 * at the first `pulumi up`.
 */
export function refuseUncompilableGo(file: string, source: string): void {
  if (!/\bpulumi\.Any\{/.test(source)) return;
  throw new StreamkapError(
    ErrorCodes.programValue,
    `\`pulumi convert\` wrote ${file} with \`pulumi.Any{…}\`, which does not compile (Pulumi's Go generator writes a ` +
      "list inside a map of any values so: a unit-test record's or a generic connector's list), so nothing was " +
      "written. Write the program with --language typescript or python.",
  );
}

/**
 * The proof of a program `pulumi convert` wrote (`file`, in `language`), before anything is written: Go's known
 * uncompilable form refused, and every text of `model` found in its string literals.
 */
export function proveGenerated(
  language: "python" | "go",
  file: string,
  model: ProgramModel,
  env: NodeJS.ProcessEnv,
): void {
  const source = fs.readFileSync(file, "utf8");
  if (language === "go") refuseUncompilableGo(path.basename(file), source);
  const literals = language === "python" ? pythonStrings(file, env) : goStrings(source);
  refuseUnproven(path.basename(file), literals, expectedTexts(model));
}
