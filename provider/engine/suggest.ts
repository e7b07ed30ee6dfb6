/** The candidate closest to `word` by edit distance, when it is close enough to be a likely typo. */
export function closestMatch(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  // Two edits covers a slip or a swapped pair of letters; more suggests unrelated words.
  return bestDistance <= 2 ? best : undefined;
}

/** Levenshtein distance, two rows at a time. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j] + 1, current[j - 1] + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length];
}

/** What the provider needs of a zod schema's definition to walk it; zod's own types change between majors. */
interface SchemaDefinition {
  type: string;
  shape?: Record<string, unknown>;
  innerType?: unknown;
  element?: unknown;
  valueType?: unknown;
}

function definitionOf(schema: unknown): SchemaDefinition | undefined {
  return (schema as { _zod?: { def?: SchemaDefinition } } | undefined)?._zod?.def;
}

/**
 * The keys an object inside `schema` takes at `path` (`["kafkaAccess"]`, `["snapshot", "filters", 0]`), for a
 * did-you-mean on a nested input; empty where the path leads to no object of known keys.
 */
export function keysAt(schema: unknown, path: readonly PropertyKey[]): string[] {
  let current = unwrapped(schema);
  for (const part of path) {
    const definition = definitionOf(current);
    if (definition?.type === "object" && definition.shape) {
      current = unwrapped(definition.shape[String(part)]);
    } else if (definition?.type === "array") {
      current = unwrapped(definition.element);
    } else if (definition?.type === "record") {
      current = unwrapped(definition.valueType);
    } else {
      return [];
    }
  }
  const definition = definitionOf(current);
  return definition?.type === "object" && definition.shape ? Object.keys(definition.shape) : [];
}

/** The schema inside optional, nullable and default wrappers. */
function unwrapped(schema: unknown): unknown {
  let current = schema;
  for (let definition = definitionOf(current); definition?.innerType !== undefined;) {
    current = definition.innerType;
    definition = definitionOf(current);
  }
  return current;
}
