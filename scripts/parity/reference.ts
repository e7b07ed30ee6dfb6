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
  /**
   * Set on an attribute only the provider's v2 releases have (their states may still hold it): the v2 releases
   * that have it, e.g. `v2.0.0–v2.2.0`. Its apiKey and sensitive flag are its v3 counterpart's, when there is one.
   */
  v2Only?: string;
  /** The v3 attribute a v2-only one became (the one with the same API config key), if any. */
  v3Name?: string;
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
  /** The v2 releases whose attribute names are merged in (`v2Only` attributes), e.g. `v2.0.0–v2.2.0`. */
  v2Source?: string;
  resources: ReferenceType[];
  dataSources: ReferenceType[];
}
