/**
 * `--max-time` used to be checked only between files: one huge file ran to its end. The edge now
 * hands the core a checkpoint that the reader, the model builder and the linter call inside their work.
 */
import { strict as assert } from 'node:assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../support/temp';
import { spawnCli } from '../support/cli';

const BALANCERS = 100_000;

/** The wall time of one run in milliseconds, with what it printed. */
function timed(args: readonly string[], cwd: string): { ms: number; status: number | null; stderr: string } {
  const start = process.hrtime.bigint();
  const run = spawnCli(args, { cwd, timeoutMs: 120_000 });
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, status: run.status, stderr: run.stderr };
}

describe('security: --max-time inside one huge file', function () {
  this.timeout(300_000);

  it(`stops while analysing ${BALANCERS.toLocaleString('en-US')} balancers, in well under the full run's time`, () => {
    const dir = tempDir('balancer-lens-max-time-');
    const lines: string[] = [];
    for (let i = 0; i < BALANCERS; i++) {
      lines.push(
        `<Proxy balancer://b${i}>\nBalancerMember http://10.0.${Math.floor(i / 250) % 250}.${(i % 250) + 1}:80\n</Proxy>\nProxyPass /p${i}/ balancer://b${i}/\nProxyPassReverse /p${i} balancer://b${i}/\n`,
      );
    }
    writeFileSync(join(dir, 'huge.conf'), lines.join(''));
    const full = timed(['lint', '--format', 'compact', 'huge.conf'], dir);
    assert.equal(full.status, 0, full.stderr);
    const stopped = timed(['lint', '--max-time', '0.5', 'huge.conf'], dir);
    console.log(`      full run: ${Math.round(full.ms)} ms; --max-time 0.5: ${Math.round(stopped.ms)} ms`);
    assert.equal(stopped.status, 2);
    assert.equal(stopped.stderr, 'balancer-lens: --max-time 0.5 ran out while analysing huge.conf: stopped, and nothing is reported\n');
    assert.ok(stopped.ms < full.ms / 2, `--max-time 0.5 took ${Math.round(stopped.ms)} ms of the full run's ${Math.round(full.ms)} ms`);
  });
});
