import type * as pulumi from "@pulumi/pulumi";

import type { TypedKindName } from "./generated/shims";
import * as methods from "./shim-methods";

/** The hand-written kinds' registry names: the keys of the provider's `kinds` (provider/kinds/index.ts). */
export type HandWrittenKindName =
  | "source"
  | "destination"
  | "pipeline"
  | "topic"
  | "transform"
  | "projectKey"
  | "webhookSource"
  | "tag"
  | "kafkaUser"
  | "clientCredential"
  | "alertSubscriber";

/** Every kind a provider object may serve; state written by any version names one of these. */
export type KindName = HandWrittenKindName | TypedKindName;

/**
 * The provider object that Pulumi serializes into every resource's state: the kind's name over a prototype that
 * is a module of this package (see shim-methods.ts for why). Each method loads the installed package's runtime
 * when it runs, so `refresh` and `destroy` of a stack written by an older version run today's code, and no
 * client, schema or credential is ever captured into state.
 */
export type ProviderShim = pulumi.dynamic.ResourceProvider & methods.ShimState;

/** The provider object for one kind (`source`, `source:postgresql`, `transform:map_filter`, …). */
export function providerShim(kind: KindName): ProviderShim {
  // `import * as` yields the module's exports object itself (CommonJS), which is what the serializer recognises.
  const shim = Object.create(methods) as ProviderShim & { kind: string };
  shim.kind = kind;
  return shim;
}

/**
 * One shim object per kind for the life of the program: Pulumi caches the serialized text per provider object,
 * so every resource of a kind reuses one serialization.
 */
export const shims = {
  source: providerShim("source"),
  destination: providerShim("destination"),
  pipeline: providerShim("pipeline"),
  topic: providerShim("topic"),
  transform: providerShim("transform"),
  projectKey: providerShim("projectKey"),
  webhookSource: providerShim("webhookSource"),
  tag: providerShim("tag"),
  kafkaUser: providerShim("kafkaUser"),
  clientCredential: providerShim("clientCredential"),
  alertSubscriber: providerShim("alertSubscriber"),
} as const;
