/**
 * The generated SDK classes as a program sees them, under Pulumi's mocks (no engine, no provider calls): one class
 * per catalogue connector, the type token, and catalogue-secret settings registered as Pulumi secrets.
 */
import * as pulumi from "@pulumi/pulumi";

import { catalogue } from "../../catalogue";
import { hasHandWrittenResource } from "../../provider/kinds/typed/fields";
import { className } from "../../scripts/gen-connectors/render";
import * as streamkap from "../../sdk";

interface Registered {
  type: string;
  name: string;
  inputs: Record<string, unknown>;
}

const registered: Registered[] = [];
/** How Pulumi marks a secret value inside serialized inputs. */
const secretSignature = "1b47061264138c4ac30d75fd1eb44270";

beforeAll(async () => {
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => {
        registered.push({ type: args.type, name: args.name, inputs: args.inputs });
        return { id: `${args.name}-id`, state: args.inputs };
      },
      call: () => ({}),
    },
    "typed",
    "test",
    false,
  );
});

const isSecretInput = (value: unknown): boolean =>
  typeof value === "object" && value !== null && Object.values(value).includes(secretSignature);

const valueOf = <T>(output: pulumi.Output<T>): Promise<T> => new Promise((resolve) => output.apply(resolve));

const registration = async (resource: pulumi.CustomResource, name: string): Promise<Registered> => {
  await valueOf(resource.urn);
  const found = registered.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`${name} was not registered`);
  return found;
};

test("the SDK exports a typed class for every catalogue source and destination", () => {
  const connectors = catalogue().filter((connector) => connector.kind !== "transform");
  const missing = connectors
    .filter((connector) => !hasHandWrittenResource(connector.kind, connector.code))
    .map((connector) => className({ kind: connector.kind as "source" | "destination", code: connector.code }))
    .filter((name) => typeof (streamkap as Record<string, unknown>)[name] !== "function");
  expect(missing).toEqual([]);
  expect(streamkap.PostgresqlSource.prototype).toBeInstanceOf(streamkap.TypedSource);
  expect(streamkap.SnowflakeDestination.prototype).toBeInstanceOf(streamkap.TypedDestination);
  expect(streamkap.SqlServerAwsSource.prototype).toBeInstanceOf(streamkap.TypedSource);
  expect(streamkap.KafkaDirectDestination.prototype).toBeInstanceOf(streamkap.TypedDestination);
});

test("a typed source registers under its own type token, with its settings and no defaults", async () => {
  const source = new streamkap.PostgresqlSource("orders-db", {
    databaseHostname: "db.internal",
    databaseUser: "streamkap",
    databasePassword: "plain-password-3e9a",
    databaseDbname: "shop",
    schemaIncludeList: "public",
    tableIncludeList: "public.orders",
    databasePort: 5432,
  });
  const { type, inputs } = await registration(source, "orders-db");
  expect(type).toBe("pulumi-nodejs:dynamic/streamkap:PostgresqlSource");
  expect(inputs).toMatchObject({ namePrefix: "orders-db", databaseHostname: "db.internal", databasePort: 5432 });
  expect(inputs).not.toHaveProperty("databaseSslmode"); // the service applies its default
  expect(await valueOf(source.databasePort)).toBe(5432);
});

test("a catalogue-secret setting given as a plain string is registered as a Pulumi secret", async () => {
  const destination = new streamkap.SnowflakeDestination("warehouse", {
    snowflakeUrlName: "acme.snowflakecomputing.com",
    snowflakeUserName: "STREAMKAP",
    snowflakePrivateKey: "plain-private-key-77d0",
    snowflakeDatabaseName: "ANALYTICS",
    snowflakeSchemaName: "RAW",
  });
  const { inputs } = await registration(destination, "warehouse");
  expect(isSecretInput(inputs.snowflakePrivateKey)).toBe(true);
  expect(isSecretInput(inputs.snowflakeUserName)).toBe(false);
  expect(await pulumi.isSecret(destination.snowflakePrivateKey)).toBe(true);
  expect(await pulumi.isSecret(destination.snowflakeUserName)).toBe(false);
});
