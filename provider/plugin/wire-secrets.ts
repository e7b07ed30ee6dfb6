/**
 * Secrets on the provider plugin's wire: the engine sends a secret value wrapped in an object carrying Pulumi's
 * signature, and takes one back the same way. The plugin's operations work on plain values (the runtime is the
 * dynamic providers'), so what comes in is revealed, noting which top-level keys were secret, and what goes out
 * is marked again.
 */
type Props = Record<string, unknown>;

/** How the engine marks a secret value on the wire: Pulumi's signature key and its value for a secret. */
const secretSig = "4dabf18193072939515e22adb298388d";
const secretValue = "1b47061264138c4ac30d75fd1eb44270";

function isSecret(value: unknown): value is { value: unknown } {
  return typeof value === "object" && value !== null && (value as Props)[secretSig] === secretValue;
}

/** A value with every secret marker taken off; `secret` gathers the top-level keys that held one. */
function reveal(value: unknown, secret?: Set<string>, key?: string): unknown {
  if (isSecret(value)) {
    if (secret && key !== undefined) secret.add(key);
    return reveal(value.value);
  }
  if (Array.isArray(value)) return value.map((item) => reveal(item, secret, key));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, reveal(item, secret, key ?? name)]));
  }
  return value;
}

/** `props` with every secret marker taken off; `secret` gathers the top-level keys that held one. */
export function revealProps(props: Props | undefined, secret?: Set<string>): Props {
  return (props === undefined ? {} : reveal(props, secret)) as Props;
}

/** `props` with the values of `secret` keys marked secret for the engine. */
export function markedSecret(props: Props, secret: ReadonlySet<string>): Props {
  return Object.fromEntries(
    Object.entries(props).map(([key, value]) =>
      secret.has(key) && value !== undefined && value !== null
        ? [key, { [secretSig]: secretValue, value }]
        : [key, value],
    ),
  );
}
