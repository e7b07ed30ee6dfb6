/**
 * Generates the typed connector classes of the SDK (sdk/generated/) from the connector catalogue
 * (catalogue/connectors.json): one class per source and destination, with an args interface whose
 * camelCase settings carry TSDoc, and one class per transform with its settings typed (plus typed configs for
 * the transforms, kept for programs that use them). Run it with `npm run generate`; a test
 * (tests/generated/up-to-date.test.ts) fails when the committed files differ from what it would write.
 *
 * The settings themselves (names, types, rules) come from provider/kinds/typed/fields.ts, which the provider's
 * `check` uses too, so the SDK and the provider cannot disagree.
 */
import * as fs from "node:fs";
import * as path from "node:path";

import * as prettier from "prettier";

import { catalogue } from "../catalogue";
import { fieldsOf, hasHandWrittenResource } from "../provider/kinds/typed/fields";
import { typedTransformFields } from "../provider/kinds/typed/transform";
import {
  type ConnectorSpec,
  connectorFile,
  indexFile,
  shimKey,
  shimsFile,
  type TransformSpec,
  transformsFile,
} from "./gen-connectors/render";
import { classDoc, docText, fieldDoc } from "./gen-connectors/docs";
import { typedClassName } from "./gen-connectors/naming";
import {
  transformClassName,
  transformShimKey,
  typedTransformDocs,
  typedTransformFile,
  type TypedTransformSpec,
} from "./gen-connectors/typed-transforms";

/** One generated file: its path relative to sdk/generated, and its formatted text. */
export interface GeneratedFile {
  path: string;
  text: string;
}

/** The repository root, from this file compiled to dist/scripts/. */
export const defaultRepoRoot = path.resolve(__dirname, "../..");

export const generatedDir = (repoRoot: string): string => path.join(repoRoot, "sdk", "generated");

/** Every file of sdk/generated/, as the catalogue and the generator make them today. Deterministic. */
/** The classes to generate from the catalogue today: typed sources, destinations and transforms. */
function typedSpecs() {
  const byCode = (a: { code: string }, b: { code: string }) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);
  const connectors = catalogue();
  const specsOf = (kind: "source" | "destination"): ConnectorSpec[] =>
    connectors
      .filter((connector) => connector.kind === kind && !hasHandWrittenResource(kind, connector.code))
      .map((connector) => ({ kind, code: connector.code, fields: fieldsOf(connector) }))
      .sort(byCode);
  const sources = specsOf("source");
  const destinations = specsOf("destination");
  const transforms: TransformSpec[] = connectors
    .filter((connector) => connector.kind === "transform")
    .map((connector) => ({ code: connector.code, fields: fieldsOf(connector) }))
    .sort(byCode);
  const typedTransforms = transforms.flatMap((spec): TypedTransformSpec[] => {
    const fields = typedTransformFields(spec.code);
    return fields ? [{ code: spec.code, fields }] : [];
  });

  return { sources, destinations, transforms, typedTransforms };
}

/** Doc blocks as TSDoc renders them and the package schema reads them. */
export interface ClassDocs {
  description: string;
  args: Map<string, string>;
}

/**
 * What each generated class says of itself and of each input it declares, as prose: the package schema's
 * descriptions come from here, the same declarations (catalogue and doc blocks) the classes' TSDoc is written from.
 */
export function typedClassDocs(): Map<string, ClassDocs> {
  const { sources, destinations, typedTransforms } = typedSpecs();
  const docs = new Map<string, ClassDocs>();
  for (const spec of [...sources, ...destinations]) {
    const className = typedClassName(spec.kind, spec.code);
    docs.set(className, {
      description: docText(classDoc(spec.kind, spec.code, className, spec.fields)),
      args: new Map(spec.fields.map((field) => [field.name, docText(fieldDoc(field, spec.kind))])),
    });
  }
  for (const spec of typedTransforms) {
    const { description, args } = typedTransformDocs(spec);
    docs.set(transformClassName(spec.code), {
      description: docText(description),
      args: new Map([...args].map(([name, blocks]) => [name, docText(blocks)])),
    });
  }
  return docs;
}

export async function generateConnectorFiles(repoRoot: string = defaultRepoRoot): Promise<GeneratedFile[]> {
  const { sources, destinations, transforms, typedTransforms } = typedSpecs();
  const files: GeneratedFile[] = [
    {
      path: "shims.ts",
      text: shimsFile([
        ...[...sources, ...destinations].map(shimKey),
        ...typedTransforms.map((spec) => transformShimKey(spec.code)),
      ]),
    },
    { path: "transforms.ts", text: transformsFile(transforms) },
    {
      path: "index.ts",
      text: indexFile(
        sources,
        destinations,
        typedTransforms.map((spec) => spec.code),
      ),
    },
    ...[...sources, ...destinations].map((spec) => ({
      path: `${spec.kind}s/${spec.code}.ts`,
      text: connectorFile(spec),
    })),
    ...typedTransforms.map((spec) => ({ path: `transforms/${spec.code}.ts`, text: typedTransformFile(spec) })),
  ];
  const options = await prettier.resolveConfig(path.join(generatedDir(repoRoot), "index.ts"));
  return Promise.all(
    files.map(async (file) => ({
      path: file.path,
      text: await prettier.format(file.text, { ...options, parser: "typescript" }),
    })),
  );
}

/** The files under sdk/generated/ now, relative to it, sorted. */
export function existingGeneratedFiles(repoRoot: string = defaultRepoRoot): string[] {
  const dir = generatedDir(repoRoot);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => fs.statSync(path.join(dir, file)).isFile())
    .map((file) => file.split(path.sep).join("/"))
    .sort();
}

/** Writes the generated files and removes files the generator no longer makes (a connector left the catalogue). */
async function main(): Promise<void> {
  const dir = generatedDir(defaultRepoRoot);
  const files = await generateConnectorFiles();
  const wanted = new Set(files.map((file) => file.path));
  for (const stale of existingGeneratedFiles().filter((file) => !wanted.has(file))) {
    fs.rmSync(path.join(dir, stale));
  }
  let changed = 0;
  for (const file of files) {
    const target = path.join(dir, file.path);
    if (fs.existsSync(target) && fs.readFileSync(target, "utf8") === file.text) continue;
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, file.text);
    changed++;
  }
  console.log(`sdk/generated: ${files.length} files, ${changed} written.`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
