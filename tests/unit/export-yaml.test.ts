/**
 * The program as Pulumi YAML (`from-terraform --language yaml`): the plugin's input shapes, references as
 * interpolations under each resource's variable, secrets as secret config, and text that holds `${` kept literal.
 */
import { createRequire } from "node:module";

import { array, call, entry, literal, object, ref, template } from "../../cli/export/code";
import type { ProgramModel } from "../../cli/export/model";
import { renderYamlProgram } from "../../cli/export/yaml";
import { declaration } from "../harness/program-model";

const { load } = createRequire(__filename)("js-yaml") as { load: (text: string) => unknown };

test("references, the plugin's id inputs, secrets, system tags and literal `${` in code", () => {
  const model: ProgramModel = {
    declarations: [
      declaration("pg", "PostgresqlSource", "orders", [
        entry("name", template([{ code: "namePrefix" }, "orders"])),
        entry("adopt", literal("src-1")),
        entry("databasePassword", call("config.requireSecret", literal("pgDatabasePassword"))),
        entry("tags", array([call("systemTagId", literal("Development"))])),
      ]),
      declaration("mf", "Transform", "mf", [
        entry("implementation", object([entry("valueTransform", literal("const a = `${b}`; // $0"))])),
      ]),
      declaration("main", "Pipeline", "main", [
        entry("source", ref("pg")),
        entry("transforms", array([object([entry("transform", ref("mf")), entry("topics", array([literal("t")]))])])),
      ]),
    ],
    leftOut: [],
    secrets: [],
    usesSystemTags: true,
    warnings: [],
  };
  const parsed = load(renderYamlProgram(model, { project: "p", description: "d" }));
  expect(parsed).toEqual({
    name: "p",
    runtime: "yaml",
    description: "d",
    config: {
      namePrefix: { type: "string", default: "" },
      pgDatabasePassword: { type: "string", secret: true },
    },
    variables: {
      systemTagDevelopment: {
        "fn::invoke": {
          function: "streamkap:index:getTags",
          arguments: { name: "Development", system: true },
          return: "tags",
        },
      },
    },
    resources: {
      pg: {
        type: "streamkap:index:PostgresqlSource",
        name: "orders",
        properties: {
          name: "${namePrefix}orders",
          adopt: "src-1",
          databasePassword: "${pgDatabasePassword}",
          tags: ["${systemTagDevelopment[0].id}"],
        },
      },
      mf: {
        type: "streamkap:index:Transform",
        // Pulumi YAML reads `$$` as `$` in every string: each `$` of the text is doubled.
        properties: { implementation: { valueTransform: "const a = `$${b}`; // $$0" } },
      },
      main: {
        type: "streamkap:index:Pipeline",
        properties: { sourceId: "${pg.id}", transforms: [{ transformId: "${mf.id}", topics: ["t"] }] },
      },
    },
  });
});
