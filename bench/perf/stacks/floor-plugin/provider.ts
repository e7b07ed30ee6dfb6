// The plugin stack's floor as a provider plugin of its own (pulumi-resource-benchfloor): calls nothing, and returns
// as outputs what ../floor/outputs.ts makes of its inputs. It runs behind the same gRPC interface as
// pulumi-resource-streamkap, through @pulumi/pulumi's provider server, and like it stores no serialized provider
// in state; a dynamic floor resource stores one twice, more than some plugin resources hold in all. Diff is left
// to the engine's comparison of inputs. bench/perf/project.ts puts a launcher for it on the floor project's PATH.
import * as pulumi from "@pulumi/pulumi";
import * as provider from "@pulumi/pulumi/provider";

import { currentFloorState, floorId, floorOutputs } from "../floor/outputs";

type Props = Record<string, unknown>;

/** The kind of a resource by its URN's type token (`…::benchfloor:index:Tag::name` → `Tag`). */
function kindOf(urn: string): string {
  const type = urn.split("::")[2] ?? "";
  return type.slice(type.lastIndexOf(":") + 1);
}

const doNothing: provider.Provider = {
  version: "0.0.1",
  async create(urn: string, inputs: Props): Promise<provider.CreateResult> {
    return { id: floorId(), outs: floorOutputs(inputs, currentFloorState(), kindOf(urn)) };
  },
  async read(id: pulumi.ID, _urn: string, props?: Props): Promise<provider.ReadResult> {
    return { id, props };
  },
  async update(_id: pulumi.ID, urn: string, _olds: Props, news: Props): Promise<provider.UpdateResult> {
    return { outs: floorOutputs(news, currentFloorState(), kindOf(urn)) };
  },
  async delete(): Promise<void> {},
};

void provider.main(doNothing, process.argv.slice(2));
