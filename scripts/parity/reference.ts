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
  resources: ReferenceType[];
  dataSources: ReferenceType[];
}
