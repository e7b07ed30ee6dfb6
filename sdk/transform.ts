import * as pulumi from "@pulumi/pulumi";

import { type ManagedArgs, managedProps } from "./common";
import { namingProps } from "./naming";
import { shims } from "./shim";
import { StreamkapResource } from "./resource";

/** The kinds of transform: api.md's types plus the catalogue's `rollup` and `topic_router`. */
export type TransformType =
  | "fan_out"
  | "sql_join"
  | "enrich"
  | "enrich_async"
  | "map_filter"
  | "toast_handling"
  | "un_nesting"
  | "rollup"
  | "topic_router";

/** A JSON value inside a test record. */
export type TestJson = string | number | boolean | null | TestJson[] | { [key: string]: TestJson };

/** One record of a unit test. */
export interface TestRecordArgs {
  /** The topic the record is on. @default none */
  topic?: string;
  /** The record key. @default none */
  key?: Record<string, TestJson>;
  /** The record value. @default none */
  value?: Record<string, TestJson>;
  /** When the record was written, ISO 8601 with an offset (`2026-01-31T12:00:00Z`). @default none */
  timestamp?: string;
}

/**
 * The code of a `map_filter`, `fan_out` or `enrich_async` transform; each `up` that changes it writes a new
 * implementation version. `language` alone sets the language and leaves the code to the web console.
 */
export interface TransformImplementationArgs {
  /**
   * `PYTHON`, `JAVASCRIPT` or `SQL`. Each type allows some: `enrich`, `sql_join` and `rollup` take SQL,
   * `fan_out` JavaScript, `map_filter` and `enrich_async` JavaScript or Python; `pulumi preview` checks it.
   */
  language: "PYTHON" | "JAVASCRIPT" | "SQL";
  /** Code that transforms each record's value. @default none */
  valueTransform?: string;
  /** Code that transforms each record's key. @default none */
  keyTransform?: string;
  /** Code that picks each record's output topic. @default none */
  topicTransform?: string;
  /**
   * `enrich_async` only: how long one call of the code may take, in ms (the reference provider's
   * `implementation_json` `async_timeout_ms`).
   * @default the service's
   */
  asyncTimeoutMs?: number;
  /**
   * `enrich_async` only: how many records the code works on at once, 1 to 50 (`async_capacity`).
   * @default the service's
   */
  asyncCapacity?: number;
}

/** A table a SQL transform reads: the records of the topics its regex matches, with the columns it creates. */
export interface SqlTableArgs {
  /** The table's name in the query: a letter or `_`, then letters, digits or `_`. */
  name: string;
  /** Which input topics fill it, e.g. `".*orders$"`. */
  topicMatcherRegex: string;
  /** `CREATE TABLE <name> (…)`: its columns and key; `pulumi preview` checks that it creates `name`. */
  createTableSql: string;
}

/** An `enrich` transform: each record of the main table joined with the lookup table by the query. */
export interface EnrichImplementationArgs {
  /** @default "SQL" */
  language?: "SQL";
  /** The streaming table: the records to enrich. */
  mainTable: SqlTableArgs;
  /** The reference table the records are enriched from. */
  lookupTable: SqlTableArgs;
  /** The query over both tables, e.g. `SELECT o.*, l.city FROM orders o JOIN locations l ON …`. */
  enrichSql: string;
}

/** A `rollup` transform: aggregates of the input tables, keyed by `keyFields`. */
export interface RollupImplementationArgs {
  /** @default "SQL" */
  language?: "SQL";
  /** The tables the query reads: at least one. */
  inputTables: SqlTableArgs[];
  /** The aggregating query, e.g. `SELECT product_id, SUM(amount) … GROUP BY product_id`. */
  rollupSql: string;
  /** The fields of the query's result that key each output record: at least one. */
  keyFields: string[];
  /** After how long without records an input counts as idle, in ms (0 to a day). @default the service's */
  sourceIdleTimeoutMs?: number;
  /** How long aggregation state is kept, in ms (up to a year). @default the service's */
  stateTtlMs?: number;
}

/** A `sql_join` transform: a join of two or more input tables, keyed by `keyFields`. */
export interface SqlJoinImplementationArgs {
  /** @default "SQL" */
  language?: "SQL";
  /** The tables joined: at least two. */
  inputTables: SqlTableArgs[];
  /** The join query, e.g. `SELECT o.order_id, c.name FROM orders o JOIN customers c ON …`. */
  joinSql: string;
  /** The fields of the query's result that key each output record: at least one. */
  keyFields: string[];
  /** How long join state is kept, in ms (up to a year). @default the service's */
  stateTtlMs?: number;
}

/** Any transform's implementation: code, or one of the SQL forms. */
export type AnyTransformImplementationArgs =
  TransformImplementationArgs | EnrichImplementationArgs | RollupImplementationArgs | SqlJoinImplementationArgs;

/** A unit test run against each new implementation version before anything is deployed. */
export interface TransformUnitTestArgs {
  /** The test's name, shown in failures. @default "pulumi" */
  name?: string;
  /** Records fed to the code: at least one. */
  input: TestRecordArgs[];
  /** The records the code must produce. When they differ, `up` fails with the service's diff and deploys nothing. */
  expectedOutput: TestRecordArgs[];
}

export interface TransformArgs extends ManagedArgs {
  /**
   * The name on the service (config `transforms.name`), unique per service. Leave it out to get `<resource
   * name>-<7 random characters>`. Changes in place.
   * @default `<resource name>-<7 characters>`, derived once and kept
   */
  name?: pulumi.Input<string>;
  /** The kind of transform. Changing it replaces the transform. */
  type: pulumi.Input<TransformType>;
  /**
   * Topics to read, as a pattern (config `transforms.input.topic.pattern`), e.g. `source_abc\\.public\\..*`.
   * Required for `topic_router`; left out, other types get the service's placeholder, to be set later (as the web
   * console and the Terraform provider leave it).
   * @default the service's placeholder
   */
  inputTopicPattern?: pulumi.Input<string>;
  /**
   * Topics to write, as a replacement pattern (config `transforms.output.topic.pattern`). Required for
   * `topic_router`; left out, other types get the service's placeholder.
   * @default the service's placeholder
   */
  outputTopicPattern?: pulumi.Input<string>;
  /**
   * How input records are serialized (config `transforms.input.serialization.format`): `Any`, `Avro` or `Json`.
   * @default "Any"
   */
  inputFormat?: pulumi.Input<"Any" | "Avro" | "Json">;
  /**
   * How output records are serialized (config `transforms.output.serialization.format`): `Any`, `Avro` or `Json`.
   * @default "Any"
   */
  outputFormat?: pulumi.Input<"Any" | "Avro" | "Json">;
  /**
   * Parallel tasks of the job (config `transforms.input.job.parallelism`): 1 to 20 (`topic_router`: 1 to 100).
   * @default 5
   */
  parallelism?: pulumi.Input<number>;
  /**
   * Further settings of the type by their dotted keys, e.g. `{"transforms.async.capacity": 20}` for
   * `enrich_async` or `{"transforms.topic.ttl": "1h"}` for `sql_join`; checked against the catalogue.
   * @default none
   */
  config?: pulumi.Input<Record<string, pulumi.Input<string | number | boolean>>>;
  /**
   * The implementation: code for `map_filter`, `fan_out` and `enrich_async`, a SQL form for `enrich`, `rollup`
   * and `sql_join` ({@link EnrichImplementationArgs}, …). Without it, the implementation is left to the web
   * console: updates keep whatever the transform holds, and `deploy` deploys its latest version.
   * @default none
   */
  implementation?: pulumi.Input<AnyTransformImplementationArgs>;
  /**
   * A unit test: when the code's output differs from `expectedOutput`, `up` fails with the diff and nothing is
   * deployed. Needs code in `implementation` (SQL transforms are tried by deploying them as a preview).
   * @default none
   */
  unitTest?: pulumi.Input<TransformUnitTestArgs>;
  /**
   * Whether `up` deploys the transform: the latest version as the preview job (except `topic_router`, which runs
   * on Kafka Connect and has none), then live, and waits for the job. It deploys on create, on each change of the
   * code or config, and when the service no longer runs it live. Without it, new code is written and tested but
   * not deployed.
   * @default false
   */
  deploy?: pulumi.Input<boolean>;
  /**
   * How far back the preview job re-reads its input topics when deployed: `7d`, `3d`, `24h`, `10m`, or `0` for
   * none (from the latest position; not sent, as the service accepts only durations). It applies to the next
   * deploy; changing it alone redeploys nothing.
   * @default the service's choice (latest offsets)
   */
  replayWindow?: pulumi.Input<"7d" | "3d" | "24h" | "10m" | "0">;
  /**
   * How long `up` waits for a deployed job to run (10 to 86400 seconds). When it is not running by then, `up`
   * fails; the transform stays in the stack and the next `up` waits again. A failed job fails `up` at once.
   * @default 600
   */
  deployTimeoutSeconds?: pulumi.Input<number>;
  /**
   * Tag ids (see {@link Tag} and `getTags`). `[]` removes every tag.
   * @default left as they are on the service
   */
  tags?: pulumi.Input<pulumi.Input<string>[]>;
}

/**
 * A transform: Python, JavaScript or SQL that processes records between topics. On create and on each code
 * change, `up` writes the code as a new version and runs its unit test (failing with the diff, deploying
 * nothing); when `deploy` is set, it deploys the latest version as the preview job, then live, and waits for the
 * job to run.
 *
 * @example
 * #### Filter and reshape orders
 * ```ts title="index.ts"
 * const cleanOrders = new streamkap.Transform("clean-orders", {
 *   type: "map_filter",
 *   inputTopicPattern: "source_.*\\.public\\.orders",
 *   outputTopicPattern: "clean_orders",
 *   implementation: {
 *     language: "JAVASCRIPT",
 *     valueTransform: "function _streamkap_transform(value) { return value.total > 0 ? value : null; }",
 *   },
 *   unitTest: {
 *     input: [{ value: { id: 1, total: 10 } }],
 *     expectedOutput: [{ value: { id: 1, total: 10 } }],
 *   },
 *   deploy: true,
 *   replayWindow: "24h",
 * });
 * export const liveVersion = cleanOrders.liveVersion;
 * ```
 *
 * #### Join two topics in SQL
 * ```ts title="index.ts"
 * new streamkap.Transform("orders-with-customers", {
 *   type: "sql_join",
 *   inputTopicPattern: "source_.*\\.public\\.(orders|customers)",
 *   outputTopicPattern: "orders_with_customers",
 *   config: { "transforms.topic.ttl": "1h" },
 *   implementation: {
 *     inputTables: [
 *       { name: "orders", topicMatcherRegex: ".*orders$", createTableSql: "CREATE TABLE orders (id STRING PRIMARY KEY, customer_id STRING)" },
 *       { name: "customers", topicMatcherRegex: ".*customers$", createTableSql: "CREATE TABLE customers (id STRING PRIMARY KEY, name STRING)" },
 *     ],
 *     joinSql: "SELECT o.id, c.name FROM orders o JOIN customers c ON o.customer_id = c.id",
 *     keyFields: ["id"],
 *   },
 * });
 * ```
 */
export class Transform extends StreamkapResource {
  /** The name on the service. */
  declare readonly name: pulumi.Output<string>;
  /** The kind of transform (see {@link TransformArgs.type}). */
  declare readonly type: pulumi.Output<TransformType>;
  /** The input topic pattern: as set, else the service's value (its placeholder). */
  declare readonly inputTopicPattern: pulumi.Output<string | undefined>;
  /** The output topic pattern: as set, else the service's value (its placeholder). */
  declare readonly outputTopicPattern: pulumi.Output<string | undefined>;
  /** How input records are serialized: as set, else the service's value (its default, `Any`). */
  declare readonly inputFormat: pulumi.Output<string | undefined>;
  /** How output records are serialized: as set, else the service's value (its default, `Any`). */
  declare readonly outputFormat: pulumi.Output<string | undefined>;
  /** Tag ids: as set, else the ones the service holds. */
  declare readonly tags: pulumi.Output<string[] | undefined>;
  /** Parallel tasks of the job: as set, else the service's value (its default included). */
  declare readonly parallelism: pulumi.Output<number | undefined>;
  /** The code whose version was last deployed; undefined when the code is left to the web console. */
  declare readonly implementation: pulumi.Output<AnyTransformImplementationArgs | undefined>;
  /** Whether new versions are promoted live (see {@link TransformArgs.deploy}). */
  declare readonly deploy: pulumi.Output<boolean | undefined>;
  /** The latest implementation version number (0 before any code was written). */
  declare readonly version: pulumi.Output<number>;
  /** The version the preview job runs, when one was deployed. */
  declare readonly previewVersion: pulumi.Output<string | undefined>;
  /** The version running live, when one was promoted. */
  declare readonly liveVersion: pulumi.Output<string | undefined>;
  /** The job's name on the service. */
  declare readonly jobName: pulumi.Output<string>;
  /** `RUNNING`, `DEPLOYING`, `FAILED`, … as the service last reported it. */
  declare readonly jobStatus: pulumi.Output<string>;
  /** How the transform was created: `api`, `terraform` or `web`. */
  declare readonly createdFrom: pulumi.Output<string>;

  constructor(name: string, args: TransformArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      shims.transform,
      name,
      { ...transformProps(name, args), type: args.type, config: args.config },
      opts,
      "streamkap",
      "Transform",
    );
  }
}

/**
 * The props of every transform resource except `type` and `config`: the generic {@link Transform} adds those,
 * and each typed transform (e.g. `MapFilterTransform`) has its type in its token and its settings as props of
 * their own. The outputs are declared here, as `undefined`, once for all of them.
 * @internal
 */
export function transformProps(name: string, args: Omit<TransformArgs, "type" | "config">): pulumi.Inputs {
  return {
    ...namingProps(name, args.name),
    ...managedProps(args),
    inputTopicPattern: args.inputTopicPattern,
    outputTopicPattern: args.outputTopicPattern,
    inputFormat: args.inputFormat,
    outputFormat: args.outputFormat,
    parallelism: args.parallelism,
    implementation: args.implementation,
    unitTest: args.unitTest,
    deploy: args.deploy,
    replayWindow: args.replayWindow,
    deployTimeoutSeconds: args.deployTimeoutSeconds,
    tags: args.tags,
    version: undefined,
    previewVersion: undefined,
    liveVersion: undefined,
    jobName: undefined,
    jobStatus: undefined,
    createdFrom: undefined,
  };
}
