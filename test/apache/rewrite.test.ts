// mod_rewrite's negated patterns capture nothing (rewrite-negated-backreference): a real Apache
// proxies `$1` after a negated pattern as an empty string, exactly as the warning says, and
// forwards the path with %{REQUEST_URI}, the fix the rule offers.
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { analyze } from '../../server/src/core/analysis';
import { lint } from '../../server/src/core/lint';
import { assertApacheInstalled, BackendPool, cleanAfterEach, fillPlaceholders, httpGet, startApache, startBackends } from './harness';

const REWRITE: readonly (readonly [string, string])[] = [['rewrite_module', 'mod_rewrite.so']];

/** A balancer of one member, everything but /static/ proxied to it by a negated RewriteRule. */
const fragment = (substitution: string): string =>
  [
    '<Proxy "balancer://t">',
    '    BalancerMember "http://{a}"',
    '</Proxy>',
    'ProxyPass "/static/" "!"',
    'RewriteEngine On',
    `RewriteRule "!^/(static/.*)" "${substitution}" [P,L]`,
  ].join('\n');

describe('RewriteRule with a negated pattern, on a real Apache', function () {
  let pool: BackendPool | undefined;
  const perTest = cleanAfterEach();

  before(async () => {
    assertApacheInstalled();
    pool = await startBackends(['a']);
  });
  after(async () => pool?.close());

  const cases: readonly [substitution: string, path: string, warned: boolean][] = [
    ['balancer://t/$1', '/', true],
    ['balancer://t%{REQUEST_URI}', '/shop/cart', false],
  ];
  for (const [substitution, path, warned] of cases) {
    it(`${substitution}: the backend sees ${path} for /shop/cart, and the rule ${warned ? 'warns' : 'is silent'}`, async () => {
      const scratchDir = await perTest.scratch();
      const file = join(scratchDir, 'balancer.conf');
      await writeFile(file, `${fillPlaceholders(fragment(substitution), pool!.backends)}\n`);
      const findings = lint(analyze(await readFile(file, 'utf8'), { epochSeconds: 0 })).filter(
        (finding) => finding.ruleId === 'rewrite-negated-backreference',
      );
      assert.equal(findings.length, warned ? 1 : 0);
      const apache = perTest.stopAfter(await startApache(scratchDir, file, REWRITE));
      assert.deepEqual(await httpGet(apache.port, '/shop/cart'), { status: 200, body: `a ${path}` });
    });
  }
});
