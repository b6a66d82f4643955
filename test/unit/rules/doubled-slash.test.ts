import { ruleTable } from '../../support/rules';

// What the member receives for each mapping was checked on Apache/2.4.71 through loopback echo members
// (test/apache/request-mistakes.test.ts and trace.test.ts).
const B = '<Proxy balancer://app>\n    BalancerMember http://10.0.0.1:8080\n</Proxy>\n';

ruleTable('doubled-slash', [
  // mod_rewrite's own words (parseargline, test/apache/trace-cases.ts): a backslash keeps a space in a word
  [
    `${B}RewriteEngine On\n[[RewriteRule ^(.*)\\ ?$ balancer://app/$1 [P]]]`,
    { fixed: `${B}RewriteEngine On\nRewriteRule ^/(.*)\\ ?$ balancer://app/$1 [P]` },
  ],
  [
    `${B}RewriteEngine On\n[[RewriteRule "^(.*)$" "balancer://app/$1" [P]]]`,
    {
      says: ['for /page the member receives //page', '"^/("'],
      fixed: `${B}RewriteEngine On\nRewriteRule "^/(.*)$" "balancer://app/$1" [P]`,
      safe: true,
    },
  ],
  [
    `${B}RewriteEngine On\n[[RewriteRule ^/(.*)$ balancer://app/%{REQUEST_URI} [P,L]]]`,
    {
      says: ['remove the slash before %{REQUEST_URI}'],
      fixed: `${B}RewriteEngine On\nRewriteRule ^/(.*)$ balancer://app%{REQUEST_URI} [P,L]`,
    },
  ],
  [
    `${B}[[ProxyPassMatch "^/api/(.*)$" "balancer://app/"]]`,
    { says: ['for /api/page the member receives //api/page', 'use $1'], noFix: true },
  ],
  [`${B}<LocationMatch "^/v1/">\n    [[ProxyPass "balancer://app/"]]\n</LocationMatch>`, { says: ['the member receives //v1/page'] }],
  // a pattern without a literal start is sampled atom by atom
  [`${B}[[ProxyPassMatch "^/v(\\d+)/(.*)$" "balancer://app/"]]`, { says: ['the member receives //v1/'] }],
  // near misses: the mapping keeps one slash, or the rule never proxies
  [`${B}RewriteEngine On\nRewriteRule "^/(.*)$" "balancer://app/$1" [P]`],
  [`${B}RewriteEngine On\nRewriteRule "^/(.*)$" "balancer://app%{REQUEST_URI}" [P]`],
  [`${B}RewriteEngine Off\nRewriteRule "^(.*)$" "balancer://app/$1" [P]`],
  [`${B}ProxyPassMatch "^/api/(.*)$" "balancer://app/$1"`],
  [`${B}ProxyPassMatch "^/api/(.*)$" "balancer://app"`],
  [`${B}RewriteEngine On\nRewriteRule "^(.*)$" "/local/$1"`],
]);
