/**
 * The plugin's answer to the engine's Diff, with the per-property detail (`detailedDiff`) that Pulumi's Node.js
 * provider server has no field for: the engine then shows and records exactly the inputs that differ as the
 * service means them (not every input whose text changed), each as an update or a replacement, and `--json`
 * previews carry the same. The plugin's gRPC wrapper answers Diff with this in place of the server's handler.
 */
import * as path from "node:path";

import type { DiffOutcome, PropertyChange } from "../engine/diff";

interface PropertyDiffMessage {
  setKind(kind: number): PropertyDiffMessage;
  setInputdiff(input: boolean): PropertyDiffMessage;
}
interface DiffResponseMessage {
  setChanges(changes: number): void;
  setReplacesList(keys: string[]): void;
  setDeletebeforereplace(value: boolean): void;
  setHasdetaileddiff(value: boolean): void;
  getDetaileddiffMap(): { set(key: string, value: PropertyDiffMessage): void };
}
interface ProviderProto {
  DiffResponse: (new () => DiffResponseMessage) & {
    DiffChanges: Record<"DIFF_UNKNOWN" | "DIFF_NONE" | "DIFF_SOME", number>;
  };
  PropertyDiff: (new () => PropertyDiffMessage) & { Kind: Record<string, number> };
}

let proto: ProviderProto | undefined;

/** The engine's protocol messages, from the copy of @pulumi/pulumi the provider server runs with; found once. */
function providerProto(): ProviderProto {
  if (proto === undefined) {
    const pulumiDir = path.dirname(require.resolve("@pulumi/pulumi/package.json"));
    proto = require(path.join(pulumiDir, "proto", "provider_pb.js")) as ProviderProto;
  }
  return proto;
}

/** The protocol's name of a property's change, `_REPLACE` when it forces a replacement. */
function kindName(change: PropertyChange, replaces: boolean): string {
  return `${change.toUpperCase()}${replaces ? "_REPLACE" : ""}`;
}

export function diffResponse(outcome: DiffOutcome): DiffResponseMessage {
  const proto = providerProto();
  const response = new proto.DiffResponse();
  const { DiffChanges } = proto.DiffResponse;
  const properties = Object.entries(outcome.properties ?? {});
  if (outcome.changes === false) {
    response.setChanges(DiffChanges.DIFF_NONE);
    return response;
  }
  response.setChanges(
    properties.length > 0 || outcome.changes === true ? DiffChanges.DIFF_SOME : DiffChanges.DIFF_UNKNOWN,
  );
  const replaces = new Set(outcome.replaces ?? []);
  if (replaces.size > 0) response.setReplacesList([...replaces]);
  if (outcome.deleteBeforeReplace) response.setDeletebeforereplace(true);
  if (properties.length > 0) {
    response.setHasdetaileddiff(true);
    const detail = response.getDetaileddiffMap();
    for (const [key, change] of properties) {
      const kind = proto.PropertyDiff.Kind[kindName(change, replaces.has(key))];
      detail.set(key, new proto.PropertyDiff().setKind(kind ?? 0).setInputdiff(true));
    }
  }
  return response;
}
