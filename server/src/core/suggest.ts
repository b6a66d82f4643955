/** Did-you-mean: the nearest of some names to a word, by edit distance. Apart from the directive table, so a CLI usage error loads none of it. */
import { asciiLower } from './ascii';

/** The closest of `candidates` to `word` (case-insensitive; returned as spelled in `candidates`), or undefined. */
export function suggestFrom(word: string, candidates: readonly string[]): string | undefined {
  const index = closestIndex(asciiLower(word), candidates.map(asciiLower));
  return index === undefined ? undefined : candidates[index];
}

/**
 * The most edits a suggestion may be away from a word of `length` characters. Short words get one
 * typo, longer ones up to three; 8–10 characters already get three so `lbfactor` reaches
 * `loadfactor` (insert "oa", b→d). Never as many edits as the word has characters, so a
 * suggestion is never a complete rewrite (`X` suggests nothing).
 */
function maxDistance(length: number): number {
  const limit = length <= 4 ? 1 : length <= 7 ? 2 : 3;
  return Math.min(limit, length - 1);
}

/**
 * Index of the candidate nearest to `word` (both lower-cased) within `maxDistance`; ties go to the
 * earliest candidate, because only a strictly smaller distance replaces the best so far.
 */
export function closestIndex(word: string, candidates: readonly string[]): number | undefined {
  let bestIndex: number | undefined;
  let limit = maxDistance(word.length);
  for (let i = 0; i < candidates.length && limit >= 0; i++) {
    const candidate = candidates[i]!;
    // Each character of length difference costs at least one insertion or deletion.
    if (Math.abs(candidate.length - word.length) > limit) continue;
    const distance = editDistance(word, candidate, limit);
    if (distance <= limit) {
      bestIndex = i;
      limit = distance - 1; // from now on, only strictly closer candidates win
    }
  }
  return bestIndex;
}

/**
 * Damerau-Levenshtein distance in its optimal-string-alignment form (insert, delete, substitute,
 * swap two adjacent characters; no substring edited twice). Returns `limit + 1` as soon as the
 * distance is known to exceed `limit`, so scanning a few hundred names stays cheap.
 */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  // Three rolling rows of the (a.length + 1) × (b.length + 1) table: i - 2, i - 1 and i.
  // (Filled by a plain loop: Array.from with a callback doubled the cost of a whole suggestion.)
  const width = b.length + 1;
  let before: number[] = new Array<number>(width);
  let previous: number[] = new Array<number>(width);
  let current: number[] = new Array<number>(width);
  for (let j = 0; j < width; j++) {
    before[j] = 0;
    previous[j] = j;
    current[j] = 0;
  }
  for (let i = 1; i <= a.length; i++) {
    const ai = a.charCodeAt(i - 1);
    const aPrev = i > 1 ? a.charCodeAt(i - 2) : -1;
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const bj = b.charCodeAt(j - 1);
      let value = previous[j - 1]! + (ai === bj ? 0 : 1);
      const deletion = previous[j]! + 1;
      if (deletion < value) value = deletion;
      const insertion = current[j - 1]! + 1;
      if (insertion < value) value = insertion;
      if (j > 1 && ai === b.charCodeAt(j - 2) && aPrev === bj) {
        const swap = before[j - 2]! + 1;
        if (swap < value) value = swap;
      }
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    // Row minima never decrease (a swap from row i - 2 costs at least the diagonal through row i - 1).
    if (rowMin > limit) return limit + 1;
    const spare = before;
    before = previous;
    previous = current;
    current = spare;
  }
  const distance = previous[b.length]!;
  return distance > limit ? limit + 1 : distance;
}
