/**
 * The exporter prints code itself (users' installs have no Prettier), and promises that what it prints passes
 * `prettier --check`. These tests hold it to that: fixed cases for each layout rule, then a few hundred seeded
 * random programs whose widths land on both sides of the 80-column limit.
 */
import * as prettier from "prettier";

import {
  array,
  call,
  comment,
  entry,
  type Expr,
  jsonExpr,
  literal,
  object,
  type ObjectEntry,
  ref,
  template,
} from "../../cli/export/code";
import { printConstruction, stringLiteral } from "../../cli/export/print";

async function prettierFormatted(code: string): Promise<string> {
  return prettier.format(code, { parser: "typescript" });
}

function program(statements: string[][]): string {
  return statements.map((lines) => lines.join("\n")).join("\n\n") + "\n";
}

describe("fixed cases", () => {
  const cases: Array<[string, () => string[]]> = [
    ["a short construction hugs its arguments", () => printConstruction("db", "streamkap.Source", literal("db"), [])],
    [
      "a long first line puts each argument on a line of its own",
      () =>
        printConstruction(
          "someVeryLongVariableNameForThis",
          "streamkap.SqlServerAwsSource",
          literal("some-very-long-resource-name"),
          [entry("name", template(["some-very-long-resource-name"]))],
        ),
    ],
    [
      "long strings break after long keys and stay after short ones",
      () =>
        printConstruction("db", "streamkap.PostgresqlSource", literal("db"), [
          entry("databaseHostname", literal("db.internal.example.com.very.long.hostname.that.goes.on")),
          entry("name", literal("a-name-that-is-far-too-long-for-one-line-of-eighty-columns-really")),
          entry("database.password", call("config.requireSecret", literal("ordersDbDatabasePasswordLongName"))),
        ]),
    ],
    [
      "quotes, escapes, comments and template literals",
      () =>
        printConstruction("t", "streamkap.Transform", literal("t"), [
          comment("refers to a source that is gone"),
          entry("say", literal('he said "hi"')),
          entry("its", literal("it's \\ fine\n\ttab")),
          entry(
            "inputTopicPattern",
            template(["source_", { code: "db.id" }, "\\.public\\.orders`x`${y}"], "pulumi.interpolate"),
          ),
          entry(
            "implementation",
            object([
              entry("language", literal("JAVASCRIPT")),
              entry("valueTransform", template(["function f() {\n  return 1;\n}"])),
            ]),
          ),
          entry("name", template([{ code: "namePrefix" }, "orders"])),
        ]),
    ],
    [
      "arrays: always-broken objects, numbers filling lines, nested values",
      () =>
        printConstruction("t", "streamkap.Transform", literal("t"), [
          entry("input", jsonExpr([{ value: { id: 1, total: 42.5 } }, { value: { id: 2, total: 12 } }])),
          entry(
            "pairs",
            jsonExpr([
              { a: 1, b: 2 },
              { a: 3, b: 4 },
            ]),
          ),
          entry("numbers", jsonExpr(Array.from({ length: 40 }, (_, i) => i * 1013))),
          entry("tags", array([ref("team.id"), call("systemTagId", literal("Development"))])),
          entry("empty", jsonExpr({})),
          entry("none", jsonExpr([])),
          entry("big", literal(1e21)),
        ]),
    ],
  ];

  test.each(cases)("%s", async (_name, print) => {
    const text = program([print()]);
    expect(await prettierFormatted(text)).toBe(text);
  });

  test("string literals take the quotes Prettier prefers", () => {
    expect(stringLiteral("plain")).toBe('"plain"');
    expect(stringLiteral('say "hi"')).toBe(`'say "hi"'`);
    expect(stringLiteral(`it's "x"`)).toBe(`'it\\'s "x"'`);
  });
});

/** A small seeded generator, so a failure names a seed that reproduces it. */
function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x100000000;
  };
}

function randomProgram(seed: number): string {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const word = (min: number, max: number) => {
    const length = min + Math.floor(next() * (max - min + 1));
    return Array.from({ length }, () => pick([..."abcdefghijklmnopqrstuvwxyz.-_ \"'\\`$"])).join("");
  };
  const key = () => pick([word(1, 4), word(5, 30), `${word(3, 12)}.${word(3, 12)}`, pick(["name", "tags", "adopt"])]);
  const value = (depth: number): Expr => {
    const roll = next();
    if (depth > 2 || roll < 0.35) return literal(word(0, 70));
    if (roll < 0.45) return literal(Math.floor(next() * 1e9));
    if (roll < 0.5) return literal(next() < 0.5);
    if (roll < 0.6) return ref(`${word(2, 12).replace(/[^a-z]/g, "x")}.id`);
    if (roll < 0.67) return call("config.requireSecret", literal(word(5, 60)));
    if (roll < 0.7) return template([{ code: "namePrefix" }, word(1, 70)]);
    if (roll < 0.72) return template([word(1, 30), "\n", word(1, 90)], "pulumi.interpolate");
    if (roll < 0.75) return jsonExpr(Array.from({ length: Math.floor(next() * 30) }, () => Math.floor(next() * 1e6)));
    if (roll < 0.78)
      return jsonExpr([
        { a: word(1, 9), b: 1 },
        { a: word(1, 20), b: 2 },
      ]);
    if (roll < 0.87) return array(Array.from({ length: Math.floor(next() * 5) }, () => value(depth + 1)));
    return object(entries(depth + 1));
  };
  const entries = (depth: number): ObjectEntry[] =>
    Array.from({ length: 1 + Math.floor(next() * 4) }, () =>
      next() < 0.05 ? comment(word(5, 40)) : entry(key(), value(depth)),
    );
  const statements = Array.from({ length: 3 }, () =>
    printConstruction(
      word(2, 30).replace(/[^a-z]/g, "x"),
      pick(["streamkap.Tag", "streamkap.PostgresqlSource", "streamkap.SqlServerAwsDestination"]),
      literal(word(2, 40)),
      entries(0),
    ),
  );
  return program(statements);
}

test("300 random programs print exactly as Prettier formats them", async () => {
  const mismatches: number[] = [];
  for (let seed = 1; seed <= 300; seed++) {
    const text = randomProgram(seed);
    if ((await prettierFormatted(text)) !== text) mismatches.push(seed);
  }
  expect(mismatches).toEqual([]);
});
