/**
 * The generated typed transform classes: as a program registers them under Pulumi's mocks (type token, props),
 * and as the provider runtime answers their `check` offline. What a user sees of a check is its reasons.
 */
import * as pulumi from "@pulumi/pulumi";

import { catalogue } from "../../catalogue";
import { reasonsWithoutCode } from "../harness/check-reasons";
import { check } from "../../provider/runtime";
import { transformClassName } from "../../scripts/gen-connectors/typed-transforms";
import * as streamkap from "../../sdk";

interface Registered {
  type: string;
  name: string;
  inputs: Record<string, unknown>;
}

const registered: Registered[] = [];

beforeAll(async () => {
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => {
        registered.push({ type: args.type, name: args.name, inputs: args.inputs });
        return { id: `${args.name}-id`, state: args.inputs };
      },
      call: () => ({}),
    },
    "typed-transforms",
    "test",
    false,
  );
});

const valueOf = <T>(output: pulumi.Output<T>): Promise<T> => new Promise((resolve) => output.apply(resolve));

const registration = async (resource: pulumi.CustomResource, name: string): Promise<Registered> => {
  await valueOf(resource.urn);
  const found = registered.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`${name} was not registered`);
  return found;
};

const topics = { inputTopicPattern: "source_.*\\.public\\.orders", outputTopicPattern: "orders_out" };

test("the SDK exports a typed class for every catalogue transform", () => {
  const names = catalogue()
    .filter((connector) => connector.kind === "transform")
    .map((connector) => transformClassName(connector.code));
  expect(names.sort()).toEqual([
    "EnrichAsyncTransform",
    "EnrichTransform",
    "FanOutTransform",
    "MapFilterTransform",
    "RollupTransform",
    "SqlJoinTransform",
    "TopicRouterTransform",
  ]);
  const missing = names.filter((name) => typeof (streamkap as Record<string, unknown>)[name] !== "function");
  expect(missing).toEqual([]);
  expect(streamkap.MapFilterTransform.prototype).toBeInstanceOf(streamkap.TypedTransform);
});

test("a typed transform registers under its own token with its settings as props, and no type or config", async () => {
  const join = new streamkap.SqlJoinTransform("orders-with-customers", {
    ...topics,
    name: "orders-with-customers",
    topicTtl: "1h",
    parallelism: 8,
    implementation: { language: "SQL" },
  });
  const found = await registration(join, "orders-with-customers");
  expect(found.type).toBe("pulumi-nodejs:dynamic/streamkap:SqlJoinTransform");
  expect(found.inputs).toMatchObject({
    name: "orders-with-customers",
    ...topics,
    topicTtl: "1h",
    parallelism: 8,
    implementation: { language: "SQL" },
  });
  expect(found.inputs).not.toHaveProperty("type");
  expect(found.inputs).not.toHaveProperty("config");
  expect(await valueOf(join.topicTtl)).toBe("1h");
});

describe("check", () => {
  const reasons = async (kind: string, news: Record<string, unknown>): Promise<string[]> =>
    reasonsWithoutCode((await check(kind, {}, news)).failures);

  test("accepts typed settings and stores them as given, without a type or config", async () => {
    const news = { name: "lookups", ...topics, asyncCapacity: 20, asyncTimeoutMs: 2500 };
    const outcome = await check("transform:enrich_async", {}, news);
    expect(outcome.failures).toEqual([]);
    expect(outcome.inputs).toEqual(news);
  });

  test("a typed setting outside its range fails, named by its camelCase input", async () => {
    expect(await reasons("transform:enrich_async", { name: "l", ...topics, asyncCapacity: 51 })).toEqual([
      "`asyncCapacity`: must be between 1 and 50",
    ]);
  });

  test("a value outside the allowed values fails, named by its camelCase input", async () => {
    expect(await reasons("transform:map_filter", { name: "m", ...topics, outputFormat: "Protobuf" })).toEqual([
      "`outputFormat` must be one of Any, Avro, Json",
    ]);
  });

  test("the range is the transform's own: topic_router allows a parallelism of 100, map_filter 20", async () => {
    expect(await reasons("transform:topic_router", { name: "r", ...topics, parallelism: 100 })).toEqual([]);
    expect(await reasons("transform:map_filter", { name: "m", ...topics, parallelism: 100 })).toEqual([
      "`parallelism` must be between 1 and 20",
    ]);
  });

  test("a language the transform does not take fails, naming the allowed ones", async () => {
    const implementation = { language: "PYTHON", valueTransform: "x" };
    expect(await reasons("transform:fan_out", { name: "f", ...topics, implementation })).toEqual([
      "`implementation.language` must be JAVASCRIPT for `fan_out` transforms",
    ]);
  });

  test("`type` and `config` are not inputs of a typed transform", async () => {
    expect(await reasons("transform:sql_join", { name: "s", ...topics, type: "rollup", config: {} })).toEqual([
      "`type` is not an input of a sql_join transform",
      "`config` is not an input of a sql_join transform",
    ]);
  });

  test("the generic transform's state and inputs still check as before", async () => {
    const news = { name: "t", type: "sql_join", ...topics, config: { "transforms.topic.ttl": "1h" } };
    expect((await check("transform", {}, news)).failures).toEqual([]);
  });
});
