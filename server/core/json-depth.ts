/**
 * Nesting depth of a JSON text, counted without parsing and without recursion: a body nested thousands deep must
 * be refused before JSON.parse, and before anything that walks it recursively (serialisation, diffing) could blow
 * the stack (F1).
 */

/** The deepest level of `{`/`[` nesting in `text`, brackets inside strings ignored; stops once past `limit`. */
export function nestingDepth(text: string, limit = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c)
        index++; // backslash: the next character is escaped
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x7b || code === 0x5b) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (code === 0x7d || code === 0x5d) depth--;
  }
  return deepest;
}

/** The most nesting a JSON body may have, on the management API and on webhook ingestion alike. */
export const maxJsonDepth = 64;

/** The refusal of a body nested deeper than maxJsonDepth, or undefined. */
export function depthProblem(text: string): string | undefined {
  return nestingDepth(text, maxJsonDepth) > maxJsonDepth
    ? `JSON body nested deeper than ${maxJsonDepth} levels`
    : undefined;
}
