/**
 * Work counted instead of timed. The core's bounded algorithms call a `checkpoint` every so many
 * steps (lines read, model steps, a regex machine's steps): the number of calls measures the work
 * done whatever the machine's load, where a clock would fail a correct build on a busy CI machine.
 */
import { strict as assert } from 'node:assert';

/** What `counted` gives back: the function's result and how many checkpoints it passed. */
export interface Counted<T> {
  readonly result: T;
  readonly checkpoints: number;
}

/**
 * Runs `work` with a checkpoint that counts its calls. Past `cap` calls it throws, so a test of
 * work gone exponential fails at once instead of running for minutes.
 */
export function counted<T>(work: (checkpoint: () => void) => T, cap = 100_000): Counted<T> {
  let checkpoints = 0;
  const result = work(() => {
    if (++checkpoints > cap) assert.fail(`more than ${cap} checkpoints: the work is not bounded`);
  });
  return { result, checkpoints };
}
