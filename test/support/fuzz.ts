/**
 * The seed and the size of every randomised test. `npm test` is deterministic: every fast-check
 * property draws from FIXED_SEED, so one commit gets one verdict. The fuzz tier (`npm run fuzz`,
 * BALANCER_LENS_FUZZ=long) explores: it draws a fresh seed for the run and prints it.
 * BALANCER_LENS_FUZZ_SEED=N replays seed N in either tier; BALANCER_LENS_FUZZ_SCALE=N runs N times
 * the default tier's inputs. Importing this module sets fast-check's global seed too, so a property
 * given no parameters draws from the same seed.
 */
import { randomInt } from 'node:crypto';
import fc from 'fast-check';

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
