/**
 * The official Terraform provider's releases, and which of them had an attribute: written as ranges of an
 * ordered list (`2.0.0–2.1.3, 3.0.0-beta.1–3.0.0-beta.21`), read back as sets. Shared by the generators
 * (scripts/parity) and `from-terraform`, which names the release a state looks written by.
 */

/** `2.1.10` after `2.1.9`; `3.0.0-beta.10` after `3.0.0-beta.9`; a beta before its release. */
export function compareVersions(a: string, b: string): number {
  const parse = (version: string) => {
    const [core, pre] = version.split("-");
    const numbers = core.split(".").map(Number);
    const beta = pre === undefined ? Number.POSITIVE_INFINITY : Number(pre.replace(/^\D+/, ""));
    return [...numbers, beta];
  };
  const [x, y] = [parse(a), parse(b)];
  for (let at = 0; at < Math.max(x.length, y.length); at++) {
    const difference = (x[at] ?? 0) - (y[at] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** The versions `among` as ranges of consecutive releases of `all` (ordered): `2.0.0–2.1.3, 3.0.0-beta.4`. */
export function rangesOf(among: readonly string[], all: readonly string[]): string {
  const wanted = new Set(among);
  const ranges: string[] = [];
  let start: string | undefined;
  let last: string | undefined;
  for (const version of [...all, undefined]) {
    if (version !== undefined && wanted.has(version)) {
      start ??= version;
      last = version;
      continue;
    }
    if (start !== undefined) ranges.push(start === last ? start : `${start}–${last}`);
    start = undefined;
  }
  return ranges.join(", ");
}

/** The releases of `all` that `ranges` (as rangesOf writes them) names. */
export function versionsIn(ranges: string, all: readonly string[]): Set<string> {
  const found = new Set<string>();
  for (const range of ranges.split(",").map((part) => part.trim())) {
    if (range === "") continue;
    const [from, to = from] = range.split("–");
    const [start, end] = [all.indexOf(from), all.indexOf(to)];
    if (start < 0 || end < start) continue;
    all.slice(start, end + 1).forEach((version) => found.add(version));
  }
  return found;
}
