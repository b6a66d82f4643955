import { ruleTable } from '../../support/rules';

// A <Directory> or a <Proxy URL> guard that proxied requests never meet: checked on Apache/2.4.71
// (test/apache/request-mistakes.test.ts, access).
const B = '<Proxy balancer://app>\n    BalancerMember http://10.0.0.1:8080\n</Proxy>\n';

ruleTable('guard-bypassed', [
  // mod_rewrite's own words (parseargline, test/apache/trace-cases.ts): a backslash keeps a space in a word
  [
    `<Proxy "http://10.0.0.1:8080/*">\n    Require ip 10.9.9.9\n</Proxy>\nRewriteEngine On\nRewriteRule ^/a\\ b(.*) http://10.0.0.1:8080/$1 [P]`,
  ],
  [
    `${B}[[<Directory "/var/www/admin">]]\n    Require ip 10.9.9.9\n</Directory>\nProxyPass / balancer://app/`,
    {
      says: ['proxied to balancer://app, never served from "/var/www/admin"', 'guard the URL with <Location>'],
    },
  ],
  [`${B}DocumentRoot /var/www/html\n[[<Directory /var/www/html/private>]]\n    AuthType Basic\n</Directory>\nProxyPass / balancer://app/`],
  [
    `${B}<Proxy [["http://localhost:8080/*"]]>\n    Require ip 10.9.9.9\n</Proxy>\nProxyPass / balancer://app/`,
    {
      says: ['no request is proxied to "http://localhost:8080/*"'],
    },
  ],
  // near misses: the folder is served (excluded from the proxy), the section names a target, it opens rather than guards
  [
    `${B}Alias /admin/ /var/www/admin/\n<Directory "/var/www/admin">\n    Require ip 10.9.9.9\n</Directory>\nProxyPass /admin/ !\nProxyPass / balancer://app/`,
  ],
  [`${B}<Directory "/var/www/admin">\n    Require ip 10.9.9.9\n</Directory>\nProxyPass /api/ balancer://app/`],
  [`${B}<Directory "/var/www/admin">\n    Require all granted\n</Directory>\nProxyPass / balancer://app/`],
  [`<Proxy "http://10.0.0.1:8080/*">\n    Require ip 10.9.9.9\n</Proxy>\nProxyPass / http://10.0.0.1:8080/`],
  [`<Proxy "http://10.0.0.1:8080/*">\n    Require ip 10.9.9.9\n</Proxy>\nRewriteEngine On\nRewriteRule ^/(.*) http://%{HTTP_HOST}/$1 [P]`],
]);
