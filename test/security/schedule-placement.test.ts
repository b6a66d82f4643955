/**
 * `schedule` places every refusal it lists at its line: once with a fresh line index of the whole
 * file per refusal, so 40,000 stray `</Proxy>` lines (360 KB) took 55 s where `lint` took 0.6 s.
 * The work is counted (test/support/work.ts), never timed: twice the stray lines, at most three
 * times the work (a line index per refusal: four times).
 */
import { strict as assert } from 'node:assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../support/temp';
import { runCli } from '../support/cli';
import { workCounter } from '../support/work';

const STRAY = 40_000;

describe('security: schedule with thousands of refusals', function () {
  this.timeout(300_000);

  it(`${STRAY.toLocaleString('en-US')} stray </Proxy> lines: schedule's work grows with them linearly`, async () => {
    const dir = tempDir('balancer-lens-stray-');
    const write = (name: string, stray: number): void =>
      writeFileSync(join(dir, name), `<Proxy balancer://a>\nBalancerMember http://10.0.0.1:80\n</Proxy>\n${'</Proxy>\n'.repeat(stray)}`);
    write('warm.conf', 100);
    write('half.conf', STRAY / 2);
    write('stray.conf', STRAY);
    const run = runCli(['schedule', '--format', 'json', 'stray.conf'], { cwd: dir });
    assert.equal(run.status, 1);
    assert.equal((JSON.parse(run.stdout) as { errors: unknown[] }).errors.length, STRAY);
    const counter = workCounter('test/support/work-targets.ts', 'cli');
    try {
      counter.count(['schedule', '--format', 'json', 'warm.conf'], dir);
      const half = counter.count(['schedule', '--format', 'json', 'half.conf'], dir);
      const whole = counter.count(['schedule', '--format', 'json', 'stray.conf'], dir);
      console.log(`      ${STRAY / 2} stray lines: ${half.work} units of work; ${STRAY}: ${whole.work}`);
      assert.ok(whole.work <= 3 * half.work, `${half.work} then ${whole.work}`);
    } finally {
      await counter.close();
    }
  });
});
