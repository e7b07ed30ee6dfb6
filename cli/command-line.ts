/**
 * One command-line convention for every `pulumi-streamkap` command: options parsed by node:util's `parseArgs`
 * (`--flag value` and `--flag=value`), `--help`/`-h` and `--version` everywhere, and one error shape: the command,
 * what is wrong, and how to see the usage. Usage errors exit with 2, other failures with 1.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { parseArgs } from "node:util";

/** Options as `parseArgs` takes them: each a string or a boolean switch; `multiple` ones may be given again. */
export type OptionSpecs = Record<string, { type: "string" | "boolean"; short?: string; multiple?: boolean }>;

/**
 * The parsed values: a string option's text, a switch's `true`, or undefined when not given; an option given again
 * (`multiple`) has every value, in order.
 */
export type OptionValues<O extends OptionSpecs> = {
  [K in keyof O]?: O[K]["type"] extends "string"
    ? O[K] extends { multiple: true }
      ? string[]
      : string
    : O[K] extends { multiple: true }
      ? boolean[]
      : boolean;
};

/** Something wrong with how the command was called: printed with a pointer to `--help`, exit code 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

/** What the command line asks for: the usage, the version, or a run with these option values. */
export type CommandLine<O extends OptionSpecs> =
  { kind: "help" } | { kind: "version" } | { kind: "run"; values: OptionValues<O> };

/**
 * Parses `argv` for `command`. Unknown options, missing values and stray arguments are usage errors that name the
 * argument; `--help` and `--version` win over everything else on the line.
 */
export function parseCommandLine<O extends OptionSpecs>(
  command: string,
  options: O,
  argv: readonly string[],
): CommandLine<O> {
  if (argv.includes("--help") || argv.includes("-h")) return { kind: "help" };
  if (argv.includes("--version")) return { kind: "version" };
  try {
    const { values } = parseArgs({ args: [...argv], options, strict: true, allowPositionals: false });
    return { kind: "run", values: values as OptionValues<O> };
  } catch (error) {
    throw new UsageError(usageProblem(command, error));
  }
}

/** `parseArgs`'s error in our words: what is wrong with which argument. */
function usageProblem(command: string, error: unknown): string {
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  const quoted = /'([^']+)'/.exec(message)?.[1] ?? "";
  const flag = quoted.split(" ")[0];
  switch (code) {
    case "ERR_PARSE_ARGS_UNKNOWN_OPTION":
      return `unknown option "${flag}"`;
    case "ERR_PARSE_ARGS_INVALID_OPTION_VALUE":
      if (message.includes("argument missing")) return `${flag} needs a value`;
      // parseArgs will not take a value that looks like an option (`--out --json`): usually a forgotten value.
      if (message.includes("ambiguous")) return `${flag} needs a value (one starting with "-" goes as ${flag}=VALUE)`;
      return `${flag} takes no value`;
    case "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL":
      return `unexpected argument "${quoted}": ${command} takes options only`;
    default:
      return message;
  }
}

/** This package's version, from its package.json. */
export function packageVersion(): string {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const file = path.join(dir, "package.json");
    if (fs.existsSync(file)) {
      const manifest = JSON.parse(fs.readFileSync(file, "utf8")) as { name?: string; version?: string };
      if (manifest.name === "pulumi-streamkap") return manifest.version ?? "unknown";
    }
    if (path.dirname(dir) === dir) return "unknown";
  }
}

/** The line a usage error prints: the command, the problem, and where the usage is. */
export function usageErrorLine(command: string, error: UsageError): string {
  return `pulumi-streamkap ${command}: ${error.message} (see \`pulumi-streamkap ${command} --help\`)\n`;
}

/**
 * Text as a terminal shows it without acting on it: control characters other than line breaks and tabs (a
 * terminal's escape sequences among them) become visible `\xHH` escapes. Every message the commands print from a
 * state, a service or a path passes through here.
 */
export function terminalText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/g, (character) => {
    const code = character.charCodeAt(0);
    return code > 0xff ? `\\u${code.toString(16).padStart(4, "0")}` : `\\x${code.toString(16).padStart(2, "0")}`;
  });
}
