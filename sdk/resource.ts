import * as pulumi from "@pulumi/pulumi";

/**
 * The base of every Streamkap resource class: a dynamic resource that hands the resource option
 * `customTimeouts` to the provider as an input. Dynamic providers never see resource options, so without this
 * `customTimeouts: { create: "30m" }` would be silently ignored; here it is each operation's deadline (a change
 * to it alone is never a change to the object).
 */
export class StreamkapResource extends pulumi.dynamic.Resource {
  constructor(
    provider: pulumi.dynamic.ResourceProvider,
    name: string,
    props: pulumi.Inputs,
    opts?: pulumi.CustomResourceOptions,
    module?: string,
    type?: string,
  ) {
    super(provider, name, { ...props, customTimeouts: timeoutsOf(opts) }, opts, module, type);
  }
}

/** The deadlines the program set, as plain strings (`"10m"`, `"1h30m"`); undefined when it set none. */
function timeoutsOf(opts: pulumi.CustomResourceOptions | undefined): pulumi.Input<pulumi.Inputs> | undefined {
  const timeouts = opts?.customTimeouts;
  if (!timeouts) return undefined;
  const set = Object.entries({ create: timeouts.create, update: timeouts.update, delete: timeouts.delete }).filter(
    ([, value]) => value !== undefined,
  );
  return set.length === 0 ? undefined : Object.fromEntries(set);
}
