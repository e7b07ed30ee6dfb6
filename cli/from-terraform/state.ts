/**
 * A Terraform or OpenTofu state as `terraform state pull` / `tofu state pull` writes it (format version 4, also a
 * local `terraform.tfstate`), and the official Streamkap provider's resource instances in it.
 */
import * as fs from "node:fs";
import * as path from "node:path";

import { z } from "zod";

import { ErrorCodes, StreamkapError } from "../../provider/public/cli/service";

const stateError = (message: string) => new StreamkapError(ErrorCodes.terraformState, message);

/** JSON's value, or what is wrong with the text. */
function parseJson(text: string): { value: unknown } | { problem: string } {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }
}

const instanceSchema = z.object({
  /** A `count` instance's number or a `for_each` instance's key; absent for a single instance. */
  index_key: z.union([z.string(), z.number()]).optional(),
  schema_version: z.number().optional(),
  attributes: z.record(z.string(), z.unknown()).optional(),
  /** Paths of the attributes Terraform marks sensitive (their values are in `attributes` all the same). */
  sensitive_attributes: z.array(z.unknown()).optional(),
  /** A resource that failed half way: Terraform would replace it on the next apply. */
  status: z.string().optional(),
  deposed: z.string().optional(),
  dependencies: z.array(z.string()).optional(),
});

const resourceSchema = z.object({
  module: z.string().optional(),
  mode: z.enum(["managed", "data"]),
  type: z.string(),
  name: z.string(),
  /** `provider["registry.terraform.io/streamkap-com/streamkap"]`, possibly after a module path. */
  provider: z.string(),
  instances: z.array(instanceSchema),
});

const stateSchema = z.object({
  version: z.literal(4),
  terraform_version: z.string().optional(),
  serial: z.number().optional(),
  lineage: z.string().optional(),
  resources: z.array(resourceSchema),
});

export type TerraformState = z.infer<typeof stateSchema>;

/** One instance of a resource in the state: its address, type and attributes. */
export interface StateInstance {
  /** `streamkap_source_postgresql.orders`, `module.app.streamkap_tag.team[0]`, `streamkap_topic.t["orders"]`. */
  address: string;
  mode: "managed" | "data";
  type: string;
  /** The resource's name in its configuration block, and its module path (`module.app`), if any. */
  name: string;
  module?: string;
  indexKey?: string | number;
  /** Whether the official Streamkap provider manages it. */
  streamkap: boolean;
  attributes: Record<string, unknown>;
  /** Set when Terraform holds it as tainted or deposed: not a settled object. */
  unsettled?: string;
}

/** The file a path names: a state file itself, or `terraform.tfstate` in a Terraform directory. */
export function stateFileOf(location: string): string {
  if (fs.existsSync(location) && fs.statSync(location).isDirectory()) {
    const local = path.join(location, "terraform.tfstate");
    if (fs.existsSync(local)) return local;
    throw stateError(
      `${location} holds no terraform.tfstate: its state is kept elsewhere (a remote backend). Write it to a file ` +
        "with `terraform state pull > terraform.tfstate` (or `tofu state pull`) and pass that file.",
    );
  }
  if (!fs.existsSync(location))
    throw stateError(`${location} does not exist: pass a state file or a Terraform directory.`);
  return location;
}

/** Reads and checks a state file; an unsupported format says what to do. */
export function readState(file: string): TerraformState {
  const parsedJson = parseJson(fs.readFileSync(file, "utf8"));
  if ("problem" in parsedJson) throw stateError(`${file} is not a Terraform state (not JSON: ${parsedJson.problem}).`);
  const json = parsedJson.value;
  const version = (json as { version?: unknown } | null)?.version;
  if (version !== 4) {
    throw stateError(
      `${file} is a Terraform state of format version ${JSON.stringify(version)}; only version 4 is read ` +
        "(Terraform 0.12 and later, every OpenTofu). Run `terraform state pull` with a current Terraform and pass " +
        "its output.",
    );
  }
  const parsed = stateSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw stateError(
      `${file} is not a Terraform state this command understands: at ${issue?.path.join(".") || "its top"}, ` +
        `${issue?.message ?? "unexpected content"}.`,
    );
  }
  return parsed.data;
}

/** Whether a provider address names the official Streamkap provider, from any registry host. */
export function isStreamkapProvider(provider: string): boolean {
  return /provider\["[^"]*\/streamkap-com\/streamkap"\]/.test(provider);
}

/** Every resource instance of the state, in its order, with addresses as Terraform writes them. */
export function instancesOf(state: TerraformState): StateInstance[] {
  return state.resources.flatMap((resource) =>
    resource.instances.map((instance): StateInstance => {
      const base = `${resource.module ? `${resource.module}.` : ""}${resource.mode === "data" ? "data." : ""}${resource.type}.${resource.name}`;
      const key = instance.index_key;
      const address =
        key === undefined ? base : typeof key === "number" ? `${base}[${key}]` : `${base}[${JSON.stringify(key)}]`;
      const unsettled = instance.deposed
        ? `deposed (${instance.deposed})`
        : instance.status === "tainted"
          ? "tainted"
          : undefined;
      return {
        address,
        mode: resource.mode,
        type: resource.type,
        name: resource.name,
        module: resource.module,
        indexKey: key,
        streamkap: isStreamkapProvider(resource.provider),
        attributes: instance.attributes ?? {},
        unsettled,
      };
    }),
  );
}
