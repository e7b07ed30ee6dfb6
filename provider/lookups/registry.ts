/**
 * Every lookup by name, as the provider plugin serves it (`streamkap:index:<name>` invokes) and schema.json
 * declares it (scripts/gen-schema/functions.ts): what it takes, as one object, and how that object becomes the
 * lookup's arguments.
 */
import type { z } from "zod";

import type { StreamkapClient } from "../client/client";
import * as args from "./args";
import * as lookups from "./index";

export interface LookupEntry {
  /** Its arguments as one object: schema.json's function inputs. */
  args: z.ZodObject;
  /** Its answer to arguments `args` accepts. */
  run(client: StreamkapClient, args: unknown): Promise<unknown>;
}

function entry<A extends z.ZodObject>(
  schema: A,
  run: (client: StreamkapClient, args: z.infer<A>) => Promise<unknown>,
): LookupEntry {
  return { args: schema, run: (client, given) => run(client, schema.parse(given)) };
}

export const lookupEntries = {
  getSource: entry(args.byId, (client, { id }) => lookups.getSource(client, id)),
  getSources: entry(args.connectorFilter, lookups.getSources),
  getDestination: entry(args.byId, (client, { id }) => lookups.getDestination(client, id)),
  getDestinations: entry(args.connectorFilter, lookups.getDestinations),
  getPipeline: entry(args.byId, (client, { id }) => lookups.getPipeline(client, id)),
  getTopic: entry(args.byId, (client, { id }) => lookups.getTopic(client, id)),
  getTopics: entry(args.topicFilter, lookups.getTopics),
  getTag: entry(args.byId, (client, { id }) => lookups.getTag(client, id)),
  getTags: entry(args.tagFilter, lookups.getTags),
  getTransform: entry(args.byId, (client, { id }) => lookups.getTransform(client, id)),
  getTransforms: entry(args.transformFilter, lookups.getTransforms),
  getRoles: entry(args.noArguments, lookups.getRoles),
  getPermissions: entry(args.noArguments, lookups.getPermissions),
  getKafkaUsers: entry(args.noArguments, lookups.getKafkaUsers),
  getClientCredentials: entry(args.noArguments, lookups.getClientCredentials),
  getConsumerGroups: entry(args.noArguments, lookups.getConsumerGroups),
  getTopicSerialization: entry(args.topicSerializationArgs, (client, { topicId }) =>
    lookups.getTopicSerialization(client, topicId),
  ),
  getTopicMetrics: entry(args.topicMetricsArgs, (client, { entities, window }) =>
    lookups.getTopicMetrics(client, entities, window),
  ),
} satisfies Record<string, LookupEntry>;

export type LookupName = keyof typeof lookupEntries;

export function lookupNamed(name: string): LookupEntry | undefined {
  return Object.hasOwn(lookupEntries, name) ? lookupEntries[name as LookupName] : undefined;
}

/**
 * The property a lookup's list answer is returned under, since a Pulumi function answers an object: its name
 * after `get`, `getSources` → `sources`, `getKafkaUsers` → `kafkaUsers`.
 */
export function listKeyOf(name: string): string {
  const rest = name.replace(/^get/, "");
  return rest.charAt(0).toLowerCase() + rest.slice(1);
}

/** A lookup's answer as a function's result: an object as it is, a list under {@link listKeyOf}. */
export function resultOf(name: string, answer: unknown): Record<string, unknown> {
  return Array.isArray(answer) ? { [listKeyOf(name)]: answer } : (answer as Record<string, unknown>);
}
