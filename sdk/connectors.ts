import * as pulumi from "@pulumi/pulumi";

import { secretKeys } from "../provider/kinds/connector-config";
import { namingProps } from "./naming";
import { shims } from "./shim";

/** A config value as the service takes it; it answers every value back as a string. */
export type ConfigValue = string | number | boolean | Array<string | number | boolean>;

/**
 * Arguments every source and destination takes, typed per-connector classes included (they extend this with
 * their own settings in place of `connector` and `config`).
 */
export interface ConnectorCommonArgs {
  /**
   * The name on the service, unique per service. Leave it out to get `<resource name>-<7 random characters>`:
   * then a change that replaces the connector creates the new one before deleting the old, with no gap.
   * With a fixed name the old connector must be deleted first, because the service refuses two with one name.
   */
  name?: pulumi.Input<string>;
}

/** Arguments of the generic {@link Source} and {@link Destination}, for any connector code. */
export interface ConnectorArgs extends ConnectorCommonArgs {
  /**
   * The connector code, e.g. `postgresql`, `mysql`, `snowflake`. Changing it replaces the connector.
   */
  connector: pulumi.Input<string>;
  /**
   * Connector settings by their dotted keys, e.g. `{"database.hostname.user.defined": "db.internal"}`.
   * Keys that the connector catalogue marks secret (passwords, private keys) are stored as Pulumi secrets
   * automatically when `connector` is a plain string; wrap any other sensitive value in `pulumi.secret()`.
   * Keys the catalogue marks as forcing a new connector (e.g. Snowflake's `ingestion.mode`) replace it.
   */
  config: pulumi.Input<Record<string, pulumi.Input<ConfigValue>>>;
}

type ConnectorKindName = "source" | "destination";

/**
 * The props every connector resource passes to the engine for the common arguments, plus its declared outputs.
 * Typed per-connector classes use it too, so common arguments added here reach them all.
 */
export function commonConnectorProps(resourceName: string, args: ConnectorCommonArgs): pulumi.Inputs {
  return {
    ...namingProps(resourceName, args.name),
    connectorStatus: undefined,
    taskStatuses: undefined,
    topics: undefined,
    topicIds: undefined,
    connectorDisplayName: undefined,
    createdTimestamp: undefined,
    createdFrom: undefined,
  };
}

/** The props of a generic connector: common props plus `connector` and `config` with secret keys marked. */
function connectorProps(kind: ConnectorKindName, resourceName: string, args: ConnectorArgs): pulumi.Inputs {
  return {
    ...commonConnectorProps(resourceName, args),
    connector: args.connector,
    config: markSecretKeys(kind, args.connector, args.config),
  };
}

/** Wraps each catalogue-secret key in `pulumi.secret`, so state and previews never show it in plaintext. */
function markSecretKeys(
  kind: ConnectorKindName,
  connector: pulumi.Input<string>,
  config: ConnectorArgs["config"],
): ConnectorArgs["config"] {
  if (typeof connector !== "string" || pulumi.Output.isInstance(config) || config instanceof Promise) {
    return config;
  }
  const secret = new Set(secretKeys(kind, connector));
  const marked: Record<string, pulumi.Input<ConfigValue>> = {};
  for (const [key, value] of Object.entries(config as Record<string, pulumi.Input<ConfigValue>>)) {
    marked[key] = secret.has(key) ? pulumi.secret(value) : value;
  }
  return marked;
}

/** Outputs shared by sources and destinations, typed per-connector classes included. */
export abstract class Connector extends pulumi.dynamic.Resource {
  /** The name on the service. */
  declare readonly name: pulumi.Output<string>;
  declare readonly connector: pulumi.Output<string>;
  /** The settings as last applied (secret keys stay secret). */
  declare readonly config: pulumi.Output<Record<string, ConfigValue>>;
  /** `Active`, `Paused`, `Stopped`, `Broken`, `Starting`, … as the service last reported it. */
  declare readonly connectorStatus: pulumi.Output<string>;
  declare readonly taskStatuses: pulumi.Output<Record<string, unknown>>;
  /** Topic display names, e.g. `public.orders`. */
  declare readonly topics: pulumi.Output<string[]>;
  /** Full topic ids, e.g. `source_abc123.public.orders`. */
  declare readonly topicIds: pulumi.Output<string[]>;
  declare readonly connectorDisplayName: pulumi.Output<string>;
  declare readonly createdTimestamp: pulumi.Output<string>;
  /** How the object was created: `api`, `terraform` or `web` (see the `streamkap:createdFrom` setting). */
  declare readonly createdFrom: pulumi.Output<string>;
}

/**
 * A change-data-capture source: reads an external system and writes its records to topics.
 *
 * @example
 * ```ts title="index.ts"
 * const db = new streamkap.Source("orders-db", {
 *   connector: "postgresql",
 *   config: {
 *     "database.hostname.user.defined": "db.internal",
 *     "database.port.user.defined": 5432,
 *     "database.user": "streamkap",
 *     "database.password": config.requireSecret("dbPassword"),
 *     "database.dbname": "shop",
 *     "schema.include.list": "public",
 *     "table.include.list.user.defined": "public.orders,public.customers",
 *   },
 * });
 * ```
 */
export class Source extends Connector {
  /** The service the source belongs to. */
  declare readonly serviceId: pulumi.Output<string>;

  constructor(name: string, args: ConnectorArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      shims.source,
      name,
      { ...connectorProps("source", name, args), serviceId: undefined },
      opts,
      "streamkap",
      "Source",
    );
  }
}

/**
 * A destination: delivers records from topics to an external system.
 *
 * @example
 * ```ts title="index.ts"
 * const warehouse = new streamkap.Destination("warehouse", {
 *   connector: "snowflake",
 *   config: {
 *     "snowflake.url.name": "acme.snowflakecomputing.com",
 *     "snowflake.user.name": "STREAMKAP",
 *     "snowflake.private.key": config.requireSecret("snowflakeKey"),
 *     "snowflake.database.name": "ANALYTICS",
 *     "snowflake.schema.name": "RAW",
 *   },
 * });
 * ```
 */
export class Destination extends Connector {
  constructor(name: string, args: ConnectorArgs, opts?: pulumi.CustomResourceOptions) {
    super(shims.destination, name, connectorProps("destination", name, args), opts, "streamkap", "Destination");
  }
}
