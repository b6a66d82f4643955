// Balancer names Apache accepts but cannot serve (docs/apache-semantics.md, Balancer names a request
// cannot reach): `apache2 -t` says Syntax OK, then proxy_balancer_canon reads the name's host part
// as a URL's netloc (ap_proxy_canon_netloc: user@ dropped, :port split off and range-checked, IPv6
// brackets removed) and looks the balancer up by what is left. Each case starts a real Apache,
// sends one request, and requires the linter's `unservable-balancer-name` finding exactly when the
// answer is not the balancer's own member, naming what the request got.
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { analyze } from '../../server/src/core/analysis';
import { lint } from '../../server/src/core/lint';
import { cleanAfterEach, fillPlaceholders, httpGet, runConfigTest, startApache, backendsForSuite } from './harness';

interface Case {
  /** The name after `balancer://`; its only member is backend a. */
  readonly name: string;
  /** What a request to it gets: a status, or the name of the backend that answered. */
  readonly gets: '500' | '400' | 'a' | 'b';
  /** A second balancer (member b) defined beside it, when the case needs one. */
  readonly beside?: string;
  /** Words the finding's message must contain. */
  readonly says?: string;
}

const CASES: readonly Case[] = [
  { name: 'app:8080', gets: '500', says: 'every request to balancer://app:8080 gets 500' },
  { name: 'a@b', gets: '500', says: 'every request to balancer://a@b gets 500' },
  { name: 'user:pw@app', gets: '500', says: 'gets 500' },
  { name: '[::1]', gets: '500', says: 'gets 500' },
  { name: 'x:0', gets: '400', says: 'every request to balancer://x:0 gets 400' },
  { name: 'x:70000', gets: '400', says: 'gets 400' },
  { name: '8080', gets: '400', says: 'gets 400' },
  { name: 'two:81', gets: 'b', beside: 'two', says: 'requests to balancer://two:81 go to balancer://two' },
  { name: 'a@two', gets: 'b', beside: 'two', says: 'go to balancer://two' },
  // Served by their own members: the port must be digits, and a name is lower-cased both ways.
  { name: 'app', gets: 'a' },
  { name: 'app:x', gets: 'a' },
  { name: 'App-1.example', gets: 'a' },
  { name: 'a%41', gets: 'a' },
];

describe('real Apache: balancer names Apache accepts but a request cannot reach', function () {
  const perTest = cleanAfterEach();
  const backends = backendsForSuite(['a', 'b']);

  for (const test of CASES) {
    it(`balancer://${test.name}${test.beside ? ` beside balancer://${test.beside}` : ''}: ${test.gets}`, async () => {
      const dir = await perTest.scratch();
      const fragment = join(dir, 'balancer.conf');
      const lines = [`<Proxy "balancer://${test.name}">`, '    BalancerMember http://{a}', '</Proxy>'];
      if (test.beside) lines.push(`<Proxy "balancer://${test.beside}">`, '    BalancerMember http://{b}', '</Proxy>');
      lines.push(`ProxyPass "/" "balancer://${test.name}/"`, '');
      await writeFile(fragment, fillPlaceholders(lines.join('\n'), backends().backends));
      const apache = perTest.stopAfter(await startApache(dir, fragment));
      const config = join(dir, 'httpd.conf');
      assert.equal((await runConfigTest(config)).status, 0, 'apache2 -t accepts it');
      const { status, body } = await httpGet(apache.port, '/probe');
      const observed = status === 200 ? body.split(' ')[0]! : String(status);
      assert.equal(observed, test.gets);

      const findings = lint(analyze(await readFile(fragment, 'utf8'), { epochSeconds: 0 })).filter(
        (finding) => finding.ruleId === 'unservable-balancer-name',
      );
      if (test.says === undefined) assert.deepEqual(findings, []);
      else {
        assert.equal(findings.length, 1, JSON.stringify(findings));
        assert.equal(findings[0]!.severity, 'warning');
        assert.ok(findings[0]!.message.includes(test.says), findings[0]!.message);
      }
    });
  }
});
