/**
 * The official Terraform provider (streamkap-com/streamkap) as this package maps it: every resource type, what it
 * becomes here, and per attribute the API key behind it and our input. Generated from the same correspondence as
 * docs/parity.md (`npm run generate` writes official-provider.json); read by `pulumi-streamkap from-terraform`.
 */
import { z } from "zod";

import officialProviderJson from "./official-provider.json";

/** What a Terraform resource type becomes here. */
export const terraformKinds = [
  "source",
  "destination",
  "webhookSource",
  "transform",
  "pipeline",
  "tag",
  "topic",
  "kafkaUser",
  "clientCredential",
] as const;
export type TerraformKind = (typeof terraformKinds)[number];

/** The kinds `pulumi-streamkap from-terraform` carries over (docs/parity.md says so per type): every one. */
export const carriedByFromTerraform: ReadonlySet<TerraformKind> = new Set(terraformKinds);

/**
 * The attribute's shape in the official provider's schema, for Pulumi's Terraform converter (the plugin's
 * `terraform` mapping, pulumi-mapping.ts). A primitive collection's elements are strings; `nested` means its
 * elements (for `object`, the value itself) are objects whose attributes are the `parent.child` entries.
 */
const tfShapeSchema = z.object({
  type: z.enum(["string", "bool", "int", "list", "set", "map", "object"]),
  nested: z.literal(true).optional(),
  maxItems: z.number().int().positive().optional(),
  required: z.literal(true).optional(),
  optional: z.literal(true).optional(),
  computed: z.literal(true).optional(),
});
export type TerraformShape = z.infer<typeof tfShapeSchema>;

const attributeSchema = z.object({
  /** The API config key behind a connector's or transform's setting. */
  apiKey: z.string().optional(),
  /** Terraform marks it sensitive: its state holds the value in plaintext all the same. */
  sensitive: z.boolean().optional(),
  /** Only the service sets it. */
  computed: z.boolean().optional(),
  /**
   * A name only older releases wrote (the newest renamed or dropped it): a state they wrote may hold it. Its apiKey,
   * sensitive flag and input are those of the attribute it became, which the note names.
   */
  retired: z.literal(true).optional(),
  /** The releases that had it, as ranges of `releases` (`2.0.0–3.0.0-beta.21`; releases.ts reads them). */
  releases: z.string().optional(),
  /** Our input of that name takes it. */
  input: z.string().optional(),
  /** What stands for it here, when it is not one input. */
  ours: z.string().optional(),
  /** Why it has no counterpart, or what to know about it. */
  note: z.string().optional(),
  tf: tfShapeSchema,
});
export type TerraformAttribute = z.infer<typeof attributeSchema>;

const typeSchema = z.object({
  kind: z.enum(terraformKinds).nullable(),
  /** The connector code or transform type. */
  code: z.string().optional(),
  /** The class (or lookup) that stands for it here. */
  counterpart: z.string(),
  /** By attribute name; a nested one is `parent.child`. */
  attributes: z.record(z.string(), attributeSchema),
});
export type TerraformType = z.infer<typeof typeSchema>;

const providerSchema = z.object({
  /** Repository, branch and commit its schemas were read from. */
  source: z.string(),
  /** Where the release names came from: each release tag's schema, `…@v2.0.0–v3.0.0-beta.24`. */
  releasesSource: z.string().optional(),
  /** Every release whose attribute names are known, oldest first. */
  releases: z.array(z.string()).optional(),
  resources: z.record(z.string(), typeSchema),
  /** Data sources, each with the lookup standing for it (`counterpart`: `getTags`). */
  dataSources: z.record(z.string(), typeSchema).optional(),
});

let parsed: z.infer<typeof providerSchema> | undefined;

/** The official provider's resource types as mapped here (parsed once). */
export function officialTerraformProvider(): z.infer<typeof providerSchema> {
  parsed ??= providerSchema.parse(officialProviderJson);
  return parsed;
}
