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
