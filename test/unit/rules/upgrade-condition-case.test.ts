import { ruleTable } from '../../support/rules';

// A client sending "Upgrade: WebSocket" misses a case-sensitive condition: checked on Apache/2.4.71
// (test/apache/request-mistakes.test.ts, websocket).
const W = '<Proxy balancer://ws>\n    BalancerMember ws://10.0.0.1:8080\n</Proxy>\nRewriteEngine On\n';

ruleTable('upgrade-condition-case', [
  // mod_rewrite's own words (parseargline, test/apache/trace-cases.ts): a backslash keeps a space in a word
  [`${W}RewriteCond %{HTTP:Upgrade} ^web\\ socket$ [NC]\nRewriteRule ^/(.*) balancer://ws/$1 [P,L]`],
  [
    `${W}RewriteCond %{HTTP:Upgrade} [[^web\\ socket$]]\nRewriteRule ^/(.*) balancer://ws/$1 [P,L]`,
    { fixed: `${W}RewriteCond %{HTTP:Upgrade} ^web\\ socket$ [NC]\nRewriteRule ^/(.*) balancer://ws/$1 [P,L]` },
  ],
  [
    `${W}RewriteCond %{HTTP:Upgrade} [[^websocket$]]\nRewriteRule ^/(.*) balancer://ws/$1 [P,L]`,
    {
      says: ['"^websocket$" is compared case-sensitively', 'Upgrade tokens', 'add [NC]'],
      fixed: `${W}RewriteCond %{HTTP:Upgrade} ^websocket$ [NC]\nRewriteRule ^/(.*) balancer://ws/$1 [P,L]`,
      safe: true,
    },
  ],
  [
    `${W}RewriteCond %{HTTP:Connection} [[Upgrade]] [OR]\nRewriteRule ^/(.*) balancer://ws/$1 [P,L]`,
    {
      fixed: `${W}RewriteCond %{HTTP:Connection} Upgrade [OR,NC]\nRewriteRule ^/(.*) balancer://ws/$1 [P,L]`,
    },
  ],
  [
    `${W}RewriteCond %{HTTP:Connection} [[^Upgrade$]] [NC]\nRewriteRule ^/(.*) balancer://ws/$1 [P,L]`,
    {
      says: ['a Connection header may list several tokens', 'drop ^ and $'],
      noFix: true,
    },
  ],
  // near misses
  [`${W}RewriteCond %{HTTP:Connection} upgrade [NC]\nRewriteRule ^/(.*) balancer://ws/$1 [P,L]`],
  [`${W}RewriteCond %{HTTP:Upgrade} websocket [NC]\nRewriteRule ^/(.*) balancer://ws/$1 [P,L]`],
  [`${W}RewriteCond %{HTTP:Upgrade} ^$\nRewriteRule ^/(.*) balancer://ws/$1 [P,L]`],
  [`${W}RewriteCond %{HTTP_HOST} ^Example\\.com$\nRewriteRule ^/(.*) balancer://ws/$1 [P,L]`],
]);
