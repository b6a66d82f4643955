/**
 * Apache httpd 2.4 directives as the manual lists them: lookup by name, did-you-mean, and the
 * LoadModule identifier of the module that implements each one. The data is `./table.ts`,
 * generated from apache2-doc by `scripts/generate-directives.mjs`.
 */
import { DIRECTIVES } from './table';
import { asciiLower } from '../ascii';

/** One directive from the manual's quick reference. */
export interface DirectiveInfo {
  /** Canonical spelling; a section keeps its '<' (`<Proxy`), without the closing '>'. */
  readonly name: string;
  /** The module whose manual page documents it: `core`, `mod_proxy`, `mpm_common`, `prefork`, … */
  readonly module: string;
  /** Allowed contexts, in this order: s = server config, v = virtual host, d = directory, h = .htaccess, p = proxy section. */
  readonly contexts: string;
}

/** Lower-cased name → entry; a name documented by two modules (HeartbeatStorage) keeps the first in table order. */
const BY_NAME: ReadonlyMap<string, DirectiveInfo> = (() => {
  const map = new Map<string, DirectiveInfo>();
  for (const directive of DIRECTIVES) {
    const key = asciiLower(directive.name);
    if (!map.has(key)) map.set(key, directive);
  }
  return map;
})();

/** Every distinct directive name, lower-cased, in table order (the tie-break order for suggestions). */
const LOWER_NAMES: readonly string[] = [...BY_NAME.keys()];
const CANONICAL_NAMES: readonly string[] = [...BY_NAME.values()].map((directive) => directive.name);

/** Looks a directive up ASCII-case-insensitively, as httpd does; a section is looked up with its '<' (`<proxy`). */
export function findDirective(name: string): DirectiveInfo | undefined {
  return BY_NAME.get(asciiLower(name));
}

/** The closest known directive name to an unknown one (canonical spelling), or undefined when nothing is close enough. */
export function suggestDirective(name: string): string | undefined {
  const index = closestIndex(asciiLower(name), LOWER_NAMES);
  return index === undefined ? undefined : CANONICAL_NAMES[index];
}

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
function closestIndex(word: string, candidates: readonly string[]): number | undefined {
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

/**
 * Module identifiers that do not follow `mod_x` → `x_module`, as printed under "Module Identifier"
 * on each module's manual page. `mpm_common` is not a module: its page documents directives shared
 * by the MPMs, which the loaded MPM (or core) implements, so it has no identifier ('').
 */
const IRREGULAR_IDENTIFIERS: ReadonlyMap<string, string> = new Map([
  ['event', 'mpm_event_module'],
  ['prefork', 'mpm_prefork_module'],
  ['worker', 'mpm_worker_module'],
  ['mpmt_os2', 'mpm_mpmt_os2_module'],
  ['mod_nw_ssl', 'nwssl_module'],
  ['mpm_common', ''],
]);

/**
 * The identifier LoadModule and `<IfModule>` use for a module named as in the manual:
 * `mod_proxy_balancer` → `proxy_balancer_module`, `core` → `core_module`, `prefork` →
 * `mpm_prefork_module`, `mpm_winnt` → `mpm_winnt_module`; '' for `mpm_common` (see above).
 */
export function moduleIdentifier(module: string): string {
  const irregular = IRREGULAR_IDENTIFIERS.get(module);
  if (irregular !== undefined) return irregular;
  return `${module.startsWith('mod_') ? module.slice(4) : module}_module`;
}
