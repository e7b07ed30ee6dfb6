// The benchmark stack of ../plan.ts through the provider plugin (pulumi-resource-streamkap, issue #17): the same
// resources, inputs and dependencies as the Streamkap stack (../mixed), declared by type token, so the engine runs
// them through the plugin it finds on PATH (bench/perf/project.ts puts the installed package's bin/ first) with the
// stack's `streamkap:*` config. No dynamic provider, hence no serialized provider in state.
//
// Each resource is registered as a generated Pulumi SDK's class registers it (sdk-gen/nodejs): every input of the
// schema (given or undefined) and every output as `undefined`, the package version, and the schema's secret
// properties as additional secret outputs. The property list matters: the Node SDK's cost per resource grows with
// its properties (see bench/perf/analysis.md), and it registers with stack traces off, as the generated classes do
// (scripts/quiet-registration.ts). The key lists are read from the installed package's schema.json
// once (about 1.3 MB, some 20 ms); a generated SDK has them compiled in.
import * as fs from "node:fs";
import * as path from "node:path";

import * as pulumi from "@pulumi/pulumi";

import { declarersByKind, declareStack, planConfig } from "../plan";

interface SchemaResource {
  inputProperties?: Record<string, { secret?: boolean }>;
  properties?: Record<string, { secret?: boolean }>;
}
interface Schema {
  version?: string;
  resources: Record<string, SchemaResource>;
}

const schema = JSON.parse(
  fs.readFileSync(path.join(path.dirname(require.resolve("pulumi-streamkap/package.json")), "schema.json"), "utf8"),
) as Schema;

/** What a generated class knows of its token: its property names and which of them are secret. */
interface Shape {
  keys: string[];
  secrets: string[];
}
const shapes = new Map<string, Shape>();

function shapeOf(token: string): Shape {
  let shape = shapes.get(token);
  if (shape === undefined) {
    const resource = schema.resources[token];
    if (resource === undefined) throw new Error(`schema.json has no resource ${token}`);
    const all = { ...resource.properties, ...resource.inputProperties };
    shape = {
      keys: Object.keys(all),
      secrets: Object.entries(all)
        .filter(([, property]) => property.secret === true)
        .map(([key]) => key),
    };
    shapes.set(token, shape);
  }
  return shape;
}

/** A resource of the provider plugin, by type token (`streamkap:index:Tag`), as a generated SDK declares it. */
class PluginResource extends pulumi.CustomResource {
  constructor(type: string, name: string, args: Record<string, unknown>) {
    const token = `streamkap:index:${type}`;
    const { keys, secrets } = shapeOf(token);
    const props: pulumi.Inputs = {};
    for (const key of keys) props[key] = args[key];
    for (const key of Object.keys(args)) {
      if (!keys.includes(key)) throw new Error(`${token} has no input '${key}'`);
    }
    // As the generated SDK registers (scripts/quiet-registration.ts): with stack traces off.
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      super(token, name, props, {
        ...(schema.version ? { version: schema.version } : {}),
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
