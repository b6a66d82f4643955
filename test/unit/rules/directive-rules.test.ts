import * as assert from 'node:assert/strict';
import { analyze } from '../../../server/src/core/analysis';
import { lint } from '../../../server/src/core/lint';
import type { Span } from '../../../server/src/core/syntax/lines';
import { show, unmark } from '../../support/markers';

// The rules for what Apache refuses about directives themselves (unknown, misplaced, bad
// arguments) and two refusals the config-test suite (test/apache/config-test.test.ts) found we
// missed. Each expectation here was checked with `apache2 -t` (Apache/2.4.71, Debian).

/** Asserts that `ruleId` flags exactly the marked spans of `marked`. */
function checkRule(ruleId: string, marked: string): void {
  const { text, spans } = unmark(marked);
  const found = lint(analyze(text, { epochSeconds: 1_800_000_000 })).filter((diagnostic) => diagnostic.ruleId === ruleId);
  const format = (span: Span): string => `${span.start}:[[${text.slice(span.start, span.end)}]]`;
  assert.deepEqual(found.map((diagnostic) => format(diagnostic.span)), spans.map(format), found.map((diagnostic) => diagnostic.message).join('\n'));
}

const M = '/usr/lib/apache2/modules';
/** A complete configuration's module lines: an MPM and the standard proxy modules, no Include. */
const COMPLETE = [
  `LoadModule mpm_event_module ${M}/mod_mpm_event.so`,
  `LoadModule proxy_module ${M}/mod_proxy.so`,
  `LoadModule proxy_balancer_module ${M}/mod_proxy_balancer.so`,
  `LoadModule slotmem_shm_module ${M}/mod_slotmem_shm.so`,
  `LoadModule lbmethod_byrequests_module ${M}/mod_lbmethod_byrequests.so`,
  '',
].join('\n');

const CASES: readonly (readonly [ruleId: string, marked: string])[] = [
  // unknown-directive: in a fragment only near misses of a manual directive (a third-party module may define the rest).
  ['unknown-directive', '[[ProdyPassReverse]] "/a/" "balancer://a/"'],
  ['unknown-directive', 'WSGIDaemonProcess app'],
  ['unknown-directive', '<IfModule !proxy_module>\nProdyPass x\n</IfModule>'],
  ['unknown-directive', 'balancermember balancer://a http://h\n"ProxyPass" /x balancer://a/'],
  ['unknown-directive', '<Proxy balancer://a>\n[[<Proxi]] x>\n</Proxi>\n</Proxy>'],
  // … with a complete, standard module set, every unlisted name and every directive of a module not loaded.
  ['unknown-directive', `${COMPLETE}[[WSGIDaemonProcess]] app`],
  ['unknown-directive', `${COMPLETE}LoadModule wsgi_module ${M}/mod_wsgi.so\nWSGIDaemonProcess app`],
  ['unknown-directive', `${COMPLETE}[[MinSpareServers]] 1\nMaxRequestWorkers 10`],
  ['unknown-directive', 'MinSpareServers 1'],
  ['unknown-directive', '[[\uFEFFServerName]] localhost'],
  // misplaced-directive: server and virtual-host directives inside directory sections.
  ['misplaced-directive', '<Proxy balancer://a>\n    BalancerMember http://h\n    [[BalancerGrowth]] 3\n</Proxy>'],
  ['misplaced-directive', '<Proxy balancer://a>\n<IfModule proxy_module>\n[[BalancerPersist]] On\n</IfModule>\n</Proxy>'],
  ['misplaced-directive', '<Location /x>\n    [[<Proxy]] balancer://a>\n    </Proxy>\n</Location>'],
  ['misplaced-directive', '<If "true">\n    [[ProxyPassInherit]] Off\n</If>'],
  ['misplaced-directive', '<Proxy balancer://a>\n    SSLProxyEngine On\n</Proxy>\n<Location /x>\n    [[SSLProxyEngine]] On\n</Location>'],
  ['misplaced-directive', '<Location /x>\n    Define X 1\n    Include x.conf\n</Location>'],
  ['misplaced-directive', '<VirtualHost *:80>\n    [[<VirtualHost]] *:81>\n    </VirtualHost>\n</VirtualHost>'],
  ['misplaced-directive', '<VirtualHost *:80>\n    BalancerGrowth 3\n    <Proxy balancer://a>\n    </Proxy>\n</VirtualHost>'],
  // invalid-directive-argument.
  ['invalid-directive-argument', 'BalancerPersist [[yes]]\nBalancerInherit [[1]]\nProxyPassInherit OFF\nBalancerPersist on off'],
  ['invalid-directive-argument', '[[ProxyPassInherit]]'],
  ['invalid-directive-argument', 'BalancerGrowth [[1001]]\nBalancerGrowth [[-1]]\nBalancerGrowth abc\nBalancerGrowth 1000'],
  ['invalid-directive-argument', '[[BalancerGrowth]]\n[[BalancerGrowth 3 4]]\n[[BalancerGrowth ""]]'],
  // A member outside any section is includable only in a fragment, at its top level, with exactly one URL as Apache split it.
  ['member-needs-section', '[[BalancerMember http://h:1 route=a]]'],
  ['member-needs-section', `${COMPLETE}BalancerMember http://h:1`],
  ['member-syntax', `${COMPLETE}[[BalancerMember http://h:1]]`],
  ['member-syntax', '<VirtualHost *:80>\n[[BalancerMember http://h:1]]\n</VirtualHost>'],
  ['member-syntax', '<Proxy balancer://a>\n[[BalancerMember http://h:1\\\nloadfactor=2]]\n</Proxy>'],
  // Resolved variables are checked like any other text; unresolved ones are left alone (spec §1.2).
  ['zero-loadfactor', 'Define M "http://h:1 loadfactor=0"\nBalancerMember balancer://a [[${M}]]'],
  ['zero-loadfactor', 'BalancerMember balancer://a http://h:1 loadfactor=${NOPE}'],
  ['invalid-loadfactor', 'Define X 2\n<Proxy balancer://a>\nBalancerMember http://h:1 [[loadfactor=$${X}]]\n</Proxy>'],
  ['invalid-url', '<Proxy balancer://a>\nBalancerMember ${BACKEND}\n</Proxy>'],
];

describe('directive rules and the refusals the config-test suite found', () => {
  for (const [ruleId, marked] of CASES) it(`${ruleId}: ${show(marked)}`, () => checkRule(ruleId, marked));

  it('quotes Apache\'s escaped name for a byte order mark, and offers to remove it', () => {
    const [finding] = lint(analyze('\uFEFFServerName localhost', { epochSeconds: 0 })).filter((d) => d.ruleId === 'unknown-directive');
    assert.ok(finding?.message.includes("Invalid command '\\xef\\xbb\\xbfServerName'"), finding?.message);
    assert.deepEqual(finding?.fixes?.[0]?.edits, [{ span: { start: 0, end: 1 }, newText: '' }]);
    // Two marks: removing one would leave the name unknown, with the same finding.
    const [twice] = lint(analyze('\uFEFF\uFEFFServerName localhost', { epochSeconds: 0 })).filter((d) => d.ruleId === 'unknown-directive');
    assert.deepEqual(twice?.fixes?.[0]?.edits, [{ span: { start: 0, end: 2 }, newText: '' }]);
    // Further down, U+FEFF was typed or pasted: the fix is offered, not applied unattended.
    const [inside] = lint(analyze('ServerName localhost\n\uFEFFServerAdmin a@b', { epochSeconds: 0 })).filter((d) => d.ruleId === 'unknown-directive');
    assert.deepEqual([inside?.fixes?.[0]?.safe, twice?.fixes?.[0]?.safe], [false, true]);
  });

  it('names the section as Apache spells it', () => {
    const [finding] = lint(analyze('<location /x>\nbalancergrowth 3\n</location>', { epochSeconds: 0 })).filter((d) => d.ruleId === 'misplaced-directive');
    assert.ok(finding?.message.includes('"BalancerGrowth not allowed in <Location> context"'), finding?.message);
  });
});

describe('directives third-party modules define', () => {
  const quiet = ['JkOptions +ForwardKeySize', 'SecAction "id:1,pass"', 'PerlHandler My::Handler', 'WSGIDaemonProcess app', 'php_value memory_limit 64M', 'MaxClients 10', 'PassengerEnabled on'];
  for (const line of quiet) {
    it(`does not call "${line}" a typo in a fragment`, () => {
      assert.deepEqual(lint(analyze(`${line}\n`, { epochSeconds: 0 })).filter((d) => d.ruleId === 'unknown-directive'), []);
    });
  }
  it('names the 2.4 replacement of a removed 2.2 directive', () => {
    const [finding] = lint(analyze('LockFile /var/lock/accept.lock\n', { epochSeconds: 0 })).filter((d) => d.ruleId === 'unknown-directive');
    assert.match(finding!.message, /removed in Apache 2\.4: use Mutex/);
  });
});
