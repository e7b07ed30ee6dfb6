// What a stack's state holds of the serialized provider: every dynamic resource stores the provider's code as the
// `__provider` string among its inputs and again among its outputs. Resources of the provider plugin store none.

/** The secret envelope Pulumi writes in exported state (`sig.Secret`), with the value encrypted. */
export const secretSignature = "4dabf18193072939515e22adb298388d";

export interface ProviderFootprint {
  /** Dynamic resources in the state (the stack and provider resources not counted). */
  resources: number;
  /** Bytes of `__provider` among the inputs, all resources together. */
  inputBytes: number;
  /** Bytes of `__provider` among the outputs, all resources together. */
  outputBytes: number;
  /** Distinct serialized providers (one per kind when each kind serializes once). */
  distinct: number;
  /** Resources whose `__provider` is stored as a secret (encrypted, hence larger). */
  secret: number;
  /** The largest single `__provider` text, in bytes. */
  largestBytes: number;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The resources of an exported deployment, each with a type token (anything else is skipped). */
export function typedResources(deployment: unknown): Array<Record<string, unknown> & { type: string }> {
  const resources = isRecord(deployment) && Array.isArray(deployment.resources) ? deployment.resources : [];
  return resources.filter(
    (resource): resource is Record<string, unknown> & { type: string } =>
      isRecord(resource) && typeof resource.type === "string",
  );
}

/** Whether the program declared it: every resource but the stack and provider resources (`pulumi:…`). */
export function isDeclared(resource: { type: string }): boolean {
  return !resource.type.startsWith("pulumi:");
}

/** The stored text of a `__provider` value: the string itself, or a secret's ciphertext. */
function storedText(value: unknown): { text: string; secret: boolean } | undefined {
  if (typeof value === "string") return { text: value, secret: false };
  if (isRecord(value) && secretSignature in value) {
    const stored = typeof value.ciphertext === "string" ? value.ciphertext : JSON.stringify(value.plaintext ?? "");
    return { text: stored, secret: true };
  }
  return undefined;
}

/** Measures `__provider` in an exported deployment (the `deployment` field of `stack.exportStack()`). */
export function providerFootprint(deployment: unknown): ProviderFootprint {
  const footprint: ProviderFootprint = {
    resources: 0,
    inputBytes: 0,
    outputBytes: 0,
    distinct: 0,
    secret: 0,
    largestBytes: 0,
  };
  const distinct = new Set<string>();
  for (const resource of typedResources(deployment)) {
    if (!resource.type.startsWith("pulumi-nodejs:dynamic")) continue;
    footprint.resources++;
    const input = storedText(isRecord(resource.inputs) ? resource.inputs.__provider : undefined);
    const output = storedText(isRecord(resource.outputs) ? resource.outputs.__provider : undefined);
    for (const [stored, field] of [
      [input, "inputBytes"],
      [output, "outputBytes"],
    ] as const) {
      if (!stored) continue;
      const bytes = Buffer.byteLength(stored.text, "utf8");
      footprint[field] += bytes;
      footprint.largestBytes = Math.max(footprint.largestBytes, bytes);
      distinct.add(stored.text);
    }
    if (input?.secret || output?.secret) footprint.secret++;
  }
  footprint.distinct = distinct.size;
  return footprint;
}

/**
 * Resources the program declared in an exported deployment: every resource but the stack and provider resources
 * (types `pulumi:…`), dynamic or not.
 */
export function declaredResources(deployment: unknown): number {
  return typedResources(deployment).filter(isDeclared).length;
}

/** The kind of a type token: its last part, so the dynamic, the plugin and the floor stacks compare kind by kind. */
export function kindOf(type: string): string {
  return type.slice(type.lastIndexOf(":") + 1);
}

/** What the state holds per kind: resources and their serialized bytes (inputs, outputs and the engine's fields). */
export type KindBytes = Record<string, { resources: number; bytes: number }>;

/**
 * Each declared resource's JSON in the exported deployment, by the last part of its type token (`PostgresqlSource`
 * for `streamkap:index:PostgresqlSource` and `pulumi-nodejs:dynamic/streamkap:PostgresqlSource` alike), so the
 * dynamic and the plugin stack compare kind by kind.
 */
export function stateBytesByKind(deployment: unknown): KindBytes {
  const kinds: KindBytes = {};
  for (const resource of typedResources(deployment).filter(isDeclared)) {
    const entry = (kinds[kindOf(resource.type)] ??= { resources: 0, bytes: 0 });
    entry.resources++;
    entry.bytes += Buffer.byteLength(JSON.stringify(resource), "utf8");
  }
  return kinds;
}
