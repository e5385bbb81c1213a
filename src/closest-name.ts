/**
 * The candidate a misspelt name most likely meant: the nearest by edit distance (insertions,
 * deletions, substitutions, letter case ignored), when at most a third of the name's letters (and at
 * least 2) differ; `undefined` when none is that near. Names longer than 64 characters get no
 * suggestion, so the work stays small whatever a caller passes.
 *
 * @param name - the name given, e.g. `"linkParam"`
 * @param candidates - the valid names
 * @example
 * ```ts
 * closestName("linkParam", ["linkParams", "template"]); // "linkParams"
 * ```
 */
export function closestName(name: string, candidates: readonly string[]): string | undefined {
  if (name.length > 64) return undefined;
  const limit = Math.max(2, Math.floor(name.length / 3));
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const candidate of candidates) {
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** Levenshtein distance, one row at a time. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      row.push(Math.min((previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, substitution));
    }
    previous = row;
  }
  return previous[b.length] ?? 0;
}
