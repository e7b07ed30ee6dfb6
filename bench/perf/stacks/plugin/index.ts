// The benchmark stack of ../plan.ts through the provider plugin (pulumi-resource-streamkap, issue #17): the same
// resources, inputs and dependencies as the Streamkap stack (../mixed), declared by type token, so the engine runs
// them through the plugin it finds on PATH (bench/perf/project.ts puts the installed package's bin/ first) with the
// stack's `streamkap:*` config. No dynamic provider, hence no serialized provider in state.
//
// Each resource is registered as a generated Pulumi SDK's class registers it (sdk-gen/nodejs): every input of the
// schema (given or undefined) and every output as `undefined` (../schema-shape.ts), the package version, and the
// schema's secret properties as additional secret outputs, with stack traces off, as the generated classes do
// (scripts/quiet-registration.ts).
import * as pulumi from "@pulumi/pulumi";

import { declarersByKind, declareStack, planConfig } from "../plan";
import { registeredProperties, schemaVersion, shapeOf } from "../schema-shape";

/** A resource of the provider plugin, by type token (`streamkap:index:Tag`), as a generated SDK declares it. */
class PluginResource extends pulumi.CustomResource {
  constructor(type: string, name: string, args: Record<string, unknown>) {
    const props = registeredProperties(type, args) as pulumi.Inputs;
    const { secrets } = shapeOf(type);
    // As the generated SDK registers (scripts/quiet-registration.ts): with stack traces off.
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      super(`streamkap:index:${type}`, name, props, {
        ...(schemaVersion ? { version: schemaVersion } : {}),
        ...(secrets.length > 0 ? { additionalSecretOutputs: secrets } : {}),
      });
    } finally {
      Error.stackTraceLimit = stackTraceLimit;
    }
  }
}

declareStack(
  planConfig(new pulumi.Config()),
  declarersByKind((kind, name, args) => new PluginResource(kind, name, args)),
);
