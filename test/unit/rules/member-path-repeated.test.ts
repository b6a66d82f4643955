import { ruleTable } from '../../support/rules';

// The member's URL path comes before what follows the balancer name: /examples/examples/servlets/
// (test/real-mistakes-2, member-path-and-proxypass-path-both, reproduced on Apache 2.4.71 by
// test/apache/request-mistakes.test.ts).
const members = (path: string): string =>
  `<Proxy balancer://app>\n    BalancerMember http://10.0.0.1:8080${path}\n    BalancerMember http://10.0.0.2:8080${path}\n</Proxy>\n`;

ruleTable('member-path-repeated', [
  [
    `${members('/examples')}ProxyPass "/examples/" [["balancer://app/examples/"]]`,
    { says: ['the members\' URLs already end in "/examples", so members receive "/examples/examples/…": drop it from one'] },
  ],
  [`${members('/app/')}<Location "/app/">\n    ProxyPass [[balancer://app/app]]\n</Location>`, { says: ['"/app/app…"'] }],
  [`${members('/api')}RewriteEngine On\nRewriteRule ^/api/(.*)$ [[balancer://app/api/$1]] [P]`, { says: ['"/api/api/$1…"'] }],
  // near misses: the path in one place only, members that differ, a path that merely starts alike
  [`${members('/examples')}ProxyPass "/examples/" "balancer://app/"`],
  [`${members('')}ProxyPass "/examples/" "balancer://app/examples/"`],
  [`${members('/app')}ProxyPass "/x/" "balancer://app/apps/"`],
  [
    '<Proxy balancer://app>\n    BalancerMember http://10.0.0.1:8080/a\n    BalancerMember http://10.0.0.2:8080/b\n</Proxy>\nProxyPass "/a/" "balancer://app/a/"',
  ],
]);
