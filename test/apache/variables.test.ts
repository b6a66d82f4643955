// An undefined ${W} in a value, on a real Apache: refused when Apache's environment lacks W, accepted
// when it sets W; `lint` and `schedule` agree with each other in both cases (a warning and a schedule
// when the environment is unknown, an error and a refusal when an env file gives all of it, nothing
// when the env file sets W). docs/apache-semantics.md, ap_resolve_env.
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runCli } from '../support/cli';
import { assertApacheInstalled, baseConfigLines, cleanAfterEach, freePort, runConfigTest } from './harness';

const REFUSAL = 'BalancerMember LoadFactor must be a number between 1..100';

/** Each configuration uses `${BL_W}`, which no Define sets before the use. */
const CASES: readonly (readonly [title: string, fragment: string])[] = [
  ['no Define', ''],
  ['Define BL_W with no value', 'Define BL_W'],
  ['UnDefine BL_W before the use', 'Define BL_W 3\nUnDefine BL_W'],
];

describe('real Apache: an undefined ${VAR} in a value', function () {
  const perTest = cleanAfterEach();
  before(() => assertApacheInstalled());

  for (const [title, before] of CASES) {
    it(`${title}: refused without BL_W in Apache's environment, accepted with it; lint and schedule agree`, async () => {
      const dir = await perTest.scratch();
      await mkdir(join(dir, 'run'));
      const file = join(dir, 'httpd.conf');
      const fragment = [
        before,
        '<Proxy "balancer://t">',
        '    BalancerMember "http://127.0.0.1:9" loadfactor=${BL_W}',
        '</Proxy>',
        'ProxyPass "/" "balancer://t/"',
        'ProxyPassReverse "/" "balancer://t/"',
      ].join('\n');
      await writeFile(file, `${[...baseConfigLines(dir, await freePort()), fragment, ''].join('\n')}\n`);
      const environment = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'BL_W'));
      const unset = await runConfigTest(file, { env: environment });
      assert.notEqual(unset.status, 0, unset.output);
      assert.ok(unset.output.includes(REFUSAL) && unset.output.includes('AH00111: Config variable ${BL_W} is not defined'), unset.output);
      const set = await runConfigTest(file, { env: { ...environment, BL_W: '5' } });
      assert.equal(set.status, 0, set.output);

      // Environment unknown: a warning, and a schedule with a note on stderr.
      const lintUnknown = runCli(['lint', file, '--format', 'compact']);
      assert.equal(lintUnknown.status, 0, lintUnknown.stdout);
      assert.match(
        lintUnknown.stdout,
        /warning: this value is refused if "\$\{BL_W\}" is unset in Apache's environment.*\[refused-if-unset\]/,
      );
      const scheduleUnknown = runCli(['schedule', file]);
      assert.equal(scheduleUnknown.status, 0, scheduleUnknown.stderr);
      assert.match(scheduleUnknown.stderr, /refused-if-unset|is refused if "\$\{BL_W\}" is unset/);

      // The environment given whole without BL_W: Apache refuses, and so do lint and schedule.
      const without = join(dir, 'envvars-without');
      await writeFile(without, 'export LANG=C\n');
      // stylish prints Apache's words on the line under the finding.
      const lintWithout = runCli(['lint', file, '--env-file', without, '--format', 'stylish']);
      assert.equal(lintWithout.status, 1, lintWithout.stdout);
      assert.ok(lintWithout.stdout.includes(REFUSAL), lintWithout.stdout);
      const scheduleWithout = runCli(['schedule', file, '--env-file', without, '--format', 'json']);
      assert.equal(scheduleWithout.status, 1, scheduleWithout.stderr);
      assert.notEqual(JSON.parse(scheduleWithout.stdout).balancers[0].refused, null);

      // The environment given whole with BL_W=5: Apache accepts, and lint and schedule see loadfactor 5.
      const withW = join(dir, 'envvars-with');
      await writeFile(withW, 'export BL_W=5\n');
      const lintWith = runCli(['lint', file, '--env-file', withW, '--format', 'compact']);
      assert.equal(lintWith.status, 0, lintWith.stdout);
      assert.doesNotMatch(lintWith.stdout, /error|warning/);
      const scheduleWith = runCli(['schedule', file, '--env-file', withW, '--format', 'json']);
      assert.equal(scheduleWith.status, 0, scheduleWith.stderr);
      assert.equal(JSON.parse(scheduleWith.stdout).balancers[0].members[0].lbfactor, 500);
    });
  }
});
