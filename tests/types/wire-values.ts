/**
 * Type-level tests: the SDK's literal types of the service's wire values are exactly the lists the provider and
 * the local server read (catalogue/wire-values.ts). The SDK keeps them written out, so an editor shows the
 * values; this keeps them from drifting. Compiled by the normal `tsc` build, never run.
 */
import type {
  alertChannels,
  alertTypes,
  customTagTypes,
  kafkaAclOperations,
  kafkaAclPatternTypes,
  kafkaAclResources,
  tagTypes,
} from "../../catalogue/wire-values";
import type { AlertChannel, AlertType } from "../../sdk/alert-subscriber";
import type { KafkaAclOperation, KafkaAclResource, KafkaUserAclArgs } from "../../sdk/kafka-user";
import type { TagFilter } from "../../sdk/lookups";
import type { TagType } from "../../sdk/tag";

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Values<List extends readonly unknown[]> = List[number];
/** The plain values a `pulumi.Input<…>` takes. */
type Plain<T> = Extract<T, string>;

export const sameAlertTypes: Same<AlertType, Values<typeof alertTypes>> = true;
export const sameAlertChannels: Same<AlertChannel, Values<typeof alertChannels>> = true;
export const sameAclOperations: Same<KafkaAclOperation, Values<typeof kafkaAclOperations>> = true;
export const sameAclResources: Same<KafkaAclResource, Values<typeof kafkaAclResources>> = true;
export const sameAclPatternTypes: Same<
  Plain<KafkaUserAclArgs["patternType"]>,
  Values<typeof kafkaAclPatternTypes>
> = true;
export const sameCustomTagTypes: Same<TagType, Values<typeof customTagTypes>> = true;
export const sameTagFilterTypes: Same<Exclude<TagFilter["type"], undefined>, Values<typeof tagTypes>> = true;
