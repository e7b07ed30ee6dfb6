import * as pulumi from "@pulumi/pulumi";

import { type ManagedArgs, managedProps } from "./common";
import { Connector } from "./connectors";
import { namingProps } from "./naming";
import { shims } from "./shim";

/** Any source or destination resource, the generic classes and every typed connector class (all are Connectors). */
type ConnectorResource = pulumi.CustomResource & { readonly connectorStatus: pulumi.Output<string> };

function idOf(connector: ConnectorResource | pulumi.Input<string>): pulumi.Input<string> {
  return connector instanceof Connector ? connector.id : (connector as pulumi.Input<string>);
}

/** The end's name and connector when it is a resource of this program, so creating the pipeline asks nothing. */
function hintOf(connector: ConnectorResource | pulumi.Input<string>) {
  return connector instanceof Connector ? connector.endpointHint : undefined;
}

export interface PipelineArgs extends ManagedArgs {
  /** The name on the service, unique per service. Leave it out to derive one from the resource name. */
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
   * Whether tables added to the source later are snapshotted into the destination.
   * @default false
   */
  snapshotNewTables?: pulumi.Input<boolean>;
  /**
   * Tag ids (see `getTags`). The service tags a pipeline "Development" when none are given.
   */
  tags?: pulumi.Input<pulumi.Input<string>[]>;
}

/**
 * Links one source to one destination over some or all of the source's topics.
 *
 * @example
 * ```ts title="index.ts"
 * new streamkap.Pipeline("orders-to-warehouse", { source: db, destination: warehouse, topics: ["public.orders"] });
 * ```
 */
export class Pipeline extends pulumi.dynamic.Resource {
  declare readonly name: pulumi.Output<string>;
  declare readonly sourceId: pulumi.Output<string>;
  declare readonly destinationId: pulumi.Output<string>;
  declare readonly topics: pulumi.Output<string[] | undefined>;
  declare readonly snapshotNewTables: pulumi.Output<boolean | undefined>;
  declare readonly tags: pulumi.Output<string[] | undefined>;
  /** The full ids of the topics the pipeline delivers. */
  declare readonly topicIds: pulumi.Output<string[]>;
  declare readonly topicNames: pulumi.Output<string[]>;
  declare readonly sourceName: pulumi.Output<string>;
  declare readonly destinationName: pulumi.Output<string>;
  /** The tags the service holds, including the default it adds. */
  declare readonly tagIds: pulumi.Output<string[]>;
  declare readonly createdFrom: pulumi.Output<string>;

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
        topicIds: undefined,
        topicNames: undefined,
        sourceName: undefined,
        destinationName: undefined,
        tagIds: undefined,
        createdFrom: undefined,
      },
      opts,
      "streamkap",
      "Pipeline",
    );
  }
}
