import { ruleTable } from '../../support/rules';

// `$N` beyond the pattern's groups is empty: ProxyPassMatch "^/api/.*$" "balancer://api/$1" sends /api/users
// to the member as / (test/real-mistakes-2, proxypassmatch-backreference-without-group, reproduced on Apache
// 2.4.71 by test/apache/request-mistakes.test.ts); the RewriteRule cases by test/apache/trace-cases.ts.
const B = '<Proxy balancer://api>\n    BalancerMember http://10.0.0.1:8080\n</Proxy>\n';

ruleTable('backreference-without-group', [
  [`${B}ProxyPassMatch "^/api/.*$" [["balancer://api/$1"]]`, { says: ['"$1" is always empty, as "^/api/.*$" has no group: put the part'] }],
  [`${B}ProxyPass ~ ^/(a)/(b)$ [[balancer://api/$1/$3]]`, { says: ['"$3" is always empty, as "^/(a)/(b)$" has 2 groups'] }],
  [
    `${B}RewriteEngine On\nRewriteRule ^/(v1)/x$ [[balancer://api/$2]] [P]`,
    { says: ['"$2" is always empty, as "^/(v1)/x$" has one group'] },
  ],
  // near misses: enough groups (named ones count), $0, an escaped dollar, a pattern PCRE refuses, the section's pattern,
  // a negated pattern (rewrite-negated-backreference's)
  [`${B}RewriteEngine On\nRewriteRule !^/(static/.*) balancer://api/$1 [P,L]`],
  [`${B}ProxyPassMatch "^/api/(.*)$" "balancer://api/$1"\nProxyPassMatch "^/(?<v>v\\d)/(x)$" "balancer://api/$2/$0"`],
  [`${B}RewriteEngine On\nRewriteRule ^/a$ balancer://api/\\$1 [P]\nRewriteRule ^/b$ balancer://api/%1 [P]`],
  [`${B}ProxyPassMatch "^/api/(.*" "balancer://api/$2"`],
  [`${B}<LocationMatch "^/(a)/(b)">\n    ProxyPassMatch "balancer://api/$2"\n</LocationMatch>`],
]);
