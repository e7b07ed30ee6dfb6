/**
 * The command line of a script or bench (scripts/, bench/), by the convention of the `pulumi-streamkap` commands
 * (cli/command-line.ts): `--flag value` and `--flag=value`, `--help`/`-h` and `--version` everywhere, options
 * only (no positional arguments), and a usage error that names the argument, printed as
 * `<script>: <problem> (see --help)` with exit code 2.
 */
import * as fs from "node:fs";

import { type OptionSpecs, type OptionValues, packageVersion, parseCommandLine, UsageError } from "../cli/command-line";

export { type OptionSpecs, type OptionValues, UsageError };

/** A script's command line: how it is named, its usage, its options, and its own reading of their values. */
export interface ScriptCommand<O extends OptionSpecs, T> {
  /** The script as the repository names it, e.g. `bench/throttle.ts`: the start of its usage errors. */
  name: string;
  /** All its options, printed by `--help`. */
  usage: string;
  options: O;
  /**
   * Defaults and checks of the parsed values, e.g. "must be a positive integer"; throws UsageError for a bad one.
   * `argv` is the command line as given, for scripts that record it.
   */
  interpret(values: OptionValues<O>, argv: readonly string[]): T;
}

/** What the command line asks for: the usage, the version, or a run with these options. */
export type ScriptCommandLine<T> = { kind: "help" } | { kind: "version" } | { kind: "run"; options: T };

/** Declares a script's command line; without `interpret`, the script takes the parsed values as they are. */
export function scriptCommand<O extends OptionSpecs, T = OptionValues<O>>(
  name: string,
  usage: string,
  options: O,
  interpret?: (values: OptionValues<O>, argv: readonly string[]) => T,
): ScriptCommand<O, T> {
  // Without an interpretation T is OptionValues<O>, its default; TypeScript cannot narrow a type parameter by that.
  const asGiven = (values: OptionValues<O>): T => values as unknown as T;
  return { name, usage, options, interpret: interpret ?? asGiven };
}

/** Parses `argv` for `command` without printing or exiting (tests use it); throws UsageError. */
export function parseScriptCommandLine<O extends OptionSpecs, T>(
  command: ScriptCommand<O, T>,
  argv: readonly string[],
): ScriptCommandLine<T> {
  const line = parseCommandLine(command.name, command.options, argv);
  if (line.kind !== "run") return line;
  return { kind: "run", options: command.interpret(line.values, argv) };
}

/** The line a script's usage error prints. */
export function scriptUsageErrorLine(name: string, error: UsageError): string {
  return `${name}: ${error.message} (see --help)\n`;
}

/**
 * The options of this run of the script, from `process.argv`. Answers `--help` and `--version` and exits 0; on a
 * usage error prints it and exits 2, before the script has started anything.
 */
export function readScriptCommandLine<O extends OptionSpecs, T>(
  command: ScriptCommand<O, T>,
  argv: readonly string[] = process.argv.slice(2),
): T {
  let line: ScriptCommandLine<T>;
  try {
    line = parseScriptCommandLine(command, argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    // Written synchronously: process.exit does not wait for a piped stream's pending writes.
    fs.writeSync(2, scriptUsageErrorLine(command.name, error));
    process.exit(2);
  }
  if (line.kind === "run") return line.options;
  fs.writeSync(1, line.kind === "help" ? `${command.usage.trimEnd()}\n` : `${packageVersion()}\n`);
  process.exit(0);
}
