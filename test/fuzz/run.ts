/**
 * `npm run fuzz`: the fuzz tier, random exploration from a fresh seed (test/support/fuzz.ts). Runs
 * the fuzz, fix-fuzz, pathological and server-resilience tests with BALANCER_LENS_FUZZ=long: ten
 * times the default tier's inputs (about 190,000 texts and 10,000 edit sequences) and the 50 MB lint.
 * `--smoke` (`npm run fuzz:smoke`) is the bounded run CI makes: the default tier's input counts from
 * a fresh seed, without the pathological files. Other arguments go to mocha (`npm run fuzz -- -g
 * scheduler`); BALANCER_LENS_FUZZ_SCALE=N sets the multiplier, BALANCER_LENS_FUZZ_SEED replays a seed.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '../..');
const mocha = require.resolve('mocha/bin/mocha.js');
const smoke = process.argv.includes('--smoke');
const mochaArgs = process.argv.slice(2).filter((arg) => arg !== '--smoke');
const specs = [
  'test/unit/robustness/fuzz.test.ts',
  'test/security/fix-fuzz.test.ts',
  'test/unit/lsp/lsp-resilience.test.ts',
  ...(smoke ? [] : ['test/unit/robustness/pathological.test.ts']),
];
const result = spawnSync(
  process.execPath,
  [mocha, '--no-config', '--require', 'tsx/cjs', '--reporter', 'spec', '--timeout', '0', ...specs, ...mochaArgs],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      BALANCER_LENS_FUZZ: 'long',
      ...(smoke ? { BALANCER_LENS_FUZZ_SCALE: process.env['BALANCER_LENS_FUZZ_SCALE'] ?? '1' } : {}),
    },
  },
);
if (result.status !== 0) {
  console.error(
    `fuzz: a test failed. The run's seed is on its first line, and a failed property prints it with its shrunk counterexample:\n` +
      `BALANCER_LENS_FUZZ_SEED=<seed> npm run ${smoke ? 'fuzz:smoke' : 'fuzz'} replays it. Fix the cause, and add the counterexample to the table of the rule or feature it broke (test/unit/rules/<id>.test.ts).`,
  );
}
process.exitCode = result.status ?? 1;
