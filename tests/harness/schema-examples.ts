/**
 * The examples schema.json carries in each resource's description (scripts/gen-schema/examples.ts), read back as
 * the Registry and every SDK's docs read them: the `{{% examples %}}` section's fenced programs, by language.
 * The tests of each language compile or run them (schema.test.ts, sdk-gen.test.ts, yaml-program.test.ts,
 * python-program.test.ts, go-program.test.ts).
 */
import * as fs from "node:fs";
import * as path from "node:path";

import { type ExampleLanguage, exampleLanguages } from "../../scripts/gen-schema/examples";

const repoRoot = path.resolve(__dirname, "../../..");

export type Examples = Partial<Record<ExampleLanguage, string>>;

/** Each resource's example programs by class name; a language without a program is absent. */
export function schemaExamples(): Map<string, Examples> {
  const schema = JSON.parse(fs.readFileSync(path.join(repoRoot, "schema.json"), "utf8")) as {
    resources: Record<string, { description?: string }>;
  };
  const found = new Map<string, Examples>();
  for (const [token, resource] of Object.entries(schema.resources)) {
    const description = resource.description ?? "";
    const section = /\{\{% examples %\}\}([\s\S]*?)\{\{% \/examples %\}\}/.exec(description)?.[1] ?? "";
    const programs: Examples = {};
    for (const { language, fence } of exampleLanguages) {
      const program = new RegExp("```" + fence + "\\n([\\s\\S]*?)\\n```").exec(section)?.[1];
      if (program !== undefined) programs[language] = `${program}\n`;
    }
    found.set(token.split(":").at(-1) ?? token, programs);
  }
  return found;
}

/** The stack config an example reads (`config.require…("name")`), from its YAML form's `configuration:`. */
export function exampleConfigKeys(yaml: string): string[] {
  const block = /^configuration:\n((?: {2}.*\n)+)/m.exec(yaml)?.[1] ?? "";
  return [...block.matchAll(/^ {2}(\w+):$/gm)].map((match) => match[1] as string);
}

/** A value for an example's config key that passes the provider's checks: a URL where the key names one. */
export function exampleConfigValue(key: string): string {
  return /webhook|url/i.test(key) ? "https://hooks.example.com/services/example" : "example-value";
}
