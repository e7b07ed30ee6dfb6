import type { JsonObject, KindDescription } from "../engine/kind";
import { connectorKind } from "./connector";
import { pipelineKind } from "./pipeline";
import { topicKind } from "./topic";

/**
 * Every resource kind the provider manages. The SDK's type tokens name these keys, and state written by any
 * version names them too, so a key is never renamed or removed.
 */
export const kinds = {
  source: connectorKind("source"),
  destination: connectorKind("destination"),
  pipeline: pipelineKind,
  topic: topicKind,
};

export type KindName = keyof typeof kinds;

export function kindNamed(name: string): KindDescription<JsonObject, unknown> {
  if (!Object.hasOwn(kinds, name)) {
    throw new Error(
      `This state was written by a newer pulumi-streamkap (it has a "${name}" resource); upgrade the package in this project.`,
    );
  }
  return kinds[name as KindName] as unknown as KindDescription<JsonObject, unknown>;
}
