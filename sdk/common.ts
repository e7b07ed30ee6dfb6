import type * as pulumi from "@pulumi/pulumi";

/** Arguments every Streamkap resource takes. */
export interface ManagedArgs {
  /**
   * Take over an object that already exists instead of creating one: its id, or `"byName"` to find it by this
   * resource's `name` (not for pipelines and transforms, which are adopted by id only). Adopting changes nothing on
   * the service; the next preview shows where the code and the object differ, and `up` applies the code. Useful
   * for bringing objects made in the web console under Pulumi with the TypeScript classes, where `pulumi import`
   * cannot work (it does through the provider plugin).
   * @default none: the object is created
   */
  adopt?: pulumi.Input<string>;
  /**
   * What an update does when the object changed outside Pulumi (e.g. in the web console) since the last `up`:
   * `"overwrite"` sets the declared values back (refresh reports the drift as a warning first); `"fail"` refuses,
   * naming the changed keys and the config-history version, until you run `pulumi refresh` to accept them.
   * @default "overwrite"
   */
  onDrift?: pulumi.Input<"overwrite" | "fail">;
}

/** The props for {@link ManagedArgs}. */
export function managedProps(args: ManagedArgs): pulumi.Inputs {
  return { adopt: args.adopt, onDrift: args.onDrift };
}
