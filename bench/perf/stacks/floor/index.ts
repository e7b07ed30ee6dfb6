// The floor: the benchmark stack of ../plan.ts made of do-nothing dynamic resources. Same count, dependencies and
// inputs as the Streamkap stack, but the provider (./do-nothing.ts) makes no HTTP call and keeps no state, so what
// an operation on this stack costs is what the Pulumi engine, the language host and the dynamic-provider host cost
// by themselves.
import * as pulumi from "@pulumi/pulumi";

import { declareStack, planConfig } from "../plan";
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

declareStack<FloorResource>(planConfig(new pulumi.Config()), {
  tag: (name, args) => new FloorResource("Tag", name, { ...args }),
  topic: (name, args) => new FloorResource("Topic", name, { ...args }),
  postgresqlSource: (name, args) => new FloorResource("PostgresqlSource", name, { ...args }),
  mysqlSource: (name, args) => new FloorResource("MysqlSource", name, { ...args }),
  snowflakeDestination: (name, args) => new FloorResource("SnowflakeDestination", name, { ...args }),
  clickhouseDestination: (name, args) => new FloorResource("ClickHouseDestination", name, { ...args }),
  pipeline: (name, { source, destination, ...args }) =>
    new FloorResource("Pipeline", name, { ...args, sourceId: source.id, destinationId: destination.id }),
  transform: (name, args) => new FloorResource("Transform", name, { ...args }),
});
