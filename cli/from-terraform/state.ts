/**
 * A Terraform or OpenTofu state as `terraform state pull` / `tofu state pull` writes it (format version 4, also a
 * local `terraform.tfstate`), and the official Streamkap provider's resource instances in it.
 */
import * as fs from "node:fs";
import * as path from "node:path";

import { z } from "zod";

import { ErrorCodes, StreamkapError } from "../../provider/public/cli/service";
import { isTerraformIdentifier, type ModuleStep, parseModulePath, resourceAddress } from "./addresses";

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

/** One step of a path into an instance's attributes: an attribute's name, a list's index or a map's key. */
export type PathStep = string | number;

/** One instance of a resource in the state: its address, type and attributes. */
export interface StateInstance {
  /** `streamkap_source_postgresql.orders`, `module.app.streamkap_tag.team[0]`, `streamkap_topic.t["orders"]`. */
  address: string;
  /** Its resource's address without instance keys (what a `removed` block names). */
  configAddress: string;
  mode: "managed" | "data";
  type: string;
  /** The resource's name in its configuration block, and its module path, if any. */
  name: string;
  modules: ModuleStep[];
  indexKey?: string | number;
  /** Whether the official Streamkap provider manages it. */
  streamkap: boolean;
  /** The provider configuration's alias (`provider "streamkap" { alias = "eu" }`), when it is not the default. */
  providerAlias?: string;
  attributes: Record<string, unknown>;
  /** Paths of the values Terraform marks sensitive in this instance (a `sensitive = true` variable's, …). */
  sensitivePaths: PathStep[][];
  /** Set when Terraform holds it as tainted or deposed: not a settled object. */
  unsettled?: string;
  /** Set when its address is not one Terraform writes (a name outside Terraform's grammar): never carried. */
  malformed?: string;
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

/** The largest state read: Node.js holds no longer string (its limit is about 512 MiB of text). */
const largestState = 500 * 1024 * 1024;

/**
 * A state file's text: UTF-8 as Terraform writes it, or UTF-16 with its byte order mark, as PowerShell's `>`
 * writes `terraform state pull`'s output.
 */
function stateText(file: string): string {
  const size = fs.statSync(file).size;
  if (size > largestState) {
    throw stateError(
      `${file} is ${Math.round(size / 1024 / 1024)} MiB, more than the ${largestState / 1024 / 1024} MiB this ` +
        "command reads. Split the estate by workspace or module (`terraform state pull` of each), and run the " +
        "command once per state with --partial.",
    );
  }
  const bytes = fs.readFileSync(file);
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  if (bytes.length >= 2 && bytes[1] === 0 && bytes[0] !== 0) {
    throw stateError(
      `${file} looks like UTF-16 text without a byte order mark; write the state as UTF-8 (PowerShell: ` +
        "`terraform state pull | Out-File -Encoding utf8 terraform.tfstate`) and pass that file.",
    );
  }
  return new TextDecoder("utf-8").decode(bytes.subarray(bytes[0] === 0xef && bytes[1] === 0xbb ? 3 : 0));
}

/** Reads and checks a state file; an unsupported format says what to do. */
export function readState(file: string): TerraformState {
  const parsedJson = parseJson(stateText(file));
  if ("problem" in parsedJson) {
    throw stateError(`${file} is not a Terraform state (not JSON: ${parsedJson.problem}).`);
  }
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

/** The alias of a provider configuration address (`provider["…/streamkap"].eu` is `eu`), if it has one. */
function providerAliasOf(provider: string): string | undefined {
  return /provider\["[^"]*"\]\.([A-Za-z_][A-Za-z0-9_-]*)$/.exec(provider)?.[1];
}

/**
 * The paths `sensitive_attributes` lists, as steps: `[{"type":"get_attr","value":"password"}]` is `["password"]`,
 * an index step `{"type":"index","value":{"value":0,"type":"number"}}` is `0`. A step of another shape ends its path
 * there (what is above it is sensitive whole).
 */
function sensitivePathsOf(listed: readonly unknown[] | undefined): PathStep[][] {
  const paths: PathStep[][] = [];
  for (const path of listed ?? []) {
    if (!Array.isArray(path)) continue;
    const steps: PathStep[] = [];
    for (const step of path as unknown[]) {
      const value = (step as { type?: unknown; value?: unknown } | null)?.value;
      const key = typeof value === "object" && value !== null ? (value as { value?: unknown }).value : value;
      if (typeof key !== "string" && typeof key !== "number") break;
      steps.push(key);
    }
    if (steps.length > 0) paths.push(steps);
  }
  return paths;
}

/** Every resource instance of the state, in its order, with addresses as Terraform writes them. */
export function instancesOf(state: TerraformState): StateInstance[] {
  return state.resources.flatMap((resource) => {
    const modules = resource.module === undefined ? [] : parseModulePath(resource.module);
    const malformed =
      modules === undefined
        ? "its module path is not one Terraform writes"
        : !isTerraformIdentifier(resource.type) || !isTerraformIdentifier(resource.name)
          ? "its type or name is not a Terraform identifier"
          : undefined;
    return resource.instances.map((instance): StateInstance => {
      const key = instance.index_key;
      const keys = [...(modules ?? []).map((step) => step.key), key];
      const uncomposed = keys.some((text) => typeof text === "string" && text.normalize("NFC") !== text);
      const malformedHere =
        malformed ??
        (uncomposed
          ? "its key is not in Unicode's composed form (NFC), and Terraform reads every address in that form, so no " +
            "`terraform state rm` could name it"
          : undefined);
      const parts = { modules: modules ?? [], mode: resource.mode, type: resource.type, name: resource.name, key };
      // A malformed address is shown as the state holds it, quoted, and never written into a file Terraform reads.
      const address = malformedHere
        ? JSON.stringify([resource.module ?? "", resource.type, resource.name, key ?? null])
        : resourceAddress(parts, true);
      const unsettled = instance.deposed
        ? `deposed (${instance.deposed})`
        : instance.status === "tainted"
          ? "tainted"
          : undefined;
      return {
        address,
        configAddress: malformedHere ? address : resourceAddress(parts, false),
        mode: resource.mode,
        type: resource.type,
        name: resource.name,
        modules: modules ?? [],
        indexKey: key,
        streamkap: isStreamkapProvider(resource.provider),
        providerAlias: providerAliasOf(resource.provider),
        attributes: instance.attributes ?? {},
        sensitivePaths: sensitivePathsOf(instance.sensitive_attributes),
        unsettled,
        malformed: malformedHere,
      };
    });
  });
}
