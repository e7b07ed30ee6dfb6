/**
 * `GetMappings`/`GetMapping` for the key "terraform" (and the older "tf"): Pulumi's Terraform converter asks every
 * installed provider plugin which Terraform providers it maps (`GetMappings`), then for the mapping of the one it
 * converts (`GetMapping`). It accepts an answer only when the response's `provider` is the Terraform provider's
 * name, `streamkap`, which is ours too. Any other key, or another provider, gets an empty answer: "no mapping".
 */
import type {
  GetMappingRequest,
  GetMappingResponse,
  GetMappingsRequest,
  GetMappingsResponse,
} from "../protocol/resource-provider";
import type { PluginSchema } from "../terraform/pulumi-mapping";

const terraformKeys: ReadonlySet<string> = new Set(["terraform", "tf"]);

/** The Terraform provider's name (registry `streamkap-com/streamkap`), which is also this plugin's package name. */
const providerName = "streamkap";

let data: Buffer | undefined;

/**
 * The mapping's JSON, built on the first ask. The modules load with it: official-provider.json is half a megabyte,
 * and most runs of the plugin never convert anything.
 */
function mappingData(schemaText: () => string): Buffer {
  if (data === undefined) {
    const { officialTerraformProvider } = require("../terraform/mapping") as typeof import("../terraform/mapping");
    const { terraformPulumiMapping } =
      require("../terraform/pulumi-mapping") as typeof import("../terraform/pulumi-mapping");
    const schema = JSON.parse(schemaText()) as PluginSchema;
    const official = officialTerraformProvider();
    data = Buffer.from(JSON.stringify(terraformPulumiMapping(official.resources, schema, official.dataSources)));
  }
  return data;
}

export function getMappings(request: GetMappingsRequest): GetMappingsResponse {
  return { providers: terraformKeys.has(request.key) ? [providerName] : [] };
}

/** `schemaText`: the plugin's schema.json, whose tokens and property names the mapping gives. */
export function getMapping(request: GetMappingRequest, schemaText: () => string): GetMappingResponse {
  const wanted = request.provider;
  if (!terraformKeys.has(request.key) || (wanted !== "" && wanted !== providerName)) return {};
  return { provider: providerName, data: mappingData(schemaText) };
}
