import { ruleTable } from '../../support/rules';

// Without [L] the catch-all proxies the file path: checked on Apache/2.4.71 (test/apache/request-mistakes.test.ts, local-paths).
const B =
  '<Proxy balancer://app>\n    BalancerMember http://10.0.0.1:8080\n</Proxy>\n<Directory /srv/acme>\n    Require all granted\n</Directory>\nRewriteEngine On\n';

ruleTable('rewrite-without-last', [
  // mod_rewrite's own words (parseargline, test/apache/trace-cases.ts): a backslash keeps a space in a word
  [
    `${B}[[RewriteRule ^/acme\\ files/(.*)$ /srv/acme/$1]]\nRewriteRule ^/(.*)$ balancer://app/$1 [P]`,
    { fixed: `${B}RewriteRule ^/acme\\ files/(.*)$ /srv/acme/$1 [L]\nRewriteRule ^/(.*)$ balancer://app/$1 [P]` },
  ],
  [
    `${B}[[RewriteRule ^/\\.well-known/acme-challenge/(.*)$ /srv/acme/$1]]\nRewriteRule ^/(.*)$ balancer://app/$1 [P]`,
    {
      says: ['without [L] the next rules run on "/srv/acme/"', 'the member receives /srv/acme/page'],
      fixed: `${B}RewriteRule ^/\\.well-known/acme-challenge/(.*)$ /srv/acme/$1 [L]\nRewriteRule ^/(.*)$ balancer://app/$1 [P]`,
      safe: true,
    },
  ],
  // near misses: [L], a URL path meant for the next rule, a catch-all that leaves the file alone
  [`${B}RewriteRule ^/\\.well-known/acme-challenge/(.*)$ /srv/acme/$1 [L]\nRewriteRule ^/(.*)$ balancer://app/$1 [P]`],
  [`${B}RewriteRule ^/old/(.*)$ /new/$1\nRewriteRule ^/(.*)$ balancer://app/$1 [P]`],
  [`${B}RewriteRule ^/\\.well-known/acme-challenge/(.*)$ /srv/acme/$1\nRewriteRule ^/app/(.*)$ balancer://app/$1 [P]`],
]);
