/**
 * What a program Pulumi's Terraform converter wrote, or `pulumi import` took in, gets from the engine (issue #51):
 * a pipeline's ends in Terraform's shape become the kind's own inputs at check, one form of each end; a program that
 * names a setting the service already holds, or lists a set in another order, changes nothing; an imported
 * transform with no code and its type's default language has no `implementation` to declare.
 */
import { checkInputs } from "../../provider/engine/check";
import { diffInputs } from "../../provider/engine/diff";
import type { JsonObject } from "../../provider/engine/kind";
import { liveOnlyKey } from "../../provider/engine/live-settings";
import { kindNamed } from "../../provider/kinds";
import { importedImplementation } from "../../provider/kinds/transform-implementation";

const pipeline = kindNamed("pipeline");

test("a pipeline's ends in Terraform's shape are its sourceId, topics and destinationId", () => {
  const outcome = checkInputs(pipeline, undefined, {
    name: "orders",
    source: { id: "src-1", name: "orders-db", connector: "postgresql", topics: ["public.orders"] },
    destination: { id: "dst-1", name: "warehouse", connector: "snowflake" },
  });
  expect(outcome.failures).toEqual([]);
  expect(outcome.inputs).toEqual({
    name: "orders",
    sourceId: "src-1",
    topics: ["public.orders"],
    destinationId: "dst-1",
  });
});

test("each end is given in one form: both, or neither, is refused by name", () => {
  const reasons = (inputs: JsonObject) =>
    checkInputs(pipeline, undefined, { name: "orders", ...inputs }).failures.map(
      (failure) => `${failure.property}: ${failure.reason}`,
    );
  expect(reasons({ sourceId: "src-1", source: { id: "src-1" }, destinationId: "dst-1" })).toEqual([
    "source: give `sourceId` or `source` (Terraform's shape), not both",
  ]);
  expect(reasons({ source: { id: "src-1", topics: ["a"] }, topics: ["b"], destinationId: "dst-1" })).toEqual([
    "topics: give `topics` or `source.topics` (Terraform's shape), not both",
  ]);
  expect(reasons({ sourceId: "src-1" })).toEqual([
    "destinationId: `destinationId` is required (or `destination`, as Terraform declares it)",
  ]);
});

test("a setting the program now names with the value the service holds is no change; another value is", () => {
  const postgres = kindNamed("source:postgresql");
  const declared = {
    name: "orders-db",
    databaseHostname: "db.example.com",
    databaseUser: "streamkap",
    databaseDbname: "shop",
  };
  // What the last deployment saw: the port and slot it left to the service, as live-only outputs.
  const outputs = {
    ...declared,
    databasePort: 5432,
    slotName: "streamkap_slot",
    [liveOnlyKey]: ["databasePort", "slotName"],
  };
  expect(diffInputs(postgres, outputs, { ...declared, databasePort: 5432, slotName: "streamkap_slot" })).toEqual({
    changes: false,
  });
  expect(diffInputs(postgres, outputs, { ...declared, databasePort: 5433 }).properties).toEqual({
    databasePort: "add",
  });
});

test("a tag's types, and a pipeline's tags and topics, in another order are no change", () => {
  const tag = { name: "production", types: ["destinations", "pipelines", "sources"] };
  expect(diffInputs(kindNamed("tag"), tag, { ...tag, types: ["sources", "destinations", "pipelines"] })).toEqual({
    changes: false,
  });
  expect(diffInputs(kindNamed("tag"), tag, { ...tag, types: ["sources", "destinations"] }).properties).toEqual({
    types: "update",
  });
  const ends = { name: "orders", sourceId: "src-1", destinationId: "dst-1" };
  expect(
    diffInputs(
      pipeline,
      { ...ends, tags: ["a", "b"], topics: ["x", "y"] },
      { ...ends, tags: ["b", "a"], topics: ["y", "x"] },
    ),
  ).toEqual({ changes: false });
});

test("an imported transform with no code and its type's default language declares no implementation", () => {
  expect(importedImplementation("map_filter", { language: "JAVASCRIPT" }, "JavaScript")).toBeUndefined();
  expect(importedImplementation("map_filter", { language: "PYTHON" }, "Python")).toEqual({ language: "PYTHON" });
  expect(importedImplementation("map_filter", { language: "JAVASCRIPT", value_transform: "x" }, undefined)).toEqual({
    language: "JAVASCRIPT",
    valueTransform: "x",
  });
});

test("a transform's implementation_json and transforms_language, as the converter copies them, are its implementation", () => {
  // The official provider's map_filter example (examples/resources/streamkap_transform_map_filter/with_implementation.tf).
  const mapFilter = checkInputs(kindNamed("transform:map_filter"), undefined, {
    name: "transform-with-code",
    transformsLanguage: "JavaScript",
    inputTopicPattern: "my-source\\.public\\.orders",
    outputTopicPattern: "transformed-$0",
    implementationJson: JSON.stringify({
      language: "JAVASCRIPT",
      value_transform: "function _streamkap_transform(inputObj) { return inputObj; }",
    }),
  });
  expect(mapFilter.failures).toEqual([]);
  expect(mapFilter.inputs.implementation).toEqual({
    language: "JAVASCRIPT",
    valueTransform: "function _streamkap_transform(inputObj) { return inputObj; }",
  });
  expect(mapFilter.inputs).not.toHaveProperty("implementationJson");
  expect(mapFilter.inputs).not.toHaveProperty("transformsLanguage");

  // Its enrich example: the SQL form, in the service's own shape.
  const enrich = checkInputs(kindNamed("transform:enrich"), undefined, {
    name: "enrich-orders-with-locations",
    transformsLanguage: "SQL",
    inputTopicPattern: "my-source\\.public\\.orders",
    outputTopicPattern: "enriched-$0",
    implementationJson: JSON.stringify({
      mainTable: {
        name: "orders",
        topicMatcherRegex: ".*orders$",
        createTableSQL: "CREATE TABLE orders (order_id STRING PRIMARY KEY, location_id STRING)",
      },
      lookupTable: {
        name: "locations",
        topicMatcherRegex: ".*locations$",
        createTableSQL: "CREATE TABLE locations (location_id STRING PRIMARY KEY, city STRING)",
      },
      enrichSQL: "SELECT o.order_id, l.city FROM orders o JOIN locations l ON o.location_id = l.location_id",
    }),
  });
  expect(enrich.failures).toEqual([]);
  expect(enrich.inputs.implementation).toMatchObject({
    language: "SQL",
    mainTable: { name: "orders", topicMatcherRegex: ".*orders$" },
    lookupTable: { name: "locations", topicMatcherRegex: ".*locations$" },
    enrichSql: "SELECT o.order_id, l.city FROM orders o JOIN locations l ON o.location_id = l.location_id",
  });
  // A language alone, the type's default, is no implementation at all.
  const enrichComplete = checkInputs(kindNamed("transform:enrich"), undefined, {
    name: "enrich-orders-with-customers",
    transformsLanguage: "SQL",
  });
  expect(enrichComplete.failures).toEqual([]);
  expect(enrichComplete.inputs).not.toHaveProperty("implementation");
});

test("a form the transform cannot take is refused by name, and changes nothing", () => {
  const reasons = (inputs: JsonObject) =>
    checkInputs(kindNamed("transform:map_filter"), undefined, { name: "t", ...inputs }).failures.map(
      (failure) => `${failure.property}: ${failure.reason}`,
    );
  expect(reasons({ implementationJson: "not json" })).toEqual([
    "implementationJson: `implementationJson` must be JSON text of an object (the service's shape of an implementation)",
  ]);
  expect(reasons({ implementationJson: "{}", implementation: { language: "PYTHON", valueTransform: "x" } })).toEqual([
    "implementationJson: give `implementation` or `implementationJson` (Terraform's shape), not both",
  ]);
  expect(reasons({ transformsLanguage: "Cobol" })).toEqual([
    "transformsLanguage: `transformsLanguage` must be JavaScript, Python or SQL",
  ]);
});

test("a webhook's topic_include_list, one comma-separated string, is its topics", () => {
  const webhook = kindNamed("webhookSource");
  const outcome = checkInputs(webhook, undefined, { name: "events", topicIncludeList: "orders, refunds" });
  expect(outcome.failures).toEqual([]);
  expect(outcome.inputs.topics).toEqual(["orders", "refunds"]);
  expect(outcome.inputs).not.toHaveProperty("topicIncludeList");
  expect(
    checkInputs(webhook, undefined, { name: "events", topics: ["a"], topicIncludeList: "b" }).failures.map(
      (failure) => failure.property,
    ),
  ).toEqual(["topicIncludeList"]);
});
