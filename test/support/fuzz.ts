/**
 * The seed and the size of every randomised test. `npm test` is deterministic: every fast-check
 * property draws from FIXED_SEED, so one commit gets one verdict. The fuzz tier (`npm run fuzz`,
 * BALANCER_LENS_FUZZ=long) explores: it draws a fresh seed for the run and prints it.
 * BALANCER_LENS_FUZZ_SEED=N replays seed N in either tier; BALANCER_LENS_FUZZ_SCALE=N runs N times
 * the default tier's inputs. Importing this module sets fast-check's global seed too, so a property
 * given no parameters draws from the same seed.
 */
import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import fc from 'fast-check';
import { analyze, type AnalyzeOptions } from '../../server/src/core/analysis';
import { lint } from '../../server/src/core/lint';
import type { SyntaxTree } from '../../server/src/core/syntax/tree';

/** The default tier's seed: a constant, so that two runs of one commit draw the same inputs. */
export const FIXED_SEED = 33;

/** Whether this run explores (the fuzz tier) rather than checks (the default tier). */
export const isExploring = process.env['BALANCER_LENS_FUZZ'] === 'long';

/** How many times the default tier's inputs this run draws. */
export const FUZZ_SCALE = Number(process.env['BALANCER_LENS_FUZZ_SCALE'] ?? (isExploring ? 10 : 1));

function chooseSeed(): { seed: number; origin: string } {
  const replayed = process.env['BALANCER_LENS_FUZZ_SEED'];
  if (replayed !== undefined) {
    const seed = Number(replayed);
    // fast-check folds anything but a 32-bit integer into another seed (NaN into 0): the seed printed would not be the one drawn from.
    if (!Number.isInteger(seed) || seed !== (seed | 0)) throw new Error(`BALANCER_LENS_FUZZ_SEED=${replayed} is not a 32-bit integer`);
    return { seed, origin: 'replayed from BALANCER_LENS_FUZZ_SEED' };
  }
  return isExploring ? { seed: randomInt(2 ** 31), origin: 'fresh for this fuzz run' } : { seed: FIXED_SEED, origin: 'fixed' };
}

const chosen = chooseSeed();

/** The seed every property of this run draws from. */
export const FUZZ_SEED = chosen.seed;

fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: FUZZ_SEED });
console.log(`fast-check seed ${FUZZ_SEED} (${chosen.origin}); BALANCER_LENS_FUZZ_SEED=${FUZZ_SEED} replays it`);

/** The number of inputs for a property the default tier runs `count` times. */
export function fuzzCount(count: number): number {
  return Math.round(count * FUZZ_SCALE);
}

/** fast-check's parameters for a property the default tier runs `count` times: this run's seed and scale. */
export function fuzzRuns(count: number): fc.Parameters<unknown> {
  return { numRuns: fuzzCount(count), seed: FUZZ_SEED };
}

/** The golden ratio's fraction: its multiples spread evenly over [0, 1). */
const GOLDEN = (Math.sqrt(5) - 1) / 2;

/**
 * A drawn fraction of [0, 1) moved by a seed text's `index`. A test that runs one property per
 * text draws every text's edits from the same seed, so it would edit each at the same relative places.
 */
export function spread(fraction: number, index: number): number {
  return (fraction + index * GOLDEN) % 1;
}

/** The key `index` places after `key` in `keys`, for the same reason. */
export function rotated<T>(keys: readonly T[], key: T, index: number): T {
  return keys[(keys.indexOf(key) + index) % keys.length]!;
}

/** One keystroke in a stretch of a text: which stretch (`range`) and where in it (`at`) as drawn fractions, what it does, and its key. */
export interface RangeStroke {
  readonly range: number;
  readonly at: number;
  readonly kind: 'type' | 'delete' | 'overwrite';
  readonly key: string;
}

/** Strokes typing, deleting and overwriting `keys` (`kinds` weighs them by repeats). */
export function rangeStrokes(keys: readonly string[], kinds: readonly RangeStroke['kind'][]): fc.Arbitrary<RangeStroke> {
  return fc.record({
    range: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
    at: fc.double({ min: 0, max: 1, noNaN: true }),
    kind: fc.constantFrom(...kinds),
    key: fc.constantFrom(...keys),
  });
}

/**
 * The text after a stroke in one of `ranges` (`[start, end)` of `text`), moved by the seed text's
 * `index` (`spread`, `rotated`): its key typed before a character or at the range's end, or a
 * character deleted or overwritten; the same text when there is no range or nothing to delete.
 */
export function strokeIn(
  text: string,
  ranges: readonly (readonly [number, number])[],
  stroke: RangeStroke,
  keys: readonly string[],
  index: number,
): string {
  if (ranges.length === 0) return text;
  const { kind } = stroke;
  const key = rotated(keys, stroke.key, index);
  const [start, end] = ranges[Math.floor(spread(stroke.range, index) * ranges.length)]!;
  const offset = start + Math.floor(spread(stroke.at, index) * (end - start + (kind === 'type' ? 1 : 0)));
  if (kind === 'type') return text.slice(0, offset) + key + text.slice(offset);
  if (offset >= end && kind === 'delete') return text;
  return text.slice(0, offset) + (kind === 'overwrite' ? key : '') + text.slice(offset + 1);
}

/**
 * Edits each of `texts` with random strokes (`runs` sequences of up to eight), each edit read from
 * the tree before as the editor reads it, and asserts after each that lint says what a fresh
 * analysis says. `edit` gets the text's index to `spread` its strokes; `kept` tells the edits after
 * which the runner keeps findings (a value edit, a comment edit), counted with all edits.
 */
export function assertEditsLintAsFresh<S>(
  texts: readonly string[],
  stroke: fc.Arbitrary<S>,
  edit: (text: string, stroke: S, index: number) => string,
  kept: (tree: SyntaxTree) => boolean,
  options: AnalyzeOptions,
  runs: number,
): { edits: number; kept: number } {
  const counts = { edits: 0, kept: 0 };
  const dump = (text: string, previous?: SyntaxTree): { tree: SyntaxTree; lint: string } => {
    const analysis = analyze(text, options, previous);
    return { tree: analysis.tree, lint: JSON.stringify(lint(analysis)) };
  };
  texts.forEach((start, index) =>
    fc.assert(
      fc.property(fc.array(stroke, { minLength: 1, maxLength: 8 }), (strokes) => {
        let tree = dump(start).tree;
        let text = start;
        for (const each of strokes) {
          text = edit(text, each, index);
          const next = dump(text, tree);
          counts.edits++;
          if (kept(next.tree)) counts.kept++;
          assert.equal(next.lint, dump(text).lint, `after an edit giving ${JSON.stringify(text)}`);
          tree = next.tree;
        }
      }),
      fuzzRuns(runs),
    ),
  );
  return counts;
}
