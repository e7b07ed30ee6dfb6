// The floor: the benchmark stack of ../plan.ts made of do-nothing dynamic resources. Same count, dependencies and
// inputs as the Streamkap stack, but the provider (./do-nothing.ts) makes no HTTP call and keeps no state, so what
// an operation on this stack costs is what the Pulumi engine, the language host and the dynamic-provider host cost
// by themselves.
import * as pulumi from "@pulumi/pulumi";

import { declarersByKind, declareStack, planConfig } from "../plan";
import { kindKey } from "./outputs";

// Installed into the project by bench/perf/layout.ts (see do-nothing.ts for why it is not imported from here).
const doNothing = require("bench-floor-provider") as pulumi.dynamic.ResourceProvider;

class FloorResource extends pulumi.dynamic.Resource {
  constructor(type: string, name: string, props: pulumi.Inputs) {
    // A fresh object: the constructor adds `__provider` to what it is given. The kind tells the provider which
    // outputs to add as the floor of a measured stack (./outputs.ts).
    super(doNothing, name, { ...props, [kindKey]: type }, undefined, "benchfloor", type);
  }
}

declareStack(
  planConfig(new pulumi.Config()),
  declarersByKind((kind, name, args) => new FloorResource(kind, name, args)),
);
