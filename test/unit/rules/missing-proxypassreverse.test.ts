import { strict as assert } from 'node:assert';
import { analyze } from '../../../server/src/core/analysis';
import { lint } from '../../../server/src/core/lint';
import { ruleTable } from '../../support/rules';

// Without a ProxyPassReverse for the balancer (or for every member), a member's redirect reaches the
// client with the member's own address: checked on Apache 2.4.71 with a member answering 302
// (test/apache/third-pass.test.ts). ProxyPassReverse balancer://name covers all of its members; which
// path maps a redirect without doubling a slash is checked in test/apache/proxypassreverse-forms.test.ts.
const MEMBERS =
  '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n    BalancerMember "http://10.0.0.2:8080"\n</Proxy>\n';

ruleTable('missing-proxypassreverse', [
  [
    `${MEMBERS}ProxyPass "/shop/" [["balancer://shop/"]]`,
    {
      says: ['no ProxyPassReverse for balancer://shop', 'leaks its own address'],
      // the path without its slash: `/shop/` would turn a redirect to /login into /shop//login
      fixed: `${MEMBERS}ProxyPass "/shop/" "balancer://shop/"\nProxyPassReverse "/shop" "balancer://shop/"`,
      safe: false,
    },
  ],
  // mapped at the root: the path stays "/" (Apache special-cases it)
  [`${MEMBERS}ProxyPass / [[balancer://shop/]]`, { fixed: `${MEMBERS}ProxyPass / balancer://shop/\nProxyPassReverse / balancer://shop/` }],
  // a balancer URL with a path ending in a slash takes that slash from the redirect: the path keeps its own
  // (test/apache/proxypassreverse-forms.test.ts)
  [
    `${MEMBERS}ProxyPass /app/ [[balancer://shop/app/]]`,
    { fixed: `${MEMBERS}ProxyPass /app/ balancer://shop/app/\nProxyPassReverse /app/ balancer://shop/app/` },
  ],
  // a path without a trailing slash is mirrored as it is
  [
    `${MEMBERS}ProxyPass /shop [[balancer://shop]]`,
    { fixed: `${MEMBERS}ProxyPass /shop balancer://shop\nProxyPassReverse /shop balancer://shop` },
  ],
  // every member URL ends in a slash, which Apache takes from the redirect: the path keeps its own
  [
    '<Proxy balancer://shop>\nBalancerMember http://10.0.0.1:8080/\n</Proxy>\nProxyPass /shop/ [[balancer://shop/]]',
    {
      fixed:
        '<Proxy balancer://shop>\nBalancerMember http://10.0.0.1:8080/\n</Proxy>\nProxyPass /shop/ balancer://shop/\nProxyPassReverse /shop/ balancer://shop/',
    },
  ],
  // only one member named: the other's redirects leak
  [
    `${MEMBERS}ProxyPass /shop/ [[balancer://shop/]]\nProxyPassReverse /shop/ http://10.0.0.1:8080/`,
    { says: ['names 1 of 2 members of balancer://shop'] },
  ],
  // inside <Location /shop/>: a line there would map to /shop//login, so the fix goes after the section, with a path
  [
    `${MEMBERS}<Location /shop/>\n    ProxyPass [[balancer://shop/]]\n</Location>`,
    { fixed: `${MEMBERS}<Location /shop/>\n    ProxyPass balancer://shop/\n</Location>\nProxyPassReverse /shop balancer://shop/` },
  ],
  // inside <Location "/shop">: the line without a path goes in the section
  [
    `${MEMBERS}<Location "/shop">\n    ProxyPass [[balancer://shop/]]\n</Location>`,
    { fixed: `${MEMBERS}<Location "/shop">\n    ProxyPass balancer://shop/\n    ProxyPassReverse balancer://shop/\n</Location>` },
  ],
  // RewriteRule [P]: reported, no fix (its path is a pattern)
  [`${MEMBERS}RewriteEngine On\nRewriteRule ^/shop/(.*) [[balancer://shop/$1]] [P,L]`, { noFix: true }],
  // another virtual host's ProxyPassReverse does not count
  [
    `${MEMBERS}<VirtualHost *:80>\nProxyPassReverse / balancer://shop/\n</VirtualHost>\n<VirtualHost *:81>\nProxyPass / [[balancer://shop/]]\n</VirtualHost>`,
  ],
  // near misses
  [`${MEMBERS}ProxyPass /shop/ balancer://shop/\nProxyPassReverse /shop/ balancer://shop/`],
  [`${MEMBERS}ProxyPass /shop/ balancer://SHOP/ stickysession=JSESSIONID\nProxyPassReverse /shop/ balancer://shop`],
  [
    `${MEMBERS}ProxyPass /shop/ balancer://shop/\nProxyPassReverse /shop/ http://10.0.0.1:8080/\nProxyPassReverse /shop/ http://10.0.0.2:8080`,
  ],
  [`${MEMBERS}<VirtualHost *:80>\nProxyPass / balancer://shop/\n</VirtualHost>\nProxyPassReverse / balancer://shop/`],
  [`${MEMBERS}<Location /shop/>\nProxyPass balancer://shop/\nProxyPassReverse balancer://shop/\n</Location>`],
  [`${MEMBERS}ProxyPass /shop/ balancer://shop/\nProxyPassReverse /shop/ \${BACKEND}`],
  ['<Proxy balancer://ws>\nBalancerMember ws://10.0.0.1:8080\n</Proxy>\nRewriteRule ^/(.*) balancer://ws/$1 [P,L]'],
  // the balancer is defined in a file outside the run: its ProxyPassReverse may be there too
  ['ProxyPass /shop/ balancer://shop/'],
  [`${MEMBERS}ProxyPass /shop/ !\nRewriteRule ^/x balancer://shop/ [R]`],
]);

describe('missing-proxypassreverse across the files of a run', () => {
  // Files given together with none including the others (conf.d/ and sites/) are one main server.
  const findings = (site: string, pool: string): string[] => {
    const run = [analyze(site, { epochSeconds: 0 }), analyze(pool, { epochSeconds: 0 })];
    return run
      .flatMap((analysis) => lint(analysis, { run }).filter((each) => each.ruleId === 'missing-proxypassreverse'))
      .map((each) => each.message);
  };
  const pass = 'ProxyPass "/shop/" "balancer://shop/"\n';

  it("takes the balancer's members from another file", () => {
    assert.deepEqual(findings(pass, MEMBERS), [
      "no ProxyPassReverse for balancer://shop, so a member's redirect leaks its own address: add one for the balancer",
    ]);
  });

  it("takes another file's main-server ProxyPassReverse", () => {
    assert.deepEqual(findings(pass, `${MEMBERS}ProxyPassReverse "/shop" "balancer://shop/"\n`), []);
  });
});
