import * as pulumi from "@pulumi/pulumi";

import type * as ProviderApi from "../provider/public/sdk";

let loaded: typeof ProviderApi | undefined;

/**
 * The provider's public entry for the SDK, loaded on first use: the HTTP client, the wire records and the
 * catalogue cost a program ~90 ms to load, and most programs make no lookup and declare no generic connector.
 */
export function provider(): typeof ProviderApi {
  loaded ??= require("../provider/public/sdk") as typeof ProviderApi;
  return loaded;
}

/** The client for this program's Streamkap settings, shared with the provider's code in this process. */
export function lookupClient(): ProviderApi.StreamkapClient {
  const config = new pulumi.Config("streamkap");
  const lookup = (key: string) =>
    key.startsWith("streamkap:") ? config.get(key.slice("streamkap:".length)) : undefined;
  return provider().clientFor(provider().resolveSettings(lookup, process.env));
}
