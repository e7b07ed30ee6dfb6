/**
 * docs/parity.md must be exactly what scripts/parity/generate.ts makes from the reference provider's recorded
 * schemas and this package's catalogue and classes today: a catalogue update, a renamed input or a new reference
 * schema without `npm run generate` fails here. Every reference type and attribute must have its row.
 */
import * as fs from "node:fs";

import { parityFile, parityMarkdown, readReference } from "../../scripts/parity/generate";
import * as sdk from "../../sdk";

const regenerate = "Run `npm run generate` and commit docs/parity.md.";
const reference = readReference();
const markdown = parityMarkdown(reference);

test("docs/parity.md is what the generator makes today", () => {
  const current = fs.readFileSync(parityFile, "utf8") === markdown;
  expect({ current, fix: regenerate }).toEqual({ current: true, fix: regenerate });
});

test("every reference resource type and data source has a section naming its counterpart here", () => {
  const headings = [...markdown.matchAll(/^### `([a-z_0-9]+)` → (.+)$/gm)].map((match) => [match[1], match[2]]);
  const names = [...reference.resources, ...reference.dataSources].map((type) => type.name);
  expect(headings.map(([name]) => name)).toEqual(names);
  // 59 registered resource types, and the Kafka user and client credential its code has but does not register.
  expect(reference.resources).toHaveLength(61);
  expect(reference.dataSources).toHaveLength(7);
  expect(headings.filter(([, counterpart]) => counterpart.trim() === "" || counterpart.startsWith("none"))).toEqual([]);
});

test("every reference attribute has a row that names a counterpart or says why there is none", () => {
  const sections = markdown.split(/^### /m).slice(1);
  const types = [...reference.resources, ...reference.dataSources];
  sections.forEach((text, index) => {
    const rows = text.split("\n").filter((line) => line.startsWith("| `"));
    expect(rows.map((row) => /^\| `([^`]+)`/.exec(row)?.[1])).toEqual(types[index].attributes.map((a) => a.name));
    for (const row of rows) {
      const [, , ours, notes] = row.split(/(?<!\\)\|/).map((part) => part.trim());
      expect({ row, explained: ours !== "—" || notes.length > 0 }).toEqual({ row, explained: true });
    }
  });
});

test("the typed classes it names exist in the SDK", () => {
  const exported = sdk as unknown as Record<string, unknown>;
  const classes = [...markdown.matchAll(/^### `[a-z_0-9]+` → `([A-Z]\w+)`/gm)].map((match) => match[1]);
  expect(classes.filter((name) => typeof exported[name] !== "function")).toEqual([]);
});
