/**
 * Outputs hold the service's value of every setting the program leaves out, with a marker saying which ones they
 * are (so `diff` never compares them). The marker is written in the shorter of two forms, the live-only names or
 * the declared ones, and both forms (and state written before this version, which has the first) read the same.
 */
import {
  declaredKey,
  liveOnlyKey,
  liveOnlyNames,
  withoutLiveOnly,
  withShorterMarker,
} from "../../provider/engine/live-settings";
import type { JsonObject } from "../../provider/engine/kind";
import { inputKeys, inputsFromOutputs, storedOutputs } from "../../provider/engine/values";
import { kindNamed } from "../../provider/kinds";

const postgres = kindNamed("source:postgresql");
const keys = inputKeys(postgres);

/** Outputs as a create writes them: `declared` inputs, `liveOnly` service values, and the service's own outputs. */
function outputsOf(declared: JsonObject, liveOnly: JsonObject): JsonObject {
  return {
    ...liveOnly,
    [liveOnlyKey]: Object.keys(liveOnly).sort(),
    ...declared,
    connectorStatus: "Active",
    topics: ["public.orders"],
  };
}

const declared: JsonObject = {
  name: "orders-db",
  databaseHostname: "db.internal",
  databaseUser: "streamkap",
  databaseDbname: "shop",
  tableIncludeList: "public.orders",
};

/** Live-only values for the first `count` settings the program did not declare. */
function liveOnlyValues(count: number): JsonObject {
  const settings = keys.filter((key) => !(key in declared) && /^[a-z]+[A-Z]/.test(key) && key !== "namePrefix");
  return Object.fromEntries(settings.slice(0, count).map((key, index) => [key, `service-default-${index}`]));
}

test("with more live-only settings than declared ones, the declared names are stored, and read as the same", () => {
  const written = outputsOf(declared, liveOnlyValues(20));
  const stored = withShorterMarker(written, keys);

  expect(stored[liveOnlyKey]).toBeUndefined();
  expect(stored[declaredKey]).toEqual(Object.keys(declared).sort());
  expect(JSON.stringify(stored).length).toBeLessThan(JSON.stringify(written).length);
  expect([...liveOnlyNames(stored, keys)].sort()).toEqual([...liveOnlyNames(written, keys)].sort());
  expect(inputsFromOutputs(postgres, stored)).toEqual(inputsFromOutputs(postgres, written));
  expect(inputsFromOutputs(postgres, stored)).toEqual(declared);
  expect(withoutLiveOnly(stored, keys)).toEqual(withoutLiveOnly(written, keys));
});

test("with few live-only settings, their names are stored as they are", () => {
  const written = outputsOf(declared, liveOnlyValues(2));
  expect(withShorterMarker(written, keys)).toEqual(written);
});

test("a live-only name that is not an input key keeps the live-only form, which alone says it exactly", () => {
  const written = outputsOf(declared, { ...liveOnlyValues(20), notAnInput: "x" });
  expect(withShorterMarker(written, keys)).toEqual(written);
});

test("state written before the declared form reads as it always did", () => {
  const written = outputsOf(declared, liveOnlyValues(20));
  expect(inputsFromOutputs(postgres, written)).toEqual(declared);
  expect(withoutLiveOnly(written, keys)).toEqual({ ...declared, connectorStatus: "Active", topics: ["public.orders"] });
});

test("the declared form names each input once, even one that a kind's own schema and the common inputs share", () => {
  const withPrefix: JsonObject = { ...declared, namePrefix: "orders-db", nameSeed: "f73923cc9ac165cf" };
  const stored = withShorterMarker(outputsOf(withPrefix, liveOnlyValues(20)), keys);

  const names = stored[declaredKey] as string[];
  expect(names.filter((name) => name === "namePrefix")).toEqual(["namePrefix"]);
  expect(new Set(names).size).toBe(names.length);
  expect(inputsFromOutputs(postgres, stored)).toEqual(withPrefix);
});

test("a hint stays in the stored outputs, so the inputs a refresh reads back from them are what the program sent", () => {
  const pipeline = kindNamed("pipeline");
  const inputs: JsonObject = {
    name: "orders-to-olap",
    sourceId: "src-1",
    destinationId: "dst-1",
    endpoints: { source: { name: "orders-db", connector: "postgresql" } },
  };
  const stored = storedOutputs(pipeline, { ...inputs, sourceName: "orders-db", topicNames: ["public.orders"] });

  expect(stored).toMatchObject({ endpoints: inputs.endpoints, sourceName: "orders-db" });
  expect(inputsFromOutputs(pipeline, stored)).toEqual(inputs);
});
