import { ruleTable } from '../../support/rules';

// mod_rewrite's engine is off unless RewriteEngine On applies; a virtual host that sets none takes the
// main server's. Checked on Apache/2.4.71 (test/apache/trace-cases.ts, "RewriteRule without
// RewriteEngine On never runs", "a virtual host's RewriteEngine, and the main server's").
const B = '<Proxy balancer://app>\n    BalancerMember http://10.0.0.1:8080\n</Proxy>\n';

ruleTable('rewrite-engine-off', [
  [
    `${B}RewriteCond %{HTTP_HOST} ^a\n[[RewriteRule ^/api/(.*)$ balancer://app/$1 [P]]]`,
    {
      says: ['no RewriteEngine line in this server, so this RewriteRule never runs: add RewriteEngine On'],
      fixed: `${B}RewriteEngine On\nRewriteCond %{HTTP_HOST} ^a\nRewriteRule ^/api/(.*)$ balancer://app/$1 [P]`,
      safe: false,
    },
  ],
  [`${B}[[RewriteRule ^/a balancer://app/ [P]]]\nRewriteRule ^/b balancer://app/ [P]`, { says: ['its 2 RewriteRule lines never run'] }],
  [
    `${B}<VirtualHost *:80>\n    ServerName a.example\n    [[RewriteRule ^/a balancer://app/ [P]]]\n</VirtualHost>`,
    {
      says: ['no RewriteEngine line in this host or the main server, so this RewriteRule never runs'],
      fixed: `${B}<VirtualHost *:80>\n    ServerName a.example\n    RewriteEngine On\n    RewriteRule ^/a balancer://app/ [P]\n</VirtualHost>`,
    },
  ],
  [
    `${B}<Directory /srv/www>\n    [[RewriteRule ^a$ balancer://app/ [P]]]\n</Directory>`,
    { fixed: `${B}<Directory /srv/www>\n    RewriteEngine On\n    RewriteRule ^a$ balancer://app/ [P]\n</Directory>` },
  ],
  // near misses: the engine is on (after the rules, in the main server for a host, in the section), or turned off on purpose
  [`${B}RewriteRule ^/a balancer://app/ [P]\nRewriteEngine On`],
  [`${B}RewriteEngine On\n<VirtualHost *:80>\n    RewriteRule ^/a balancer://app/ [P]\n</VirtualHost>`],
  [`${B}<Directory /srv/www>\n    RewriteEngine On\n    RewriteRule ^a$ balancer://app/ [P]\n</Directory>`],
  [`${B}RewriteEngine Off\nRewriteRule ^/a balancer://app/ [P]`],
  [`${B}RewriteEngine On\nRewriteCond %{HTTP_HOST} ^a`],
]);
