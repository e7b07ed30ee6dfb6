import * as pulumi from "@pulumi/pulumi";

import { type ManagedArgs, managedProps } from "./common";
import { shims } from "./shim";
import { StreamkapResource } from "./resource";

/**
 * The kinds of object a tag can be put on, as the service names them (plural). `environment` and `general` are
 * reserved for the service's system tags.
 */
export type TagType =
  "sources" | "destinations" | "pipelines" | "transforms" | "topics" | "services" | "users" | "tenant";

export interface TagArgs extends ManagedArgs {
  /**
   * The tag's name, 1 to 255 characters, unique per service. Changing it renames the tag in
   * place; objects keep it.
   */
  name: pulumi.Input<string>;
  /**
   * Free text shown with the tag, up to 1000 characters.
   * @default none
   */
  description?: pulumi.Input<string>;
  /**
   * The kinds of object the tag can be put on: `sources`, `destinations`, `pipelines`, `transforms`, `topics`
   * (also `services`, `users`, `tenant`).
   * @default sources, destinations, pipelines, transforms and topics
   */
  types?: pulumi.Input<pulumi.Input<TagType>[]>;
}

/**
 * A custom tag, for grouping and filtering pipelines, sources, destinations, transforms and topics (see the
 * `tags` argument of those resources, and `getSources({ tagIds })`).
 *
 * Every service also has the system tags "Development" and "Production", which cannot be changed; look them up
 * with {@link getTags}. A pipeline given no tags gets the Development tag.
 *
 * @example
 * #### Tag a team's pipelines
 * ```ts title="index.ts"
 * const payments = new streamkap.Tag("payments", { name: "team-payments", types: ["pipelines", "sources"] });
 * new streamkap.Pipeline("orders", { source: db, destination: warehouse, tags: [payments.id] });
 * ```
 *
 * #### Keep the Development tag as well
 * ```ts title="index.ts"
 * const development = streamkap.getTags({ name: "Development" }).then((tags) => tags[0].id);
 * new streamkap.Pipeline("orders", { source: db, destination: warehouse, tags: [payments.id, development] });
 * ```
 */
export class Tag extends StreamkapResource {
  /** The tag's name on the service. */
  declare readonly name: pulumi.Output<string>;
  /** The description, as last applied. */
  declare readonly description: pulumi.Output<string | undefined>;
  /** The kinds of object the tag applies to, as last applied; undefined means every kind. */
  declare readonly types: pulumi.Output<TagType[] | undefined>;
  /** False for a tag made here; true only for the service's own tags. */
  declare readonly system: pulumi.Output<boolean>;
  /** True for a tag made here (a custom tag). */
  declare readonly custom: pulumi.Output<boolean>;

  constructor(name: string, args: TagArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      shims.tag,
      name,
      {
        ...managedProps(args),
        name: args.name,
        description: args.description,
        types: args.types,
        system: undefined,
        custom: undefined,
      },
      opts,
      "streamkap",
      "Tag",
    );
  }
}
