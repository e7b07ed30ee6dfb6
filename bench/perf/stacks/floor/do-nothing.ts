// The floor's dynamic provider: calls nothing. Its outputs are its inputs, or, as the floor of a measured stack,
// its inputs with that stack's outputs of the same kind and a pad (./outputs.ts), so both states hold as many
// bytes. It has `read` and `update` like the Streamkap provider, so refresh and update take the same paths
// through the dynamic-provider host.
//
// bench/perf/layout.ts installs the compiled file into each project as node_modules/bench-floor-provider, and the
// floor program uses that copy: Pulumi then serializes the provider as one `require("bench-floor-provider/…")`
// line, as small as the Streamkap provider's installed shim.
import { currentFloorState, floorId, floorOutputs } from "./outputs";

type Props = Record<string, unknown>;

export async function create(inputs: Props): Promise<{ id: string; outs: Props }> {
  return { id: floorId(), outs: floorOutputs(inputs, currentFloorState()) };
}

export async function read(id: string, props: Props): Promise<{ id: string; props: Props }> {
  return { id, props };
}

export async function update(_id: string, _olds: Props, news: Props): Promise<{ outs: Props }> {
  return { outs: floorOutputs(news, currentFloorState()) };
}

export async function deleteResource(): Promise<void> {}

// `delete` is a reserved word, so it cannot be a function's name; the host looks the method up by this key.
export { deleteResource as delete };
