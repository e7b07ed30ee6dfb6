/**
 * Imported first by the runtime (runtime.ts), which runs inside a Pulumi program's Node.js: on a Node.js it cannot
 * work on, the program fails with one clear line instead of a TypeError from deep inside a dependency. It throws
 * rather than exits, so the Pulumi program reports it as it reports any error.
 */
import { nodeVersionProblem } from "./node-version";

const problem = nodeVersionProblem("pulumi-streamkap");
if (problem !== undefined) {
  const error = new Error(problem);
  error.stack = problem;
  throw error;
}

export {};
