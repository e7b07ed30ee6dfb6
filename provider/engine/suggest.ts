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
