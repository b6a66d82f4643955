/**
 * `schedule` places every refusal it lists at its line: once with a fresh line index of the whole
 * file per refusal, so 40,000 stray `</Proxy>` lines (360 KB) took 55 s where `lint` took 0.6 s.
 * Compared as a ratio with a generous margin, never as an absolute time.
 */
import { strict as assert } from 'node:assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../support/temp';
import { spawnCli } from '../support/cli';

const STRAY = 40_000;

function timed(args: readonly string[], cwd: string): { ms: number; status: number | null; stdout: string } {
  const start = process.hrtime.bigint();
  const run = spawnCli(args, { cwd, timeoutMs: 120_000, maxOutput: 64 * 1024 * 1024 });
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, status: run.status, stdout: run.stdout };
}

describe('security: schedule with thousands of refusals', function () {
  this.timeout(300_000);

  it(`${STRAY.toLocaleString('en-US')} stray </Proxy> lines: schedule takes less than 5× what lint takes`, () => {
    const dir = tempDir('balancer-lens-stray-');
    writeFileSync(
      join(dir, 'stray.conf'),
      `<Proxy balancer://a>\nBalancerMember http://10.0.0.1:80\n</Proxy>\n${'</Proxy>\n'.repeat(STRAY)}`,
    );
    const lint = timed(['lint', '--format', 'compact', 'stray.conf'], dir);
    const schedule = timed(['schedule', '--format', 'json', 'stray.conf'], dir);
    assert.equal(lint.status, 1);
    assert.equal(schedule.status, 1);
    assert.equal((JSON.parse(schedule.stdout) as { errors: unknown[] }).errors.length, STRAY);
    console.log(`      lint: ${Math.round(lint.ms)} ms; schedule: ${Math.round(schedule.ms)} ms (${(schedule.ms / lint.ms).toFixed(1)}×)`);
    assert.ok(schedule.ms < 5 * lint.ms, `schedule took ${(schedule.ms / lint.ms).toFixed(1)}× lint`);
  });
});
