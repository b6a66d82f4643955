/**
 * `--max-time` used to be checked only between files: one huge file ran to its end. The edge now
 * hands the core a checkpoint that the reader, the model builder and the linter call inside their work.
 * The run's clock is a counter here, one millisecond a reading: where the deadline is checked, and
 * how much of the run it stops, are counted, not timed.
 */
import { strict as assert } from 'node:assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../support/temp';
import { runCli, type Run } from '../support/cli';

const BALANCERS = 100_000;

/** One run in this process with a clock that moves one millisecond each time it is read, and how often it was read. */
function counted(args: readonly string[], cwd: string): Run & { readonly reads: number } {
  let reads = 0;
  const run = runCli(args, { cwd, clock: () => reads++ });
  return { ...run, reads };
}

describe('security: --max-time inside one huge file', function () {
  this.timeout(300_000);

  it(`stops while analysing ${BALANCERS.toLocaleString('en-US')} balancers, well before the full run's end`, () => {
    const dir = tempDir('balancer-lens-max-time-');
    const lines: string[] = [];
    for (let i = 0; i < BALANCERS; i++) {
      lines.push(
        `<Proxy balancer://b${i}>\nBalancerMember http://10.0.${Math.floor(i / 250) % 250}.${(i % 250) + 1}:80\n</Proxy>\nProxyPass /p${i}/ balancer://b${i}/\nProxyPassReverse /p${i} balancer://b${i}/\n`,
      );
    }
    writeFileSync(join(dir, 'huge.conf'), lines.join(''));
    // A deadline never reached: the clock is read at every checkpoint of the whole run.
    const full = counted(['lint', '--format', 'compact', '--max-time', '600', 'huge.conf'], dir);
    assert.equal(full.status, 0, full.stderr);
    const stopped = counted(['lint', '--max-time', '0.5', 'huge.conf'], dir);
    console.log(`      checkpoints: full run ${full.reads}; --max-time 0.5 stopped at ${stopped.reads}`);
    assert.equal(stopped.status, 2);
    assert.equal(stopped.stderr, 'balancer-lens: --max-time 0.5 ran out while analysing huge.conf: stopped, and nothing is reported\n');
    // 0.5 s of this clock is 500 readings: the run stops at the first checkpoint past them, in its first half.
    assert.equal(stopped.reads, 502);
    assert.ok(full.reads > 2 * stopped.reads, `the full run reads the clock ${full.reads} times`);
  });
});
