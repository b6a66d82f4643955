/**
 * One wildcard Include matching many small files must cost what the same lines cost in one file:
 * template-syntax used to search on through every later file for each file (12,500 files 3.4 s,
 * 50,000 files 41 s). The work is counted (test/support/work.ts), never timed.
 */
import { strict as assert } from 'node:assert';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../support/temp';
import { workCounter } from '../support/work';

const FILES = 20_000;

/** One balancer, its member and its ProxyPass: the lines of one included file. */
function site(i: number): string {
  return `<Proxy balancer://b${i}>\nBalancerMember http://10.0.${Math.floor(i / 250)}.${(i % 250) + 1}:80\n</Proxy>\nProxyPass /p${i}/ balancer://b${i}/\nProxyPassReverse /p${i} balancer://b${i}/\n`;
}

describe('security: a wildcard Include of many files', function () {
  this.timeout(300_000);

  it(`${FILES.toLocaleString('en-US')} included files take less than 3× the work of the same lines in one file`, async () => {
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
    writeFileSync(join(dir, 'warm.conf'), site(0));
    const counter = workCounter('test/support/work-targets.ts', 'cli');
    try {
      counter.count(['lint', '--format', 'compact', 'warm.conf'], dir);
      const one = counter.count(['lint', '--format', 'compact', 'one.conf'], dir);
      const glob = counter.count(['lint', '--format', 'compact', '--max-includes', String(2 * FILES), 'main.conf'], dir);
      assert.equal((one.result as { status: number }).status, 0);
      assert.equal((glob.result as { status: number }).status, 0);
      console.log(
        `      one file: ${one.work} units of work; ${FILES} included files: ${glob.work} (${(glob.work / one.work).toFixed(1)}×)`,
      );
      assert.ok(glob.work < 3 * one.work, `the include did ${(glob.work / one.work).toFixed(1)}× the single file's work`);
    } finally {
      await counter.close();
    }
  });
});
