/**
 * api-surface.txt, the public surface as released: every name, type and value a program in any language can
 * write (scripts/api-surface.ts). An addition is recorded by `npm run generate` in the same commit; a removal,
 * rename or type change is refused until package.json's version and CHANGELOG.md record it as breaking.
 */
import * as fs from "node:fs";
import * as path from "node:path";

import { currentSurface, pluginSurface, recordedSurface, refusal, surfaceChange } from "../../scripts/api-surface";
import { packageVersion } from "../../scripts/package-version";

const repoRoot = path.resolve(__dirname, "../../..");
const recorded = recordedSurface();
const schema = JSON.parse(fs.readFileSync(path.join(repoRoot, "schema.json"), "utf8"));

test("the public surface is exactly what api-surface.txt records", () => {
  const change = surfaceChange(recorded.lines, currentSurface());
  const problem =
    refusal(recorded, change, packageVersion()) ??
    (change.breaking.length + change.added.length > 0
      ? `The public surface changed (${change.added.length} added, ${change.breaking.length} breaking): ` +
        "review it, then run `npm run generate` to record it in api-surface.txt in the same commit."
      : undefined);
  expect(problem).toBeUndefined();
});

test("api-surface.txt records the version package.json has", () => {
  expect({ recorded: recorded.version, fix: "npm run generate" }).toEqual({
    recorded: packageVersion(),
    fix: "npm run generate",
  });
});

test("once released, a renamed type is refused with what to do, naming each fact it breaks", () => {
  const renamed = JSON.parse(
    JSON.stringify(schema).replaceAll('streamkap:index:KafkaAcl"', 'streamkap:index:KafkaAccessRule"'),
  );
  const change = surfaceChange(recorded.lines, [...pluginSurface(renamed)].sort());
  // A version CHANGELOG.md still calls unreleased is no promise yet: the rename is recorded as it comes.
  expect(refusal(recorded, change, recorded.version, true)).toBeUndefined();
  const message = refusal(recorded, change, recorded.version, false) ?? "";
  expect(message).toContain("- plugin type KafkaAcl");
  expect(message).toContain("- plugin resource KafkaUser input acls: KafkaAcl[]");
  expect(message).toContain('set "version": "0.2.0" in package.json');
  expect(message).toContain('add "## 0.2.0" to CHANGELOG.md with a "Breaking" list');
});

test("an added optional input is no break; an added required input on an existing resource is", () => {
  const grown = JSON.parse(JSON.stringify(schema));
  grown.resources["streamkap:index:Tag"].inputProperties.color = { type: "string" };
  expect(surfaceChange(recorded.lines, [...recorded.lines, ...pluginSurface(grown)]).breaking).toEqual([]);
  grown.resources["streamkap:index:Tag"].requiredInputs = [
    ...grown.resources["streamkap:index:Tag"].requiredInputs,
    "color",
  ];
  expect(surfaceChange(recorded.lines, pluginSurface(grown)).breaking).toContain(
    "+ plugin resource Tag input color: string required",
  );
});

test("an object type alias is recorded property by property, so a new optional property is an addition", () => {
  const current = currentSurface();
  expect(current).toContain("ts type DestinationArgs.config: Input<Record<string, Input<ConfigValue>>>");
  expect(current.some((line) => line.startsWith("ts type DestinationArgs = "))).toBe(false);
  const grown = [...current, "ts type DestinationArgs.color?: Input<string> | undefined"];
  expect(surfaceChange(current, grown)).toEqual({
    added: ["ts type DestinationArgs.color?: Input<string> | undefined"],
    breaking: [],
  });
});
