/**
 * Which objects a Terraform state hands over: each Streamkap resource instance with its kind here, its id on the
 * service and a stable resource name from its address; and what cannot be carried, with why.
 */
import {
  carriedByFromTerraform,
  officialTerraformProvider,
  type TerraformKind,
  type TerraformType,
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

export interface HandOver {
  objects: PlannedObject[];
  /** Instances left alone on purpose (data sources, other providers' resources), with why. */
  skipped: Array<{ address: string; reason: string }>;
  /** What stops a complete hand-over: an unknown type or attribute, a kind not carried yet, an unsettled object. */
  problems: Array<{ address: string; problem: string }>;
}

/** The official provider's schema this version knows: its v3 source, and the v2 releases whose names it reads too. */
export function providerSchemaText(): string {
  const { source, v2Source } = officialTerraformProvider();
  return v2Source ? `${source}, with the attribute names of ${v2Source}` : source;
}

/** The state's instances, sorted into objects to adopt, instances to skip, and problems. */
export function planHandOver(instances: readonly StateInstance[]): HandOver {
  const provider = officialTerraformProvider();
  const handOver: HandOver = { objects: [], skipped: [], problems: [] };
  for (const instance of instances) {
    const { address } = instance;
    if (!instance.streamkap) {
      handOver.skipped.push({ address, reason: "not a resource of the Streamkap provider" });
      continue;
    }
    if (instance.mode === "data") {
      handOver.skipped.push({ address, reason: "a data source: the program can read the same with a lookup" });
      continue;
    }
    const type = provider.resources[instance.type];
    if (!type || !type.kind) {
      handOver.problems.push({
        address,
        problem: `the resource type ${instance.type} is not one of the official provider's (${providerSchemaText()}) that this version knows`,
      });
      continue;
    }
    const unknown = Object.keys(instance.attributes).filter((name) => !(name in type.attributes));
    if (unknown.length > 0) {
      handOver.problems.push({
        address,
        problem: `attributes this version does not know: ${unknown.join(", ")} (the provider's schema here is ${providerSchemaText()})`,
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
    handOver.objects.push({ instance, type, kind: type.kind, id, resourceName: resourceNameOf(instance) });
  }
  return handOver;
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
 * `t-eu-west`; in a module, its path first: `module.app.streamkap_tag.team` → `app-team`. The same state always
 * gives the same names.
 */
export function resourceNameOf(instance: Pick<StateInstance, "name" | "module" | "indexKey">): string {
  const modules = (instance.module ?? "")
    .split(".")
    .filter((part, index) => !(index % 2 === 0 && part === "module") && part !== "")
    .map((part) => part.replace(/\[.*\]$/, ""));
  const key = instance.indexKey === undefined ? [] : [String(instance.indexKey)];
  return [...modules, instance.name, ...key]
    .join("-")
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^[-.]+|[-.]+$/g, "");
}
