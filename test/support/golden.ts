/** Golden files: expected outputs kept in the repository, refreshed only with an explicit UPDATE_GOLDEN=1. */
import * as assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** The folder of the CLI's golden outputs. */
export const GOLDEN = resolve(__dirname, '../golden');

/** Compares `actual` with the golden file `path` (relative to test/golden, or absolute); UPDATE_GOLDEN=1 rewrites it instead. */
export function checkGolden(path: string, actual: string): void {
  const file = resolve(GOLDEN, path);
  if (process.env['UPDATE_GOLDEN'] === '1') {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, actual);
  }
  assert.equal(actual, readFileSync(file, 'utf8'), `${path} differs (UPDATE_GOLDEN=1 refreshes it after review)`);
}
