/**
 * The package's API pages as the Pulumi Registry renders them, made from schema.json by Pulumi's own docs generator
 * (tools/pulumi-docs-gen, built by scripts/toolchain.sh): a page for each resource and function, each resource's
 * example shown in TypeScript, Python, Go, C# and YAML, and no TypeScript-only markup anywhere.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

import { toolAt } from "../../scripts/gen-sdks";

const repoRoot = path.resolve(__dirname, "../../..");
const out = fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-registry-docs-"));
const schema = JSON.parse(fs.readFileSync(path.join(repoRoot, "schema.json"), "utf8")) as {
  resources: Record<string, unknown>;
  functions: Record<string, unknown>;
};
const pageOf = (token: string) => path.join(out, (token.split(":").at(-1) ?? token).toLowerCase(), "_index.md");

beforeAll(() => {
  const generator = toolAt("PULUMI_STREAMKAP_DOCS_GEN", "pulumi-docs-gen");
  execFileSync(generator, [path.join(repoRoot, "schema.json"), out], { stdio: ["ignore", "pipe", "pipe"] });
});

afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

test("every resource and function has its page, and the package its index", () => {
  const tokens = [...Object.keys(schema.resources), ...Object.keys(schema.functions)];
  expect(tokens.filter((token) => !fs.existsSync(pageOf(token)))).toEqual([]);
  expect(fs.readFileSync(path.join(out, "_index.md"), "utf8")).toContain("PostgresqlSource");
});

test("every resource's page shows its example in TypeScript, Python, Go, C# and YAML", () => {
  const missing: string[] = [];
  for (const token of Object.keys(schema.resources)) {
    const page = fs.readFileSync(pageOf(token), "utf8");
    const examples = /<pulumi-examples>([\s\S]*?)<\/pulumi-examples>/.exec(page)?.[1] ?? "";
    for (const fence of ["typescript", "python", "go", "csharp", "yaml"]) {
      if (!examples.includes("```" + fence + "\n")) missing.push(`${token}: ${fence}`);
    }
  }
  expect(missing).toEqual([]);
  const kafkaUser = fs.readFileSync(pageOf("streamkap:index:KafkaUser"), "utf8");
  expect(kafkaUser).toContain('new streamkap.KafkaUser("analytics"');
  expect(kafkaUser).toContain("streamkap.KafkaAclOperationRead");
});

test("no page carries TypeScript-only markup", () => {
  const pages = fs.readdirSync(out, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".md"));
  expect(pages.filter((file) => fs.readFileSync(path.join(out, file), "utf8").includes("{@link"))).toEqual([]);
});
