/**
 * Writing a project into `--out` so that nothing a user has is lost and nothing is left half-written: every file is
 * written first into a staging directory beside `--out` (on the same file system), then checked against what
 * `--out` holds (an earlier run's files, which may hold a stack's encrypted secrets, are replaced only with
 * `--force`; a symbolic link never, as writing through it would write elsewhere), then moved into place by
 * rename. A failure before the moves leaves `--out` as it was.
 */
import * as fs from "node:fs";
import * as path from "node:path";

import { ErrorCodes, StreamkapError } from "../../provider/public/cli/service";

export interface ProjectDirectory {
  out: string;
  force: boolean;
  /** The command's name, for messages: `export`, `from-terraform`. */
  command: string;
}

const outputError = (message: string) => new StreamkapError(ErrorCodes.outputDirectory, message);

/** What the system said, in words: "permission denied", "no space left on the disk", … */
function systemWords(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const words: Record<string, string> = {
    EACCES: "permission denied",
    EPERM: "the operation is not permitted",
    ENOSPC: "no space left on the disk",
    EDQUOT: "the disk quota is used up",
    EROFS: "the file system is read-only",
    ENOTDIR: "a part of the path is a file, not a directory",
    EEXIST: "a part of the path is a file, not a directory",
    EISDIR: "it is a directory",
    ENOENT: "a directory on the way does not exist or cannot be created there",
    ELOOP: "too many symbolic links on the way",
    ENAMETOOLONG: "the path is too long",
    EIO: "an input/output error",
    EXDEV: "it is on another file system",
  };
  return (
    (code !== undefined && Object.hasOwn(words, code) ? words[code] : undefined) ??
    `the system refused (${code ?? String(error)})`
  );
}

/** Runs `step`, turning a system error into one that names the path and says what to do. */
function attempt<T>(what: string, step: () => T): T {
  try {
    return step();
  } catch (error) {
    if (StreamkapError.is(error)) throw error;
    throw outputError(`${what} failed: ${systemWords(error)}. Nothing was written into the project directory.`);
  }
}

/** The names `--out` holds that staging would replace, and those that are links. */
function collisions(out: string, names: readonly string[]): { existing: string[]; links: string[] } {
  const existing: string[] = [];
  const links: string[] = [];
  for (const name of names) {
    let stat: fs.Stats;
    try {
      stat = fs.lstatSync(path.join(out, name));
    } catch {
      continue;
    }
    existing.push(name);
    if (stat.isSymbolicLink()) links.push(name);
  }
  return { existing, links };
}

/**
 * Refuses before any work when `--out` already holds files this run would write (without `--force`), or a link in
 * their place: the same check runs again before the move, over every file actually staged.
 */
export function refuseToOverwrite(target: ProjectDirectory, names: readonly string[]): void {
  const { existing, links } = collisions(target.out, names);
  if (links.length > 0) {
    throw outputError(
      `${target.out} holds symbolic links in place of ${links.join(", ")}; ${target.command} never writes through ` +
        "a link (it would write elsewhere). Remove them, or write into another directory.",
    );
  }
  if (existing.length > 0 && !target.force) {
    throw outputError(
      `${target.out} already holds ${existing.join(", ")}; write into an empty directory, or pass --force to ` +
        "overwrite them (a Pulumi.<stack>.yaml may hold the stack's encrypted secrets).",
    );
  }
}

/**
 * Writes the project: `stage` writes every file into the staging directory it is given; then, when `--out` has
 * no conflict with them, each is moved into `--out`.
 */
export function writeProject(target: ProjectDirectory, stage: (staging: string) => void): void {
  const out = path.resolve(target.out);
  const parent = path.dirname(out);
  attempt(`Creating ${parent}`, () => fs.mkdirSync(parent, { recursive: true }));
  if (fs.existsSync(out) && !fs.statSync(out).isDirectory()) {
    throw outputError(`${target.out} is a file, not a directory: pass a directory to write the project into.`);
  }
  const staging = attempt(`Creating a staging directory in ${parent}`, () =>
    fs.mkdtempSync(path.join(parent, `.${path.basename(out)}.${target.command}-`)),
  );
  try {
    attempt(`Writing the project into ${staging}`, () => stage(staging));
    const names = fs.readdirSync(staging);
    refuseToOverwrite(target, names);
    attempt(`Creating ${target.out}`, () => fs.mkdirSync(out, { recursive: true }));
    for (const name of names) {
      attempt(`Moving ${name} into ${target.out}`, () => {
        const destination = path.join(out, name);
        // --force replaces a directory a generator wrote in an earlier run (none of ours is one) as a whole.
        if (fs.lstatSync(path.join(staging, name)).isDirectory())
          fs.rmSync(destination, { recursive: true, force: true });
        fs.renameSync(path.join(staging, name), destination);
      });
    }
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
