/**
 * Which objects a Terraform state hands over: each Streamkap resource instance with its kind here, its id on the
 * service and a stable resource name from its address; and what cannot be carried, with why.
 */
import {
  carriedByFromTerraform,
  officialTerraformProvider,
  type TerraformKind,
  type TerraformType,
  rangesOf,
  versionsIn,
} from "../../provider/public/cli/terraform";
import type { StateInstance } from "./state";

/** One object the generated program adopts. */
export interface PlannedObject {
  instance: StateInstance;
  type: TerraformType;
  kind: TerraformKind;
  /** The object's id on the service (a Kafka user's username), as the program's `adopt` names it. */
  id: string;
  /** The Pulumi resource name its address becomes (made unique per kind by the program's namer). */
  resourceName: string;
}

/** A second address for an object already planned under another (a resource imported twice). */
export interface Duplicate {
  instance: StateInstance;
  sameAs: PlannedObject;
}

export interface HandOver {
  objects: PlannedObject[];
  /** Addresses naming an object another address already names: reported, and let go by Terraform with it. */
  duplicates: Duplicate[];
  /** Instances left alone on purpose (data sources, other providers' resources), with why. */
  skipped: Array<{ address: string; reason: string }>;
  /** What stops a complete hand-over: an unknown type or attribute, a kind not carried yet, an unsettled object. */
  problems: Array<{ address: string; problem: string }>;
}

/** The official provider's schema this version knows: its v3 source, and the v2 releases whose names it reads too. */
export function providerSchemaText(): string {
  const { source, releasesSource } = officialTerraformProvider();
  return releasesSource ? `${source}, with the attribute names of every release ${releasesSource}` : source;
}

/** The state's instances, sorted into objects to adopt, instances to skip, and problems. */
export function planHandOver(instances: readonly StateInstance[]): HandOver {
  const provider = officialTerraformProvider();
  const handOver: HandOver = { objects: [], duplicates: [], skipped: [], problems: [] };
  const byId = new Map<string, PlannedObject>();
  const names = new Map<TerraformKind, Set<string>>();
  for (const instance of instances) {
    const { address } = instance;
    if (!instance.streamkap) {
      handOver.skipped.push({ address, reason: "not a resource of the Streamkap provider" });
      continue;
    }
    if (instance.malformed) {
      handOver.problems.push({ address, problem: `${instance.malformed}, so it is not carried` });
      continue;
    }
    if (instance.mode === "data") {
      handOver.skipped.push({ address, reason: "a data source: the program can read the same with a lookup" });
      continue;
    }
    if (instance.providerAlias !== undefined) {
      handOver.problems.push({
        address,
        problem:
          `it is managed through the provider configuration \`streamkap.${instance.providerAlias}\` (an alias, ` +
          "perhaps another account or endpoint), and this run reads one service: run from-terraform again with that " +
          "configuration's credentials and --partial for its resources",
      });
      continue;
    }
    const type = Object.hasOwn(provider.resources, instance.type) ? provider.resources[instance.type] : undefined;
    if (!type || !type.kind) {
      handOver.problems.push({
        address,
        problem: `the resource type ${instance.type} is not one of the official provider's (${providerSchemaText()}) that this version knows`,
      });
      continue;
    }
    // A state holds every attribute of its release's schema, null ones too: a name no known release had matters
    // only when it holds a value, which this version could not say it carried.
    const unknown = Object.entries(instance.attributes)
      .filter(([name, value]) => !Object.hasOwn(type.attributes, name) && hasValue(value))
      .map(([name]) => name);
    if (unknown.length > 0) {
      handOver.problems.push({
        address,
        problem:
          `attributes this version does not know: ${unknown.join(", ")} (they hold values, and no release of the ` +
          `provider's schema here had them: ${providerSchemaText()}); a newer pulumi-streamkap may know them`,
      });
      continue;
    }
    if (!carriedByFromTerraform.has(type.kind)) {
      handOver.problems.push({
        address,
        problem: `${instance.type} (${type.counterpart} here) is not carried by this version of from-terraform yet`,
      });
      continue;
    }
    if (instance.unsettled) {
      handOver.problems.push({
        address,
        problem: `Terraform holds it as ${instance.unsettled}: run \`terraform apply\` until it is settled first`,
      });
      continue;
    }
    const id = idOf(type.kind, instance.attributes);
    if (!id) {
      handOver.problems.push({ address, problem: "its state holds no id" });
      continue;
    }
    const earlier = byId.get(`${type.kind} ${id}`);
    if (earlier) {
      handOver.duplicates.push({ instance, sameAs: earlier });
      handOver.problems.push({
        address,
        problem:
          `it is the same object (${id}) as \`${earlier.instance.address}\`, imported twice into Terraform: Pulumi ` +
          "adopts it once, under that address's name, and terraform-removed.tf lets Terraform forget both",
      });
      continue;
    }
    const used = names.get(type.kind) ?? new Set<string>();
    names.set(type.kind, used);
    const base = resourceNameOf(instance) || type.kind;
    let resourceName = base;
    for (let n = 2; used.has(resourceName); n++) resourceName = `${base}-${n}`;
    used.add(resourceName);
    const object: PlannedObject = { instance, type, kind: type.kind, id, resourceName };
    byId.set(`${type.kind} ${id}`, object);
    handOver.objects.push(object);
  }
  return handOver;
}

/** A value a state's attribute holds: not null, and not an empty list, set or object. */
export function hasValue(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === "object") return Object.keys(value).length > 0;
  return true;
}

/**
 * The releases of the official provider whose schema has exactly the top-level attribute names every instance
 * holds (a state stores each attribute of its release's schema, null ones too), as ranges: `3.0.0-beta.17–…`.
 * Undefined when no release fits them all (a state mixing releases, or one newer than this version knows).
 */
export function writtenBy(objects: ReadonlyArray<Pick<PlannedObject, "instance" | "type">>): string | undefined {
  const { releases } = officialTerraformProvider();
  if (!releases || objects.length === 0) return undefined;
  const sets = new Map<string, Set<string>>();
  const inRelease = (ranges: string | undefined, release: string) => {
    if (ranges === undefined) return true;
    if (!sets.has(ranges)) sets.set(ranges, versionsIn(ranges, releases));
    return sets.get(ranges)?.has(release) === true;
  };
  let fitting = new Set(releases);
  for (const { instance, type } of objects) {
    const held = new Set(Object.keys(instance.attributes));
    const topLevel = Object.entries(type.attributes).filter(([name]) => !name.includes("."));
    // A type no release registered (the Kafka user, in a patched build) says nothing of the release.
    if (topLevel.every(([, attribute]) => attribute.releases === undefined)) continue;
    fitting = new Set(
      [...fitting].filter((release) =>
        topLevel.every(([name, attribute]) => inRelease(attribute.releases, release) === held.has(name)),
      ),
    );
    if (fitting.size === 0) return undefined;
  }
  return rangesOf([...fitting], releases);
}

/**
 * The object's id on the service: a Kafka user is known by its username, a topic by its topic id, a client
 * credential by its client id.
 */
function idOf(kind: TerraformKind, attributes: Record<string, unknown>): string | undefined {
  const idAttribute: Partial<Record<TerraformKind, string>> = {
    kafkaUser: "username",
    topic: "topic_id",
    clientCredential: "client_id",
  };
  const named = idAttribute[kind];
  const value = (named === undefined ? undefined : attributes[named]) ?? attributes.id;
  return typeof value === "string" && value !== "" ? value : undefined;
}

/**
 * `streamkap_source_postgresql.orders` → `orders`; `…tag.team[1]` → `team-1`; `…topic.t["eu west"]` →
 * `t-eu-west`; in a module, its path first, with its keys: `module.app["eu"].streamkap_tag.team` → `app-eu-team`.
 * The same state always gives the same names; two instances that would share one are numbered in the state's order.
 */
export function resourceNameOf(instance: Pick<StateInstance, "name" | "modules" | "indexKey">): string {
  const modules = instance.modules.flatMap((step) => [
    step.name,
    ...(step.key === undefined ? [] : [String(step.key)]),
  ]);
  const key = instance.indexKey === undefined ? [] : [String(instance.indexKey)];
  return [...modules, instance.name, ...key]
    .join("-")
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^[-.]+|[-.]+$/g, "");
}
