import * as pulumi from "@pulumi/pulumi";

import { type ManagedArgs, managedProps } from "./common";
import { namingProps } from "./naming";
import { provider } from "./provider";
import { shims } from "./shim";
import type { ShimState } from "./shim-methods";
import { StreamkapResource } from "./resource";

/** A config value as the service takes it; it answers every value back as a string. */
export type ConfigValue = string | number | boolean | Array<string | number | boolean>;

/** The state a source or destination is kept in; see {@link ConnectorCommonArgs.state}. */
export type ConnectorState = "running" | "paused" | "stopped";

/** One row filter of an incremental snapshot. */
export interface SnapshotFilter {
  /** The table, as the source names it, e.g. `public.orders`. When `topics` are given, it must be one of them. */
  table: pulumi.Input<string>;
  /** The rows to copy: an SQL WHERE clause (a JSON filter for document databases), e.g. `"id > 1000"`. */
  where: pulumi.Input<string>;
}

/** A source's snapshot trigger; see {@link ConnectorCommonArgs.snapshot}. */
export interface SnapshotArgs {
  /**
   * A counter: raising it starts exactly one snapshot (by 1 or by 10, still one); lowering it is refused by the
   * preview. On create it is only recorded: a new source takes its initial snapshot by itself.
   */
  generation: pulumi.Input<number>;
  /**
   * `incremental` copies tables in chunks while streaming goes on, and needs a primary key (or `surrogateKey`);
   * `blocking` pauses streaming while it copies, and is the one for tables without a key.
   */
  type: pulumi.Input<"incremental" | "blocking">;
  /**
   * The tables (`public.orders`) or full topic ids to snapshot.
   * @default every topic of the source
   */
  topics?: pulumi.Input<pulumi.Input<string>[]>;
  /**
   * Incremental only: copy just the rows each filter selects, per table.
   * @default every row
   */
  filters?: pulumi.Input<pulumi.Input<SnapshotFilter>[]>;
  /**
   * Incremental only: the column that chunks a table without a primary key.
   * @default none: tables are chunked by their primary key
   */
  surrogateKey?: pulumi.Input<string>;
}

/** Restarts one task; see {@link ConnectorCommonArgs.restartTaskTrigger}. */
export interface RestartTaskTriggerArgs {
  /** The task number, as the `taskStatuses` output names it (`0` for a single-task connector). */
  task: pulumi.Input<number>;
  /** Any value: changing it (or `task`) restarts that task once. */
  trigger: pulumi.Input<string | number>;
}

/** The last snapshot the provider started, as the {@link Connector.lastSnapshot} output reports it. */
export interface LastSnapshot {
  /** The `snapshot.generation` that started it. */
  generation: number;
  type: "incremental" | "blocking";
  /** The topics asked for; absent when every topic was. */
  topics?: string[];
  /**
   * `running`, `completed`, `failed` or `cancelled` (from the topics' snapshot status, as of the last `up`), or
   * `started` when the service said no more.
   */
  status: string;
}

/**
 * Arguments every source and destination takes, typed per-connector classes included (they extend this with
 * their own settings in place of `connector` and `config`).
 *
 * The lifecycle arguments (`state`, the triggers, `snapshot`) turn console operations into lines of code that a
 * pull request shows and a preview lists as an update of that property. When a step after creating or updating
 * fails (a deadline, a refused operation), the connector stays in the stack and the next `pulumi up` finishes
 * the job; an action that did not happen stays a pending change in the next preview.
 */
export interface ConnectorCommonArgs extends ManagedArgs {
  /**
   * The name on the service, unique per service. Leave it out to get `<resource name>-<7 random characters>`:
   * then a change that replaces the connector creates the new one before deleting the old, with no gap.
   * With a fixed name the old connector must be deleted first, because the service refuses two with one name.
   * @default `<resource name>-<7 characters>`, derived once and kept
   */
  name?: pulumi.Input<string>;
  /**
   * The state to keep the connector in. It is created in this state (a connector declared `paused` never
   * runs); a change pauses, resumes or stops it; every `up` waits until the service reports it there
   * (`Active`, `Paused`, `Stopped`) or `readyTimeoutSeconds` passes. A connector the service reports `Broken`
   * fails the step with the service's explanation. `pulumi refresh` reports a state changed in the console as
   * drift, and the next `up` sets it back.
   * @default "running"
   * @example
   * ```ts
   * new streamkap.Source("orders-db", { connector: "postgresql", config, state: "paused" });
   * ```
   */
  state?: pulumi.Input<ConnectorState>;
  /**
   * How long, in seconds, one `up` waits for the connector to reach `state` (after a create, an update or an
   * operation) before failing the step. A failed wait keeps the connector; the next `up` waits again.
   * @default 600
   */
  readyTimeoutSeconds?: pulumi.Input<number>;
  /**
   * Any string or number: changing it restarts the connector exactly once (setting it on an existing connector
   * counts as a change; on create it is only recorded). A date or a ticket number reads well in a review.
   * @example
   * ```ts
   * restartTrigger: "2024-06-01 stuck after failover",
   * ```
   * @default none: no restart
   */
  restartTrigger?: pulumi.Input<string | number>;
  /**
   * Any string or number: changing it resets the connector exactly once (a reset clears its offsets, so a
   * source reads again from the start). Runs before a restart asked for in the same change.
   * @default none: no reset
   */
  resetTrigger?: pulumi.Input<string | number>;
  /**
   * Restarts one task exactly once when `trigger` or `task` changes.
   * @example
   * ```ts
   * restartTaskTrigger: { task: 0, trigger: 1 },
   * ```
   * @default none: no task restart
   */
  restartTaskTrigger?: pulumi.Input<RestartTaskTriggerArgs>;
  /**
   * **Sources only** (a destination's preview refuses it; typed destination classes take it only because they
   * share these arguments). Raising `generation` starts one snapshot of the chosen type and topics; the preview
   * shows it as an update of `snapshot`, and refuses, offline, a lowered generation, filters on a blocking
   * snapshot, a surrogate key on a blocking snapshot, a filter on a table not among `topics`, and a raise while
   * `state` is not `running`. When a snapshot is already running, the step fails saying so, and the next `up`
   * starts this one. Changing `type`, `topics` or `filters` alone starts nothing. See `lastSnapshot`.
   * @example
   * ```ts
   * snapshot: { generation: 2, type: "incremental", topics: ["public.orders"], filters: [{ table: "public.orders", where: "id > 1000" }] },
   * ```
   * @default none: only the service's initial snapshot
   */
  snapshot?: pulumi.Input<SnapshotArgs>;
  /**
   * Tag ids (see `GET /tags`), sent on create and kept in sync on update. Leave it out to leave the tags as they
   * are on the service; `[]` removes them all.
   * @default left as they are on the service
   */
  tags?: pulumi.Input<pulumi.Input<string>[]>;
  /**
   * The Kafka Connect cluster the connector runs on (the API's `kc_cluster_id`), for a service with more than
   * one. Sent on create and on every update; changing it updates the connector in place (the service moves it).
   * Leave it out to leave the choice to the service: its default cluster on create, wherever it runs after.
   * @default the service's default cluster; not managed
   */
  kcClusterId?: pulumi.Input<string>;
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
  /**
   * Keys of `config` that this version's connector catalogue does not list, sent as written: a setting the
   * service added since, or one only the console sets. Any other key the catalogue does not list is refused in
   * preview as a likely typo, with the closest listed key or the connector's settings.
   * @default none: every key of `config` must be one the catalogue lists
   */
  unlistedSettings?: pulumi.Input<pulumi.Input<string>[]>;
}

/** Arguments of the generic {@link Destination}: a destination is never snapshotted. */
export type DestinationArgs = Omit<ConnectorArgs, "snapshot">;

type ConnectorKindName = "source" | "destination";

/**
 * The props every connector resource passes to the engine for the common arguments, plus its declared outputs.
 * Typed per-connector classes use it too, so common arguments added here reach them all.
 */
export function commonConnectorProps(resourceName: string, args: ConnectorCommonArgs): pulumi.Inputs {
  return {
    ...namingProps(resourceName, args.name),
    ...managedProps(args),
    state: args.state,
    readyTimeoutSeconds: args.readyTimeoutSeconds,
    restartTrigger: args.restartTrigger,
    resetTrigger: args.resetTrigger,
    restartTaskTrigger: args.restartTaskTrigger,
    snapshot: args.snapshot,
    tags: args.tags,
    kcClusterId: args.kcClusterId,
    lastSnapshot: undefined,
    connector: undefined,
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
    unlistedSettings: args.unlistedSettings,
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
  const secret = new Set(provider().secretKeys(kind, connector));
  const marked: Record<string, pulumi.Input<ConfigValue>> = {};
  for (const [key, value] of Object.entries(config as Record<string, pulumi.Input<ConfigValue>>)) {
    marked[key] = secret.has(key) ? pulumi.secret(value) : value;
  }
  return marked;
}

/** Outputs shared by sources and destinations, typed per-connector classes included. */
export abstract class Connector extends StreamkapResource {
  /** The name on the service. */
  declare readonly name: pulumi.Output<string>;
  /** The connector code, e.g. `postgresql` (Terraform's `connector` attribute). */
  declare readonly connector: pulumi.Output<string>;
  /** The settings as last applied (secret keys stay secret). */
  declare readonly config: pulumi.Output<Record<string, ConfigValue>>;
  /** `Active`, `Paused`, `Stopped`, `Broken`, `Starting`, … as the service last reported it. */
  declare readonly connectorStatus: pulumi.Output<string>;
  /** Each Kafka Connect task's state, by task number, as the service last reported it. */
  declare readonly taskStatuses: pulumi.Output<Record<string, unknown>>;
  /** Topic display names, e.g. `public.orders`. */
  declare readonly topics: pulumi.Output<string[]>;
  /** Full topic ids, e.g. `source_abc123.public.orders`. */
  declare readonly topicIds: pulumi.Output<string[]>;
  /** The connector's display name, e.g. `PostgreSQL`. */
  declare readonly connectorDisplayName: pulumi.Output<string>;
  /** When the service created the connector, ISO 8601. */
  declare readonly createdTimestamp: pulumi.Output<string>;
  /** How the object was created: `api`, `terraform` or `web` (see the `streamkap:createdFrom` setting). */
  declare readonly createdFrom: pulumi.Output<string>;
  /** The declared state (unset means running); after a refresh, the state the service showed. */
  declare readonly state: pulumi.Output<ConnectorState | undefined>;
  /** The wait deadline in seconds, as declared. */
  declare readonly readyTimeoutSeconds: pulumi.Output<number | undefined>;
  /** The value whose restart last happened (a failed restart leaves the previous value here). */
  declare readonly restartTrigger: pulumi.Output<string | number | undefined>;
  /** The value whose reset last happened. */
  declare readonly resetTrigger: pulumi.Output<string | number | undefined>;
  /** The task restart that last happened. */
  declare readonly restartTaskTrigger: pulumi.Output<{ task: number; trigger: string | number } | undefined>;
  /** The snapshot trigger as last applied (sources only). */
  declare readonly snapshot: pulumi.Output<
    | {
        generation: number;
        type: "incremental" | "blocking";
        topics?: string[];
        filters?: { table: string; where: string }[];
        surrogateKey?: string;
      }
    | undefined
  >;
  /** Tag ids as last applied (unset when not managed). */
  declare readonly tags: pulumi.Output<string[] | undefined>;
  /** The Kafka Connect cluster as last applied (unset when not managed); after a refresh, the service's. */
  declare readonly kcClusterId: pulumi.Output<string | undefined>;
  /** The last snapshot this provider started (sources only): generation, type, topics and status. */
  declare readonly lastSnapshot: pulumi.Output<LastSnapshot | undefined>;

  /**
   * The name and connector code a pipeline's body repeats, known here without asking the service.
   * @internal
   */
  readonly endpointHint: pulumi.Output<{ name: string; connector: string }>;

  constructor(
    provider: pulumi.dynamic.ResourceProvider,
    name: string,
    props: pulumi.Inputs,
    opts?: pulumi.CustomResourceOptions,
    module?: string,
    type?: string,
  ) {
    super(provider, name, props, opts, module, type);
    // A typed kind carries its connector code in its name ("source:postgresql"); a generic one as an input.
    const typedCode = (provider as Partial<ShimState>).kind?.split(":")[1];
    this.endpointHint = pulumi
      .all([this.name, typedCode ?? (this as { connector: pulumi.Output<string> }).connector])
      .apply(([endpointName, connector]) => ({ name: endpointName, connector }));
  }
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
 *   state: "running",
 *   restartTrigger: 3, // bump to restart once
 *   snapshot: { generation: 1, type: "incremental", topics: ["public.orders"] }, // bump to re-snapshot
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
  constructor(name: string, args: DestinationArgs, opts?: pulumi.CustomResourceOptions) {
    super(shims.destination, name, connectorProps("destination", name, args), opts, "streamkap", "Destination");
  }
}
