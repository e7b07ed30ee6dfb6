/**
 * Type-level tests of the generated transform classes: compiled by the normal `tsc` build, never run. Each
 * `@ts-expect-error` line must fail to compile; if it ever compiles, the build fails with "Unused
 * '@ts-expect-error' directive".
 */
import * as pulumi from "@pulumi/pulumi";
import * as streamkap from "pulumi-streamkap";

const topics = { inputTopicPattern: "source_.*\\.public\\.orders", outputTopicPattern: "orders_out" };

/** Never called: the checks are in the types. */
export function typedTransformTypeChecks(): void {
  const mapFilter = new streamkap.MapFilterTransform("ok", { ...topics, outputFormat: "Json", parallelism: 4 });
  const join = new streamkap.SqlJoinTransform("ok-join", { ...topics, topicTtl: "1h" });
  new streamkap.EnrichAsyncTransform("ok-async", { ...topics, asyncCapacity: pulumi.output(20) });

  // @ts-expect-error "Protobuf" is not a serialization format
  new streamkap.MapFilterTransform("bad-enum", { ...topics, outputFormat: "Protobuf" });

  // @ts-expect-error the type is the class's: a typed transform takes no `type`
  new streamkap.MapFilterTransform("with-type", { ...topics, type: "map_filter" });

  // @ts-expect-error settings are typed inputs, not a `config` map
  new streamkap.SqlJoinTransform("with-config", { ...topics, config: { "transforms.topic.ttl": "1h" } });

  // @ts-expect-error a SQL join's code is SQL
  new streamkap.SqlJoinTransform("bad-language", { ...topics, implementation: { language: "PYTHON" } });

  // A SQL type takes its structured form…
  const orders = { name: "orders", topicMatcherRegex: ".*orders$", createTableSql: "CREATE TABLE orders (id INT)" };
  new streamkap.RollupTransform("ok-rollup", {
    ...topics,
    implementation: {
      inputTables: [orders],
      rollupSql: "SELECT id FROM orders",
      keyFields: ["id"],
      stateTtlMs: 60_000,
    },
  });

  new streamkap.SqlJoinTransform("sql-as-code", {
    ...topics,
    // @ts-expect-error …not code
    implementation: { language: "SQL", valueTransform: "x" },
  });

  new streamkap.EnrichTransform("no-lookup", {
    ...topics,
    // @ts-expect-error an enrich transform needs its lookup table
    implementation: { mainTable: orders, enrichSql: "SELECT 1" },
  });

  // @ts-expect-error an integer setting takes a number, not text
  new streamkap.EnrichAsyncTransform("text-capacity", { ...topics, asyncCapacity: "20" });

  // The topic patterns are optional (the service's placeholders), but for topic_router, which routes by them.
  new streamkap.FanOutTransform("no-topics", {});
  // @ts-expect-error a topic router needs its patterns
  new streamkap.TopicRouterTransform("no-routes", { outputTopicPattern: "out" });

  // Outputs are typed on the instance, the generic transform's included.
  const ttl: pulumi.Output<string | undefined> = join.topicTtl;
  const version: pulumi.Output<number> = mapFilter.version;
  // @ts-expect-error a typed transform has no `type` output: its class is its type
  void mapFilter.type;
  void [ttl, version];
}
