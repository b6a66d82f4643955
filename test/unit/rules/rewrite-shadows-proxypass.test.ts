import { ruleTable } from '../../support/rules';

// mod_rewrite maps before ProxyPass: a catch-all [P] rule takes /api/users from the ProxyPassMatch below it
// (test/real-mistakes-2, rewrite-catch-all-hides-proxypassmatch, reproduced on Apache 2.4.71 by
// test/apache/request-mistakes.test.ts).
const B =
  '<Proxy balancer://api>\n    BalancerMember http://10.0.0.1:8080\n</Proxy>\n<Proxy balancer://site>\n    BalancerMember http://10.0.0.2:8080\n</Proxy>\n';

ruleTable('rewrite-shadows-proxypass', [
  [
    `${B}RewriteEngine On\n[[RewriteRule "^/(.*)$" "balancer://site/$1" [P]]]\nProxyPassMatch "^/api/(.*)$" "balancer://api/$1"`,
    { says: ['this takes "/api/page" first, so the ProxyPassMatch meant for it never runs: exclude its path'] },
  ],
  [
    `${B}ProxyPass /api/ balancer://api/\nProxyPass /v2/ balancer://api/v2/\nRewriteEngine On\n[[RewriteRule ^/ balancer://site/ [P]]]`,
    { says: ['"/api/page" first, so the ProxyPass meant for it never runs (nor 1 more)'] },
  ],
  [
    `${B}ProxyPass /server-status !\nRewriteEngine On\n[[RewriteRule ^/(.*)$ balancer://site/$1 [P]]]`,
    { says: ['this takes "/server-status/page" first, so the ProxyPass meant for it never runs'] },
  ],
  // near misses: a virtual host runs its own rules only (the main server's with RewriteOptions Inherit)
  [`${B}RewriteEngine On\nRewriteRule ^/ balancer://site/ [P]\n<VirtualHost *:80>\n    ProxyPass /api/ balancer://api/\n</VirtualHost>`],
  // near misses: the rule excludes the path, it only redirects, it is narrower, it does not run
  [
    `${B}RewriteEngine On\nRewriteCond "%{REQUEST_URI}" "!^/api/"\nRewriteRule "^/(.*)$" "balancer://site/$1" [P]\nProxyPassMatch "^/api/(.*)$" "balancer://api/$1"`,
  ],
  [`${B}RewriteEngine On\nRewriteRule "^/(.*)$" "https://example.com/$1" [R=301,L]\nProxyPass /api/ balancer://api/`],
  [`${B}RewriteEngine On\nRewriteRule "^/site/(.*)$" "balancer://site/$1" [P]\nProxyPass /api/ balancer://api/\nProxyPass /static/ !`],
  [`${B}RewriteRule "^/(.*)$" "balancer://site/$1" [P]\nProxyPass /api/ balancer://api/`],
]);
