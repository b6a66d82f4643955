import { ruleTable } from '../../support/rules';

// ProxyRequests On beside a reverse proxy: Apache fetched an absolute URI for another loopback host
// (200), and with a `<Proxy *>` that denies, answered 403 (Apache 2.4.71, test/apache/third-pass.test.ts).
const BALANCER = '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\n';
const PASS = 'ProxyPass "/" "balancer://shop/"\nProxyPassReverse "/" "balancer://shop/"';

ruleTable('open-forward-proxy', [
  // mod_rewrite's own words (parseargline, test/apache/trace-cases.ts): a backslash keeps a space in a word
  [`${BALANCER}[[ProxyRequests On]]\nRewriteEngine On\nRewriteRule ^/a\\ b(.*) balancer://shop/$1 [P]`],
  [
    `[[ProxyRequests On]]\n${BALANCER}${PASS}`,
    {
      says: ['ProxyRequests On lets any client use this server as a proxy', 'use ProxyRequests Off'],
      fixed: `ProxyRequests Off\n${BALANCER}${PASS}`,
      safe: false,
    },
  ],
  // a virtual host inherits the main server's ProxyRequests
  [`[[ProxyRequests on]]\n${BALANCER}<VirtualHost *:80>\n${PASS}\n</VirtualHost>`],
  [`${BALANCER}<VirtualHost *:80>\n[[ProxyRequests On]]\nRewriteEngine On\nRewriteRule ^/(.*) balancer://shop/$1 [P]\n</VirtualHost>`],
  // Require all granted restricts nothing
  [`[[ProxyRequests On]]\n<Proxy *>\n    Require all granted\n</Proxy>\n${BALANCER}${PASS}`],
  // near misses
  [`ProxyRequests Off\n${BALANCER}${PASS}`],
  [`${BALANCER}${PASS}`],
  [`ProxyRequests On\n<Proxy "*">\n    Require ip 10.0.0.0/8\n</Proxy>\n${BALANCER}${PASS}`],
  [`ProxyRequests On\n<Proxy *>\n    Order deny,allow\n    Deny from all\n</Proxy>\n${BALANCER}${PASS}`],
  // a forward proxy that reverse-proxies nothing is someone's deliberate choice
  ['ProxyRequests On\n<Proxy *>\n    Require all granted\n</Proxy>'],
  [`ProxyRequests On\n${BALANCER}<VirtualHost *:80>\nProxyRequests Off\n${PASS}\n</VirtualHost>`],
]);
