import type * as pulumi from "@pulumi/pulumi";

/**
 * `name` when the program gives one; otherwise the resource's logical name as `namePrefix`, from which the
 * provider derives `<prefix>-<7 random characters>` once and keeps it (see the provider's check).
 */
export function namingProps(resourceName: string, name: pulumi.Input<string> | undefined): pulumi.Inputs {
  return name === undefined ? { name: undefined, namePrefix: resourceName } : { name };
}
