// The benchmark's resource plan: which resources a stack of N holds and what their arguments are, shared by the
// Streamkap program (stacks/mixed), the same through the provider plugin (stacks/plugin) and the floor program
// (stacks/floor) so that all three declare the same number of resources, with the same dependencies and inputs of
// the same size.
//
// Resources come in groups of ten (a tag, two topics, a Postgres and a MySQL source, a Snowflake and a ClickHouse
// destination, two pipelines, a transform). Update round r > 0 changes one resource of each group, i.e. 10%, in a
// field that changes in place; which one rotates through the kinds from group to group.
import * as pulumi from "@pulumi/pulumi";
import type * as streamkap from "pulumi-streamkap";

export const groupSize = 10;

/** What a declared resource gives the rest of the plan: its id, for the resources that refer to it. */
export interface Declared {
  readonly id: pulumi.Output<string>;
}

/**
 * A pipeline's arguments with its ends given as the connectors the program declared, as users write them
 * (`source: orders`): the SDK can then tell the provider the ends' names and kinds, which an id alone cannot.
 */
export type PlannedPipelineArgs<C extends Declared> = Omit<streamkap.PipelineArgs, "source" | "destination"> & {
  source: C;
  destination: C;
};

/** How a program turns a planned resource into a real one; one method per slot of a group. */
export interface Declarers<C extends Declared> {
  tag(name: string, args: streamkap.TagArgs): Declared;
  topic(name: string, args: streamkap.TopicArgs): Declared;
  postgresqlSource(name: string, args: streamkap.PostgresqlSourceArgs): C;
  mysqlSource(name: string, args: streamkap.MysqlSourceArgs): C;
  snowflakeDestination(name: string, args: streamkap.SnowflakeDestinationArgs): C;
  clickhouseDestination(name: string, args: streamkap.ClickHouseDestinationArgs): C;
  pipeline(name: string, args: PlannedPipelineArgs<C>): Declared;
  transform(name: string, args: streamkap.TransformArgs): Declared;
}

/**
 * Declarers for a program that makes every resource through one constructor taking the kind's name (`Tag`,
 * `PostgresqlSource`, …), with a pipeline's ends by id (`sourceId`, `destinationId`) as the schema has them: a
 * generated SDK has no connector class of the program to pass. The plugin stack and both floors declare so.
 */
export function declarersByKind<C extends Declared>(
  make: (kind: string, name: string, args: Record<string, unknown>) => C,
): Declarers<C> {
  return {
    tag: (name, args) => make("Tag", name, { ...args }),
    topic: (name, args) => make("Topic", name, { ...args }),
    postgresqlSource: (name, args) => make("PostgresqlSource", name, { ...args }),
    mysqlSource: (name, args) => make("MysqlSource", name, { ...args }),
    snowflakeDestination: (name, args) => make("SnowflakeDestination", name, { ...args }),
    clickhouseDestination: (name, args) => make("ClickHouseDestination", name, { ...args }),
    pipeline: (name, { source, destination, ...args }) =>
      make("Pipeline", name, { ...args, sourceId: source.id, destinationId: destination.id }),
    transform: (name, args) => make("Transform", name, { ...args }),
  };
}

/** The slots of a group in the order their updates rotate: the heavier connector updates come first. */
export const updateRotation = [
  "postgresqlSource",
  "pipeline",
  "topicA",
  "snowflakeDestination",
  "tag",
  "transform",
  "mysqlSource",
  "topicB",
  "clickhouseDestination",
  "pipelineB",
] as const;
export type Slot = (typeof updateRotation)[number];

/** The slot of group `group` that update rounds change. */
export function updatedSlot(group: number): Slot {
  return updateRotation[group % updateRotation.length];
}

/** How the stack is shaped, from stack config. */
export interface PlanConfig {
  /** Resources to declare; rounded down to whole groups, at least one group. */
  resources: number;
  /** Update round: 0 for the initial values; each later round changes 10% of the resources again. */
  round: number;
}

export function planConfig(config: pulumi.Config): PlanConfig {
  return { resources: config.getNumber("resources") ?? groupSize, round: config.getNumber("round") ?? 0 };
}

export function groupCount(resources: number): number {
  return Math.max(1, Math.floor(resources / groupSize));
}

/** Declares the whole stack through `declare`. */
export function declareStack<C extends Declared>(plan: PlanConfig, declare: Declarers<C>): void {
  for (let group = 0; group < groupCount(plan.resources); group++) {
    declareGroup(group, plan.round, declare);
  }
}

const orderRecords = [
  { id: 1, customer_id: 7, total: 42.5 },
  { id: 2, customer_id: 9, total: 12 },
];

function declareGroup<C extends Declared>(group: number, round: number, declare: Declarers<C>): void {
  // A changed slot carries the round in one in-place field; every other slot keeps round 0's values.
  const roundOf = (slot: Slot): number => (round > 0 && updatedSlot(group) === slot ? round : 0);
  const suffix = (slot: Slot): string => (roundOf(slot) === 0 ? "" : `-r${roundOf(slot)}`);
  const prefix = `g${group}`;

  const tag = declare.tag(`${prefix}-team`, {
    name: `bench-${prefix}-team`,
    description: `Objects of benchmark group ${group}${suffix("tag")}`,
    types: ["sources", "destinations", "pipelines", "transforms", "topics"],
  });
  declare.topic(`${prefix}-events`, {
    name: `bench-${prefix}-events`,
    partitions: 3 + roundOf("topicA"),
  });
  declare.topic(`${prefix}-audit`, {
    name: `bench-${prefix}-audit`,
    partitions: 1 + roundOf("topicB"),
    cleanupPolicy: "delete",
    retentionMs: 604_800_000,
  });
  const postgres = declare.postgresqlSource(`${prefix}-orders-db`, {
    databaseHostname: `orders-${group}${suffix("postgresqlSource")}.db.internal.example.com`,
    databasePort: 5432,
    databaseUser: "streamkap",
    databasePassword: pulumi.secret(`bench-orders-password-${group}`),
    databaseDbname: "shop",
    schemaIncludeList: "public",
    tableIncludeList: "public.orders,public.customers",
    tags: [tag.id],
  });
  const mysql = declare.mysqlSource(`${prefix}-billing-db`, {
    databaseHostname: `billing-${group}${suffix("mysqlSource")}.db.internal.example.com`,
    databaseUser: "streamkap",
    databasePassword: pulumi.secret(`bench-billing-password-${group}`),
    databaseIncludeList: "billing",
    tableIncludeList: "billing.invoices",
    tags: [tag.id],
  });
  const snowflake = declare.snowflakeDestination(`${prefix}-warehouse`, {
    snowflakeUrlName: "acme-analytics.snowflakecomputing.com",
    snowflakeUserName: "STREAMKAP",
    snowflakePrivateKey: pulumi.secret(`bench-private-key-${group}`),
    snowflakeDatabaseName: "ANALYTICS",
    snowflakeSchemaName: `RAW_${group}${suffix("snowflakeDestination").replace(/-/g, "_").toUpperCase()}`,
  });
  const clickhouse = declare.clickhouseDestination(`${prefix}-olap`, {
    hostname: "olap.internal.example.com",
    connectionUsername: "streamkap",
    connectionPassword: pulumi.secret(`bench-olap-password-${group}`),
    database: `events_${group}${suffix("clickhouseDestination").replace(/-/g, "_")}`,
  });
  declare.pipeline(`${prefix}-orders-to-warehouse`, {
    source: postgres,
    destination: snowflake,
    topics: ["public.orders"],
    snapshotNewTables: roundOf("pipeline") % 2 === 1,
  });
  declare.pipeline(`${prefix}-billing-to-olap`, {
    source: mysql,
    destination: clickhouse,
    snapshotNewTables: roundOf("pipelineB") % 2 === 1,
  });
  declare.transform(`${prefix}-clean-orders`, {
    type: "map_filter",
    inputTopicPattern: pulumi.interpolate`source_${postgres.id}\\.public\\.orders`,
    outputTopicPattern: `bench-${prefix}-clean-orders`,
    parallelism: 2 + roundOf("transform"),
    implementation: {
      language: "JAVASCRIPT",
      valueTransform: "function _streamkap_transform(value) { return value.total > 0 ? value : null; }",
    },
    unitTest: {
      name: "keeps paid orders",
      input: orderRecords.map((value) => ({ value })),
      expectedOutput: orderRecords.map((value) => ({ value })),
    },
    deploy: true,
  });
}
