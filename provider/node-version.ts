/**
 * Which Node.js the package runs on, checked before anything that needs it is loaded: on an older one a dependency
 * fails deep inside itself (undici 8 on Node 20: "Cannot read properties of undefined (reading 'bind')"), which
 * says nothing about the cause. Imports nothing, so that an entry point can run it first.
 */

/**
 * The oldest Node.js every production dependency supports: undici 8 declares 22.19 (node:sqlite, for the local
 * server, needs 22.13). package.json's `engines` says the same; a test holds them together.
 */
export const minimumNodeVersion = "22.19.0";

function atLeast(found: string, minimum: string): boolean {
  const [a = 0, b = 0, c = 0] = found.split(".").map(Number);
  const [x = 0, y = 0, z = 0] = minimum.split(".").map(Number);
  return a !== x ? a > x : b !== y ? b > y : c >= z;
}

/** What `program` says on a Node.js older than it needs, on one line; undefined on a Node.js it runs on. */
export function nodeVersionProblem(program: string, found: string = process.versions.node): string | undefined {
  if (atLeast(found, minimumNodeVersion)) return undefined;
  return (
    `${program} needs Node.js ${minimumNodeVersion} or newer, and this is Node.js ${found} (${process.execPath}): ` +
    "install Node.js 24 LTS (https://nodejs.org/en/download) or 22.19+, make it the first `node` on PATH " +
    "(`node --version` to check), and run the command again."
  );
}

/** For a command: on a Node.js it cannot run on, print why and what to do, and exit 1, before loading anything. */
export function exitOnUnsupportedNode(program: string): void {
  const problem = nodeVersionProblem(program);
  if (problem === undefined) return;
  process.stderr.write(`${problem}\n`);
  process.exit(1);
}
