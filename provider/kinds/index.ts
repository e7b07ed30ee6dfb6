import type { JsonObject, KindDescription } from "../engine/kind";
import { errors } from "../errors";
import { alertSubscriberKind } from "./alert-subscriber";
import { clientCredentialKind } from "./client-credential";
import { connectorKind } from "./connector";
import { kafkaUserKind } from "./kafka-user";
import { pipelineKind } from "./pipeline";
import { projectKeyKind } from "./project-key";
import { tagKind } from "./tag";
import { topicKind } from "./topic";
import { transformKind } from "./transform";
import { typedConnectorKind } from "./typed/connector";
import { typedTransformKind } from "./typed/transform";
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
  kafkaUser: kafkaUserKind,
  clientCredential: clientCredentialKind,
  alertSubscriber: alertSubscriberKind,
};

export type KindName = keyof typeof kinds;

type AnyKind = KindDescription<JsonObject, unknown>;

export function kindNamed(name: string): AnyKind {
  const typed = typedKindNamed(name);
  if (typed) return typed;
  if (!Object.hasOwn(kinds, name)) throw errors.newerState({ kind: name });
  return kinds[name as KindName] as unknown as AnyKind;
}

const typedKinds = new Map<string, AnyKind | undefined>();

/**
 * A typed kind by its token (`source:postgresql`, `destination:snowflake`, `transform:map_filter`), built from the
 * catalogue once; undefined for any other name, including a connector this catalogue does not know (which
 * `kindNamed` then reports as state from a newer version).
 */
function typedKindNamed(name: string): AnyKind | undefined {
  if (!typedKinds.has(name)) {
    const [family, code] = name.split(":");
    const typed =
      code === undefined
        ? undefined
        : family === "transform"
          ? typedTransformKind(code)
          : family === "source" || family === "destination"
            ? typedConnectorKind(family, code)
            : undefined;
    typedKinds.set(name, typed as unknown as AnyKind | undefined);
  }
  return typedKinds.get(name);
}
