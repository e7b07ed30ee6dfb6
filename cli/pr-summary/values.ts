/** Reading and showing input values of a preview: property paths, unknowns and secrets. */
import { isPlainObject, valueAt as valueAtSegments } from "../../provider/public/cli/previews";
import { unknownValue } from "./resources";

export { isPlainObject };

/** How `pulumi preview --json` shows a secret value. */
const secretValue = "[secret]";

/**
 * The segments of a pulumi property path: `config["database.port"]` → `config`, `database.port`;
 * `snapshot.generation` → `snapshot`, `generation`; `topics[0]` → `topics`, `0`.
 */
export function pathSegments(path: string): string[] {
  const segments: string[] = [];
  const pattern = /([^.[\]"]+)|\["((?:[^"\\]|\\.)*)"\]|\[(\d+)\]/g;
  for (let match = pattern.exec(path); match !== null; match = pattern.exec(path)) {
    if (match[1] !== undefined) segments.push(match[1]);
    else if (match[2] !== undefined) segments.push(JSON.parse(`"${match[2]}"`) as string);
    else segments.push(match[3]);
  }
  return segments;
}

/** The value at a property path, or undefined when any part is missing. */
export function valueAt(root: Record<string, unknown> | undefined, path: string): unknown {
  return valueAtSegments(root, pathSegments(path));
}

export function isUnknown(value: unknown): boolean {
  return value === unknownValue;
}

/** Equal as JSON, with object keys in any order. */
export function sameValue(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  if (value === undefined) return "undefined";
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, inner]) => inner !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonical(inner)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** A value as a reviewer reads it; secrets stay `[secret]`, long values are cut. */
export function showValue(value: unknown, maxLength = 60): string {
  if (value === undefined) return "unset";
  if (isUnknown(value)) return "(known after apply)";
  if (value === secretValue) return secretValue;
  const text = typeof value === "string" ? JSON.stringify(value) : canonical(value);
  return text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text;
}

export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** `endpoints` + `destination` → `endpoints.destination`; keys that are not identifiers go in brackets. */
export function childPath(path: string, key: string): string {
  if (!/^[A-Za-z_$][\w$]*$/.test(key)) return `${path}[${JSON.stringify(key)}]`;
  return path === "" ? key : `${path}.${key}`;
}

/** The innermost paths (a few levels into objects) where two values differ, as pulumi names them. */
export function differingPaths(before: unknown, after: unknown, path: string, depth = 0): string[] {
  if (sameValue(before, after)) return [];
  if (depth < 4 && isPlainObject(before) && isPlainObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort(compareText);
    return keys.flatMap((key) => differingPaths(before[key], after[key], childPath(path, key), depth + 1));
  }
  return [path];
}
