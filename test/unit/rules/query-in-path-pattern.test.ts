import { ruleTable } from '../../support/rules';

// %{REQUEST_URI} holds the path only: checked on Apache/2.4.71 (test/apache/request-mistakes.test.ts, websocket).
const W = '<Proxy balancer://ws>\n    BalancerMember ws://10.0.0.1:8080\n</Proxy>\nRewriteEngine On\n';

ruleTable('query-in-path-pattern', [
  // mod_rewrite's own words (parseargline, test/apache/trace-cases.ts): a backslash keeps a space in a word
  [`${W}RewriteRule [[^/a\\ b\\?id=1$]] balancer://ws/item [P]`, { says: ['"^/a\\ b\\?id=1$" looks for a query string'] }],
  [`${W}RewriteCond %{REQUEST_URI} [[^/a\\ b\\?id=1$]]\nRewriteRule ^/(.*) balancer://ws/$1 [P,L]`],
  [
    `${W}RewriteCond %{REQUEST_URI} [[transport=websocket]]\nRewriteRule ^/(.*) balancer://ws/$1 [P,L]`,
    {
      says: ['"transport=websocket" looks for a query string', '%{REQUEST_URI} only the path', '%{QUERY_STRING}'],
    },
  ],
  [`${W}RewriteRule [[^/page\\?id=(\\d+)$]] balancer://ws/item/$1 [P]`, { says: ['RewriteRule matches only the path'] }],
  [`${W}RewriteCond %{REQUEST_URI} [[!\\?debug]]\nRewriteRule ^/(.*) balancer://ws/$1 [P,L]`],
  [
    `${W}ProxyPass [["/socket.io/?EIO=4&transport=websocket"]] "balancer://ws/socket.io/?EIO=4&transport=websocket"`,
    {
      says: ['holds a query string, but ProxyPass matches only the path'],
    },
  ],
  // near misses
  [`${W}ProxyPass /search/ "balancer://ws/find?engine=1"`],
  [`${W}RewriteCond %{QUERY_STRING} transport=websocket\nRewriteRule ^/(.*) balancer://ws/$1 [P,L]`],
  [`${W}RewriteCond %{THE_REQUEST} \\?id=\nRewriteRule ^/(.*) balancer://ws/$1 [P,L]`],
  [`${W}RewriteRule ^/([^?]*)$ balancer://ws/$1 [P]`],
  [`${W}RewriteCond %{REQUEST_URI} =/socket.io/\nRewriteRule ^/(.*) balancer://ws/$1 [P,L]`],
]);
