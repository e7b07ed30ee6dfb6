/**
 * The program as PCL (`from-terraform --language python|go|pcl`): secret config declared secret (so Pulumi's
 * generators read it with `require_secret`), the Terraform-derived resource names as `__logicalName`, the plugin's id
 * inputs, resource options, system-tag lookups, and text holding `${` or `%{` kept literal. That Pulumi binds it is
 * proven by tests/engine/from-terraform.test.ts, which converts it to Python and runs it.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

import { array, call, entry, literal, object, ref, template } from "../../cli/export/code";
import { isWritable } from "../../cli/export/literals";
import { renderPclProgram } from "../../cli/export/pcl";
import { hostileTexts } from "../harness/hostile-text";
import { declaration, programOf as model } from "../harness/program-model";
import { hclFile } from "../harness/terraform-state";

test("config, lookups and resources, with the plugin's id inputs and the resource names kept", () => {
  const text = renderPclProgram(
    model([
      declaration("pg", "PostgresqlSource", "orders-db", [
        entry("name", template([{ code: "namePrefix" }, "orders"])),
        entry("adopt", literal("src-1")),
        entry("databasePassword", call("config.requireSecret", literal("pgDatabasePassword"))),
        entry("tags", array([call("systemTagId", literal("Development"))])),
      ]),
      declaration(
        "orders",
        "Topic",
        "orders",
        [entry("partitions", literal(3))],
        [entry("retainOnDelete", literal(true))],
      ),
      declaration("main", "Pipeline", "main", [
        entry("source", ref("pg")),
        entry("transforms", array([object([entry("transform", ref("pg")), entry("topics", array([]))])])),
      ]),
    ]),
  );
  expect(text).toBe(
    [
      'config namePrefix "string" {',
      '  default = ""',
      "}",
      "",
      'config pgDatabasePassword "string" {',
      "  secret = true",
      "}",
      "",
      'systemTagDevelopment = invoke("streamkap:index:getTags", {',
      '  name = "Development"',
      "  system = true",
      "}).tags",
      "",
      'resource pg "streamkap:index:PostgresqlSource" {',
      '  __logicalName = "orders-db"',
      '  name = "${namePrefix}orders"',
      '  adopt = "src-1"',
      "  databasePassword = pgDatabasePassword",
      "  tags = [",
      "    systemTagDevelopment[0].id",
      "  ]",
      "}",
      "",
      'resource orders "streamkap:index:Topic" {',
      "  partitions = 3",
      "",
      "  options {",
      "    retainOnDelete = true",
      "  }",
      "}",
      "",
      'resource main "streamkap:index:Pipeline" {',
      "  sourceId = pg.id",
      "  transforms = [",
      "    {",
      "      transformId = pg.id",
      "      topics = []",
      "    }",
      "  ]",
      "}",
      "",
    ].join("\n"),
  );
});

test("text is a literal: quotes, backslashes, `${` and `%{` escaped, lines joined, in plain strings and templates", () => {
  const text = renderPclProgram(
    model([
      declaration("mf", "Transform", "mf", [
        entry("valueTransform", literal('const a = `${b}`; // "%{c}" \\ $0\n')),
        entry("inputTopicPattern", template(["source_", { code: "mf.id" }, "\\.${x}"])),
        entry("my-map", object([entry("a.b", literal(1))])),
      ]),
    ]),
  );
  // A string of several lines is joined from its lines: Pulumi's generators write each line with every character escaped.
  expect(text).toContain('  valueTransform = join("\\n", ["const a = `$${b}`; // \\"%%{c}\\" \\\\ $0", ""])');
  expect(text).toContain('  inputTopicPattern = "source_${mf.id}\\\\.$${x}"');
  expect(text).toContain('  "my-map" = {\n    "a.b" = 1\n  }');
});

test("a reference the program does not declare is an error, not a guess", () => {
  expect(() => renderPclProgram(model([declaration("a", "Tag", "a", [entry("x", ref("nowhere.id"))])]))).toThrow(
    "the PCL program cannot refer to `nowhere.id`",
  );
});

test("every hostile text, as a value, a template's text and a key, reads back exactly through HashiCorp's parser", () => {
  // PCL as written for Go (whole strings); the text PCL holds exactly: composed (NFC), whole characters.
  const texts = [...new Set(hostileTexts(51, 200))].filter(
    (text) => text.normalize("NFC") === text && isWritable(text),
  );
  const program = renderPclProgram(
    model([
      declaration("t", "Tag", "t", [
        entry("values", array(texts.map((text) => literal(text)))),
        entry("templates", array(texts.map((text) => template([text, { code: "namePrefix" }, text])))),
        entry("keys", object(texts.map((text, index) => entry(text, literal(index))))),
      ]),
    ]),
    { joinLines: false },
  );
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "pcl-")), "main.pp");
  fs.writeFileSync(file, program);
  const read = hclFile(file, { namePrefix: "<prefix>" });
  if ("error" in read) throw new Error(read.error);
  const attributes = read.blocks.find((block) => block.type === "resource")?.attributes ?? {};
  expect(attributes.values?.value).toEqual(texts);
  expect(attributes.templates?.value).toEqual(texts.map((text) => `${text}<prefix>${text}`));
  expect(attributes.keys?.value).toEqual(Object.fromEntries(texts.map((text, index) => [text, index])));
});
