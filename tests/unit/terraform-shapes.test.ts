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
