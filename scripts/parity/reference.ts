/** The reference Terraform provider's schemas as scripts/parity/extract-reference.ts records them. */
export interface ReferenceAttribute {
  /** The attribute's name; a nested one is `parent.child`. */
  name: string;
  /** `String`, `Int64`, `Bool`, `Set`, `ListNested`, …, or `Block` (`timeouts`). */
  kind: string;
  required: boolean;
  optional: boolean;
  computed: boolean;
  sensitive: boolean;
  /** An older alias the reference keeps for compatibility. */
  deprecated?: boolean;
  /** The API config key the attribute maps to (connectors and transforms). */
  apiKey?: string;
  /** The releases that had it, e.g. `2.0.0–3.0.0-beta.24` (release-schemas.ts's ranges). */
  releases?: string;
  /**
   * Set on an attribute the newest release no longer has (a state an older release wrote may still hold it): the
   * releases that had it. Its apiKey and sensitive flag are those of the attribute it became, when there is one.
   */
  retired?: string;
  /** The newest release's attribute a retired one became (the same API config key, or the provider says so). */
  renamedTo?: string;
  /** Its shape in the newest release that had it, as OpenTofu reports the schema. */
  tf?: ReleaseShape;
}

export interface ReferenceType {
  /** `streamkap_source_postgresql`, `streamkap_pipeline`, … */
  name: string;
  /** The API's connector code or transform type, for connectors and transforms. */
  code?: string;
  attributes: ReferenceAttribute[];
}

export interface Reference {
  /** Repository, branch and commit the schemas were read from. */
  source: string;
  /** Every release whose attribute names are merged in, oldest first. */
  releases?: string[];
  /** Where those releases' schemas came from: `…@v2.0.0–v3.0.0-beta.24`. */
  releasesSource?: string;
  resources: ReferenceType[];
  dataSources: ReferenceType[];
}

/** An attribute's shape in one release's schema, as OpenTofu reports it (scripts/parity/release-schemas.ts). */
export interface ReleaseShape {
  /** Terraform's type, as `tofu providers schema -json` writes it: `"string"`, `["set", "string"]`, …. */
  type?: unknown;
  /** A nested attribute or block: `single`, `list`, `set` or `map`. */
  nesting?: string;
  /** A block (`timeouts`), not an attribute. */
  block?: true;
  maxItems?: number;
  required?: true;
  optional?: true;
  computed?: true;
  sensitive?: true;
}

/** Every release's schema in one: per type, each attribute path with the releases that had each of its shapes. */
export interface Releases {
  source: string;
  /** Every release read, oldest first (`2.0.0`, …, `3.0.0-beta.24`). */
  releases: string[];
  resources: Record<string, Record<string, Array<{ in: string; shape: ReleaseShape }>>>;
  dataSources: Record<string, Record<string, Array<{ in: string; shape: ReleaseShape }>>>;
}
