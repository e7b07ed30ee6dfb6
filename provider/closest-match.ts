/**
 * The did-you-mean of every message that names a key the provider does not know (an input, a connector setting,
 * a lookup's argument, a provider setting): the known key nearest by edit distance. A floor of its own, as
 * errors.ts and settings.ts are, so that every room of provider/ may use it.
 */

/**
 * The candidate closest to `word` by edit distance, when it is close enough to be a likely typo: within
 * `maxDistance` edits (two cover a slip or a swapped pair of letters; more suggests unrelated words).
 */
export function closestMatch(word: string, candidates: readonly string[], maxDistance = 2): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return bestDistance <= maxDistance ? best : undefined;
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
