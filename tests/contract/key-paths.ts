/**
 * Key paths and the rules of the contract suites, written once.
 *
 * A key path is a list of segments: object keys as they are, `[]` for the items of a list. Patterns are written
 * `a.b[].c`, `config["key.with.dots"]`; a `*` segment stands for any one key, a trailing `*` for anything below
 * (including nothing), and a path is also allowed when it leads to a pattern (`source` and `source.topics` lead
 * to `source.topics[]`).
 */
import type { Json } from "./fixtures/types";

export type KeyPath = string[];

export function parsePattern(pattern: string): KeyPath {
  const segments: string[] = [];
  const token = /\[\]|\["([^"]*)"\]|\.?([^.[\]]+)/gy;
  let match: RegExpExecArray | null;
  while (token.lastIndex < pattern.length && (match = token.exec(pattern)) !== null) {
    if (match[0] === "[]") segments.push("[]");
    else segments.push(match[1] ?? match[2] ?? "");
  }
  if (token.lastIndex !== pattern.length && pattern.length > 0) throw new Error(`bad key pattern: ${pattern}`);
  return segments;
}

export function showPath(path: KeyPath): string {
  return path
    .map((segment, index) =>
      segment === "[]" ? "[]" : /[.[\]"]/.test(segment) ? `["${segment}"]` : index === 0 ? segment : `.${segment}`,
    )
    .join("");
}

function matches(pattern: KeyPath, path: KeyPath): boolean {
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i] === "*" && i === pattern.length - 1) return path.length >= i;
    if (i >= path.length) return false;
    if (pattern[i] !== "*" && pattern[i] !== path[i]) return false;
  }
  return pattern.length === path.length;
}

function leadsTo(path: KeyPath, pattern: KeyPath): boolean {
  return path.length < pattern.length && path.every((segment, i) => pattern[i] === "*" || pattern[i] === segment);
}

/** Whether `path` is one the patterns document (or a step on the way to one). */
export function isCovered(path: KeyPath, patterns: string[]): boolean {
  return patterns.map(parsePattern).some((pattern) => matches(pattern, path) || leadsTo(path, pattern));
}

/** Whether the path lies under a free-form map of the patterns (`config.*`): there, a sample is an example only. */
function isFreeForm(path: KeyPath, patterns: KeyPath[]): boolean {
  return patterns.some(
    (pattern) =>
      pattern[pattern.length - 1] === "*" &&
      path.length >= pattern.length &&
      matches(pattern.slice(0, -1), path.slice(0, pattern.length - 1)),
  );
}

/** Every key path of a JSON value (lists: the union over their items). */
export function keyPathsOf(value: Json | undefined, prefix: KeyPath = []): KeyPath[] {
  const paths: KeyPath[] = [];
  if (Array.isArray(value)) {
    if (value.length > 0) paths.push([...prefix, "[]"]);
    const seen = new Set<string>();
    for (const item of value) {
      for (const path of keyPathsOf(item, [...prefix, "[]"])) {
        if (!seen.has(JSON.stringify(path))) {
          seen.add(JSON.stringify(path));
          paths.push(path);
        }
      }
    }
  } else if (typeof value === "object" && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      paths.push([...prefix, key], ...keyPathsOf(child, [...prefix, key]));
    }
  }
  return paths;
}

function jsonType(value: Json | undefined): string {
  if (value === undefined) return "absent";
  if (value === null) return "null";
  return Array.isArray(value) ? "array" : typeof value;
}

/**
 * The shape rule of suite (b), as a list of differences (empty: same shape):
 * 1. every key path of the real sample exists in the server's answer with the same JSON type; `null` in the sample
 *    matches anything, and lists are compared on their first items (when both have one);
 * 2. below a free-form map of `documented` (`config.*`) only the map itself is compared, since its keys depend on
 *    the object;
 * 3. the server answers no key path outside `documented` (an invented field).
 */
export function shapeDifferences(sample: Json, answer: Json | undefined, documented: string[]): string[] {
  const patterns = documented.map(parsePattern);
  const differences: string[] = [];
  const compare = (real: Json, local: Json | undefined, path: KeyPath): void => {
    if (real === null) return;
    const where = path.length === 0 ? "the answer" : `\`${showPath(path)}\``;
    if (jsonType(real) !== jsonType(local)) {
      differences.push(`${where}: the real API answers ${jsonType(real)}, the local server ${jsonType(local)}`);
      return;
    }
    if (path.length > 0 && isFreeForm([...path, "x"], patterns) && !Array.isArray(real)) return;
    if (Array.isArray(real) && Array.isArray(local)) {
      if (real.length > 0 && local.length > 0) compare(real[0] as Json, local[0], [...path, "[]"]);
      return;
    }
    if (typeof real === "object" && typeof local === "object" && local !== null && !Array.isArray(local)) {
      for (const [key, child] of Object.entries(real as Record<string, Json>)) {
        const childPath = [...path, key];
        if (!(key in local)) differences.push(`\`${showPath(childPath)}\`: missing from the local server's answer`);
        else compare(child, (local as Record<string, Json>)[key], childPath);
      }
    }
  };
  compare(sample, answer, []);
  for (const path of keyPathsOf(answer)) {
    if (!isCovered(path, documented)) {
      differences.push(`\`${showPath(path)}\`: answered by the local server, but not a field the evidence documents`);
    }
  }
  return differences;
}
