/**
 * The generated Node.js SDK registers every resource with stack traces off (scripts/quiet-registration.ts): each
 * resource class of sdk-gen/nodejs has its registration wrapped, the limit is restored even when registration
 * throws, and the rewrite is made once however often it runs.
 */
import * as fs from "node:fs";
import * as path from "node:path";

import { quietRegistration } from "../../scripts/quiet-registration";

const nodejs = path.resolve(__dirname, "../../../sdk-gen/nodejs");

test("every resource class of the generated Node.js SDK registers with stack traces off, once", () => {
  const classes = fs
    .readdirSync(nodejs)
    .filter((file) => file.endsWith(".ts"))
    .map((file) => fs.readFileSync(path.join(nodejs, file), "utf8"))
    .filter((source) => /extends pulumi\.(CustomResource|ProviderResource)\b/.test(source));
  expect(classes.length).toBeGreaterThan(60);
  for (const source of classes) {
    expect(source.match(/Error\.stackTraceLimit = 0;/g)).toHaveLength(1);
    expect(source).toMatch(/try \{\n\s+super\(\w+\.__pulumiType, name, resourceInputs, opts\);\n\s+\} finally \{/);
  }
});

test("the limit is back as it was after registration, and after a registration that throws", () => {
  // A generated class in the generator's own layout, as JavaScript: Base stands for pulumi.CustomResource.
  const source = [
    "class Base {",
    "    constructor(type, name) {",
    "        limits.push(Error.stackTraceLimit);",
    "        if (type === 'bad') throw new Error('refused');",
    "    }",
    "}",
    "return class Thing extends Base {",
    "    constructor(type, name, resourceInputs, opts) {",
    "        const Thing = { __pulumiType: type };",
    "        super(Thing.__pulumiType, name, resourceInputs, opts);",
    "    }",
    "};",
  ].join("\n");
  const quiet = quietRegistration(source);
  expect(quiet).not.toBe(source);
  expect(quietRegistration(quiet)).toBe(quiet);

  const limits: number[] = [];
  type Registering = new (type: string, name: string, inputs: object, opts: object) => unknown;
  const Thing = new Function("limits", quiet)(limits) as Registering;
  const before = Error.stackTraceLimit;
  new Thing("fine", "x", {}, {});
  expect(() => new Thing("bad", "x", {}, {})).toThrow("refused");
  expect(limits).toEqual([0, 0]);
  expect(Error.stackTraceLimit).toBe(before);
});
