import type { JsonObject, KindDescription } from "../engine/kind";
import { errors } from "../errors";
import { connectorKind } from "./connector";
import { pipelineKind } from "./pipeline";
import { projectKeyKind } from "./project-key";
import { tagKind } from "./tag";
import { topicKind } from "./topic";
import { transformKind } from "./transform";
import { typedConnectorKindNamed } from "./typed/connector";
import { typedTransformKindNamed } from "./typed/transform";
import { webhookSourceKind } from "./webhook-source";

/**
 * Every resource kind the provider manages. The SDK's type tokens name these keys, and state written by any
 * version names them too, so a key is never renamed or removed.
 */
export const kinds = {
  source: connectorKind("source"),
  destination: connectorKind("destination"),
  pipeline: pipelineKind,
  topic: topicKind,
  transform: transformKind,
  projectKey: projectKeyKind,
  webhookSource: webhookSourceKind,
  tag: tagKind,
};

export type KindName = keyof typeof kinds;

export function kindNamed(name: string): KindDescription<JsonObject, unknown> {
  // Typed connectors (`source:postgresql`, `destination:snowflake`, …) are built from the connector catalogue.
  const typed = typedConnectorKindNamed(name);
  if (typed) return typed;
  // Typed transforms (`transform:map_filter`, …) likewise, over the generic transform kind.
  const typedTransform = typedTransformKindNamed(name);
  if (typedTransform) return typedTransform;
  if (!Object.hasOwn(kinds, name)) {
    throw errors.newerState({ kind: name });
  }
  return kinds[name as KindName] as unknown as KindDescription<JsonObject, unknown>;
}
