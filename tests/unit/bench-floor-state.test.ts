/**
 * The benchmark's floor at equal state: a do-nothing resource carries the outputs the measured stack stored for a
 * resource of its kind, and a pad that makes up the bytes still missing (bench/perf/floor-state.ts).
 */
import { floorShape, withPads } from "../../bench/perf/floor-state";
import { floorOutputs, kindKey, padKey } from "../../bench/perf/stacks/floor/outputs";

const secret = { "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270", ciphertext: "v1:abc" };

const deployment = {
  resources: [
    { type: "pulumi:pulumi:Stack", urn: "stack" },
    { type: "pulumi:providers:pulumi-nodejs", outputs: { ignored: true } },
    {
      type: "pulumi-nodejs:dynamic/streamkap:PostgresqlSource",
      inputs: { __provider: "exports.handler = …", name: "g0-orders-db", databasePassword: secret },
      outputs: {
        __provider: "exports.handler = …",
        name: "g0-orders-db",
        databasePassword: secret,
        taskStatuses: { "0": { state: "RUNNING" } },
        topics: ["public.orders"],
      },
    },
    { type: "pulumi-nodejs:dynamic/streamkap:PostgresqlSource", outputs: { name: "g1-orders-db", other: 1 } },
    { type: "streamkap:index:Topic", inputs: { name: "g0-events" }, outputs: { name: "g0-events", partitions: 3 } },
  ],
};

test("the shape takes the outputs each kind's first resource holds beyond its inputs, secrets as text", () => {
  expect(floorShape(deployment)).toEqual({
    PostgresqlSource: {
      outputs: { taskStatuses: { "0": { state: "RUNNING" } }, topics: ["public.orders"] },
      padBytes: 0,
    },
    Topic: { outputs: { partitions: 3 }, padBytes: 0 },
  });
  const { resources } = deployment;
  const withSecretOutput = { resources: [{ ...resources[2], inputs: {} }] };
  expect(floorShape(withSecretOutput).PostgresqlSource.outputs).toMatchObject({ databasePassword: "v1:abc" });
  expect(floorShape(withSecretOutput).PostgresqlSource.outputs).not.toHaveProperty("__provider");
});

const overhead = JSON.stringify({ [padKey]: "" }).length - 1;

test("a kind the calibrated floor holds less of is padded by what it lacks per resource", () => {
  const shape = floorShape(deployment);
  const fitted = withPads(
    shape,
    { PostgresqlSource: { resources: 200, bytes: 200 * 5000 } },
    { PostgresqlSource: { resources: 1, bytes: 4000 } },
  );
  expect(fitted.PostgresqlSource).toEqual({ ...shape.PostgresqlSource, padBytes: 1000 - overhead });
  // A kind with nothing to measure against is left as it is.
  expect(fitted.Topic).toEqual(shape.Topic);
});

test("a kind the calibrated floor holds more of leaves outputs out, last first, and pads back the difference", () => {
  const shape = { Tag: { outputs: { keep: "k", big: "b".repeat(100), small: "s".repeat(10) }, padBytes: 0 } };
  const small = '"small":"ssssssssss",'.length;
  const big = `"big":"${"b".repeat(100)}",`.length;

  const lessThanSmall = withPads(shape, { Tag: { resources: 1, bytes: 1000 } }, { Tag: { resources: 1, bytes: 1005 } });
  expect(lessThanSmall.Tag).toEqual({ outputs: { keep: "k", big: "b".repeat(100) }, padBytes: small - 5 - overhead });

  const over = withPads(
    shape,
    { Tag: { resources: 1, bytes: 1000 } },
    { Tag: { resources: 1, bytes: 1000 + small + 50 } },
  );
  expect(over.Tag).toEqual({ outputs: { keep: "k" }, padBytes: big - 50 - overhead });
});

test("a floor resource's outputs are its inputs over its kind's measured outputs, then the pad", () => {
  const state = { Topic: { outputs: { name: "measured", partitionCount: 3 }, padBytes: 4 } };
  const inputs = { [kindKey]: "Topic", name: "g0-events", partitions: 3 };

  expect(floorOutputs(inputs, state)).toEqual({ ...inputs, partitionCount: 3, [padKey]: "xxxx" });
  // A plain floor, or a kind the measured stack did not have: the inputs alone.
  expect(floorOutputs(inputs, undefined)).toEqual(inputs);
  expect(floorOutputs({ ...inputs, [kindKey]: "Tag" }, state)).toEqual({ ...inputs, [kindKey]: "Tag" });
  // The floor plugin names the kind from the resource's URN instead.
  expect(floorOutputs({ name: "g0-events" }, state, "Topic")).toEqual({
    name: "g0-events",
    partitionCount: 3,
    [padKey]: "xxxx",
  });
});
