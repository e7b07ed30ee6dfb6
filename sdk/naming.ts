import { createHash } from "node:crypto";

import * as pulumi from "@pulumi/pulumi";

/** How many times this program has asked for a seed of each logical name, so two resources never share one. */
const seedsHanded = new Map<string, number>();

/**
 * `name` when the program gives one. Otherwise the resource's logical name as `namePrefix`, and a `nameSeed`
 * unique to this project, stack and resource, from which the provider derives `<prefix>-<7 characters>`.
 * The name is deterministic: if a `pulumi up` dies after the service created an object but before Pulumi
 * recorded it, the next `up` derives the same name, finds that object and takes it over instead of leaving it
 * orphaned and creating a second one.
 */
export function namingProps(resourceName: string, name: pulumi.Input<string> | undefined): pulumi.Inputs {
  if (name !== undefined) {
    return { name };
  }
  const base = `${pulumi.getProject()}/${pulumi.getStack()}/${resourceName}`;
  const uses = seedsHanded.get(base) ?? 0;
  seedsHanded.set(base, uses + 1);
  const nameSeed = createHash("sha256")
    .update(uses === 0 ? base : `${base}#${uses}`)
    .digest("hex")
    .slice(0, 16);
  return { name: undefined, namePrefix: resourceName, nameSeed };
}
