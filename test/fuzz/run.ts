/**
 * `npm run fuzz`: the long fuzz run for local use. Runs the fuzz, pathological and server-resilience
 * tests with BALANCER_LENS_FUZZ=long: ten times the CI inputs (about 120,000 texts and 10,000 edit
 * sequences) and the 50 MB lint. Extra arguments go to mocha (`npm run fuzz -- -g scheduler`);
 * BALANCER_LENS_FUZZ_SCALE=N sets the multiplier, BALANCER_LENS_FUZZ_SEED replays a seed.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '../..');
const mocha = require.resolve('mocha/bin/mocha.js');
const specs = ['test/unit/robustness/fuzz.test.ts', 'test/unit/robustness/pathological.test.ts', 'test/unit/lsp/lsp-resilience.test.ts'];
const result = spawnSync(
  process.execPath,
  [mocha, '--no-config', '--require', 'tsx/cjs', '--reporter', 'spec', '--timeout', '0', ...specs, ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, BALANCER_LENS_FUZZ: 'long' },
  },
);
process.exitCode = result.status ?? 1;
