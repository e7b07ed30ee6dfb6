/**
 * Every release of the official Terraform provider, v2.0.0 to v3.0.0-beta.24 (issue #51): a state holds every
 * attribute of its release's schema, null ones too. For each release and each resource type it had, an instance
 * holding every attribute of that release's schema (scripts/parity/releases.json: each release tag built and its
 * schema read by OpenTofu) is read without refusal, once all null and once with a sample value in each; every
 * value set lands in the program (an input or what stands for it) or in the report's "Not carried" table; and the
 * report names that release among those the state fits.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

import { report, type Adopted } from "../../cli/from-terraform/files";
import { planHandOver, writtenBy } from "../../cli/from-terraform/plan";
import { instancesOf, readState } from "../../cli/from-terraform/state";
import { officialTerraformProvider } from "../../provider/terraform/mapping";
import { versionsIn } from "../../provider/terraform/releases";
import type { ReleaseShape, Releases } from "../../scripts/parity/reference";

const releases = JSON.parse(
  fs.readFileSync(path.resolve(__dirname, "../../../scripts/parity/releases.json"), "utf8"),
) as Releases;
const provider = 'provider["registry.terraform.io/streamkap-com/streamkap"]';

/** The top-level attributes a release's schema gives a type, with their shape there. */
function schemaAt(release: string, type: string): Array<[string, ReleaseShape]> {
  return Object.entries(releases.resources[type] ?? {}).flatMap(([name, shapes]) => {
    if (name.includes(".")) return [];
    const shape = shapes.find((entry) => versionsIn(entry.in, releases.releases).has(release))?.shape;
    return shape ? [[name, shape] as [string, ReleaseShape]] : [];
  });
}

/** A value of the attribute's Terraform type, as a state holds it. */
function sampleOf(shape: ReleaseShape): unknown {
  if (shape.block || shape.nesting) return null; // nested objects: their members are read from the service
  const [outer] = Array.isArray(shape.type) ? shape.type : [shape.type];
  if (outer === "string") return "sample-value";
  if (outer === "number") return 7;
  if (outer === "bool") return true;
  if (outer === "list" || outer === "set") return ["sample-item"];
  if (outer === "map") return { key: "sample-value" };
  return null;
}

/** A state holding one instance of each type the release has, each attribute as `value` gives it. */
function stateOf(release: string, value: (shape: ReleaseShape) => unknown): string {
  const resources = Object.keys(releases.resources)
    .filter((type) => schemaAt(release, type).length > 0)
    .map((type, index) => {
      const attributes = Object.fromEntries(schemaAt(release, type).map(([name, shape]) => [name, value(shape)]));
      // Every instance has an id on the service (a topic is known by its topic id, as the provider writes it).
      if ("id" in attributes) attributes.id = `object-${index}`;
      if ("topic_id" in attributes) attributes.topic_id = `source_x.public.t${index}`;
      return { mode: "managed", type, name: `r${index}`, provider, instances: [{ attributes }] };
    });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "releases-"));
  const file = path.join(dir, "terraform.tfstate");
  fs.writeFileSync(
    file,
    JSON.stringify({ version: 4, terraform_version: "1.9.0", serial: 1, lineage: "x", resources }),
  );
  return file;
}

const everyRelease = releases.releases;

test("the releases read are every tag from v2.0.0 to v3.0.0-beta.24", () => {
  expect(everyRelease).toHaveLength(53);
  expect(everyRelease[0]).toBe("2.0.0");
  expect(everyRelease).toContain("2.1.5");
  expect(everyRelease).toContain("3.0.0-beta.1");
  expect(everyRelease[everyRelease.length - 1]).toBe("3.0.0-beta.24");
});

describe.each(everyRelease)("a state written by release %s", (release) => {
  test("with every attribute of every type null: read whole, and said to be written by this release", () => {
    const handOver = planHandOver(instancesOf(readState(stateOf(release, () => null))));
    expect(handOver.problems).toEqual([]);
    expect(handOver.objects.length).toBeGreaterThan(0);
    const named = writtenBy(handOver.objects);
    expect(versionsIn(named ?? "", everyRelease).has(release)).toBe(true);
  });

  test("with a value in every attribute: read whole; each value is carried or named in the report", () => {
    const handOver = planHandOver(instancesOf(readState(stateOf(release, sampleOf))));
    expect(handOver.problems).toEqual([]);
    const adopted: Adopted[] = handOver.objects.map((object) => ({
      object,
      declaration: {
        kind: object.kind,
        comments: [],
        variable: object.resourceName,
        className: `streamkap.${object.type.counterpart}`,
        resourceName: object.resourceName,
        adopts: object.id,
        entries: [],
      } as unknown as Adopted["declaration"],
    }));
    const text = report({
      stateFile: "terraform.tfstate",
      source: "the official provider",
      adopted,
      handOver,
      gone: [],
      leftOut: [],
      differences: [],
      secrets: [],
      letGo: { whole: [], partly: [] },
      writtenBy: writtenBy(handOver.objects),
    });
    const notCarried = text.slice(text.indexOf("## Not carried"));
    const unaccounted = handOver.objects.flatMap(({ instance, type }) =>
      Object.entries(instance.attributes)
        .filter(([, value]) => value !== null)
        .filter(([name]) => {
          const attribute = type.attributes[name];
          if (attribute && (attribute.input || attribute.ours || attribute.computed)) return false;
          return !notCarried.includes(`| \`${instance.address}\` | \`${name}\` |`);
        })
        .map(([name]) => `${instance.address}.${name}`),
    );
    expect(unaccounted).toEqual([]);
  });
});

test("older names the official provider equates with a newer attribute map to it, whatever their API key", () => {
  const { resources } = officialTerraformProvider();
  const mysql = resources.streamkap_source_mysql.attributes;
  // v2.1.4–v2.1.5 sent `transforms.InsertStaticKey.static.field`; the provider's SQL Server keeps the same
  // unsuffixed names for the `…1` settings (internal/resource/source/sqlserver_generated.go:38-41).
  expect(mysql.insert_static_key_field).toMatchObject({
    retired: true,
    input: "transformsInsertStaticKey1StaticField",
    apiKey: "transforms.InsertStaticKey1.static.field",
  });
  expect(mysql.insert_static_value.input).toBe("transformsInsertStaticValue1StaticValue");
  // Snowflake's v2.0 `dedupe_table_mapping` became `auto_qa_dedupe_table_mapping` in v2.1.0.
  expect(resources.streamkap_destination_snowflake.attributes.dedupe_table_mapping).toMatchObject({
    retired: true,
    input: "autoQaDedupeTableMapping",
  });
  // A dropped name says which releases had it, and never advises a setting the service no longer takes.
  const threshold = resources.streamkap_source_postgresql.attributes.streamkap_snapshot_large_table_threshold;
  expect(threshold.releases).toBe("3.0.0-beta.1–3.0.0-beta.21");
  expect(threshold.note).toContain("the service dropped it");
  expect(threshold.note).not.toContain("config[");
});
