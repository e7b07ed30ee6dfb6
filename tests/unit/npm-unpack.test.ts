/**
 * `npm run release` and the tests unpack Node.js packages into one shared cache: two runs at once must both end with
 * the whole package in place, neither seeing the other's half-written copy (scripts/npm-unpack.ts). A tiny package
 * from the npm registry stands in for Node's 30 MB ones; the code path is the same.
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

import { unpackedPackage } from "../../scripts/npm-unpack";

const spec = "is-number@7.0.0";
let cache: string;

beforeEach(() => {
  cache = fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-unpack-cache-"));
});

afterEach(() => fs.rmSync(cache, { recursive: true, force: true }));

/** Unpacks in a process of its own, as a second `npm run release` would; resolves with its exit code and output. */
function unpackInAnotherProcess(home: string): Promise<{ code: number | null; output: string }> {
  const module = path.resolve(__dirname, "../../scripts/npm-unpack.js");
  const script = `require(${JSON.stringify(module)}).unpackedPackage(${JSON.stringify(spec)}, ${JSON.stringify(home)});`;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["-e", script]);
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("close", (code) => resolve({ code, output }));
  });
}

test("two runs unpacking the same package at once both succeed, and leave one whole copy", async () => {
  const home = path.join(cache, "is-number-7.0.0");
  const runs = await Promise.all([unpackInAnotherProcess(home), unpackInAnotherProcess(home)]);
  expect(runs).toEqual([
    { code: 0, output: "" },
    { code: 0, output: "" },
  ]);
  expect(JSON.parse(fs.readFileSync(path.join(home, "package.json"), "utf8")).version).toBe("7.0.0");
  expect(fs.existsSync(path.join(home, "index.js"))).toBe(true);
  expect(fs.readdirSync(cache)).toEqual(["is-number-7.0.0"]);
});

test("what `arrange` moves is in place when the copy appears; a copy in place is used as it is", () => {
  const home = path.join(cache, "arranged");
  unpackedPackage(spec, home, (dir) => fs.renameSync(path.join(dir, "index.js"), path.join(dir, "main.js")));
  expect(fs.existsSync(path.join(home, "main.js"))).toBe(true);
  expect(fs.existsSync(path.join(home, "index.js"))).toBe(false);
  // No fetch: a spec that cannot exist would fail if it were fetched.
  expect(unpackedPackage("no-such-package-streamkap@0.0.0", home)).toBe(home);
});
