import { ruleTable } from '../../support/rules';

// The target's `?` is re-encoded into the path: checked on Apache/2.4.71 (test/apache/trace-cases.ts,
// "ProxyPass and ProxyPassMatch targets holding a query string"; test/real-mistakes-2, proxypass-target-with-query-string).
const B = '<Proxy balancer://app>\n    BalancerMember http://10.0.0.1:8080\n</Proxy>\n';

ruleTable('proxypass-target-query', [
  [
    `${B}ProxyPass "/search" [["balancer://app/find?src=web"]]`,
    { says: ['"balancer://app/find?src=web" puts its query in the path, as "/find%3Fsrc=web": add it with RewriteRule … [P,QSA]'] },
  ],
  [`${B}ProxyPassMatch "^/m/(.*)$" [["http://10.0.0.2/match?item=$1"]]`, { says: ['as "/match%3Fitem=$1"'] }],
  [`${B}<Location "/search">\n    ProxyPass [["balancer://app/?x"]] nocanon\n</Location>`, { says: ['as "/%3Fx"'] }],
  [`${B}ProxyPass ~ "^/a" [[http://h?x]]`, { says: ['as "/%3Fx"'] }],
  // near misses: no query in the URL (the path may hold one), an exclusion, a variable
  [`${B}ProxyPass "/search?x" "balancer://app/find"\nProxyPass "/static/" "!"\nProxyPass "/v" "\${TARGET}"`],
]);
