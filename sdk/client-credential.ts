import * as pulumi from "@pulumi/pulumi";

import { type ManagedArgs, managedProps } from "./common";
import { shims } from "./shim";
import { StreamkapResource } from "./resource";

export interface ClientCredentialArgs extends ManagedArgs {
  /**
   * The roles whose permissions the credential's tokens get, each by key (`viewer`) or id (`role_viewer`); see
   * {@link getRoles}. The service cannot change a credential's roles: changing them makes a new credential (new
   * client id and secret) before the old one is deleted.
   */
  roles: pulumi.Input<pulumi.Input<string>[]>;
  /**
   * Free text shown with the credential, up to 1000 characters; changes in place.
   * @default none
   */
  description?: pulumi.Input<string>;
  /**
   * The secret of a credential taken over with `adopt`, which the service showed once, when it made it (from
   * Terraform's state, say: `pulumi-streamkap from-terraform` sets it): the `secret` output then holds it. Read it
   * from secret config; it is never sent to the service, and changing it changes nothing there. Not for a new
   * credential, whose secret the service makes.
   * @default none: an adopted credential's `secret` output is empty
   */
  adoptedSecret?: pulumi.Input<string>;
}

/**
 * An API client credential: a client id and secret for the management API (and for this provider in another
 * stack), with the permissions of its roles. The service shows the secret once, at creation; it stays in state
 * as a secret output. `adopt` takes over an existing credential by client id, and `adoptedSecret` gives its
 * secret.
 *
 * @example
 * #### A read-only credential for a dashboard
 * ```ts title="index.ts"
 * const dashboards = new streamkap.ClientCredential("dashboards", { roles: ["viewer"], description: "Grafana" });
 * export const clientId = dashboards.clientId;
 * export const clientSecret = dashboards.secret; // secret
 * ```
 *
 * #### Credentials for another stack's provider
 * ```sh
 * pulumi config set streamkap:clientId "$(pulumi stack output clientId -s platform)"
 * pulumi config set --secret streamkap:secret "$(pulumi stack output clientSecret --show-secrets -s platform)"
 * ```
 */
export class ClientCredential extends StreamkapResource {
  /** The role keys or ids, as last applied. */
  declare readonly roles: pulumi.Output<string[]>;
  /** The description, as last applied. */
  declare readonly description: pulumi.Output<string | undefined>;
  /** The adopted credential's secret as the program gave it. Secret. */
  declare readonly adoptedSecret: pulumi.Output<string | undefined>;
  /** The client id (`streamkap:clientId` elsewhere; also the resource's id). */
  declare readonly clientId: pulumi.Output<string>;
  /** The secret (`streamkap:secret` elsewhere). Secret: the service shows it once. */
  declare readonly secret: pulumi.Output<string>;
  /** The service the credential belongs to. */
  declare readonly serviceId: pulumi.Output<string>;
  /** When the service made the credential. */
  declare readonly createdAt: pulumi.Output<string>;

  constructor(name: string, args: ClientCredentialArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      shims.clientCredential,
      name,
      {
        ...managedProps(args),
        roles: args.roles,
        description: args.description,
        adoptedSecret: args.adoptedSecret,
        clientId: undefined,
        secret: undefined,
        serviceId: undefined,
        createdAt: undefined,
      },
      { ...opts, additionalSecretOutputs: [...(opts?.additionalSecretOutputs ?? []), "secret", "adoptedSecret"] },
      "streamkap",
      "ClientCredential",
    );
  }
}
