/**
 * The bases of the generated typed classes (sdk/generated/), written by hand so that their logic is code, not
 * generator text: each narrows the declared outputs of a generic class; at run time it is that class.
 */
import * as pulumi from "@pulumi/pulumi";

import { Connector } from "./connectors";
import { StreamkapResource } from "./resource";
import type { Transform } from "./transform";

/** Any JSON value: the type of settings the catalogue describes as nested maps or objects. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * The generic {@link Connector} as a base whose declared outputs leave out `config`: a typed connector has its
 * settings as outputs of their own. Only the type is narrowed; at run time this is `Connector`, so the common
 * outputs (the connector code `connector` among them) are declared once, there.
 */
const ConnectorWithoutConfig = Connector as unknown as abstract new (
  ...args: ConstructorParameters<typeof Connector>
) => Omit<Connector, "config">;

/** Outputs every typed source and destination has besides its settings: those of the generic {@link Connector}. */
export abstract class TypedConnector extends ConnectorWithoutConfig {}

/** A typed source, e.g. {@link PostgresqlSource}. */
export abstract class TypedSource extends TypedConnector {
  /** The service the source belongs to. */
  declare readonly serviceId: pulumi.Output<string>;
}

/** A typed destination, e.g. {@link SnowflakeDestination}. */
export abstract class TypedDestination extends TypedConnector {}

/**
 * A dynamic resource typed with the generic {@link Transform}'s outputs, less `type`: a typed transform has its
 * type in its class and token. Only the type is narrowed; the outputs are declared once, on `Transform`.
 */
const TransformOutputs = StreamkapResource as unknown as abstract new (
  ...args: ConstructorParameters<typeof StreamkapResource>
) => StreamkapResource & Omit<Transform, "type" | keyof StreamkapResource>;

/** A typed transform, e.g. {@link MapFilterTransform}: the outputs every one has besides its settings. */
export abstract class TypedTransform extends TransformOutputs {}

/**
 * A catalogue-secret setting wrapped as a Pulumi secret, so state and previews never show it in plaintext.
 * @internal
 */
export function secretInput<T>(value: pulumi.Input<T> | undefined): pulumi.Output<pulumi.Unwrap<T>> | undefined {
  return value === undefined ? undefined : pulumi.secret(value);
}
