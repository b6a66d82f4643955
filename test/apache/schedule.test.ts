// Our `schedule` preview against a real Apache httpd: for each scenario, a fresh Apache serves
// sequential requests through `balancer://t` and every pick must match the tool's, in order.
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { FUZZ_SEED, fuzzCount } from '../support/fuzz';
import {
  Backend,
  PerTest,
  Pick,
  cleanAfterEach,
  fillPlaceholders,
  pickOfUrl,
  requestPicks,
  startApache,
  backendsForSuite,
} from './harness';
import { ScheduledBalancer, runSchedule } from './scheduleCli';

const BALANCER = 'balancer://t';
const BACKEND_NAMES = ['a', 'b', 'c', 'd', 'e'];
/** Two cycles are requested, but never more than this: long cycles are compared as a prefix. */
const MAX_REQUESTS = 200;
/** Requests sent when the tool reports no cycle (nothing is servable: every answer is 503). */
const REQUESTS_WITHOUT_CYCLE = 6;

/** A title and an Apache config fragment; `{a}` … `{e}` stand for the backends' `127.0.0.1:PORT`. */
type Scenario = readonly [title: string, config: string];

/** Config lines, as written. */
const lines = (...text: string[]): string => text.join('\n');
/** A `<Proxy "balancer://t">` section with one BalancerMember line per argument. */
const proxy = (...members: string[]): string =>
  lines('<Proxy "balancer://t">', ...members.map((member) => `  BalancerMember ${member}`), '</Proxy>');

const scenarios: readonly Scenario[] = [
  // Integer weights (docs/apache-semantics.md, find_best_byrequests) and ties.
  ['loadfactor 70/30 (the manual table)', proxy('http://{a} loadfactor=70', 'http://{b} loadfactor=30')],
  ['loadfactor 1/4/1', proxy('http://{a} loadfactor=1', 'http://{b} loadfactor=4', 'http://{c} loadfactor=1')],
  ['loadfactor 1/1/1/2 (not the source comment order)', proxy('http://{a}', 'http://{b}', 'http://{c}', 'http://{d} loadfactor=2')],
  [
    'loadfactor 25×4 with b disabled (the manual table)',
    proxy('http://{a} loadfactor=25', 'http://{b} loadfactor=25 status=+D', 'http://{c} loadfactor=25', 'http://{d} loadfactor=25'),
  ],
  ['loadfactor 5/1/1', proxy('http://{a} loadfactor=5', 'http://{b} loadfactor=1', 'http://{c} loadfactor=1')],
  ['default loadfactors tie: config order breaks them', proxy('http://{a}', 'http://{b}', 'http://{c}')],
  ['ties between explicit weights 3/3/2', proxy('http://{a} loadfactor=3', 'http://{b} loadfactor=3', 'http://{c} loadfactor=2')],
  ['a single member', proxy('http://{a} loadfactor=7')],
  // Decimal weights: trunc(strtod(x) * 100) in IEEE double (docs/apache-semantics.md, set_worker_param).
  ['decimal 1.5 vs 1', proxy('http://{a} loadfactor=1.5', 'http://{b}')],
  ['decimal 1.15 vs 2.3 truncate to 114:229 (cycle 343, prefix)', proxy('http://{a} loadfactor=1.15', 'http://{b} loadfactor=2.3')],
  [
    'decimal 4.35 truncates to 434 (cycle 367, prefix)',
    proxy('http://{a} loadfactor=4.35', 'http://{b} loadfactor=1', 'http://{c} loadfactor=2'),
  ],
  ['decimal 33.3 vs 1 (cycle 3429, prefix)', proxy('http://{a} loadfactor=33.3', 'http://{b} loadfactor=1')],
  ['decimal 1.005 is stored as 100', proxy('http://{a} loadfactor=1.005', 'http://{b} loadfactor=2')],
  ['decimal 100.009 is stored as 10000', proxy('http://{a} loadfactor=1', 'http://{b} loadfactor=100.009')],
  ['decimals 2.25 and 12.5 are exact', proxy('http://{a} loadfactor=2.25', 'http://{b} loadfactor=12.5')],
  // strtod spellings.
  ['hex 0x10 vs 4', proxy('http://{a} loadfactor=4', 'http://{b} loadfactor=0x10')],
  ['hex float 0x1p2 vs 1', proxy('http://{a} loadfactor=1', 'http://{b} loadfactor=0x1p2')],
  ['exponents 1e1 vs .5e1', proxy('http://{a} loadfactor=.5e1', 'http://{b} loadfactor=1e1')],
  ['junk suffix: 2abc is 2', proxy('http://{a} loadfactor=1', 'http://{b} loadfactor=2abc')],
  ['a comma ends the number: 1,5 is 1', proxy('http://{a} loadfactor=1,5', 'http://{b} loadfactor=2')],
  ['explicit sign and leading zeros: +2 vs 003', proxy('http://{a} loadfactor=+2', 'http://{b} loadfactor=003')],
  ['a quoted whole word "loadfactor=3"', proxy('http://{a} "loadfactor=3"', 'http://{b}')],
  ['loadfactor=abc LoadFactor=2: the last wins, the first is never checked', proxy('http://{a} loadfactor=abc LoadFactor=2', 'http://{b}')],
  ['parameter keys are case-insensitive', proxy('http://{a} LOADFACTOR=3', 'http://{b} LoadFactor=2')],
  ['parameters may precede the URL', proxy('loadfactor=3 http://{a}', 'http://{b}')],
  // Status flags (docs/apache-semantics.md, ap_proxy_set_wstatus).
  ['+D takes a member out', proxy('http://{a}', 'http://{b} status=+D loadfactor=5', 'http://{c} loadfactor=2')],
  ['+S takes a member out', proxy('http://{a} status=+S loadfactor=5', 'http://{b}', 'http://{c} loadfactor=2')],
  ['+N drains a member', proxy('http://{a} loadfactor=2', 'http://{b} status=+N', 'http://{c}')],
  ['+E is cleared on the first selection', proxy('http://{a} status=+E', 'http://{b} loadfactor=2')],
  ['+E with retry=2000000000 stays out', proxy('http://{a} status=+E retry=2000000000', 'http://{b}', 'http://{c} loadfactor=2')],
  ['+ES stays out: stopped blocks the retry', proxy('http://{a} status=+ES', 'http://{b}', 'http://{c} loadfactor=2')],
  ['all members +E: force recovery serves them', proxy('http://{a} status=+E', 'http://{b} status=+E loadfactor=2')],
  ['+C without mod_proxy_hcheck is out for good', proxy('http://{a} status=+C', 'http://{b}', 'http://{c}')],
  ['a spare replaces a member stuck in error', proxy('http://{a} status=+E retry=2000000000', 'http://{b}', 'http://{c} status=+R')],
  ['status letters are case-insensitive', proxy('http://{a} status=d', 'http://{b} status=h', 'http://{c} status=h loadfactor=2')],
  [
    'sign stickiness: status=DH-D leaves a plain standby',
    proxy('http://{a} status=DH-D', 'http://{b} status=+D', 'http://{c} status=+H loadfactor=2'),
  ],
  ['status=DH-DH clears both flags', proxy('http://{a} status=DH-DH loadfactor=2', 'http://{b}')],
  ['status=-D and an empty status= leave members plain', proxy('http://{a} status=-D', 'http://{b} status= loadfactor=2')],
  ['status=ID: I does not override D', proxy('http://{a} status=ID', 'http://{b}')],
  ['status=I alone does not block', proxy('http://{a} status=I', 'http://{b} loadfactor=2')],
  // Tiers, standbys and spares (docs/apache-semantics.md, proxy_balancer_get_best_worker and every row of the §6.5 e table).
  ['lbset 0 all disabled: lbset 1 serves', proxy('http://{a} status=D', 'http://{b} lbset=1', 'http://{c} lbset=1 loadfactor=2')],
  [
    'standbys share by weight when no regular member is usable',
    proxy('http://{a} status=D', 'http://{b} status=D', 'http://{c} status=H', 'http://{d} status=H loadfactor=3'),
  ],
  [
    'one spare per unusable regular member, the second spare idles',
    proxy('http://{a}', 'http://{b} status=D', 'http://{c} status=R', 'http://{d} status=R'),
  ],
  ['a spare idles while every regular member is usable', proxy('http://{a}', 'http://{b}', 'http://{c} status=R')],
  ['a draining member is replaced by a spare', proxy('http://{a} status=N', 'http://{b}', 'http://{c} status=R')],
  [
    'only the first two spares replace two disabled members',
    proxy('http://{a} status=D', 'http://{b} status=D', 'http://{c} status=R', 'http://{d} status=R loadfactor=3', 'http://{e} status=R'),
  ],
  ['lbset gaps: lbset 3 serves before lbset 7', proxy('http://{a} lbset=7', 'http://{b} lbset=3 loadfactor=2', 'http://{c} lbset=3')],
  [
    'lbset-0 standbys beat a regular lbset-1 member',
    proxy('http://{a} status=H', 'http://{b} status=H loadfactor=2', 'http://{c} lbset=1'),
  ],
  [
    'a disabled member and a standby in lbset 0 shadow lbset 1',
    proxy('http://{a} status=D', 'http://{b} status=H', 'http://{c} lbset=1 loadfactor=5'),
  ],
  [
    'lbset values are atoi: 1.9 is 1, abc is 0, 4294967297 wraps to 1',
    proxy('http://{a} lbset=1.9 loadfactor=2', 'http://{b} lbset=4294967297', 'http://{c} lbset=abc status=D'),
  ],
  ['only spares: every request is 503', proxy('http://{a} status=R', 'http://{b} status=R')],
  ['all members disabled: every request is 503', proxy('http://{a} status=D', 'http://{b} status=+D')],
  ['a draining standby is ignored: 503', proxy('http://{a} status=HN', 'http://{b} status=D')],
  ['a spare and a standby: the standby serves', proxy('http://{a} status=R', 'http://{b} status=H')],
  ['a spare declared first still loses ties to regular members', proxy('http://{a} status=R', 'http://{b} status=D', 'http://{c}')],
  // Where members come from.
  [
    'members declared outside <Proxy>',
    lines('BalancerMember balancer://t http://{a} loadfactor=3', 'BalancerMember balancer://t http://{b}'),
  ],
  [
    'members outside and inside <Proxy> keep file order',
    lines('BalancerMember balancer://t http://{c} loadfactor=2', proxy('http://{a}', 'http://{b}')),
  ],
  ['two <Proxy> sections accumulate members', lines(proxy('http://{a}'), proxy('http://{b} loadfactor=3'))],
  [
    'balancer names are case-insensitive and lose their path',
    lines('<Proxy "BALANCER://T/some/path">', '  BalancerMember http://{a} loadfactor=2', '  BalancerMember http://{b}', '</Proxy>'),
  ],
  [
    'lower-case directive and section names',
    lines('<proxy balancer://t>', '  balancermember http://{a}', '  BALANCERMEMBER http://{b} loadfactor=2', '</PROXY>'),
  ],
  ['a quoted member URL', proxy('"http://{a}" loadfactor=2', "'http://{b}'")],
  [
    'a backslash-newline continues a BalancerMember line',
    lines(
      '<Proxy "balancer://t">',
      '  BalancerMember http://{a} \\',
      '      loadfactor=3 \\',
      '      lbset=0',
      '  BalancerMember http://{b}',
      '</Proxy>',
    ),
  ],
  [
    'a comment line ending in a backslash swallows the next line',
    lines(
      '<Proxy "balancer://t">',
      '  BalancerMember http://{a}',
      '  # retired: \\',
      '  BalancerMember http://{c} loadfactor=9',
      '  BalancerMember http://{b} loadfactor=2',
      '</Proxy>',
    ),
  ],
  [
    'Define variables are looked up case-insensitively',
    lines('Define Weight 3', proxy('http://{a} loadfactor=${WEIGHT}', 'http://{b} loadfactor=${weight}0')),
  ],
  ['a repeated member keeps its first parameters', proxy('http://{a}', 'http://{b}', 'http://{a} loadfactor=5')],
  [
    'a URL extending an earlier member shares it, its parameters ignored',
    proxy('http://{a} loadfactor=2', 'http://{a}/app loadfactor=5 status=+D', 'http://{b}'),
  ],
  ['a trailing slash shares the member', proxy('http://{a}', 'http://{a}/ loadfactor=4', 'http://{b}')],
  ['a shorter URL after a longer one is a second member', proxy('http://{a}/app loadfactor=3', 'http://{a}', 'http://{b}')],
  [
    '<IfModule proxy_balancer_module> around members is true',
    lines(
      '<Proxy "balancer://t">',
      '  <IfModule proxy_balancer_module>',
      '    BalancerMember http://{a} loadfactor=2',
      '  </IfModule>',
      '  BalancerMember http://{b}',
      '</Proxy>',
    ),
  ],
  [
    '<IfModule> names are exact and case-sensitive',
    lines(
      '<Proxy "balancer://t">',
      '  BalancerMember http://{a}',
      '  <IfModule mod_proxy_balancer>',
      '    BalancerMember http://{b} loadfactor=9',
      '  </IfModule>',
      '  <IfModule MOD_PROXY_BALANCER.C>',
      '    BalancerMember http://{d} loadfactor=9',
      '  </IfModule>',
      '  <IfModule mod_proxy_balancer.c>',
      '    BalancerMember http://{c} loadfactor=2',
      '  </IfModule>',
      '</Proxy>',
    ),
  ],
  [
    '<IfModule !…> of a loaded module is false',
    lines(
      '<Proxy "balancer://t">',
      '  BalancerMember http://{a}',
      '  <IfModule !proxy_module>',
      '    BalancerMember http://{b}',
      '  </IfModule>',
      '  BalancerMember http://{c}',
      '</Proxy>',
    ),
  ],
  // lbmethod precedence, where it changes whether byrequests order applies (docs/apache-semantics.md, set_proxy_param, §8).
  [
    'lbmethod=bybusyness keeps byrequests order for sequential requests',
    lines(proxy('http://{a} loadfactor=70', 'http://{b} loadfactor=30'), 'ProxySet balancer://t lbmethod=bybusyness'),
  ],
  [
    '<Proxy> line parameters apply after the body: bybusyness, not bytraffic',
    lines(
      '<Proxy "balancer://t" lbmethod=bybusyness>',
      '  BalancerMember http://{a}',
      '  BalancerMember http://{b} loadfactor=4',
      '  BalancerMember http://{c}',
      '  ProxySet lbmethod=bytraffic',
      '</Proxy>',
    ),
  ],
  [
    'the last directive walked wins: ProxyPass lbmethod=byrequests',
    lines(
      '<Proxy "balancer://t">',
      '  BalancerMember http://{a} loadfactor=70',
      '  BalancerMember http://{b} loadfactor=30',
      '  ProxySet lbmethod=bytraffic',
      '</Proxy>',
      'ProxySet balancer://t lbmethod=bybusyness',
      'ProxyPass "/" "balancer://t/" lbmethod=byrequests',
    ),
  ],
  [
    'ProxyPass before <Proxy>: its last lbmethod wins, earlier ones are unchecked',
    lines('ProxyPass "/" "balancer://t/" lbmethod=bogus lbmethod=bybusyness', proxy('http://{a}', 'http://{b} loadfactor=4', 'http://{c}')),
  ],
  [
    'ProxySet inside <IfModule> inside <Proxy> applies to the balancer',
    lines(
      '<Proxy "balancer://t">',
      '  BalancerMember http://{a} loadfactor=5',
      '  BalancerMember http://{b}',
      '  <IfModule proxy_balancer_module>',
      '    ProxySet lbmethod=bybusyness',
      '  </IfModule>',
      '</Proxy>',
    ),
  ],
  // mod_macro: members from Use lines are members (docs/apache-semantics.md, mod_macro).
  [
    'members from a macro with a weight parameter',
    lines(
      '<Macro Member $host $weight>',
      '  BalancerMember http://$host loadfactor=$weight',
      '</Macro>',
      '<Proxy "balancer://t">',
      '  Use Member {a} 3',
      '  Use Member {b} 1',
      '  Use Member {c} 2',
      '</Proxy>',
    ),
  ],
  [
    'a whole balancer from a macro, members from a nested macro',
    lines(
      '<Macro Member $host $weight>',
      '  BalancerMember http://$host loadfactor=$weight',
      '</Macro>',
      '<Macro Cluster $name $first $second>',
      '<Proxy "balancer://$name">',
      '  Use Member $first 1',
      '  Use Member $second 4',
      '</Proxy>',
      '</Macro>',
      'Use Cluster t {a} {b}',
    ),
  ],
  [
    'UndefMacro, then a new macro of the same name',
    lines(
      '<Macro Member $host>',
      '  BalancerMember http://$host loadfactor=9',
      '</Macro>',
      'UndefMacro Member',
      '<Macro Member $host>',
      '  BalancerMember http://$host',
      '</Macro>',
      '<Proxy "balancer://t">',
      '  Use Member {a}',
      '  Use Member {b}',
      '  BalancerMember http://{c} loadfactor=2',
      '</Proxy>',
    ),
  ],
  [
    'the longest parameter wins: $w and $weight',
    lines(
      '<Macro Member $host $w $weight>',
      '  BalancerMember http://$host loadfactor=$weight',
      '</Macro>',
      '<Proxy "balancer://t">',
      '  Use Member {a} 9 1',
      '  Use Member {b} 9 3',
      '</Proxy>',
    ),
  ],
];

/** Requests two cycles (at most MAX_REQUESTS) through a fresh Apache serving `config`, and compares every pick and share with the preview's. */
async function matchesPreview(config: string, backends: readonly Backend[], perTest: PerTest): Promise<void> {
  const scratchDir = await perTest.scratch();
  const fragment = join(scratchDir, 'balancer.conf');
  await writeFile(fragment, fillPlaceholders(config, backends) + '\n');

  const { cycleLength } = await runSchedule(fragment, BALANCER);
  const count = hasCycle(cycleLength) ? Math.min(2 * cycleLength, MAX_REQUESTS) : REQUESTS_WITHOUT_CYCLE;
  const preview = await runSchedule(fragment, BALANCER, count);
  const apache = perTest.stopAfter(await startApache(scratchDir, fragment, [['macro_module', 'mod_macro.so']]));
  const observed = await requestPicks(apache.port, count);

  const predicted = preview.picks.map((url) => (url === null ? null : pickOfUrl(url, backends)));
  if (!isDeepStrictEqual(predicted, observed)) assert.fail(`${describeMismatch(observed, predicted)}\n${config}`);
  assertShares(preview, observed, backends);
}

describe('real Apache: schedules match the preview', function () {
  const backends = backendsForSuite(BACKEND_NAMES);
  const perTest = cleanAfterEach();

  for (const [title, config] of scenarios) {
    it(title, async function () {
      await matchesPreview(config, backends().backends, perTest);
    });
  }
});

/**
 * Random balancers: two to five members (now and then two on one backend, which share a worker),
 * each with a loadfactor (none, whole, decimal, a strtod spelling), status flags and an lbset drawn
 * from those the scenarios above pin down one by one, and the balancer's lbmethod and
 * forcerecovery: their interplay (tiers, standbys, spares, draining, errors) is compared with
 * Apache too.
 */
const randomBalancer: fc.Arbitrary<string> = fc
  .tuple(
    fc.array(
      fc.record({
        backend: fc.nat(BACKEND_NAMES.length + 1),
        loadfactor: fc.constantFrom(
          '',
          '',
          ' loadfactor=1',
          ' loadfactor=2',
          ' loadfactor=3',
          ' loadfactor=7',
          ' loadfactor=100',
          ' loadfactor=1.5',
          ' loadfactor=2.25',
          ' loadfactor=0.5e1',
          ' loadfactor=33.3',
        ),
        status: fc.constantFrom(
          '',
          '',
          '',
          '',
          ' status=+H',
          ' status=+R',
          ' status=+D',
          ' status=+S',
          ' status=+N',
          ' status=+I',
          ' status=+HR',
          ' status=+E retry=2000000000',
        ),
        lbset: fc.constantFrom('', '', '', ' lbset=1', ' lbset=2'),
      }),
      { minLength: 2, maxLength: BACKEND_NAMES.length },
    ),
    fc.constantFrom(
      '',
      '',
      '',
      '  ProxySet lbmethod=bybusyness',
      '  ProxySet forcerecovery=Off',
      '  ProxySet lbmethod=byrequests forcerecovery=Off',
    ),
  )
  .map(([members, settings]) =>
    lines(
      '<Proxy "balancer://t">',
      // Mostly a backend of its own, in order; the last two draws name the first member's backend again.
      ...members.map(
        (member, index) =>
          `  BalancerMember http://{${BACKEND_NAMES[member.backend < BACKEND_NAMES.length ? index : 0]}}${member.loadfactor}${member.status}${member.lbset}`,
      ),
      ...(settings ? [settings] : []),
      '</Proxy>',
    ),
  );

describe('real Apache: random balancers match the preview', function () {
  const backends = backendsForSuite(BACKEND_NAMES);
  const perTest = cleanAfterEach();

  const drawn = fc.sample(randomBalancer, { seed: FUZZ_SEED, numRuns: fuzzCount(24) });
  for (const [index, config] of drawn.entries()) {
    it(`random balancer ${index + 1} of seed ${FUZZ_SEED}`, async function () {
      await matchesPreview(config, backends().backends, perTest);
    });
  }
});

function hasCycle(cycleLength: number | null): cycleLength is number {
  return cycleLength !== null && cycleLength >= 1;
}

/** Over the whole cycles Apache served, each member got exactly the tool's share of requests. */
function assertShares(preview: ScheduledBalancer, observed: readonly Pick[], backends: readonly Backend[]): void {
  const window = hasCycle(preview.cycleLength) ? Math.floor(observed.length / preview.cycleLength) * preview.cycleLength : observed.length;
  // Zero when one cycle is longer than MAX_REQUESTS: then only the picks prefix can be compared.
  if (window === 0) return;
  const served = observed.slice(0, window);
  for (const member of preview.members) {
    const pick = pickOfUrl(member.url, backends);
    const count = served.filter((candidate) => candidate === pick).length;
    if (Math.abs(count / window - member.share) > 1e-9) {
      assert.fail(`${member.url} (${pick}): Apache served ${count} of ${window} requests, the tool's share is ${member.share}`);
    }
  }
}

function describeMismatch(observed: readonly Pick[], predicted: readonly Pick[]): string {
  const first = observed.findIndex((pick, index) => pick !== predicted[index]);
  const format = (picks: readonly Pick[]): string => picks.map((pick) => pick ?? '503').join(' ');
  return [
    `picks differ from pick ${(first === -1 ? observed.length : first) + 1} on`,
    `  Apache: ${format(observed)}`,
    `  tool:   ${format(predicted)}`,
  ].join('\n');
}
