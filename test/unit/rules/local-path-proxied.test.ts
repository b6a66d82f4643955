import { ruleTable } from '../../support/rules';

// mod_proxy maps a request before mod_alias: checked on Apache/2.4.71 (test/apache/request-mistakes.test.ts, local-paths).
const B = '<Proxy balancer://app>\n    BalancerMember http://10.0.0.1:8080\n</Proxy>\n';

ruleTable('local-path-proxied', [
  // mod_rewrite's own words (parseargline, test/apache/trace-cases.ts): a backslash keeps a space in a word
  [
    `${B}RewriteEngine On\n[[Alias /static/ /srv/static/]]\nRewriteRule ^/(.*)\\ ?$ balancer://app/$1 [P]`,
    { says: ['RewriteRule "^/(.*)\\ ?$" takes'] },
  ],
  [
    `${B}[[Alias "/static/" "/srv/static/"]]\nProxyPass "/" "balancer://app/"`,
    {
      says: ['ProxyPass "/" takes "/static/page"', 'add ProxyPass "/static/" "!"'],
      fixed: `${B}Alias "/static/" "/srv/static/"\nProxyPass /static/ !\nProxyPass "/" "balancer://app/"`,
      safe: false,
    },
  ],
  [`${B}[[Redirect permanent /old http://example.com/new]]\nProxyPass / balancer://app/`, { says: ['takes "/old"'] }],
  [
    `${B}Alias /errors/ /srv/errors/\n[[ErrorDocument 503 /errors/503.html]]\nProxyPass / balancer://app/`,
    {
      says: ['add ProxyPass "/errors/" "!"'],
    },
  ],
  [`${B}<VirtualHost *:80>\n    [[Alias /.well-known/acme-challenge/ /srv/acme/]]\n    ProxyPass / balancer://app/\n</VirtualHost>`],
  [
    `${B}RewriteEngine On\n[[Alias /static/ /srv/static/]]\nRewriteRule ^/(.*)$ balancer://app/$1 [P]`,
    { says: ['keep "/static/" out of it'], noFix: true },
  ],
  [
    `${B}Alias /errors/ /srv/errors/\nProxyErrorOverride On\n[[ErrorDocument 404 /errors/404.html]]\nProxyPass / balancer://app/`,
    {
      says: ['takes "/errors/404.html"'],
    },
  ],
  // near misses: excluded, another path, another server, a 404 page the application may serve itself
  [`${B}Alias /static/ /srv/static/\nProxyPass /static/ !\nProxyPass / balancer://app/`],
  [`${B}Alias /static/ /srv/static/\nProxyPass /api/ balancer://app/`],
  // Debian's alias.conf: the main server's /icons/ under a virtual host that proxies everything
  [`${B}Alias /icons/ /usr/share/apache2/icons/\n<VirtualHost *:80>\n    ProxyPass / balancer://app/\n</VirtualHost>`],
  [`${B}ErrorDocument 404 /errors/404.html\nProxyPass / balancer://app/`],
  [`${B}ErrorDocument 503 "Down for maintenance"\nProxyPass / balancer://app/`],
]);
