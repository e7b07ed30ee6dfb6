/**
 * Type-level proof, per hand-written kind, that the SDK's arguments and the provider's input schema name the same
 * keys: a key added on one side only fails `tsc` here, naming it. Compiled by the normal build, never run. The
 * keys one side has by design (the SDK turns `source` into `sourceId`; the provider derives names from a seed;
 * `customTimeouts` is a resource option) are listed per kind.
 */
import type { z } from "zod";

import type { commonInputsSchema } from "../../provider/engine/common-inputs";
import type { alertSubscriberInputsSchema } from "../../provider/kinds/alert-subscriber";
import type { clientCredentialInputsSchema } from "../../provider/kinds/client-credential";
import type { connectorInputsSchema } from "../../provider/kinds/connector";
import type { kafkaUserInputsSchema } from "../../provider/kinds/kafka-user";
import type { pipelineInputsSchema } from "../../provider/kinds/pipeline";
import type { projectKeyInputsSchema } from "../../provider/kinds/project-key";
import type { tagInputsSchema } from "../../provider/kinds/tag";
import type { topicInputsSchema } from "../../provider/kinds/topic";
import type { transformInputsSchema } from "../../provider/kinds/transform";
import type { webhookSourceInputsSchema } from "../../provider/kinds/webhook-source";
import type { AlertSubscriberArgs } from "../../sdk/alert-subscriber";
import type { ClientCredentialArgs } from "../../sdk/client-credential";
import type { ConnectorArgs } from "../../sdk/connectors";
import type { KafkaUserArgs } from "../../sdk/kafka-user";
import type { PipelineArgs } from "../../sdk/pipeline";
import type { ProjectKeyArgs } from "../../sdk/project-key";
import type { TagArgs } from "../../sdk/tag";
import type { TopicArgs } from "../../sdk/topic";
import type { TransformArgs } from "../../sdk/transform";
import type { WebhookSourceArgs } from "../../sdk/webhook-source";

/** `true` when both sides name the same keys; otherwise what only one side has, which `tsc` prints. */
type SameKeys<Sdk, Provider> = [Exclude<Sdk, Provider>, Exclude<Provider, Sdk>] extends [never, never]
  ? true
  : { onlyInSdkArgs: Exclude<Sdk, Provider>; onlyInProviderInputs: Exclude<Provider, Sdk> };

/** The provider's inputs of a kind, with the engine's common ones, less those the SDK derives rather than takes. */
type ProviderKeys<Schema extends z.ZodType, Derived extends string> = Exclude<
  keyof z.infer<Schema> | keyof z.infer<typeof commonInputsSchema>,
  Derived | "namePrefix" | "nameSeed" | "nameGeneration" | "customTimeouts"
>;

export const tagKeys: SameKeys<keyof TagArgs, ProviderKeys<typeof tagInputsSchema, never>> = true;
export const topicKeys: SameKeys<keyof TopicArgs, ProviderKeys<typeof topicInputsSchema, never>> = true;
export const webhookSourceKeys: SameKeys<
  keyof WebhookSourceArgs,
  ProviderKeys<typeof webhookSourceInputsSchema, never>
> = true;
export const projectKeyKeys: SameKeys<keyof ProjectKeyArgs, ProviderKeys<typeof projectKeyInputsSchema, never>> = true;
export const transformKeys: SameKeys<keyof TransformArgs, ProviderKeys<typeof transformInputsSchema, never>> = true;
// The SDK takes the ends as resources or ids, and fills `endpoints` from them.
export const pipelineKeys: SameKeys<
  Exclude<keyof PipelineArgs, "source" | "destination">,
  ProviderKeys<typeof pipelineInputsSchema, "sourceId" | "destinationId" | "endpoints">
> = true;
export const connectorKeys: SameKeys<keyof ConnectorArgs, ProviderKeys<typeof connectorInputsSchema, never>> = true;
export const kafkaUserKeys: SameKeys<keyof KafkaUserArgs, ProviderKeys<typeof kafkaUserInputsSchema, never>> = true;
export const clientCredentialKeys: SameKeys<
  keyof ClientCredentialArgs,
  ProviderKeys<typeof clientCredentialInputsSchema, never>
> = true;
export const alertSubscriberKeys: SameKeys<
  keyof AlertSubscriberArgs,
  ProviderKeys<typeof alertSubscriberInputsSchema, never>
> = true;
