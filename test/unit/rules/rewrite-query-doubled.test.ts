import { ruleTable } from '../../support/rules';

// %{QUERY_STRING} in the target and [QSA] send every parameter twice (test/real-mistakes-3/rewrite.ts,
// rewrite-query-appended-twice, reproduced on Apache 2.4.71).
const B = '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nRewriteEngine On\n';

ruleTable('rewrite-query-doubled', [
  [
    `${B}RewriteRule "^/(.*)$" [["balancer://app/$1?%{QUERY_STRING}&from=web"]] [P,QSA]`,
    { says: ['the query string this target holds is appended again by [QSA], so every parameter is sent twice: drop one of them'] },
  ],
  [`${B}RewriteRule ^/old$ [[/new?%{query_string}]] [R=302,qsappend]`],
  // near misses: without QSA, without %{QUERY_STRING}, %{QUERY_STRING} in the path part
  [`${B}RewriteRule "^/(.*)$" "balancer://app/$1?%{QUERY_STRING}&from=web" [P]`],
  [`${B}RewriteRule "^/(.*)$" "balancer://app/$1?from=web" [P,QSA]`],
]);
