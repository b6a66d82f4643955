import * as assert from 'node:assert/strict';
import { contextOf } from '../../../server/src/core/directives/directive-context';
import { findDirective, moduleIdentifier, suggestDirective } from '../../../server/src/core/directives/directives';
import { editDistance, suggestFrom } from '../../../server/src/core/suggest';
import { DIRECTIVES } from '../../../server/src/core/directives/table';

// Expected modules and contexts are the manual's (apache2-doc 2.4.71 quick reference and module pages).

/** [name as looked up, canonical name, module, contexts] or [name, undefined] when unknown. */
const LOOKUPS: readonly (readonly [string, string?, string?, string?])[] = [
  ['BalancerMember', 'BalancerMember', 'mod_proxy', 'd'], // the manual says directory only, though httpd also takes it at server level with a balancer URL
  ['ProxySet', 'ProxySet', 'mod_proxy', 'svd'],
  ['ProxyPass', 'ProxyPass', 'mod_proxy', 'svd'],
  ['ProxyPassMatch', 'ProxyPassMatch', 'mod_proxy', 'svd'],
  ['ProxyPassReverse', 'ProxyPassReverse', 'mod_proxy', 'svd'],
  ['ProxyPassInherit', 'ProxyPassInherit', 'mod_proxy', 'sv'],
  ['BalancerGrowth', 'BalancerGrowth', 'mod_proxy', 'sv'],
  ['BalancerPersist', 'BalancerPersist', 'mod_proxy', 'sv'],
  ['BalancerInherit', 'BalancerInherit', 'mod_proxy', 'sv'],
  ['<Proxy', '<Proxy', 'mod_proxy', 'sv'],
  ['<ProxyMatch', '<ProxyMatch', 'mod_proxy', 'sv'],
  ['<Location', '<Location', 'core', 'sv'],
  ['<VirtualHost', '<VirtualHost', 'core', 's'],
  ['<IfModule', '<IfModule', 'core', 'svdh'],
  ['<Limit', '<Limit', 'core', 'dh'],
  ['ProxyHCExpr', 'ProxyHCExpr', 'mod_proxy_hcheck', 'sv'],
  ['LoadModule', 'LoadModule', 'mod_so', 'sv'],
  ['Include', 'Include', 'core', 'svd'],
  ['MaxRequestWorkers', 'MaxRequestWorkers', 'mpm_common', 's'],
  ['SSLProxyEngine', 'SSLProxyEngine', 'mod_ssl', 'svp'], // p = proxy section
  ['HeartbeatStorage', 'HeartbeatStorage', 'mod_heartmonitor', 's'], // also in mod_lbmethod_heartbeat: first in table order wins
  ['Anonymous_LogEmail', 'Anonymous_LogEmail', 'mod_authn_anon', 'dh'],
  ['xml2EncAlias', 'xml2EncAlias', 'mod_xml2enc', 's'],
  ['balancermember', 'BalancerMember', 'mod_proxy', 'd'],
  ['BALANCERMEMBER', 'BalancerMember', 'mod_proxy', 'd'],
  ['pRoXySeT', 'ProxySet', 'mod_proxy', 'svd'],
  ['<proxy', '<Proxy', 'mod_proxy', 'sv'],
  ['<PROXYMATCH', '<ProxyMatch', 'mod_proxy', 'sv'],
  ['Foo'],
  [''],
  ['Proxy'], // a section is looked up with its '<'
  ['<Proxy>'], // … and without the '>'
  ['</Proxy'],
  ['BalancerMember '],
  ['\u212aeepAlive'], // Kelvin sign: JS toLowerCase makes it 'k', httpd's strcasecmp does not
];

/** [unknown name, suggestion or undefined]. */
const SUGGESTIONS: readonly (readonly [string, string | undefined])[] = [
  ['ProdyPassReverse', 'ProxyPassReverse'],
  ['BalancerMemebr', 'BalancerMember'],
  ['<Proxi', '<Proxy'],
  ['ProxyPas', 'ProxyPass'],
  ['ProxySets', 'ProxySet'],
  ['<proxymatc', '<ProxyMatch'],
  ['Proxy', '<Proxy'],
  ['<Proxy>', '<Proxy'],
  ['balancermember', 'BalancerMember'], // a known name in the wrong case suggests its canonical spelling
  ['BalancrGrowth', 'BalancerGrowth'],
  ['ServerNmae', 'ServerName'],
  ['Lisen', 'Listen'],
  ['LoadModul', 'LoadModule'],
  ['Foo', undefined],
  ['X', undefined],
  ['', undefined],
  ['Balancer', undefined],
  ['Rewrite', undefined],
  ['JkMount', undefined], // third-party directives stay unsuggested
  ['WSGIScriptAlias', undefined],
  ['PassengerRuby', undefined],
  ['SecRuleEngine', undefined],
  ['php_value', undefined],
];

/** [word, candidates, suggestion or undefined]. */
const KEYS = [
  'loadfactor',
  'lbset',
  'route',
  'redirect',
  'status',
  'timeout',
  'retry',
  'stickysession',
  'stickysessionsep',
  'lbmethod',
  'nofailover',
];
const SUGGEST_FROM: readonly (readonly [string, readonly string[], string | undefined])[] = [
  ['lbfactor', KEYS, 'loadfactor'],
  ['stickysesion', KEYS, 'stickysession'],
  ['lvmetod', KEYS, 'lbmethod'],
  ['lbmehtod', KEYS, 'lbmethod'], // a swap is one edit
  ['LBMETOD', KEYS, 'lbmethod'], // returned as the candidate spells it
  ['weight', KEYS, undefined],
  ['ab', ['ac', 'ad'], 'ac'], // ties go to the first candidate
  ['ab', ['ad', 'ac'], 'ad'],
  ['x', ['y'], undefined], // never a complete rewrite
  ['x', [], undefined],
];

/** [a, b, limit or undefined, optimal-string-alignment distance (limit + 1 once over)]. */
const DISTANCES: readonly (readonly [string, string, number | undefined, number])[] = [
  ['', '', undefined, 0],
  ['abc', '', undefined, 3],
  ['', 'abc', undefined, 3],
  ['abc', 'abc', undefined, 0],
  ['abc', 'acb', undefined, 1],
  ['ca', 'abc', undefined, 3], // OSA edits no substring twice (unrestricted Damerau-Levenshtein says 2)
  ['kitten', 'sitting', undefined, 3],
  ['kitten', 'sitting', 1, 2],
  ['kitten', 'sitting', 3, 3],
  ['a', 'abcdef', 2, 3],
];

/** [module as the manual names it, LoadModule identifier]. */
const IDENTIFIERS: readonly (readonly [string, string])[] = [
  ['mod_proxy_balancer', 'proxy_balancer_module'],
  ['mod_proxy', 'proxy_module'],
  ['mod_lbmethod_byrequests', 'lbmethod_byrequests_module'],
  ['mod_ssl', 'ssl_module'],
  ['core', 'core_module'],
  ['mpm_common', ''],
  ['prefork', 'mpm_prefork_module'],
  ['worker', 'mpm_worker_module'],
  ['event', 'mpm_event_module'],
  ['mpm_winnt', 'mpm_winnt_module'],
  ['mpm_netware', 'mpm_netware_module'],
  ['mpmt_os2', 'mpm_mpmt_os2_module'],
  ['mod_nw_ssl', 'nwssl_module'],
];

describe('directives', () => {
  it("names only ASCII directives, so lower-casing the table natively folds as Apache's strcasecmp does", () => {
    assert.deepEqual(
      DIRECTIVES.filter((directive) => !/^[\x20-\x7e]+$/.test(directive.name)),
      [],
    );
  });

  describe('findDirective', () => {
    for (const [name, canonical, module, contexts] of LOOKUPS) {
      const expected = canonical === undefined ? undefined : { name: canonical, module, contexts };
      it(`${JSON.stringify(name)} → ${canonical === undefined ? 'unknown' : `${module} ${contexts}`}`, () =>
        assert.deepEqual(findDirective(name), expected));
    }
  });

  describe('suggestDirective', () => {
    for (const [name, expected] of SUGGESTIONS)
      it(`${JSON.stringify(name)} → ${expected}`, () => assert.equal(suggestDirective(name), expected));
  });

  describe('suggestFrom', () => {
    for (const [word, candidates, expected] of SUGGEST_FROM)
      it(`${word} in [${candidates.length > 3 ? 'keys' : candidates.join(', ')}] → ${expected}`, () =>
        assert.equal(suggestFrom(word, candidates), expected));
  });

  describe('editDistance', () => {
    for (const [a, b, limit, expected] of DISTANCES)
      it(`${JSON.stringify(a)} ↔ ${JSON.stringify(b)}${limit === undefined ? '' : ` (limit ${limit})`} = ${expected}`, () =>
        assert.equal(editDistance(a, b, limit), expected));
  });

  describe('moduleIdentifier', () => {
    for (const [module, expected] of IDENTIFIERS)
      it(`${module} → ${JSON.stringify(expected)}`, () => assert.equal(moduleIdentifier(module), expected));
  });

  describe('table', () => {
    it('holds every directive of the manual', () => assert.equal(DIRECTIVES.length, 731));
    it('is sorted by lower-cased name, then module', () => {
      const keys = DIRECTIVES.map((d) => `${d.name.toLowerCase()}\u0000${d.module}`);
      assert.deepEqual(keys, [...keys].sort());
    });
    it('lists contexts as letters of s, v, d, h, p in that order', () => {
      for (const d of DIRECTIVES) assert.match(d.contexts, /^s?v?d?h?p?$/, d.name);
      for (const d of DIRECTIVES) assert.notEqual(d.contexts, '', d.name);
    });
    it('names each directive as httpd spells it: a word, a section with a leading <', () => {
      for (const d of DIRECTIVES) assert.match(d.name, /^<?[A-Za-z][A-Za-z0-9_]*$/);
    });
    it('repeats a name only for HeartbeatStorage, documented by two modules', () => {
      const counts = new Map<string, number>();
      for (const d of DIRECTIVES) counts.set(d.name.toLowerCase(), (counts.get(d.name.toLowerCase()) ?? 0) + 1);
      assert.deepEqual(
        [...counts].filter(([, n]) => n > 1),
        [['heartbeatstorage', 2]],
      );
    });
    it('gives every module but mpm_common a LoadModule identifier', () => {
      const modules = [...new Set(DIRECTIVES.map((d) => d.module))];
      assert.deepEqual(
        modules.filter((m) => moduleIdentifier(m) === ''),
        ['mpm_common'],
      );
    });
  });
});

describe('the context of a section', () => {
  const section = (name: string) => ({ name }) as Parameters<typeof contextOf>[0];
  it('is known for the sections that make one, in any case, and for none other', () => {
    assert.equal(contextOf(undefined), 's');
    assert.equal(contextOf(section('LocationMatch')), 'loc');
    assert.equal(contextOf(section('VIRTUALHOST')), 'v');
    // Section names are configuration text: names of a plain object's own properties are no context either.
    for (const name of ['IfModule', 'constructor', '__proto__', 'toString', 'hasOwnProperty'])
      assert.equal(contextOf(section(name)), undefined, name);
  });
});
