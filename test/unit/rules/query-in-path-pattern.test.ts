import { ruleTable } from '../../support/rules';

// %{REQUEST_URI} holds the path only: checked on Apache/2.4.71 (test/apache/request-mistakes.test.ts, websocket).
const W = '<Proxy balancer://ws>\n    BalancerMember ws://10.0.0.1:8080\n</Proxy>\nRewriteEngine On\n';

ruleTable('query-in-path-pattern', [
  [
    `${W}RewriteCond %{REQUEST_URI} [[transport=websocket]]\nRewriteRule ^/(.*) balancer://ws/$1 [P,L]`,
    {
      says: ['"transport=websocket" looks for a query string', '%{REQUEST_URI} only the path', '%{QUERY_STRING}'],
    },
  ],
  [`${W}RewriteRule [[^/page\\?id=(\\d+)$]] balancer://ws/item/$1 [P]`, { says: ['RewriteRule matches only the path'] }],
  [`${W}RewriteCond %{REQUEST_URI} [[!\\?debug]]\nRewriteRule ^/(.*) balancer://ws/$1 [P,L]`],
  // near misses
  [`${W}RewriteCond %{QUERY_STRING} transport=websocket\nRewriteRule ^/(.*) balancer://ws/$1 [P,L]`],
  [`${W}RewriteCond %{THE_REQUEST} \\?id=\nRewriteRule ^/(.*) balancer://ws/$1 [P,L]`],
  [`${W}RewriteRule ^/([^?]*)$ balancer://ws/$1 [P]`],
  [`${W}RewriteCond %{REQUEST_URI} =/socket.io/\nRewriteRule ^/(.*) balancer://ws/$1 [P,L]`],
]);
