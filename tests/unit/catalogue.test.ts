/**
 * The one connector catalogue every part of the house reads: what it says of a setting is what `check`, the SDK
 * docs, `export` and the local server act on.
 */
import { catalogue, connectorCodes, findConnector, mergeEntries, transformTypes } from "../../catalogue";

describe("a key listed twice becomes one setting", () => {
  test("named and typed by the typed entry, whatever the order", () => {
    const merged = mergeEntries([
      { field: "autoSchemaCreation", key: "create.schema.auto", type: null },
      { field: "createSchemaAuto", key: "create.schema.auto", type: "boolean", default: true },
    ]);
    expect(merged).toEqual([
      {
        name: "createSchemaAuto",
        key: "create.schema.auto",
        type: "boolean",
        required: false,
        secret: false,
        forcesReplace: false,
        default: true,
      },
    ]);
  });

  test("secret, required or replace-forcing when any entry says so", () => {
    const [merged] = mergeEntries([
      { field: "token", key: "api.token", type: "string" },
      { field: "apiToken", key: "api.token", type: null, secret: true, required: true, forcesReplace: true },
    ]);
    expect(merged).toMatchObject({ name: "token", secret: true, required: true, forcesReplace: true });
  });

  test("a required setting with a default is not required: the service fills it in", () => {
    const [merged] = mergeEntries([{ field: "mode", key: "mode", type: "string", required: true, default: "a" }]);
    expect(merged).toMatchObject({ required: false, default: "a" });
  });
});

test("every port has the TCP range, marked as not published, and published ranges win", () => {
  const port = findConnector("source", "postgresql")?.settingsByKey.get("database.port.user.defined");
  expect(port).toMatchObject({ type: "integer", range: [1, 65_535], rangeImplied: true });
  const [published] = mergeEntries([{ field: "port", key: "x.port", type: "integer", range: "1, 10" }]);
  expect(published).toMatchObject({ range: [1, 10] });
  expect(published).not.toHaveProperty("rangeImplied");
});

test("the catalogue has no key twice in one connector", () => {
  const repeated = catalogue().flatMap((connector) =>
    connector.settings.length === connector.settingsByKey.size ? [] : [`${connector.kind}:${connector.code}`],
  );
  expect(repeated).toEqual([]);
});

test("every transform the catalogue lists is a transform type the API takes", () => {
  const unknown = connectorCodes("transform").filter((code) => !(transformTypes as readonly string[]).includes(code));
  expect(unknown).toEqual([]);
});

test("connectors are named as the console names them", () => {
  expect(findConnector("source", "postgresql")).toMatchObject({ displayName: "PostgreSQL", pascalName: "Postgresql" });
  expect(findConnector("source", "sqlserveraws")).toMatchObject({
    displayName: "SQL Server (AWS RDS)",
    pascalName: "SqlServerAws",
  });
  expect(findConnector("source", "salesforce_webhook")?.displayName).toBe("Salesforce Webhook");
});
