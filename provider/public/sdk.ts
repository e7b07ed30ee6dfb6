/**
 * What the SDK may use of the provider, in one place: the SDK's lookups call the API from the program itself
 * (provider/lookups, with the program's client), and its classes mark catalogue-secret settings. Everything else
 * of the provider is loaded only by the runtime, by package name, when Pulumi calls it (sdk/shim-methods.ts). An
 * eslint rule keeps `sdk/` to this entry.
 */
export { clientFor, type StreamkapClient } from "../client/client";
export { secretKeys } from "../kinds/connector-config";
export * as lookups from "../lookups";
export { resolveSettings } from "../settings";
