/**
 * Reads the official Terraform provider's schema at every release, as OpenTofu reports it (`tofu providers schema
 * -json`, one file per release: `<version>.json`, each release built from its tag), into
 * scripts/parity/releases.json: per resource type and data source, each attribute path any release had, with the
 * releases that had it and its shape there. Run by hand when the reference releases again (CI has neither the
 * provider's tags nor OpenTofu), then extract-reference and `npm run generate`:
 *
 *   node dist/scripts/parity/release-schemas.js --schemas /work/tfwork/schemas
 *
 * A state stores every attribute of its provider's schema (null ones too), so these names are exactly what a state
 * written by any release can hold.
 */
import * as fs from "node:fs";
import * as path from "node:path";

import { readScriptCommandLine, scriptCommand, UsageError } from "../script-command-line";
import { compareVersions, rangesOf } from "../../provider/terraform/releases";
import type { ReleaseShape, Releases } from "./reference";

/** One attribute as `tofu providers schema -json` writes it. */
interface DumpAttribute {
  type?: unknown;
  nested_type?: { attributes: Record<string, DumpAttribute>; nesting_mode: string };
  required?: boolean;
  optional?: boolean;
  computed?: boolean;
  sensitive?: boolean;
}

interface DumpBlock {
  attributes?: Record<string, DumpAttribute>;
  block_types?: Record<string, { nesting_mode: string; block: DumpBlock; max_items?: number }>;
}

interface Dump {
  provider_schemas: Record<
    string,
    {
      resource_schemas?: Record<string, { block: DumpBlock }>;
      data_source_schemas?: Record<string, { block: DumpBlock }>;
    }
  >;
}

const flagsOf = (attribute: DumpAttribute): Pick<ReleaseShape, "required" | "optional" | "computed" | "sensitive"> => ({
  ...(attribute.required ? { required: true as const } : {}),
  ...(attribute.optional ? { optional: true as const } : {}),
  ...(attribute.computed ? { computed: true as const } : {}),
  ...(attribute.sensitive ? { sensitive: true as const } : {}),
});

/** Every attribute path of a block, `parent.child` for nested ones, with its shape. */
function shapesOf(block: DumpBlock, prefix = ""): Array<[string, ReleaseShape]> {
  const found: Array<[string, ReleaseShape]> = [];
  for (const [name, attribute] of Object.entries(block.attributes ?? {})) {
    const at = `${prefix}${name}`;
    if (attribute.nested_type) {
      found.push([at, { nesting: attribute.nested_type.nesting_mode, ...flagsOf(attribute) }]);
      found.push(...shapesOf({ attributes: attribute.nested_type.attributes }, `${at}.`));
      continue;
    }
    found.push([at, { type: attribute.type, ...flagsOf(attribute) }]);
    // An object-typed attribute (a pipeline's `destination`): its members are attributes of their own here.
    const type = attribute.type;
    if (Array.isArray(type) && type[0] === "object" && typeof type[1] === "object" && type[1] !== null) {
      for (const [member, memberType] of Object.entries(type[1] as Record<string, unknown>)) {
        // An object type's attributes are all required (Terraform's `optional()` markers are not used here).
        found.push([`${at}.${member}`, { type: memberType, required: true }]);
      }
    }
  }
  for (const [name, nested] of Object.entries(block.block_types ?? {})) {
    const at = `${prefix}${name}`;
    found.push([
      at,
      { block: true, nesting: nested.nesting_mode, ...(nested.max_items ? { maxItems: nested.max_items } : {}) },
    ]);
    found.push(...shapesOf(nested.block, `${at}.`));
  }
  return found;
}

const usage = `Usage: node dist/scripts/parity/release-schemas.js --schemas DIR
  --schemas DIR        a directory of \`tofu providers schema -json\` files, one per release: <version>.json
                       (required); writes scripts/parity/releases.json
  --help, --version    this usage; the package's version`;

const releaseSchemasCommand = scriptCommand(
  "scripts/parity/release-schemas.ts",
  usage,
  { schemas: { type: "string" } },
  (values) => {
    if (!values.schemas) throw new UsageError("--schemas DIR is required: the directory of schema dumps");
    return { schemas: values.schemas };
  },
);

function main(): void {
  const { schemas } = readScriptCommandLine(releaseSchemasCommand);
  const versions = fs
    .readdirSync(schemas)
    .filter((file) => /^\d+\.\d+\.\d+(-beta\.\d+)?\.json$/.test(file))
    .map((file) => file.slice(0, -".json".length))
    .sort(compareVersions);
  // type → path → shape (as JSON) → the versions with that shape
  const seen = { resources: new Map(), dataSources: new Map() } as Record<
    "resources" | "dataSources",
    Map<string, Map<string, Map<string, string[]>>>
  >;
  for (const version of versions) {
    const dump = JSON.parse(fs.readFileSync(path.join(schemas, `${version}.json`), "utf8")) as Dump;
    const provider = Object.values(dump.provider_schemas)[0];
    const sections = { resources: provider?.resource_schemas ?? {}, dataSources: provider?.data_source_schemas ?? {} };
    for (const section of ["resources", "dataSources"] as const) {
      for (const [type, { block }] of Object.entries(sections[section])) {
        const paths = seen[section].get(type) ?? new Map<string, Map<string, string[]>>();
        seen[section].set(type, paths);
        for (const [at, shape] of shapesOf(block)) {
          const shapes = paths.get(at) ?? new Map<string, string[]>();
          paths.set(at, shapes);
          const key = JSON.stringify(shape);
          shapes.set(key, [...(shapes.get(key) ?? []), version]);
        }
      }
    }
  }
  const section = (types: Map<string, Map<string, Map<string, string[]>>>): Releases["resources"] =>
    Object.fromEntries(
      [...types.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([type, paths]) => [
          type,
          Object.fromEntries(
            [...paths.entries()]
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([at, shapes]) => [
                at,
                [...shapes.entries()].map(([shape, inVersions]) => ({
                  in: rangesOf(inVersions, versions),
                  shape: JSON.parse(shape) as ReleaseShape,
                })),
              ]),
          ),
        ]),
    );
  const releases: Releases = {
    source:
      "streamkap-com/terraform-provider-streamkap, each release tag built unmodified; `tofu providers schema -json`",
    releases: versions,
    resources: section(seen.resources),
    dataSources: section(seen.dataSources),
  };
  const out = path.resolve(__dirname, "../../../scripts/parity/releases.json");
  fs.writeFileSync(out, `${JSON.stringify(releases, null, 1)}\n`);
  console.log(`${out}: ${versions.length} releases, ${seen.resources.size} resource types`);
}

if (require.main === module) main();
