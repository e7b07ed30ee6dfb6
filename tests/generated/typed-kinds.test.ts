/**
 * The typed connector kinds (`source:postgresql`, `destination:snowflake`, …) as the provider runtime answers
 * `check` and `diff`: offline, no server. What a user sees of these answers is the reasons and the replace keys.
 */
import { catalogue } from "../../catalogue";
import { unknownValue } from "../../provider/engine/values";
import { kindNamed } from "../../provider/kinds";
import { connectorKind } from "../../provider/kinds/connector";
import { typedConnectorKind } from "../../provider/kinds/typed/connector";
import { reasonsWithoutCode } from "../harness/check-reasons";
import { check, diff } from "../../provider/runtime";

const password = "pw-never-printed-5b1e";

const postgres = {
  name: "orders-db",
  databaseHostname: "db.internal",
  databaseUser: "streamkap",
  databasePassword: password,
  databaseDbname: "shop",
  schemaIncludeList: "public",
  tableIncludeList: "public.orders",
};

const snowflake = {
  name: "warehouse",
  snowflakeUrlName: "acme.snowflakecomputing.com",
  snowflakeUserName: "STREAMKAP",
  snowflakePrivateKey: "key-never-printed-0c4d",
  snowflakeDatabaseName: "ANALYTICS",
  snowflakeSchemaName: "RAW",
};

const reasons = async (kind: string, news: Record<string, unknown>): Promise<string[]> =>
  reasonsWithoutCode((await check(kind, {}, news)).failures);

describe("check", () => {
  test("accepts the required settings alone and adds no catalogue default to the inputs", async () => {
    const outcome = await check("source:postgresql", {}, postgres);
    expect(outcome.failures).toEqual([]);
    expect(outcome.inputs).toEqual(postgres);
  });

  test("names each missing required setting by its camelCase input", async () => {
    const { databaseDbname: _dbname, tableIncludeList: _tables, ...partial } = postgres;
    expect(await reasons("source:postgresql", partial)).toEqual([
      "`databaseDbname` is required",
      "`tableIncludeList` is required",
    ]);
  });

  test("a setting with a catalogue default is optional even when the catalogue calls it required", async () => {
    // `ingestionMode` has a default; Snowflake's five required settings without one are all that is needed.
    expect(await reasons("destination:snowflake", snowflake)).toEqual([]);
  });

  test("refuses a value outside the allowed values, listing them", async () => {
    expect(await reasons("destination:snowflake", { ...snowflake, ingestionMode: "merge" })).toEqual([
      "`ingestionMode`: must be one of upsert, append",
    ]);
  });

  test("shortens a long list of allowed values and points at the documentation", async () => {
    const [reason] = await reasons("source:mysql", {
      name: "m",
      databaseHostname: "h",
      databaseUser: "u",
      databasePassword: password,
      databaseIncludeList: "shop",
      tableIncludeList: "shop.orders",
      databaseConnectionTimeZone: "Mars/Olympus",
    });
    expect(reason).toMatch(/^`databaseConnectionTimeZone`: must be one of SERVER, UTC, .*, … \(\d+ values, listed/);
  });

  test("refuses an integer outside its range, a fraction and a number given as text", async () => {
    expect(
      await reasons("source:postgresql", {
        ...postgres,
        streamkapSnapshotParallelism: 11,
        streamkapSnapshotChunkSizeBytes: 4095,
        databasePort: 5432.5,
        sshPort: "22",
      }),
    ).toEqual([
      "`databasePort`: must be a whole number",
      "`streamkapSnapshotParallelism`: must be between 1 and 10",
      "`streamkapSnapshotChunkSizeBytes`: must be between 4096 and 8388608",
      "`sshPort`: must be a whole number",
    ]);
  });

  test("refuses a wrongly typed boolean and list", async () => {
    expect(await reasons("source:postgresql", { ...postgres, heartbeatEnabled: "yes" })).toEqual([
      "`heartbeatEnabled`: must be true or false",
    ]);
    expect(await reasons("destination:s3", { name: "s3", formatOutputFields: "a,b" })).toContain(
      "`formatOutputFields`: must be a list of strings",
    );
  });

  test("suggests the input a misspelled one was meant to be", async () => {
    expect(await reasons("source:postgresql", { ...postgres, databasePrt: 5432 })).toEqual([
      "`databasePrt` is not an input of a postgresql source; did you mean `databasePort`?",
    ]);
  });

  test("takes the generic connector's `connector` and `config` as unknown inputs", async () => {
    expect(await reasons("source:postgresql", { ...postgres, config: {} })).toEqual([
      "`config` is not an input of a postgresql source",
    ]);
  });

  test("never puts a value into a reason", async () => {
    const printed = (
      await reasons("source:postgresql", { ...postgres, databasePassword: 42, databaseSslmode: password })
    ).join("\n");
    expect(printed).toContain("`databasePassword`: must be a string");
    expect(printed).toContain("`databaseSslmode`: must be one of require, disable");
    expect(printed).not.toContain(password);
    expect(printed).not.toContain("42");
  });

  test("leaves values that are unknown during preview for `up` to check", async () => {
    const outcome = await check("source:postgresql", {}, { ...postgres, databasePort: unknownValue });
    expect(outcome.failures).toEqual([]);
  });

  test("has one input per config key where the catalogue lists a key twice", async () => {
    // `database.connectionTimeZone` is listed typed as `databaseConnectionTimeZone` and again, untyped, as
    // `databaseConnectionTimezone`: only the typed entry is an input.
    expect(await reasons("source:mysql", { databaseConnectionTimezone: "UTC" })).toContain(
      "`databaseConnectionTimezone` is not an input of a mysql source; did you mean `databaseConnectionTimeZone`?",
    );
  });
});

describe("diff", () => {
  const applied = { ...snowflake, ingestionMode: "append", consumerOverrideMaxPollRecords: 500 };
  // Outputs repeat the inputs, plus what the service reports.
  const outputs = { ...applied, connectorStatus: "Active", topics: [] };

  test("no change when the inputs are the same, whatever the outputs add", async () => {
    expect(await diff("destination:snowflake", "id-1", outputs, applied)).toEqual({ changes: false });
  });

  test("a changed setting that the service applies in place is an update, left for the engine to detail", async () => {
    const outcome = await diff("destination:snowflake", "id-1", outputs, { ...applied, hardDelete: false });
    expect(outcome.replaces).toBeUndefined();
    expect(outcome.changes).toBeUndefined();
  });

  test("a changed setting that the catalogue marks as forcing a new connector replaces it, by name", async () => {
    const outcome = await diff("destination:snowflake", "id-1", outputs, { ...applied, ingestionMode: "upsert" });
    expect(outcome).toMatchObject({ replaces: ["ingestionMode"], deleteBeforeReplace: true });
  });

  test("a forcing setting not known until `up` is a replacement", async () => {
    const outcome = await diff("destination:snowflake", "id-1", outputs, { ...applied, ingestionMode: unknownValue });
    expect(outcome.replaces).toEqual(["ingestionMode"]);
  });

  test("a forcing setting removed from the program replaces too", async () => {
    const { ingestionMode: _mode, ...without } = applied;
    expect((await diff("destination:snowflake", "id-1", outputs, without)).replaces).toEqual(["ingestionMode"]);
  });
});

describe("the typed kind over the generic connector", () => {
  const kind = typedConnectorKind("source", "postgresql")!;

  test("sends the generic connector's body: the code and the dotted keys of the settings given", async () => {
    const body = await kind.api.createBody({ ...postgres, databasePort: 5432 }, {
      createdFrom: "api",
    } as never);
    expect(body).toMatchObject({
      name: "orders-db",
      connector: "postgresql",
      config: {
        "database.hostname.user.defined": "db.internal",
        "database.port.user.defined": 5432,
        "database.password": password,
        "table.include.list.user.defined": "public.orders",
      },
    });
    expect(Object.keys((body as { config: object }).config)).toHaveLength(7);
  });

  test("reads the service's strings back as the program's numbers and keeps masked secrets", () => {
    const prior = { ...postgres, databasePort: 5432, heartbeatEnabled: false };
    const live = {
      id: "src-1",
      name: "orders-db",
      connector: "postgresql",
      config: {
        "database.hostname.user.defined": "db.internal",
        "database.port.user.defined": "6543",
        "database.user": "streamkap",
        "database.password": "********",
        "database.dbname": "shop",
        "schema.include.list": "public",
        "table.include.list.user.defined": "public.orders",
        "heartbeat.enabled": "false",
        "slot.name": "streamkap_pgoutput_slot",
      },
    };
    expect(kind.liveInputs(live, prior)).toMatchObject({ ...prior, databasePort: 6543, heartbeatEnabled: false });
    expect(kind.liveInputs(live, prior)).not.toHaveProperty("slotName"); // a default the program does not manage
  });

  test("carries every member of the generic connector kind (a new one must be converted or passed on here)", () => {
    const generic = connectorKind("source");
    // All but `replaceWhen`, which names `config` for a forcing key: a typed kind's forcing settings are `replaceOn`.
    const carried = Object.keys(generic).filter((member) => member !== "replaceWhen");
    expect(Object.keys(kind)).toEqual(expect.arrayContaining(carried));
    expect(kind).not.toHaveProperty("replaceWhen");
    expect(Object.keys(kind.api)).toEqual(expect.arrayContaining(Object.keys(generic.api)));
  });

  test("a setting the catalogue marks as forcing replacement is named by its own input", () => {
    expect(typedConnectorKind("destination", "snowflake")?.replaceOn).toEqual(["ingestionMode"]);
    expect(kind.replaceOn).toEqual([]);
  });

  test("names the secret settings, so drift reports never print them", () => {
    expect(kind.secretKeys?.(postgres)).toEqual(["databasePassword"]);
  });

  test("every catalogue source and destination is a typed kind, but those with a resource of their own", () => {
    const connectors = catalogue().filter((connector) => connector.kind !== "transform");
    expect(connectors).toHaveLength(49);
    for (const connector of connectors.filter((each) => !(each.kind === "source" && each.code === "webhook"))) {
      expect(kindNamed(`${connector.kind}:${connector.code}`).noun).toBe(`${connector.code} ${connector.kind}`);
    }
    expect(typedConnectorKind("source", "webhook")).toBeUndefined(); // the hand-written WebhookSource
  });

  test("a typed kind the catalogue does not know is state from a newer version", () => {
    expect(() => kindNamed("source:teleporter")).toThrow(/newer pulumi-streamkap/);
  });
});
