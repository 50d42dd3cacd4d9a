/**
 * The name in `names` closest to a mistyped `word` (for "did you mean"):
 * within two edits, or `word` a prefix of it; case-insensitive, as engines
 * resolve column and dataset names. `undefined` when nothing is close.
 */
export function closestName(word: string, names: readonly string[]): string | undefined {
  const typed = word.toLowerCase();
  let best: { readonly name: string; readonly distance: number } | undefined;
  for (const name of names) {
    const candidate = name.toLowerCase();
    const distance = candidate.startsWith(typed) && typed.length >= 2 ? 0 : editDistance(typed, candidate);
    if (distance <= 2 && (best === undefined || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}

/** Levenshtein distance, with a transposition counting as one edit ("rnu" → "run"). */
function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = d[i] as number[];
      const up = d[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min((up[j] as number) + 1, (row[j - 1] as number) + 1, (up[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j] as number, ((d[i - 2] as number[])[j - 2] as number) + 1);
    }
  }
  return (d[a.length] as number[])[b.length] as number;
}
