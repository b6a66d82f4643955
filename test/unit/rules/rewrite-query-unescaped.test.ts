import { ruleTable } from '../../support/rules';

// Back-references go into the substitution decoded: /search/salt%26pepper reaches the member as
// q=salt&pepper (test/real-mistakes-2, rewrite-backreference-unescapes-ampersand, reproduced on Apache
// 2.4.71 by test/apache/request-mistakes.test.ts).
const B = '<Proxy balancer://app>\n    BalancerMember http://10.0.0.1:8080\n</Proxy>\nRewriteEngine On\n';

ruleTable('rewrite-query-unescaped', [
  [
    `${B}RewriteRule "^/search/(.*)$" [["balancer://app/find?q=$1"]] [P]`,
    {
      says: ['a back-reference goes into the query decoded, so an "&" or "=" in the path splits it: add [B] to escape it'],
      fixed: `${B}RewriteRule "^/search/(.*)$" "balancer://app/find?q=$1" [P,B]`,
      safe: false,
    },
  ],
  [`${B}RewriteRule ^/s/(.*)$ [[http://10.0.0.2/?a=1&q=$1]] [P,L]`],
  // near misses: [B], references in the path only (or in both), no query, not proxied, an escaped dollar
  [`${B}RewriteRule "^/search/(.*)$" "balancer://app/find?q=$1" [P,B]`],
  [`${B}RewriteRule "^/(.*)$" "balancer://app/$1?src=web" [P]\nRewriteRule "^/a/(.*)$" "balancer://app/$1?q=$1" [P]`],
  [
    `${B}RewriteRule "^/(.*)$" "balancer://app/$1" [P]\nRewriteRule "^/r/(.*)$" "/find?q=$1" [R]\nRewriteRule "^/e$" "balancer://app/?q=\\$1" [P]`,
  ],
]);
