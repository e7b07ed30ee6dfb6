/**
 * The error table: every failure carries a stable code, messages that repeat are written once as templates, and
 * every message ends with what to do next.
 */
import * as fs from "node:fs";
import * as path from "node:path";

import { ErrorCodes, errors, errorTable, forResource, StreamkapError } from "../../provider/errors";

const repoRoot = path.resolve(__dirname, "../../..");

test("an object deleted outside Pulumi is GONE, named once, with the next step", () => {
  const error = errors.gone({ resource: 'postgresql source "orders"' });
  expect({ code: error.code, resource: error.resource, message: error.message }).toEqual({
    code: "STREAMKAP_ERR_GONE",
    resource: 'postgresql source "orders"',
    message:
      'postgresql source "orders" no longer exists on the service (deleted outside Pulumi). Run `pulumi refresh` ' +
      "to forget it; the next `pulumi up` creates it again.",
  });
  expect(forResource('postgresql source "orders"', error)).toBe(error);
});

test("a failure that is not the service's is INTERNAL, not blamed on the service", () => {
  const error = forResource('pipeline "orders"', new TypeError("Cannot read properties of undefined"));
  expect(StreamkapError.is(error) && { code: error.code, message: error.message }).toEqual({
    code: ErrorCodes.internal,
    message:
      'pipeline "orders": Cannot read properties of undefined. Run `pulumi up` again (it picks up where this one ' +
      "stopped), and report the message.",
  });
});

test("every code is distinct and says what to do", () => {
  const entries = Object.values(errorTable);
  expect(new Set(entries.map((entry) => entry.code)).size).toBe(entries.length);
  expect(entries.filter((entry) => entry.next.trim() === "").map((entry) => entry.code)).toEqual([]);
});

/** Every .ts file under `dir`, repo-relative. */
function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(path.join(repoRoot, dir), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".d.ts"))
    .map((file) => path.join(dir, file));
}

test("the provider throws only coded errors: no bare Error reaches the engine", () => {
  const bare = sourceFiles("provider").filter((file) =>
    /\bthrow new Error\(/.test(fs.readFileSync(path.join(repoRoot, file), "utf8")),
  );
  expect(bare).toEqual([]);
});
