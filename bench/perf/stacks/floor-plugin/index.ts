// The plugin stack's floor: the benchmark stack of ../plan.ts made of do-nothing resources of a provider plugin
// (./provider.ts), declared by type token as the plugin stack declares its resources. Same count, dependencies and
// inputs, registered with the same property keys (every property of the Streamkap token's schema, given or
// undefined: ../schema-shape.ts), so that the program's cost per property, the Node SDK's, is in the floor too; the
// state the plugin stack held after `up` comes from the project (../floor/outputs.ts). No additional secret
// outputs: the floor's outputs already hold the plugin stack's secrets as their ciphertext.
import * as pulumi from "@pulumi/pulumi";

import { declarersByKind, declareStack, planConfig } from "../plan";
import { registeredProperties } from "../schema-shape";

/** The package of ./provider.ts, which the engine finds on PATH as pulumi-resource-benchfloor. */
export const floorPackage = "benchfloor";

class FloorPluginResource extends pulumi.CustomResource {
  constructor(type: string, name: string, args: Record<string, unknown>) {
    const props = registeredProperties(type, args) as pulumi.Inputs;
    // With stack traces off, as the plugin stack registers (and a generated SDK: scripts/quiet-registration.ts).
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      super(`${floorPackage}:index:${type}`, name, props);
    } finally {
      Error.stackTraceLimit = stackTraceLimit;
    }
  }
}

declareStack(
  planConfig(new pulumi.Config()),
  declarersByKind((kind, name, args) => new FloorPluginResource(kind, name, args)),
);
