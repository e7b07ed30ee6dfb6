import * as pulumi from "@pulumi/pulumi";

import { type ManagedArgs, managedProps } from "./common";
import { Connector } from "./connectors";
import { namingProps } from "./naming";
import type { TypedTransform } from "./typed-bases";
import { shims } from "./shim";
import type { Transform } from "./transform";
import { StreamkapResource } from "./resource";

/** Any source or destination resource, the generic classes and every typed connector class (all are Connectors). */
type ConnectorResource = pulumi.CustomResource & { readonly connectorStatus: pulumi.Output<string> };

/** The end's id: any connector resource of the program (webhook sources too), or an id as given. */
function idOf(connector: ConnectorResource | pulumi.Input<string>): pulumi.Input<string> {
  return pulumi.CustomResource.isInstance(connector) ? connector.id : (connector as pulumi.Input<string>);
}

/** The end's name and connector when it is a resource of this program, so creating the pipeline asks nothing. */
function hintOf(connector: ConnectorResource | pulumi.Input<string>) {
  return connector instanceof Connector ? connector.endpointHint : undefined;
}

/** A transform of this program (any transform class), or the id of one made elsewhere. */
type TransformRef = Transform | TypedTransform | pulumi.Input<string>;

function transformIdOf(transform: TransformRef): pulumi.Input<string> {
  return transform instanceof pulumi.CustomResource ? transform.id : (transform as pulumi.Input<string>);
}

/** A transform whose topics the pipeline delivers to its destination. */
export interface PipelineTransformArgs {
  /** The transform: a transform resource of this program (`Transform`, `MapFilterTransform`, …) or its id. */
  transform: TransformRef;
  /**
   * The topics it handles that the pipeline delivers, by name: the transform's output topics, or the source's
   * tables (`public.orders`).
   */
  topics: pulumi.Input<pulumi.Input<string>[]>;
}

/** A rule that picks up a transform's output topics by name, for topics named only at run time. */
export interface PipelineTopicAutoDiscoveryArgs {
  /** The transform whose output topics are matched (a topic router, say), or its id. */
  transform: TransformRef;
  /** A regular expression matched by the service against the transform's output topic names. */
  regex: pulumi.Input<string>;
}

export interface PipelineArgs extends ManagedArgs {
  /**
   * The name on the service, unique per service. Leave it out to derive one from the resource name.
   * @default `<resource name>-<7 characters>`, derived once and kept
   */
  name?: pulumi.Input<string>;
  /**
   * The source to read from: a source of this program (`Source`, or a typed one such as `PostgresqlSource`), or
   * the id of one made elsewhere.
   */
  source: ConnectorResource | pulumi.Input<string>;
  /**
   * The destination to deliver to: a destination of this program (`Destination`, or a typed one such as
   * `SnowflakeDestination`), or the id of one made elsewhere.
   */
  destination: ConnectorResource | pulumi.Input<string>;
  /**
   * The source's topics to deliver, as table names (`public.orders`) or full topic ids.
   * @default every topic of the source
   */
  topics?: pulumi.Input<pulumi.Input<string>[]>;
  /**
   * Whether tables added to the source later are snapshotted into the destination. Unset, a new pipeline gets
   * the service's default (false; Terraform's `snapshot_new_tables` defaults to true, so a configuration
   * converted from Terraform that left it out sets `true` here) and an existing one keeps what it has.
   * @default false for a new pipeline; an existing one's value is kept
   */
  snapshotNewTables?: pulumi.Input<boolean>;
  /**
   * Tag ids (see `getTags`). The service tags a pipeline "Development" when none are given.
   * @default left as they are on the service (a new pipeline gets the Development tag)
   */
  tags?: pulumi.Input<pulumi.Input<string>[]>;
  /**
   * Transforms whose topics the pipeline delivers (Terraform's `transforms`). Each transform once, with every
   * topic of it the pipeline takes. `[]` detaches every transform.
   * @default left as they are on the service (a new pipeline has none)
   */
  transforms?: readonly PipelineTransformArgs[];
  /**
   * Rules that add a transform's output topics whose names match a regex, as the transform creates them
   * (Terraform's `topic_auto_discovery_transforms`). `[]` removes every rule.
   * @default left as they are on the service (a new pipeline has none)
   */
  topicAutoDiscovery?: readonly PipelineTopicAutoDiscoveryArgs[];
  /**
   * Moves the destination's consumer group, once per change of `trigger`: to replay data after an incident
   * (`to: { timestamp: "2026-11-20T08:00:00Z" }`, `"earliest"`) or to skip it (`"latest"`). The destination is
   * paused around the reset, as Kafka requires, and resumed after it. The preview shows it as a change of
   * `offsetReset`, and `pulumi-streamkap pr-summary` as a data-replay risk. On create the first value is recorded,
   * not acted on.
   * @default none: offsets are left alone
   */
  offsetReset?: pulumi.Input<PipelineOffsetResetArgs>;
}

/** Where {@link PipelineArgs.offsetReset} moves the destination's consumer group. */
export interface PipelineOffsetResetArgs {
  /** Any string or number; each change resets the offsets once. A ticket number reads well in a review. */
  trigger: pulumi.Input<string | number>;
  /**
   * `"earliest"` (everything the topics still hold), `"latest"` (skip to now), `{ timestamp }` (ISO 8601 text or
   * epoch milliseconds: the first record written at or after it) or `{ offset }`.
   */
  to: pulumi.Input<"earliest" | "latest" | { timestamp: string | number } | { offset: number }>;
  /**
   * Tables (`public.orders`) or full topic ids.
   * @default every topic of the pipeline
   */
  topics?: pulumi.Input<pulumi.Input<string>[]>;
  /**
   * The destination's consumer group (see `getConsumerGroups()`).
   * @default `connect-destination_<destination id>`
   */
  consumerGroup?: pulumi.Input<string>;
}

/**
 * Links one source to one destination over some or all of the source's topics, and over transforms' topics.
 *
 * @example
 * ```ts title="index.ts"
 * new streamkap.Pipeline("orders-to-warehouse", { source: db, destination: warehouse, topics: ["public.orders"] });
 * ```
 *
 * @example Through a transform
 * ```ts title="index.ts"
 * new streamkap.Pipeline("enriched-orders", {
 *   source: db,
 *   destination: warehouse,
 *   topics: ["public.orders"],
 *   transforms: [{ transform: enrich, topics: ["orders-enriched"] }],
 *   topicAutoDiscovery: [{ transform: router, regex: "^orders-.*" }],
 * });
 * ```
 */
export class Pipeline extends StreamkapResource {
  /** The name on the service. */
  declare readonly name: pulumi.Output<string>;
  /** The source's id. */
  declare readonly sourceId: pulumi.Output<string>;
  /** The destination's id. */
  declare readonly destinationId: pulumi.Output<string>;
  /** The topics by table name: as set, else every topic the service delivers. */
  declare readonly topics: pulumi.Output<string[] | undefined>;
  /** As set, else the service's value. */
  declare readonly snapshotNewTables: pulumi.Output<boolean | undefined>;
  /** The tag ids: as set, else the ones the service holds (its default, the Development tag). */
  declare readonly tags: pulumi.Output<string[] | undefined>;
  /** The transforms linked, `{transformId, topics}`: as set, else the ones the service holds. */
  declare readonly transforms: pulumi.Output<Array<{ transformId: string; topics: string[] }> | undefined>;
  /** The auto-discovery rules, `{transformId, regex}`: as set, else the ones the service holds. */
  declare readonly topicAutoDiscovery: pulumi.Output<Array<{ transformId: string; regex: string }> | undefined>;
  /** The full ids of the topics the pipeline delivers. */
  declare readonly topicIds: pulumi.Output<string[]>;
  /** The topics the pipeline delivers, by table name (`public.orders`). */
  declare readonly topicNames: pulumi.Output<string[]>;
  /** The source's name on the service. */
  declare readonly sourceName: pulumi.Output<string>;
  /** The destination's name on the service. */
  declare readonly destinationName: pulumi.Output<string>;
  /** The tags the service holds, including the default it adds. */
  declare readonly tagIds: pulumi.Output<string[]>;
  /** How the pipeline was created: `api`, `terraform` or `web`. */
  declare readonly createdFrom: pulumi.Output<string>;
  /** The offset reset, as last applied (a pending one keeps the previous value until it is done). */
  declare readonly offsetReset: pulumi.Output<PipelineOffsetResetArgs | undefined>;
  /** The last offset reset done: `{trigger, consumerGroup, topics, to, at}`. */
  declare readonly lastOffsetReset: pulumi.Output<
    { trigger: string | number; consumerGroup: string; topics: string[]; to: unknown; at: string } | undefined
  >;

  constructor(name: string, args: PipelineArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      shims.pipeline,
      name,
      {
        ...namingProps(name, args.name),
        ...managedProps(args),
        sourceId: idOf(args.source),
        destinationId: idOf(args.destination),
        endpoints: { source: hintOf(args.source), destination: hintOf(args.destination) },
        topics: args.topics,
        snapshotNewTables: args.snapshotNewTables,
        tags: args.tags,
        transforms: args.transforms?.map((link) => ({
          transformId: transformIdOf(link.transform),
          topics: link.topics,
        })),
        topicAutoDiscovery: args.topicAutoDiscovery?.map((rule) => ({
          transformId: transformIdOf(rule.transform),
          regex: rule.regex,
        })),
        offsetReset: args.offsetReset,
        topicIds: undefined,
        topicNames: undefined,
        sourceName: undefined,
        destinationName: undefined,
        tagIds: undefined,
        createdFrom: undefined,
        lastOffsetReset: undefined,
      },
      opts,
      "streamkap",
      "Pipeline",
    );
  }
}
