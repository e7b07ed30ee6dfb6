import { isIP } from "node:net";

import { z } from "zod";

import { kafkaAclOperations, kafkaAclPatternTypes, kafkaAclResources } from "../../catalogue/wire-values";
import { type KafkaUserRecord, kafkaUserRecord } from "../client/responses";
import { inputSchema, type JsonObject, type KindDescription } from "../engine/kind";
import { compact, semanticEqual } from "../engine/values";
import { liveSet, liveSetting, splitList } from "./live-values";

/** The service stores the allowed addresses as one comma-separated text of at most this many characters. */
const whitelistMaxLength = 1000;

/** Why `entry` is not an IPv4/IPv6 address or CIDR range, in words that never repeat it; undefined when it is. */
function addressProblem(entry: string): string | undefined {
  const slash = entry.indexOf("/");
  const address = slash === -1 ? entry : entry.slice(0, slash);
  const family = isIP(address);
  if (family === 0) return "must be an IP address or a CIDR range such as 10.0.0.0/8";
  if (slash === -1) return undefined;
  const prefix = entry.slice(slash + 1);
  const widest = family === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= widest
    ? undefined
    : `must end in a prefix length from 0 to ${widest}`;
}

const address = z.string().superRefine((value, context) => {
  const problem = addressProblem(value.trim());
  if (problem) context.addIssue({ code: "custom", message: problem });
});

/** One ACL rule, as a Kafka user and a project key's Kafka access take it. */
export const kafkaAclSchema = z
  .strictObject({
    topic: z.string().min(1, "must not be empty"),
    operation: z
      .enum(kafkaAclOperations, { error: `must be one of ${kafkaAclOperations.join(", ")}` })
      .meta({ title: "KafkaAclOperation" }),
    patternType: z
      .enum(kafkaAclPatternTypes, { error: "must be LITERAL or PREFIXED" })
      .meta({ title: "KafkaAclPatternType" })
      .optional(),
    resource: z
      .enum(kafkaAclResources, { error: `must be one of ${kafkaAclResources.join(", ")}` })
      .meta({ title: "KafkaAclResourceType" })
      .optional(),
  })
  .meta({ title: "KafkaAcl" });
type AclInput = z.infer<typeof kafkaAclSchema>;

/** A Kafka user's name, password and addresses, however the user is made (a Kafka user or a project key's). */
export const kafkaUsernameSchema = z
  .string()
  .min(1, "must not be empty")
  .max(24, "must be at most 24 characters")
  .regex(
    /^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/,
    "must be lowercase letters, digits and dashes, and must not start or end with a dash",
  );
export const kafkaPasswordSchema = z
  .string()
  .min(12, "must be at least 12 characters")
  .max(128, "must be at most 128 characters");
export const allowedIpsSchema = z.array(address).refine((entries) => entries.join(",").length <= whitelistMaxLength, {
  message: `must fit in ${whitelistMaxLength} characters when joined with commas`,
});

export const kafkaUserInputsSchema = z.strictObject({
  username: kafkaUsernameSchema,
  password: kafkaPasswordSchema,
  allowedIps: allowedIpsSchema.optional(),
  acls: z.array(kafkaAclSchema).optional(),
  schemaRegistry: z.boolean().optional(),
});
export type KafkaUserInputs = z.infer<typeof kafkaUserInputsSchema> & JsonObject;

/** An ACL with its defaults filled in, in the service's words. */
export function wireAcl(acl: AclInput) {
  return {
    topic_name: acl.topic,
    operation: acl.operation,
    resource_pattern_type: acl.patternType ?? "LITERAL",
    resource: acl.resource ?? "TOPIC",
  };
}

/**
 * The live ACLs in the program's shape: the program's own list while the service holds exactly it (defaults
 * filled in), else the live list with defaults left out, which the next preview shows as drift to set back.
 */
export function liveAcls(prior: AclInput[] | undefined, live: KafkaUserRecord["kafka_acls"]): AclInput[] | undefined {
  if (live === undefined || live === null) return prior;
  const current = live.map((acl) =>
    compact({
      topic: acl.topic_name,
      operation: acl.operation,
      patternType:
        acl.resource_pattern_type && acl.resource_pattern_type !== "LITERAL" ? acl.resource_pattern_type : undefined,
      resource: acl.resource && acl.resource !== "TOPIC" ? acl.resource : undefined,
    }),
  ) as AclInput[];
  if (semanticEqual((prior ?? []).map(wireAcl), current.map(wireAcl))) return prior;
  return prior === undefined && current.length === 0 ? undefined : current;
}

/**
 * A Kafka user of the service's Kafka proxy. The username is its id and cannot change (a new name replaces the
 * user); the password is write-only on the service, so it is kept as a secret and never compared with what the
 * service has; everything else is read back and changes in place.
 */
export const kafkaUserKind: KindDescription<KafkaUserInputs, KafkaUserRecord> = {
  noun: "Kafka user",
  schema: inputSchema<KafkaUserInputs>(kafkaUserInputsSchema),
  replaceOn: ["username"],
  // Only a new username replaces a user, so the replacement never clashes with the old one: it is made first,
  // and clients move over before the old user is deleted.
  uniqueNames: false,
  nameInput: "username",
  // A Kafka user answers no maker and no creation time, and the reference client never takes one over.
  checksNameBeforeCreate: true,
  // The id is the username: `adopt: "<username>"` finds the user; there is no other name to look it up by.
  adoptByName: false,
  secretKeys: () => ["password"],
  api: {
    collection: "/kafka-access/kafka-users",
    record: kafkaUserRecord,
    idOf: (live) => live.username,
    nameOf: (live) => live.username,
    // No addresses: no `whitelist_ips` at all, as the reference client sends it (`omitempty`).
    createBody: (inputs, context) => ({
      username: inputs.username,
      password: inputs.password,
      ...(inputs.allowedIps?.length ? { whitelist_ips: inputs.allowedIps.join(",") } : {}),
      kafka_acls: (inputs.acls ?? []).map(wireAcl),
      is_create_schema_registry: inputs.schemaRegistry ?? false,
      created_from: context.createdFrom,
    }),
    // Everything is sent, the password too: an update also undoes a change made outside Pulumi, and a `""`
    // whitelist clears it (the reference client's `omitempty` cannot: docs/real-api.md).
    updateBody: (inputs) => ({
      password: inputs.password,
      whitelist_ips: (inputs.allowedIps ?? []).join(","),
      kafka_acls: (inputs.acls ?? []).map(wireAcl),
      is_create_schema_registry: inputs.schemaRegistry ?? false,
    }),
    // There is no GET by username: the reference client reads the list and picks the user (TF kafka_user.go).
    getRequest: () => ({ method: "GET", path: "/kafka-access/kafka-users" }),
    wholeList: true,
    asyncDelete: false,
  },
  outputs: (live) =>
    compact({
      kafkaProxyEndpoint: live.kafka_proxy_endpoint || undefined,
      schemaProxyEndpoint: live.schema_proxy_endpoint || undefined,
    }),
  liveInputs: (live, prior) =>
    compact({
      ...prior,
      username: live.username,
      allowedIps: liveSet(prior.allowedIps, splitList(live.whitelist_ips ?? undefined), []),
      acls: liveAcls(prior.acls, live.kafka_acls),
      schemaRegistry: liveSetting(prior.schemaRegistry, live.is_create_schema_registry ?? undefined, false),
    }) as KafkaUserInputs,
};
