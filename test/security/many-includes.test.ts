/**
 * One wildcard Include matching many small files must cost what the same lines cost in one file:
 * template-syntax used to search on through every later file for each file (12,500 files 3.4 s,
 * 50,000 files 41 s). Compared as a ratio with a generous margin, never as an absolute time.
 */
import { strict as assert } from 'node:assert';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../support/temp';
import { spawnCli } from '../support/cli';

const FILES = 20_000;

/** One balancer, its member and its ProxyPass: the lines of one included file. */
function site(i: number): string {
  return `<Proxy balancer://b${i}>\nBalancerMember http://10.0.${Math.floor(i / 250)}.${(i % 250) + 1}:80\n</Proxy>\nProxyPass /p${i}/ balancer://b${i}/\nProxyPassReverse /p${i} balancer://b${i}/\n`;
}

/** The wall time of one run, in milliseconds, and its exit code. */
function timed(args: readonly string[], cwd: string): { ms: number; status: number | null } {
  const start = process.hrtime.bigint();
  const run = spawnCli(args, { cwd, timeoutMs: 120_000 });
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, status: run.status };
}

describe('security: a wildcard Include of many files', function () {
  this.timeout(300_000);

  it(`${FILES.toLocaleString('en-US')} included files take less than 5× the same lines in one file`, () => {
    const dir = tempDir('balancer-lens-many-');
    mkdirSync(join(dir, 'sites'));
    const sites: string[] = [];
    for (let i = 0; i < FILES; i++) {
      const text = site(i);
      sites.push(text);
      writeFileSync(join(dir, 'sites', `s${String(i).padStart(6, '0')}.conf`), text);
    }
    writeFileSync(join(dir, 'one.conf'), sites.join(''));
    writeFileSync(join(dir, 'main.conf'), 'Include sites/*.conf\n');
    const one = timed(['lint', '--format', 'compact', 'one.conf'], dir);
    const glob = timed(['lint', '--format', 'compact', '--max-includes', String(2 * FILES), 'main.conf'], dir);
    assert.equal(one.status, 0);
    assert.equal(glob.status, 0);
    console.log(
      `      one file: ${Math.round(one.ms)} ms; ${FILES} included files: ${Math.round(glob.ms)} ms (${(glob.ms / one.ms).toFixed(1)}×)`,
    );
    assert.ok(glob.ms < 5 * one.ms, `the include took ${(glob.ms / one.ms).toFixed(1)}× the single file`);
  });
});
